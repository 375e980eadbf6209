'use client';

import * as React from 'react';
import Link from 'next/link';
import { ArrowUpRight, FileText, Upload } from 'lucide-react';
import { ApiError } from '@/components/api/client';
import { DocumentEntityCandidates } from '@/components/entities/document-entity-candidates';
import { toast } from '@/components/ui/toaster';
import { Alert } from '@/components/ui/alert';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { Skeleton } from '@/components/ui/skeleton';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { useFormat, useLocale, useT } from '@/components/i18n/locale-provider';
import { languageName } from '@/lib/i18n/languages';
import { skuDossierMessages } from '@/lib/i18n/ui/sku-dossier';
import { DocumentLinker } from './document-linker';
import { LinkEvidence } from './link-evidence';
import { blockerText, documentTypeText } from './vocabulary';
import { isMissingRoute, useSkuPage } from './sku-context';
import { useApiMutation } from '@/components/api/queries/use-api-mutation';
import { useApiQuery } from '@/components/api/queries/use-api-query';
import { useCatalogue } from '@/components/api/queries/resources';
import { SeverityBadge } from './status';
import type { DossierField, SkuDocument } from './types';
import type { Extraction } from '@/components/documents/types';
import { RoleGate } from '@/components/team/role-gate';

function str(v: unknown): string | null {
  return typeof v === 'string' && v ? v : null;
}

function todayIso() {
  const d = new Date();
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
}

function Validity({ until }: { until: string | null }) {
  const t = useT(skuDossierMessages);
  const fmt = useFormat();
  if (!until) return <span className="text-subtle-foreground">—</span>;
  const day = until.slice(0, 10);
  const expired = day < todayIso();
  return (
    <span className="inline-flex items-center gap-1.5 whitespace-nowrap">
      {fmt.date(day)}
      {expired ? <Badge variant="danger">{t('docs.expired')}</Badge> : null}
    </span>
  );
}

type Fact = Extraction['facts'][number];

/** The facts of a document's latest extraction (the vault embeds its extractions). */
function factsOf(d: SkuDocument): { facts: Fact[]; status: string | null } {
  const latest = [...d.extractions].sort((a, b) => b.created_at.localeCompare(a.created_at))[0];
  const facts = (latest?.facts ?? []).filter((f) => f.field_key && f.value);
  return { facts, status: latest?.status ?? null };
}

/** "Linked automatically · GTIN 4006381333931" with an Undo that unlinks (and withdraws its suggestions). */
function AutoLinked({ doc, skuId, onUndone }: { doc: SkuDocument; skuId: string; onUndone: () => void }) {
  const t = useT(skuDossierMessages);
  const [busy, setBusy] = React.useState(false);
  const unlink = useApiMutation<unknown, void>({
    request: () => ({
      path: `/api/documents/${encodeURIComponent(doc.id)}/skus/${encodeURIComponent(skuId)}`,
      method: 'DELETE',
    }),
  });
  const link = doc.skus.find((s) => s.id === skuId);
  if (link?.link_source !== 'auto') return null;
  const evidence = link.link_evidence ?? [];
  async function undo() {
    setBusy(true);
    try {
      await unlink.run();
      toast.success(t('docs.undone'));
      onUndone();
    } catch (e) {
      toast.error(e instanceof ApiError ? e.message : t('docs.undo_failed'));
    } finally {
      setBusy(false);
    }
  }
  return (
    <span className="ml-6 inline-flex items-center gap-1.5 text-xs" data-testid="auto-linked">
      <Badge
        variant="success"
        title={evidence
          .map((e) => e.quote ?? '')
          .filter(Boolean)
          .join(' · ')}
      >
        {t('docs.auto_linked', {
          evidence: evidence.map((e) => `${e.kind === 'gtin' ? 'GTIN' : t('docs.sku_code')} ${e.value}`).join(', '),
        })}
      </Badge>
      <RoleGate need={'edit'}>
        <Button variant="ghost" size="sm" className="h-6 px-2" onClick={undo} loading={busy}>
          {t('docs.undo')}
        </Button>
      </RoleGate>
    </span>
  );
}

