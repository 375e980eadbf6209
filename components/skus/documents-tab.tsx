'use client';

import Link from 'next/link';
import { ArrowUpRight, FileText, Upload } from 'lucide-react';
import { Alert } from '@/components/ui/alert';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { Skeleton } from '@/components/ui/skeleton';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { formatBytes, formatDate } from '@/components/format';
import { languageName } from '@/lib/i18n/languages';
import { documentTypeLabel } from './labels';
import { isMissingRoute, useJson, useSkuPage } from './sku-context';
import { SeverityBadge } from './status';
import type { DossierField, SkuDocument } from './types';

function str(v: unknown): string | null {
  return typeof v === 'string' && v ? v : null;
}

function todayIso() {
  const d = new Date();
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
}

function Validity({ until }: { until: string | null }) {
  if (!until) return <span className="text-subtle-foreground">—</span>;
  const day = until.slice(0, 10);
  const expired = day < todayIso();
  return (
    <span className="inline-flex items-center gap-1.5 whitespace-nowrap">
      {formatDate(day)}
      {expired ? <Badge variant="danger">Expired</Badge> : null}
    </span>
  );
}

/** How many facts a document yielded, whatever the documents service calls the list. */
function extractionCount(d: SkuDocument): number | null {
  const lists = [d.suggestions, d.facts, d.extraction?.facts];
  for (const l of lists) if (Array.isArray(l)) return l.length;
  return null;
}

export function DocumentsTab() {
  const { skuId, detail, version } = useSkuPage();
  const docs = useJson<{ documents: SkuDocument[] }>(`/api/skus/${skuId}/documents`, version);
  const dossier = useJson<{ fields: DossierField[] }>(`/api/skus/${skuId}/dossier`, version);

  const needed = detail.blockers.filter((b) => !b.waived && (b.fix?.kind === 'document' || b.required_document_types?.length));

  // Open suggestions in the dossier per source document, so a document row can say what it proposes.
  const suggestionsByDoc = new Map<string, number>();
  for (const f of dossier.data?.fields ?? []) {
    for (const s of f.suggestions) {
      const id = s.provenance?.document_id;
      if (s.source === 'document_extraction' && id) suggestionsByDoc.set(id, (suggestionsByDoc.get(id) ?? 0) + 1);
    }
  }

  return (
    <div className="grid gap-5" data-testid="documents-tab">
      {needed.length ? (
        <Card>
          <CardHeader>
            <div>
              <CardTitle>Evidence this SKU still needs</CardTitle>
              <CardDescription>Upload these in the document vault and link them to this SKU; expired documents count as missing.</CardDescription>
            </div>
            <Button asChild size="sm">
              <Link href={`/documents?sku=${skuId}`}>
                <Upload aria-hidden="true" />
                Upload documents
              </Link>
            </Button>
          </CardHeader>
          <ul className="divide-y divide-border">
            {needed.map((b) => (
              <li key={b.key ?? b.code} className="flex flex-wrap items-start gap-2 px-5 py-3 text-[0.8125rem]">
                <SeverityBadge severity={b.severity} />
                <span className="min-w-0 flex-1">
                  <span className="font-medium text-foreground">{(b.required_document_types ?? []).map(documentTypeLabel).join(' or ') || 'Document'}</span>
                  <span className="text-muted-foreground"> · {b.message}</span>
                </span>
              </li>
            ))}
          </ul>
        </Card>
      ) : null}

      <Card className="overflow-hidden">
        <CardHeader>
          <div>
            <CardTitle>Linked documents</CardTitle>
            <CardDescription>Declarations, test reports, risk assessments and manuals attached to this SKU. Facts extracted from them appear as suggestions in the dossier.</CardDescription>
          </div>
          <Button asChild size="sm" variant="secondary">
            <Link href="/documents">
              Open the vault
              <ArrowUpRight aria-hidden="true" />
            </Link>
          </Button>
        </CardHeader>
        {docs.error ? (
          <div className="p-5">
            <Alert variant={isMissingRoute(docs.error) ? 'info' : 'danger'} title={isMissingRoute(docs.error) ? 'The document vault is not available yet' : 'The documents could not be loaded'}>
              {isMissingRoute(docs.error) ? 'Documents linked to this SKU will be listed here.' : docs.error.message}
            </Alert>
          </div>
        ) : !docs.data ? (
          <div className="grid gap-2 p-5">
            <Skeleton className="h-8" />
            <Skeleton className="h-8" />
          </div>
        ) : docs.data.documents.length === 0 ? (
          <EmptyState compact icon={FileText} title="No documents linked" description="Upload the declaration of conformity, test reports and risk assessment for this product in the vault." />
        ) : (
          <Table>
            <TableHeader>
              <TableRow className="hover:bg-transparent">
                <TableHead>Document</TableHead>
                <TableHead>Type</TableHead>
                <TableHead>Valid until</TableHead>
                <TableHead>Language</TableHead>
                <TableHead>Extraction</TableHead>
                <TableHead>Added</TableHead>
              </TableRow>
            </TableHeader>
            <TableBody>
              {docs.data.documents.map((d) => {
                const name = str(d.filename) ?? str(d.name) ?? 'Untitled document';
                const type = str(d.document_type) ?? str(d.type);
                const lang = str(d.detected_language) ?? str(d.language);
                const facts = extractionCount(d);
                const open = suggestionsByDoc.get(d.id) ?? 0;
                return (
                  <TableRow key={d.id} data-testid="sku-document">
                    <TableCell>
                      <div className="flex items-center gap-2">
                        <FileText className="size-4 shrink-0 text-subtle-foreground" aria-hidden="true" />
                        <span className="max-w-72 truncate font-medium text-foreground" title={name}>
                          {name}
                        </span>
                        {d.is_public ? <Badge variant="info">Public</Badge> : null}
                      </div>
                      {typeof d.size_bytes === 'number' ? <span className="ml-6 text-xs text-muted-foreground">{formatBytes(d.size_bytes)}</span> : null}
                    </TableCell>
                    <TableCell>
                      {documentTypeLabel(type)}
                      {typeof d.classification_confidence === 'number' ? <span className="ml-1 text-xs text-muted-foreground">{Math.round(d.classification_confidence * 100)} %</span> : null}
                    </TableCell>
                    <TableCell>
                      <Validity until={str(d.valid_until)} />
                    </TableCell>
                    <TableCell className="text-muted-foreground">{lang ? languageName(lang, 'en') : '—'}</TableCell>
                    <TableCell>
                      {open ? (
                        <Badge variant="violet">{open} to review in the dossier</Badge>
                      ) : facts !== null ? (
                        <span className="text-muted-foreground">{facts} fact{facts === 1 ? '' : 's'}</span>
                      ) : (
                        <span className="text-subtle-foreground">—</span>
                      )}
                    </TableCell>
                    <TableCell className="whitespace-nowrap text-muted-foreground">{formatDate(str(d.created_at))}</TableCell>
                  </TableRow>
                );
              })}
            </TableBody>
          </Table>
        )}
      </Card>
    </div>
  );
}
