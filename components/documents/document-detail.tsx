'use client';

import * as React from 'react';
import Link from 'next/link';
import { useRouter } from 'next/navigation';
import { ArrowLeft, Download, FileSearch, Link2, Trash2, Unlink } from 'lucide-react';
import { apiFetch, describeError } from '@/components/api/client';
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
import { formatBytes, formatDateTime } from '@/components/format';
import { languageName } from '@/lib/i18n/languages';
import { ConfidenceText, DiagnosticBadge, ManualBadge } from './classification-badges';
import { DocumentPreview } from './document-preview';
import { FileIcon, Validity, todayIso } from './document-list';
import {
  SIGNAL_LABELS,
  SOURCE_LABELS,
  diagnosticExplanation,
  formatConfidence,
  humanizeKey,
  nextActionLabel,
  snippetSourceLabel,
} from './labels';
import { ReExtract } from './re-extract';
import { SkuPicker } from './sku-picker';
import { isTypePending, PENDING_POLL_MS, PendingTypeBadge } from './pending';
import { useApiQuery } from '@/components/api/queries/use-api-query';
import { TypeSelect } from './type-select';
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

const INTENT_LABELS: Record<string, string> = {
  compliance_document: 'Compliance evidence',
  product_csv: 'Product data (belongs in an import)',
  other: 'Not compliance evidence',
  unknown: 'Unknown',
};