export function DocumentsTab() {
  const { skuId, detail, goTo, bump, reloadSku } = useSkuPage();
  const docs = useApiQuery<{ documents: SkuDocument[] }>(`/api/skus/${skuId}/documents`);
  const dossier = useApiQuery<{ fields: DossierField[] }>(`/api/skus/${skuId}/dossier`);
  const catalogue = useCatalogue();
  const t = useT(skuDossierMessages);
  const fmt = useFormat();
  const locale = useLocale();
  const labelOf = (key: string) => {
    const m = /^(safety_warnings|instructions)_([a-z]{2})$/.exec(key);
    const f = catalogue.data?.fields.find((x) => x.key === (m ? m[1] : key));
    const base = f?.label?.[locale] ?? key.replace(/_/g, ' ');
    return m ? `${base} (${m[2]})` : base;
  };

  const needed = detail.blockers.filter(
    (b) => !b.waived && (b.fix?.kind === 'document' || b.required_document_types?.length),
  );

  // Open suggestions in the dossier per source document, so a document row can say what it proposes.
  const suggestionsByDoc = new Map<string, number>();
  for (const f of dossier.data?.fields ?? []) {
    for (const s of f.suggestions) {
      const id = typeof s.provenance.document_id === 'string' ? s.provenance.document_id : null;
      if (s.source === 'document_extraction' && id) suggestionsByDoc.set(id, (suggestionsByDoc.get(id) ?? 0) + 1);
    }
  }

  return (
    <div className="grid gap-5" data-testid="documents-tab">
      {needed.length ? (
        <Card>
          <CardHeader>
            <div>
              <CardTitle>{t('docs.needed_title')}</CardTitle>
              <CardDescription>{t('docs.needed_description')}</CardDescription>
            </div>
            <RoleGate need={'edit'}>
              <Button asChild size="sm">
                <Link href={`/documents?sku=${skuId}`}>
                  <Upload aria-hidden="true" />
                  {t('docs.upload')}
                </Link>
              </Button>
            </RoleGate>
          </CardHeader>
          <ul className="divide-y divide-border">
            {needed.map((b) => (
              <li key={b.key ?? b.code} className="flex flex-wrap items-start gap-2 px-5 py-3 text-[0.8125rem]">
                <SeverityBadge severity={b.severity} />
                <span className="min-w-0 flex-1">
                  <span className="font-medium text-foreground">
                    {(b.required_document_types ?? []).map((d) => documentTypeText(d, locale)).join(t('or')) ||
                      t('document')}
                  </span>
                  <span className="text-muted-foreground"> · {blockerText(b, locale)}</span>
                </span>
              </li>
            ))}
          </ul>
        </Card>
      ) : null}

      <Card className="overflow-hidden">
        <CardHeader>
          <div>
            <CardTitle>{t('docs.linked_title')}</CardTitle>
            <CardDescription>{t('docs.linked_description')}</CardDescription>
          </div>
          <div className="flex flex-wrap gap-2">
            <DocumentLinker skuId={skuId} linkedIds={(docs.data?.documents ?? []).map((d) => d.id)} onLinked={bump} />
            <Button asChild size="sm" variant="secondary">
              <Link href="/documents">
                {t('docs.open_vault')}
                <ArrowUpRight aria-hidden="true" />
              </Link>
            </Button>
          </div>
        </CardHeader>
        {docs.error ? (
          <div className="p-5">
            <Alert
              variant={isMissingRoute(docs.error) ? 'info' : 'danger'}
              title={isMissingRoute(docs.error) ? t('docs.vault_missing') : t('docs.load_error')}
            >
              {isMissingRoute(docs.error) ? t('docs.vault_missing_description') : docs.error.message}
            </Alert>
          </div>
        ) : !docs.data ? (
          <div className="grid gap-2 p-5">
            <Skeleton className="h-8" />
            <Skeleton className="h-8" />
          </div>
        ) : docs.data.documents.length === 0 ? (
          <EmptyState compact icon={FileText} title={t('docs.empty_title')} description={t('docs.empty_description')} />
        ) : (
          <Table>
            <TableHeader>
              <TableRow className="hover:bg-transparent">
                <TableHead>{t('document')}</TableHead>
                <TableHead>{t('docs.col_type')}</TableHead>
                <TableHead>{t('docs.col_valid_until')}</TableHead>
                <TableHead>{t('docs.col_language')}</TableHead>
                <TableHead>{t('docs.col_extraction')}</TableHead>
                <TableHead>{t('docs.col_added')}</TableHead>
              </TableRow>
            </TableHeader>
            <TableBody>
              {docs.data.documents.map((d) => {
                const name = d.filename || t('docs.untitled');
                const type = d.document_type;
                const lang = d.detected_language;
                const { facts, status } = factsOf(d);
                const open = suggestionsByDoc.get(d.id) ?? 0;
                const running = status === 'pending' || status === 'running' || status === 'queued';
                return (
                  <React.Fragment key={d.id}>
                    <TableRow data-testid="sku-document" className={facts.length ? 'border-b-0' : undefined}>
                      <TableCell>
                        <div className="flex items-center gap-2">
                          <FileText className="size-4 shrink-0 text-subtle-foreground" aria-hidden="true" />
                          <Link
                            href={`/documents/${d.id}`}
                            className="max-w-72 truncate font-medium text-foreground hover:text-primary hover:underline"
                            title={name}
                          >
                            {name}
                          </Link>
                          {d.is_public ? <Badge variant="info">{t('public')}</Badge> : null}
                        </div>
                        {typeof d.size_bytes === 'number' ? (
                          <span className="ml-6 text-xs text-muted-foreground">{fmt.bytes(d.size_bytes)}</span>
                        ) : null}
                        <AutoLinked doc={d} skuId={skuId} onUndone={bump} />
                        <LinkEvidence
                          doc={d}
                          skuId={skuId}
                          onDecided={async () => {
                            bump();
                            await reloadSku();
                          }}
                        />
                      </TableCell>
                      <TableCell>
                        {documentTypeText(type, locale)}
                        {typeof d.classification_confidence === 'number' ? (
                          <span className="ml-1 text-xs text-muted-foreground">
                            {Math.round(d.classification_confidence * 100)} %
                          </span>
                        ) : null}
                      </TableCell>
                      <TableCell>
                        <Validity until={str(d.valid_until)} />
                      </TableCell>
                      <TableCell className="text-muted-foreground">{lang ? languageName(lang, locale) : '—'}</TableCell>
                      <TableCell>
                        {running ? (
                          <span className="text-muted-foreground">{t('docs.extracting')}</span>
                        ) : open ? (
                          <button type="button" onClick={() => goTo({ tab: 'dossier' })} className="rounded-md">
                            <Badge variant="violet" className="cursor-pointer">
                              {t('docs.to_review', { count: open })}
                            </Badge>
                          </button>
                        ) : facts.length ? (
                          <span className="text-muted-foreground">{t('docs.facts', { count: facts.length })}</span>
                        ) : (
                          <span className="text-subtle-foreground">—</span>
                        )}
                      </TableCell>
                      <TableCell className="whitespace-nowrap text-muted-foreground">
                        {fmt.date(str(d.created_at))}
                      </TableCell>
                    </TableRow>
                    {facts.length ? (
                      <TableRow className="hover:bg-transparent" data-testid="document-facts">
                        <TableCell colSpan={6} className="pt-0">
                          <ul className="ml-6 flex flex-wrap gap-1.5">
                            {facts.slice(0, 8).map((f, i) => (
                              <li
                                key={`${f.field_key}-${i}`}
                                className="max-w-full rounded-md border border-border bg-surface-muted/60 px-2 py-0.5 text-xs"
                                title={f.quote}
                              >
                                <span className="text-muted-foreground">{labelOf(f.field_key)}:</span>{' '}
                                <span className="text-foreground">
                                  {f.value.length > 60 ? `${f.value.slice(0, 59)}…` : f.value}
                                </span>
                                {f.page ? (
                                  <span className="text-subtle-foreground">
                                    {t('docs.fact_page', { page: String(f.page) })}
                                  </span>
                                ) : null}
                              </li>
                            ))}
                            {facts.length > 8 ? (
                              <li className="px-1 text-xs text-muted-foreground">
                                {t('docs.more', { count: facts.length - 8 })}
                              </li>
                            ) : null}
                          </ul>
                          {facts.some((f) =>
                            /^(?:manufacturer|importer|responsible_person)_name$/.test(f.field_key),
                          ) ? (
                            <div className="mt-2">
                              <DocumentEntityCandidates documentId={d.id} skuId={skuId} onChanged={bump} />
                            </div>
                          ) : null}
                        </TableCell>
                      </TableRow>
                    ) : null}
                  </React.Fragment>
                );
              })}
            </TableBody>
          </Table>
        )}
      </Card>
    </div>
  );
}
