'use client';

import * as React from 'react';
import Link from 'next/link';
import { useRouter } from 'next/navigation';
import { ArrowLeft, Download, FileSearch, Link2, Trash2, Unlink } from 'lucide-react';
import { describeError } from '@/components/api/client';
import { Alert } from '@/components/ui/alert';
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from '@/components/ui/alert-dialog';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Checkbox } from '@/components/ui/checkbox';
import { EmptyState } from '@/components/ui/empty-state';
import { Field, FieldHint } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { PageHeader } from '@/components/ui/page-header';
import { Skeleton } from '@/components/ui/skeleton';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { toast } from '@/components/ui/toaster';
import { useFormat, useLocale, useT } from '@/components/i18n/locale-provider';
import { commonMessages } from '@/lib/i18n/ui/common';
import { documentMessages } from '@/lib/i18n/ui/documents';
import { languageName } from '@/lib/i18n/languages';
import { ConfidenceText, DiagnosticBadge, ManualBadge } from './classification-badges';
import { DocumentPreview } from './document-preview';
import { FileIcon, Validity, todayIso } from './document-list';
import {
  classificationSourceLabel,
  diagnosticExplanation,
  formatConfidence,
  humanizeKey,
  nextActionLabel,
  signalLabel,
  snippetSourceLabel,
} from './labels';
import { CurrencyCard } from './currency-card';
import { ReExtract } from './re-extract';
import { SkuPicker } from './sku-picker';
import { isTypePending, PENDING_POLL_MS, PendingTypeBadge } from './pending';
import { useApiMutation } from '@/components/api/queries/use-api-mutation';
import { useApiQuery } from '@/components/api/queries/use-api-query';
import { TypeSelect } from './type-select';
import type { PatchDocumentInput } from '@/lib/documents/schemas';
import type { Extraction, LinkedSku, VaultDocument } from './types';
import { RoleGate } from '@/components/team/role-gate';

function Row({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div className="grid grid-cols-[8rem_1fr] items-baseline gap-3 py-1.5 text-[0.8125rem]">
      <dt className="text-muted-foreground">{label}</dt>
      <dd className="min-w-0 text-foreground">{children}</dd>
    </div>
  );
}

const INTENTS = ['compliance_document', 'product_csv', 'other', 'unknown'] as const;

function ClassificationCard({ doc, onChanged }: { doc: VaultDocument; onChanged: (d: VaultDocument) => void }) {
  const t = useT(documentMessages);
  const locale = useLocale();
  const intent = doc.classification?.file_intent;
  const c = doc.classification;
  const diagnostic = doc.diagnostic ?? c?.diagnostic ?? null;
  const manual = doc.classification_source === 'manual';
  const pending = !manual && isTypePending(doc);
  return (
    <Card data-testid="classification-card">
      <CardHeader>
        <div>
          <CardTitle>{t('class.title')}</CardTitle>
          <CardDescription>{t('class.description')}</CardDescription>
        </div>
      </CardHeader>
      <CardContent className="grid gap-3">
        <Field>
          <Label htmlFor="doc-type">{t('class.type')}</Label>
          <div className="flex items-center gap-2">
            <div className="min-w-0 flex-1">
              <TypeSelect id="doc-type" document={doc} onChanged={onChanged} size="md" />
            </div>
            {manual ? (
              <ManualBadge />
            ) : pending ? (
              <PendingTypeBadge />
            ) : (
              <ConfidenceText value={doc.classification_confidence} className="text-sm" />
            )}
          </div>
          <FieldHint>{manual ? t('class.hint_manual') : t('class.hint')}</FieldHint>
        </Field>

        {pending ? (
          <Alert variant="info" title={t('class.reading_title')}>
            <p>{t('class.reading_body')}</p>
          </Alert>
        ) : null}
        {diagnostic && !manual && !pending ? (
          <Alert
            variant="warning"
            title={
              <span className="inline-flex flex-wrap items-center gap-2">
                {t('class.fallback_title')} <DiagnosticBadge diagnostic={diagnostic} />
              </span>
            }
          >
            <p>{diagnosticExplanation(diagnostic, t)}</p>
            {nextActionLabel(diagnostic.next_action, t) ? (
              <p className="mt-1">
                <span className="font-medium">{t('class.what_to_do')} </span>
                {nextActionLabel(diagnostic.next_action, t)}
              </p>
            ) : null}
          </Alert>
        ) : null}

        <dl className="divide-y divide-border">
          <Row label={t('class.source')}>{classificationSourceLabel(doc.classification_source, t)}</Row>
          {c ? (
            <Row label={t('class.intent')}>
              {INTENTS.find((i) => i === intent) ? t(`intent.${intent as (typeof INTENTS)[number]}`) : c.file_intent}
            </Row>
          ) : null}
          <Row label={t('class.language')}>
            {doc.detected_language ? languageName(doc.detected_language, locale) : t('class.not_detected')}
          </Row>
          <Row label={t('class.text_read_from')}>{snippetSourceLabel(doc.snippet_source ?? c?.snippetSource, t)}</Row>
          {c ? (
            <Row label={t('class.signals')}>
              <span className="flex flex-wrap gap-1">
                {c.signals_used.length ? c.signals_used.map((s) => <Badge key={s}>{signalLabel(s, t)}</Badge>) : '—'}
              </span>
            </Row>
          ) : null}
          {c && !manual ? (
            <Row label={t('class.type_confidence')}>{formatConfidence(c.document_type_confidence)}</Row>
          ) : null}
        </dl>
        {c?.reasoning ? (
          <div>
            <p className="mb-1 text-xs font-medium text-muted-foreground">{t('class.reasoning')}</p>
            <p
              className="rounded-md border border-border bg-surface-muted/50 px-3 py-2 text-[0.8125rem] leading-relaxed text-foreground"
              data-testid="reasoning"
            >
              {c.reasoning}
            </p>
          </div>
        ) : null}
      </CardContent>
    </Card>
  );
}