function ClassificationCard({ doc, onChanged }: { doc: VaultDocument; onChanged: (d: VaultDocument) => void }) {
  const c = doc.classification;
  const diagnostic = doc.diagnostic ?? c?.diagnostic ?? null;
  const manual = doc.classification_source === 'manual';
  const pending = !manual && isTypePending(doc);
  return (
    <Card data-testid="classification-card">
      <CardHeader>
        <div>
          <CardTitle>Classification</CardTitle>
          <CardDescription>What this document is, how sure the classifier was, and why.</CardDescription>
        </div>
      </CardHeader>
      <CardContent className="grid gap-3">
        <Field>
          <Label htmlFor="doc-type">Document type</Label>
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
          <FieldHint>
            {manual ? 'Set by a person.' : 'Wrong? Choose the right type: it is saved at once and marked as manual.'}
          </FieldHint>
        </Field>

        {pending ? (
          <Alert variant="info" title="Reading the scan">
            <p>
              This file has no text layer. OCR is reading it in the background; the type and its confidence appear here
              when it ends.
            </p>
          </Alert>
        ) : null}
        {diagnostic && !manual && !pending ? (
          <Alert
            variant="warning"
            title={
              <span className="inline-flex flex-wrap items-center gap-2">
                Classified on a fallback path <DiagnosticBadge diagnostic={diagnostic} />
              </span>
            }
          >
            <p>{diagnosticExplanation(diagnostic)}</p>
            {nextActionLabel(diagnostic.next_action) ? (
              <p className="mt-1">
                <span className="font-medium">What to do: </span>
                {nextActionLabel(diagnostic.next_action)}
              </p>
            ) : null}
          </Alert>
        ) : null}

        <dl className="divide-y divide-border">
          <Row label="Source">{SOURCE_LABELS[doc.classification_source ?? ''] ?? doc.classification_source ?? '—'}</Row>
          {c ? <Row label="Intent">{INTENT_LABELS[c.file_intent] ?? c.file_intent}</Row> : null}
          <Row label="Language">
            {doc.detected_language ? languageName(doc.detected_language, 'en') : 'Not detected'}
          </Row>
          <Row label="Text read from">{snippetSourceLabel(doc.snippet_source ?? c?.snippetSource)}</Row>
          {c ? (
            <Row label="Signals used">
              <span className="flex flex-wrap gap-1">
                {c.signals_used.length
                  ? c.signals_used.map((s) => <Badge key={s}>{SIGNAL_LABELS[s] ?? s}</Badge>)
                  : '—'}
              </span>
            </Row>
          ) : null}
          {c && !manual ? <Row label="Type confidence">{formatConfidence(c.document_type_confidence)}</Row> : null}
        </dl>
        {c?.reasoning ? (
          <div>
            <p className="mb-1 text-xs font-medium text-muted-foreground">Reasoning</p>
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
  const [issued, setIssued] = React.useState(doc.issued_on?.slice(0, 10) ?? '');
  const [until, setUntil] = React.useState(doc.valid_until?.slice(0, 10) ?? '');
  const [saving, setSaving] = React.useState(false);
  const [savingPublic, setSavingPublic] = React.useState(false);
  const dirty = issued !== (doc.issued_on?.slice(0, 10) ?? '') || until !== (doc.valid_until?.slice(0, 10) ?? '');
  const invalid = Boolean(issued && until && until < issued);

  async function save(e: React.FormEvent) {
    e.preventDefault();
    if (invalid) return;
    setSaving(true);
    try {
      const body = await apiFetch<{ document: VaultDocument }>(`/api/documents/${encodeURIComponent(doc.id)}`, {
        method: 'PATCH',
        body: { issued_on: issued || null, valid_until: until || null },
      });
      onChanged(body.document);
      toast.success('Validity dates saved.');
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
      const body = await apiFetch<{ document: VaultDocument }>(`/api/documents/${encodeURIComponent(doc.id)}`, {
        method: 'PATCH',
        body: { is_public: next },
      });
      onChanged(body.document);
      toast.success(next ? 'Shown on the public safety pages of its SKUs.' : 'No longer shown on public safety pages.');
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
          <CardTitle>Validity and visibility</CardTitle>
          <CardDescription>Expired documents count as missing evidence on their SKUs.</CardDescription>
        </div>
        <span className="text-[0.8125rem]">
          <Validity doc={doc} empty="No end of validity" />
        </span>
      </CardHeader>
      <CardContent className="grid gap-4">
        <form onSubmit={save} className="grid gap-3">
          <div className="grid gap-3 sm:grid-cols-2">
            <Field>
              <Label htmlFor="issued-on">Issued on</Label>
              <Input
                id="issued-on"
                type="date"
                value={issued}
                onChange={(e) => setIssued(e.target.value)}
                max={todayIso()}
              />
            </Field>
            <Field>
              <Label htmlFor="valid-until">Valid until</Label>
              <Input
                id="valid-until"
                type="date"
                value={until}
                onChange={(e) => setUntil(e.target.value)}
                aria-invalid={invalid || undefined}
              />
            </Field>
          </div>
          {invalid ? (
            <p className="text-xs font-medium text-danger-soft-foreground">
              The end of validity is before the issue date.
            </p>
          ) : null}
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
                Reset
              </Button>
            ) : null}
            <RoleGate need={'edit'}>
              <Button type="submit" size="sm" disabled={!dirty || invalid} loading={saving}>
                Save dates
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
              Show on the public safety page
            </Label>
            <p className="text-xs text-muted-foreground" id="is-public-hint">
              Consumers and authorities can download it from the published page of each linked SKU. Leave test reports
              with supplier details private if you prefer.
            </p>
          </div>
        </div>
      </CardContent>
    </Card>
  );
}

function SkusCard({ doc, onChanged }: { doc: VaultDocument; onChanged: () => Promise<void> }) {
  const [busy, setBusy] = React.useState<string | null>(null);

  async function link(s: LinkedSku | null) {
    if (!s) return;
    setBusy(s.id);
    try {
      await apiFetch(`/api/documents/${encodeURIComponent(doc.id)}/skus/${encodeURIComponent(s.id)}`, {
        method: 'PUT',
      });
      await onChanged();
      toast.success(`Linked to ${s.sku_code}.`, {
        description: 'Its facts are being extracted as suggestions for that SKU’s dossier.',
      });
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
      await apiFetch(`/api/documents/${encodeURIComponent(doc.id)}/skus/${encodeURIComponent(s.id)}`, {
        method: 'DELETE',
      });
      await onChanged();
      toast.success(`Unlinked from ${s.sku_code}.`);
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
          <CardTitle>Linked SKUs</CardTitle>
          <CardDescription>The products this document is evidence for.</CardDescription>
        </div>
        <SkuPicker
          label="Link to SKU"
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
                Link to SKU
              </Button>
            </RoleGate>
          }
        />
      </CardHeader>
      {doc.skus.length ? (
        <ul className="divide-y divide-border">
          {doc.skus.map((s) => (
            <li key={s.id} className="flex items-center gap-2 px-5 py-2.5 text-[0.8125rem]" data-testid="linked-sku">
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
                  Linked automatically ·{' '}
                  {(s.link_evidence ?? [])
                    .map((e) => `${e.kind === 'gtin' ? 'GTIN' : 'SKU code'} ${e.value}`)
                    .join(', ')}
                </Badge>
              ) : null}
              <RoleGate need={'edit'}>
                <Button
                  variant="ghost"
                  size="sm"
                  onClick={() => unlink(s)}
                  loading={busy === s.id}
                  aria-label={`Unlink ${s.sku_code}`}
                >
                  {busy !== s.id ? <Unlink aria-hidden="true" /> : null}
                  Unlink
                </Button>
              </RoleGate>
            </li>
          ))}
        </ul>
      ) : (
        <CardContent>
          <p className="text-[0.8125rem] text-muted-foreground">
            Not linked yet. Link it to the SKUs it covers so their dossiers get its facts and their blockers see it.
          </p>
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
  const ex = latestExtraction(doc);
  const facts = ex?.facts ?? [];
  return (
    <Card className="overflow-hidden" data-testid="facts-card">
      <CardHeader>
        <div>
          <CardTitle>Extracted facts</CardTitle>
          <CardDescription>
            {ex
              ? `Read ${formatDateTime(ex.created_at)}${ex.method ? ` by ${ex.method}` : ''}${ex.pages ? ` from ${ex.pages} page${ex.pages === 1 ? '' : 's'}` : ''}. Each fact cites its page and the words it came from; linked SKUs get them as suggestions to confirm.`
              : 'Manufacturer, importer, model, GTINs, directives, standards and dates, each with the page and quote it came from.'}
          </CardDescription>
        </div>
        <ReExtract documentId={doc.id} onFinished={() => void onReload()} />
      </CardHeader>
      {ex?.status === 'failed' || ex?.error ? (
        <div className="px-5 pt-4">
          <Alert variant="danger" title="The last extraction failed">
            {ex.error ?? 'No reason was recorded.'}
          </Alert>
        </div>
      ) : null}
      {facts.length ? (
        <Table>
          <TableHeader>
            <TableRow className="hover:bg-transparent">
              <TableHead>Field</TableHead>
              <TableHead>Value</TableHead>
              <TableHead>Page</TableHead>
              <TableHead>Source quote</TableHead>
              <TableHead className="text-right">Confidence</TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {facts.map((f, i) => (
              <TableRow key={`${f.field_key}-${i}`} data-testid="fact-row">
                <TableCell className="whitespace-nowrap text-muted-foreground">
                  {fieldLabels[f.field_key] ?? humanizeKey(f.field_key)}
                </TableCell>
                <TableCell className="max-w-64 font-medium break-words text-foreground">{f.value}</TableCell>
                <TableCell className="whitespace-nowrap text-muted-foreground tabular-nums">
                  {f.page ? `p. ${f.page}` : '—'}
                </TableCell>
                <TableCell className="max-w-96">
                  {f.quote ? (
                    <q className="text-xs leading-relaxed text-muted-foreground italic">{f.quote}</q>
                  ) : (
                    <span className="text-subtle-foreground">—</span>
                  )}
                </TableCell>
                <TableCell className="text-right">
                  <ConfidenceText value={f.confidence} />
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      ) : (
        <EmptyState
          compact
          icon={FileSearch}
          title={ex ? 'No facts found' : 'Not extracted yet'}
          description={
            ex
              ? 'The text held no manufacturer, standard, GTIN or date the extractor recognises. If this is a scan, a text PDF gives better results.'
              : 'Facts are extracted when the document is linked to a SKU, or now with Re-extract.'
          }
        />
      )}
    </Card>
  );
}

function DeleteButton({ doc }: { doc: VaultDocument }) {
  const router = useRouter();
  const [open, setOpen] = React.useState(false);
  const [busy, setBusy] = React.useState(false);
  async function confirm() {
    setBusy(true);
    try {
      await apiFetch(`/api/documents/${encodeURIComponent(doc.id)}`, { method: 'DELETE' });
      setOpen(false);
      toast.success(`${doc.filename} was deleted.`);
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
          Delete
        </Button>
      </RoleGate>
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle>Delete {doc.filename}?</AlertDialogTitle>
          <AlertDialogDescription>
            The file and its extracted facts are removed from the vault.
            {doc.skus.length
              ? ` ${doc.skus.length === 1 ? 'Its SKU' : `Its ${doc.skus.length} SKUs`} (${doc.skus.map((s) => s.sku_code).join(', ')}) lose this evidence and are checked again for blockers.`
              : ''}{' '}
            Dossier values already confirmed from it stay, with their provenance.
          </AlertDialogDescription>
        </AlertDialogHeader>
        <AlertDialogFooter>
          <AlertDialogCancel disabled={busy}>Keep it</AlertDialogCancel>
          <AlertDialogAction variant="danger" onClick={confirm} disabled={busy} aria-busy={busy || undefined}>
            Delete document
          </AlertDialogAction>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}

/** /documents/[id]: preview beside classification, validity, visibility and SKU links; facts below. */
export function DocumentDetail({ id, fieldLabels }: { id: string; fieldLabels: Record<string, string> }) {
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
      Documents
    </Link>
  );

  if (error) {
    return (
      <>
        <PageHeader
          eyebrow={back}
          title={error.status === 404 ? 'Document not found' : 'The document could not be loaded'}
        />
        <Alert variant={error.status === 404 ? 'info' : 'danger'}>
          {error.status === 404 ? 'It may have been deleted, or it belongs to another workspace.' : error.message}
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
        description={`${doc.mime_type || 'Unknown type'} · ${formatBytes(doc.size_bytes)} · uploaded ${formatDateTime(doc.created_at)}`}
        actions={
          <>
            <Button asChild variant="secondary" size="sm">
              <a href={downloadHref} download={doc.filename}>
                <Download aria-hidden="true" />
                Download
              </a>
            </Button>
            <DeleteButton doc={doc} />
          </>
        }
      />
      <div className="grid items-start gap-5 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
        <Card className="overflow-hidden">
          <CardHeader className="py-3">
            <CardTitle>Preview</CardTitle>
            <span className="font-mono text-xs text-subtle-foreground" title="SHA-256 of the file">
              {doc.sha256.slice(0, 12)}…
            </span>
          </CardHeader>
          <DocumentPreview doc={doc} />
        </Card>
        <div className="grid gap-5">
          <ClassificationCard doc={doc} onChanged={replace} />
          <ValidityCard key={`${doc.issued_on}|${doc.valid_until}`} doc={doc} onChanged={replace} />
          <SkusCard doc={doc} onChanged={load} />
        </div>
      </div>
      <div className="mt-5">
        <FactsCard doc={doc} fieldLabels={fieldLabels} onReload={load} />
      </div>
    </div>
  );
}