function ValidityCard({ doc, onChanged }: { doc: VaultDocument; onChanged: (d: VaultDocument) => void }) {
  const t = useT(documentMessages);
  const [issued, setIssued] = React.useState(doc.issued_on?.slice(0, 10) ?? '');
  const [until, setUntil] = React.useState(doc.valid_until?.slice(0, 10) ?? '');
  const [saving, setSaving] = React.useState(false);
  const [savingPublic, setSavingPublic] = React.useState(false);
  const update = useApiMutation<{ document: VaultDocument }, PatchDocumentInput>({
    request: (body) => ({ path: `/api/documents/${encodeURIComponent(doc.id)}`, method: 'PATCH', body }),
  });
  const dirty = issued !== (doc.issued_on?.slice(0, 10) ?? '') || until !== (doc.valid_until?.slice(0, 10) ?? '');
  const invalid = Boolean(issued && until && until < issued);

  async function save(e: React.FormEvent) {
    e.preventDefault();
    if (invalid) return;
    setSaving(true);
    try {
      const body = await update.run({ issued_on: issued || null, valid_until: until || null });
      onChanged(body.document);
      toast.success(t('validity.saved'));
    } catch (err) {
      const { title, description } = describeError(err);
      toast.error(title, { description });
    } finally {
      setSaving(false);
    }
  }

  async function togglePublic(next: boolean) {
    setSavingPublic(true);
    try {
      const body = await update.run({ is_public: next });
      onChanged(body.document);
      toast.success(next ? t('validity.public_on') : t('validity.public_off'));
    } catch (err) {
      const { title, description } = describeError(err);
      toast.error(title, { description });
    } finally {
      setSavingPublic(false);
    }
  }

  return (
    <Card>
      <CardHeader>
        <div>
          <CardTitle>{t('validity.title')}</CardTitle>
          <CardDescription>{t('validity.description')}</CardDescription>
        </div>
        <span className="text-[0.8125rem]">
          <Validity doc={doc} empty={t('validity.no_end')} />
        </span>
      </CardHeader>
      <CardContent className="grid gap-4">
        <form onSubmit={save} className="grid gap-3">
          <div className="grid gap-3 sm:grid-cols-2">
            <Field>
              <Label htmlFor="issued-on">{t('validity.issued_on')}</Label>
              <Input
                id="issued-on"
                type="date"
                value={issued}
                onChange={(e) => setIssued(e.target.value)}
                max={todayIso()}
              />
            </Field>
            <Field>
              <Label htmlFor="valid-until">{t('validity.valid_until')}</Label>
              <Input
                id="valid-until"
                type="date"
                value={until}
                onChange={(e) => setUntil(e.target.value)}
                aria-invalid={invalid || undefined}
              />
            </Field>
          </div>
          {invalid ? <p className="text-xs font-medium text-danger-soft-foreground">{t('validity.invalid')}</p> : null}
          <div className="flex items-center justify-end gap-2">
            {dirty ? (
              <Button
                type="button"
                variant="ghost"
                size="sm"
                onClick={() => {
                  setIssued(doc.issued_on?.slice(0, 10) ?? '');
                  setUntil(doc.valid_until?.slice(0, 10) ?? '');
                }}
              >
                {t('validity.reset')}
              </Button>
            ) : null}
            <RoleGate need={'edit'}>
              <Button type="submit" size="sm" disabled={!dirty || invalid} loading={saving}>
                {t('validity.save')}
              </Button>
            </RoleGate>
          </div>
        </form>
        <div className="flex items-start gap-2.5 rounded-md border border-border px-3 py-2.5">
          <Checkbox
            id="is-public"
            checked={doc.is_public}
            disabled={savingPublic}
            onCheckedChange={(v) => togglePublic(v === true)}
            className="mt-0.5"
            aria-labelledby="is-public-label"
            aria-describedby="is-public-hint"
            data-testid="is-public"
          />
          <div className="grid gap-0.5">
            <Label htmlFor="is-public" id="is-public-label">
              {t('validity.public_label')}
            </Label>
            <p className="text-xs text-muted-foreground" id="is-public-hint">
              {t('validity.public_hint')}
            </p>
          </div>
        </div>
      </CardContent>
    </Card>
  );
}

function SkusCard({ doc, onChanged }: { doc: VaultDocument; onChanged: () => Promise<void> }) {
  const t = useT(documentMessages);
  const [busy, setBusy] = React.useState<string | null>(null);
  const linkPath = (s: LinkedSku) => `/api/documents/${encodeURIComponent(doc.id)}/skus/${encodeURIComponent(s.id)}`;
  const linkSku = useApiMutation<unknown, LinkedSku>({ request: (s) => ({ path: linkPath(s), method: 'PUT' }) });
  const unlinkSku = useApiMutation<unknown, LinkedSku>({ request: (s) => ({ path: linkPath(s), method: 'DELETE' }) });

  async function link(s: LinkedSku | null) {
    if (!s) return;
    setBusy(s.id);
    try {
      await linkSku.run(s);
      await onChanged();
      toast.success(t('skus.linked', { code: s.sku_code }), { description: t('skus.linked_body') });
    } catch (e) {
      const { title, description } = describeError(e);
      toast.error(title, { description });
    } finally {
      setBusy(null);
    }
  }

  async function unlink(s: LinkedSku) {
    setBusy(s.id);
    try {
      await unlinkSku.run(s);
      await onChanged();
      toast.success(t('skus.unlinked', { code: s.sku_code }));
    } catch (e) {
      const { title, description } = describeError(e);
      toast.error(title, { description });
    } finally {
      setBusy(null);
    }
  }

  return (
    <Card data-testid="linked-skus">
      <CardHeader>
        <div>
          <CardTitle>{t('skus.title')}</CardTitle>
          <CardDescription>{t('skus.description')}</CardDescription>
        </div>
        <SkuPicker
          label={t('skus.link')}
          documentId={doc.id}
          value={null}
          onChange={link}
          excludeIds={doc.sku_ids ?? doc.skus.map((s) => s.id)}
          disabled={busy !== null}
          trigger={
            <RoleGate need={'edit'}>
              <Button
                size="sm"
                variant="secondary"
                loading={busy !== null && !doc.skus.some((s) => s.id === busy)}
                data-testid="link-sku"
              >
                <Link2 aria-hidden="true" />
                {t('skus.link')}
              </Button>
            </RoleGate>
          }
        />
      </CardHeader>
      {doc.skus.length ? (
        <ul className="divide-y divide-border">
          {doc.skus.map((s) => (
            <li
              key={s.id}
              className="flex flex-wrap items-center gap-2 px-5 py-2.5 text-[0.8125rem]"
              data-testid="linked-sku"
            >
              <Link
                href={`/skus/${s.id}?tab=documents`}
                className="font-mono font-medium text-foreground hover:text-primary hover:underline"
              >
                {s.sku_code}
              </Link>
              <span className="min-w-0 flex-1 truncate text-muted-foreground">{s.product_name}</span>
              {s.link_source === 'auto' ? (
                <Badge
                  variant="success"
                  title={(s.link_evidence ?? []).map((e) => e.quote ?? `${e.kind} ${e.value}`).join(' · ')}
                  data-testid="auto-linked"
                >
                  {t('skus.auto')} ·{' '}
                  {(s.link_evidence ?? [])
                    .map((e) => `${e.kind === 'gtin' ? 'GTIN' : t('skus.evidence_sku_code')} ${e.value}`)
                    .join(', ')}
                </Badge>
              ) : null}
              <RoleGate need={'edit'}>
                <Button
                  variant="ghost"
                  size="sm"
                  onClick={() => unlink(s)}
                  loading={busy === s.id}
                  aria-label={t('skus.unlink_label', { code: s.sku_code })}
                >
                  {busy !== s.id ? <Unlink aria-hidden="true" /> : null}
                  {t('skus.unlink')}
                </Button>
              </RoleGate>
            </li>
          ))}
        </ul>
      ) : (
        <CardContent>
          <p className="text-[0.8125rem] text-muted-foreground">{t('skus.none')}</p>
        </CardContent>
      )}
    </Card>
  );
}

function latestExtraction(doc: VaultDocument): Extraction | null {
  const list = doc.extractions ?? [];
  if (!list.length) return null;
  return [...list].sort((a, b) => (a.created_at < b.created_at ? 1 : -1))[0] ?? null;
}

function FactsCard({
  doc,
  fieldLabels,
  onReload,
}: {
  doc: VaultDocument;
  fieldLabels: Record<string, string>;
  onReload: () => Promise<void>;
}) {
  const t = useT(documentMessages);
  const f = useFormat();
  const ex = latestExtraction(doc);
  const facts = ex?.facts ?? [];
  const read = ex
    ? [
        ex.method
          ? t('facts.read_by', { date: f.dateTime(ex.created_at), method: ex.method })
          : t('facts.read', { date: f.dateTime(ex.created_at) }),
        ex.pages ? t('facts.pages', { count: ex.pages }) : '',
      ]
        .filter(Boolean)
        .join(' ')
    : '';
  return (
    <Card className="overflow-hidden" data-testid="facts-card">
      <CardHeader>
        <div>
          <CardTitle>{t('facts.title')}</CardTitle>
          <CardDescription>{ex ? `${read}. ${t('facts.read_tail')}` : t('facts.intro')}</CardDescription>
        </div>
        <ReExtract documentId={doc.id} onFinished={() => void onReload()} />
      </CardHeader>
      {ex?.status === 'failed' || ex?.error ? (
        <div className="px-5 pt-4">
          <Alert variant="danger" title={t('facts.failed')}>
            {ex.error ?? t('facts.no_reason')}
          </Alert>
        </div>
      ) : null}
      {facts.length ? (
        <Table>
          <TableHeader>
            <TableRow className="hover:bg-transparent">
              <TableHead>{t('facts.col_field')}</TableHead>
              <TableHead>{t('facts.col_value')}</TableHead>
              <TableHead>{t('facts.col_page')}</TableHead>
              <TableHead>{t('facts.col_quote')}</TableHead>
              <TableHead className="text-right">{t('facts.col_confidence')}</TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {facts.map((fact, i) => (
              <TableRow key={`${fact.field_key}-${i}`} data-testid="fact-row">
                <TableCell className="whitespace-nowrap text-muted-foreground">
                  {fieldLabels[fact.field_key] ?? humanizeKey(fact.field_key)}
                </TableCell>
                <TableCell className="max-w-64 font-medium break-words text-foreground">{fact.value}</TableCell>
                <TableCell className="whitespace-nowrap text-muted-foreground tabular-nums">
                  {fact.page ? t('facts.page', { page: fact.page }) : '—'}
                </TableCell>
                <TableCell className="max-w-96">
                  {fact.quote ? (
                    <q className="text-xs leading-relaxed text-muted-foreground italic">{fact.quote}</q>
                  ) : (
                    <span className="text-subtle-foreground">—</span>
                  )}
                </TableCell>
                <TableCell className="text-right">
                  <ConfidenceText value={fact.confidence} />
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      ) : (
        <EmptyState
          compact
          icon={FileSearch}
          title={ex ? t('facts.none_title') : t('facts.not_extracted_title')}
          description={ex ? t('facts.none_body') : t('facts.not_extracted_body')}
        />
      )}
    </Card>
  );
}

function DeleteButton({ doc }: { doc: VaultDocument }) {
  const t = useT(documentMessages);
  const common = useT(commonMessages);
  const router = useRouter();
  const [open, setOpen] = React.useState(false);
  const [busy, setBusy] = React.useState(false);
  const remove = useApiMutation<unknown, void>({
    request: () => ({ path: `/api/documents/${encodeURIComponent(doc.id)}`, method: 'DELETE' }),
  });
  async function confirm() {
    setBusy(true);
    try {
      await remove.run();
      setOpen(false);
      toast.success(t('delete.done', { filename: doc.filename }));
      router.push('/documents');
    } catch (e) {
      const { title, description } = describeError(e);
      toast.error(title, { description });
    } finally {
      setBusy(false);
    }
  }
  return (
    <AlertDialog open={open} onOpenChange={setOpen}>
      <RoleGate need={'edit'}>
        <Button variant="danger-ghost" size="sm" onClick={() => setOpen(true)} data-testid="delete-document">
          <Trash2 aria-hidden="true" />
          {common('delete')}
        </Button>
      </RoleGate>
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle>{t('delete.title', { filename: doc.filename })}</AlertDialogTitle>
          <AlertDialogDescription>
            {[
              t('delete.body'),
              doc.skus.length
                ? t('delete.skus', { count: doc.skus.length, codes: doc.skus.map((s) => s.sku_code).join(', ') })
                : '',
              t('delete.values_stay'),
            ]
              .filter(Boolean)
              .join(' ')}
          </AlertDialogDescription>
        </AlertDialogHeader>
        <AlertDialogFooter>
          <AlertDialogCancel disabled={busy}>{t('delete.keep')}</AlertDialogCancel>
          <AlertDialogAction variant="danger" onClick={confirm} disabled={busy} aria-busy={busy || undefined}>
            {t('delete.confirm')}
          </AlertDialogAction>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}

/** /documents/[id]: preview beside classification, validity, visibility and SKU links; facts below. */
export function DocumentDetail({ id, fieldLabels }: { id: string; fieldLabels: Record<string, string> }) {
  const t = useT(documentMessages);
  const f = useFormat();
  // A scan being read by OCR is asked again until its type is set. A lost session sends the user to
  // sign in (the query cache does that for every query).
  const read = useApiQuery<{ document: VaultDocument }>(`/api/documents/${encodeURIComponent(id)}`, {
    refetchInterval: (d) => (d && isTypePending(d.document) ? PENDING_POLL_MS : false),
  });
  const doc = read.data?.document ?? null;
  const error = doc ? null : (read.error ?? null);
  const load = read.reload;
  const setData = read.setData;

  const back = (
    <Link href="/documents" className="inline-flex items-center gap-1 hover:text-foreground">
      <ArrowLeft className="size-3.5" aria-hidden="true" />
      {t('vault.title')}
    </Link>
  );

  if (error) {
    return (
      <>
        <PageHeader eyebrow={back} title={error.status === 404 ? t('detail.not_found') : t('detail.load_error')} />
        <Alert variant={error.status === 404 ? 'info' : 'danger'}>
          {error.status === 404 ? t('detail.not_found_body') : error.message}
        </Alert>
      </>
    );
  }
  if (!doc) {
    return (
      <div className="grid gap-4" aria-busy="true">
        <Skeleton className="h-8 w-80" />
        <div className="grid gap-4 lg:grid-cols-[3fr_2fr]">
          <Skeleton className="h-[60vh]" />
          <Skeleton className="h-80" />
        </div>
      </div>
    );
  }

  const replace = (d: VaultDocument) =>
    setData((old) => ({ document: { ...d, extractions: d.extractions ?? old?.document.extractions ?? [] } }));
  const downloadHref = doc.download_url ?? `/api/documents/${encodeURIComponent(doc.id)}/file`;

  return (
    <div data-testid="document-detail">
      <PageHeader
        eyebrow={back}
        title={
          <span className="flex min-w-0 items-center gap-2">
            <FileIcon mime={doc.mime_type} name={doc.filename} className="size-5" />
            <span className="truncate" title={doc.filename}>
              {doc.filename}
            </span>
          </span>
        }
        description={t('detail.description', {
          mime: doc.mime_type || t('detail.unknown_type'),
          size: f.bytes(doc.size_bytes),
          date: f.dateTime(doc.created_at),
        })}
        actions={
          <>
            <Button asChild variant="secondary" size="sm">
              <a href={downloadHref} download={doc.filename}>
                <Download aria-hidden="true" />
                {t('detail.download')}
              </a>
            </Button>
            <DeleteButton doc={doc} />
          </>
        }
      />
      <div className="grid grid-cols-1 items-start gap-5 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
        <Card className="overflow-hidden">
          <CardHeader className="py-3">
            <CardTitle>{t('detail.preview')}</CardTitle>
            <span className="font-mono text-xs text-subtle-foreground" title={t('detail.sha')}>
              {doc.sha256.slice(0, 12)}…
            </span>
          </CardHeader>
          <DocumentPreview doc={doc} />
        </Card>
        <div className="grid grid-cols-1 gap-5">
          <ClassificationCard doc={doc} onChanged={replace} />
          <ValidityCard key={`${doc.issued_on}|${doc.valid_until}`} doc={doc} onChanged={replace} />
          <CurrencyCard key={`currency|${doc.valid_until}`} documentId={doc.id} />
          <SkusCard doc={doc} onChanged={load} />
        </div>
      </div>
      <div className="mt-5">
        <FactsCard doc={doc} fieldLabels={fieldLabels} onReload={load} />
      </div>
    </div>
  );
}
