'use client';

import * as React from 'react';
import Link from 'next/link';
import { usePathname, useRouter, useSearchParams } from 'next/navigation';
import { FileArchive, FileImage, FileSpreadsheet, FileText, Mail, SearchX } from 'lucide-react';
import { useApiQuery } from '@/components/api/queries/use-api-query';
import { useCursorList } from '@/components/api/queries/use-cursor-list';
import { FilterChip, ListFooter, ListToolbar } from '@/components/ui/list-toolbar';
import { Alert } from '@/components/ui/alert';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { Skeleton } from '@/components/ui/skeleton';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { SimpleTooltip } from '@/components/ui/tooltip';
import { useFormat, useLocale, useT } from '@/components/i18n/locale-provider';
import { docTypeLabel } from '@/lib/i18n/ui/doc-types';
import { documentMessages } from '@/lib/i18n/ui/documents';
import { languageName } from '@/lib/i18n/languages';
import { cn } from '@/lib/utils/cn';
import { ConfidenceText, DiagnosticBadge, ManualBadge } from './classification-badges';
import { isTypePending, PendingTypeBadge, usePendingRefresh } from './pending';
import { SkuPicker } from './sku-picker';
import { TypeSelect } from './type-select';
import {
  DOCUMENT_STATUS_FILTERS,
  VAULT_DOCUMENT_TYPES,
  type DocumentStatusFilter,
  type LinkedSku,
  type VaultDocument,
} from './types';

const PAGE_SIZE = 25;

interface Filters {
  q: string;
  type: string;
  sku: string;
  status: DocumentStatusFilter | '';
}

function readFilters(p: URLSearchParams): Filters {
  const status = p.get('status') ?? '';
  const type = p.get('type') ?? '';
  return {
    q: p.get('q') ?? '',
    type: (VAULT_DOCUMENT_TYPES as readonly string[]).includes(type) ? type : '',
    sku: p.get('sku') ?? '',
    status: (DOCUMENT_STATUS_FILTERS as readonly string[]).includes(status) ? (status as DocumentStatusFilter) : '',
  };
}

function toQuery(f: Filters): URLSearchParams {
  const p = new URLSearchParams();
  if (f.q.trim()) p.set('q', f.q.trim());
  if (f.type) p.set('type', f.type);
  if (f.sku) p.set('sku', f.sku);
  if (f.status) p.set('status', f.status);
  return p;
}

/** The API's names for the same filters (the URL keeps the short `sku`, which the SKU page links to). */
function toApiQuery(f: Filters): URLSearchParams {
  const p = new URLSearchParams();
  if (f.q.trim()) p.set('q', f.q.trim());
  if (f.type) p.set('type', f.type);
  if (f.sku) p.set('sku_id', f.sku);
  if (f.status) p.set('status', f.status);
  return p;
}

export function FileIcon({
  mime,
  name,
  className,
}: {
  mime: string | null | undefined;
  name: string;
  className?: string;
}) {
  const m = (mime ?? '').toLowerCase();
  const n = name.toLowerCase();
  const Icon = m.startsWith('image/')
    ? FileImage
    : m.includes('zip') || n.endsWith('.zip')
      ? FileArchive
      : m.includes('message') || n.endsWith('.eml') || n.endsWith('.msg')
        ? Mail
        : m.includes('sheet') || m.includes('csv') || /\.(csv|tsv|xlsx?|ods)$/.test(n)
          ? FileSpreadsheet
          : FileText;
  return <Icon className={cn('size-4 shrink-0 text-subtle-foreground', className)} aria-hidden="true" />;
}

export function todayIso(): string {
  const d = new Date();
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
}

export function Validity({
  doc,
  empty = '—',
}: {
  doc: Pick<VaultDocument, 'valid_until' | 'expired'>;
  empty?: string;
}) {
  const t = useT(documentMessages);
  const f = useFormat();
  if (!doc.valid_until) return <span className="text-subtle-foreground">{empty}</span>;
  const day = doc.valid_until.slice(0, 10);
  const expired = doc.expired || day < todayIso();
  return (
    <span
      className={cn(
        'inline-flex items-center gap-1.5 whitespace-nowrap',
        expired && 'font-medium text-danger-soft-foreground',
      )}
      data-expired={expired || undefined}
    >
      {f.date(day)}
      {expired ? <Badge variant="danger">{t('list.expired')}</Badge> : null}
    </span>
  );
}

export function SkuChips({ skus, max = 2 }: { skus: LinkedSku[]; max?: number }) {
  if (!skus.length) return <span className="text-subtle-foreground">—</span>;
  const shown = skus.slice(0, max);
  const rest = skus.slice(max);
  return (
    <span className="flex flex-wrap items-center gap-1">
      {shown.map((s) => (
        <SimpleTooltip key={s.id} content={s.product_name}>
          <Link
            href={`/skus/${s.id}`}
            className="rounded border border-border bg-surface-muted px-1.5 py-0.5 font-mono text-xs text-foreground hover:border-primary hover:text-primary"
          >
            {s.sku_code}
          </Link>
        </SimpleTooltip>
      ))}
      {rest.length ? (
        <SimpleTooltip content={rest.map((s) => s.sku_code).join(', ')}>
          <span className="text-xs text-muted-foreground" tabIndex={0}>
            +{rest.length}
          </span>
        </SimpleTooltip>
      ) : null}
    </span>
  );
}

/** The SKU named in the URL filter, looked up for its code and name. */
function useSkuLabel(id: string): LinkedSku | null {
  const t = useT(documentMessages);
  const sku = useApiQuery<{ sku: LinkedSku }>(id ? `/api/skus/${encodeURIComponent(id)}` : null);
  if (!id) return null;
  if (sku.error) return { id, sku_code: t('list.unknown_sku'), product_name: '' };
  const s = sku.data?.sku;
  return s && s.id === id ? { id: s.id, sku_code: s.sku_code, product_name: s.product_name } : null;
}

/** The vault's table: server-side search, filters (type, SKU, status) and cursor paging; state in the URL. */
export function DocumentList() {
  const t = useT(documentMessages);
  const locale = useLocale();
  const f = useFormat();
  const router = useRouter();
  const pathname = usePathname() ?? '/documents';
  const params = useSearchParams();
  const filters = React.useMemo(() => readFilters(new URLSearchParams(params?.toString() ?? '')), [params]);
  const apiQuery = toApiQuery(filters).toString();
  const filtered = Boolean(apiQuery);
  const skuLabel = useSkuLabel(filters.sku);
  const list = useCursorList<VaultDocument>('/api/documents', apiQuery, { pageSize: PAGE_SIZE });
  const { rows, loading, error, updateRow } = list;
  // Dim the rows only while a new filter loads; a refresh after an upload replaces them quietly.
  const dim = list.stale;

  const setFilters = React.useCallback(
    (p: Partial<Filters>) => {
      const next = toQuery({ ...filters, ...p }).toString();
      router.replace(next ? `${pathname}?${next}` : pathname, { scroll: false });
    },
    [filters, pathname, router],
  );
  const onQuery = React.useCallback((q: string) => setFilters({ q }), [setFilters]);

  // Scans whose type OCR has not set yet are asked again until it has.
  usePendingRefresh(
    rows.filter(isTypePending).map((d) => d.id),
    updateRow,
  );

  function clearAll() {
    router.replace(pathname, { scroll: false });
  }

  function openRow(e: React.MouseEvent, id: string) {
    if ((e.target as HTMLElement).closest('a,button,[role="combobox"],[data-slot="select-trigger"],[role="listbox"]'))
      return;
    if (e.metaKey || e.ctrlKey) window.open(`/documents/${id}`, '_blank', 'noopener');
    else router.push(`/documents/${id}`);
  }

  return (
    <Card className="overflow-hidden" data-testid="document-list">
      <ListToolbar
        query={filters.q}
        onQuery={onQuery}
        searchLabel={t('list.search_label')}
        placeholder={t('list.search_placeholder')}
        filtered={filtered}
        onClear={clearAll}
        controls={
          <>
            <Select value={filters.type || 'all'} onValueChange={(v) => setFilters({ type: v === 'all' ? '' : v })}>
              <SelectTrigger className="w-52" aria-label={t('list.type_label')}>
                <SelectValue />
              </SelectTrigger>
              <SelectContent>
                <SelectItem value="all">{t('list.all_types')}</SelectItem>
                {VAULT_DOCUMENT_TYPES.map((type) => (
                  <SelectItem key={type} value={type}>
                    {docTypeLabel(type, locale)}
                  </SelectItem>
                ))}
              </SelectContent>
            </Select>
            <SkuPicker
              className="w-60"
              label={t('list.filter_sku')}
              placeholder={t('list.all_skus')}
              value={filters.sku ? (skuLabel ?? { id: filters.sku, sku_code: '…', product_name: '' }) : null}
              onChange={(s) => setFilters({ sku: s?.id ?? '' })}
            />
          </>
        }
        chipsLabel={t('list.chips_label')}
        chips={
          <>
            <span className="mr-1 text-xs font-medium text-muted-foreground">{t('list.show_only')}</span>
            {DOCUMENT_STATUS_FILTERS.map((s) => {
              const on = filters.status === s;
              return (
                <FilterChip
                  key={s}
                  on={on}
                  title={t(`status_hint.${s}`)}
                  tone={s === 'expired' ? 'danger' : 'primary'}
                  onClick={() => setFilters({ status: on ? '' : s })}
                >
                  {t(`status.${s}`)}
                </FilterChip>
              );
            })}
          </>
        }
      />

      {error ? (
        <div className="p-5">
          <Alert variant="danger" title={t('list.load_error')}>
            {error.message}
          </Alert>
        </div>
      ) : null}

      <Table aria-busy={loading || undefined} aria-label={t('list.table_label')} data-loading={loading || undefined}>
        <TableHeader>
          <TableRow className="hover:bg-transparent">
            <TableHead>{t('list.col_file')}</TableHead>
            <TableHead>{t('list.col_type')}</TableHead>
            <TableHead>{t('list.col_language')}</TableHead>
            <TableHead>{t('list.col_skus')}</TableHead>
            <TableHead>{t('list.col_valid_until')}</TableHead>
            <TableHead className="text-right">{t('list.col_size')}</TableHead>
            <TableHead>{t('list.col_uploaded')}</TableHead>
          </TableRow>
        </TableHeader>
        <TableBody>
          {loading && rows.length === 0
            ? Array.from({ length: 4 }, (_, i) => (
                <TableRow key={`sk-${i}`}>
                  {Array.from({ length: 7 }, (_, j) => (
                    <TableCell key={j}>
                      <Skeleton className={cn('h-4', j === 0 ? 'w-56' : j === 1 ? 'w-40' : 'w-16')} />
                    </TableCell>
                  ))}
                </TableRow>
              ))
            : rows.map((d) => (
                <TableRow
                  key={d.id}
                  onClick={(e) => openRow(e, d.id)}
                  className={cn('cursor-pointer', dim && 'opacity-60')}
                  data-testid="document-row"
                  data-filename={d.filename}
                  data-document-id={d.id}
                >
                  <TableCell className="max-w-72">
                    <div className="flex min-w-0 items-center gap-2">
                      <FileIcon mime={d.mime_type} name={d.filename} />
                      <Link
                        href={`/documents/${d.id}`}
                        className="truncate font-medium text-foreground hover:text-primary hover:underline"
                        title={d.filename}
                      >
                        {d.filename}
                      </Link>
                      {d.is_public ? <Badge variant="info">{t('list.public')}</Badge> : null}
                    </div>
                  </TableCell>
                  <TableCell>
                    <div className="flex flex-wrap items-center gap-1.5">
                      <TypeSelect document={d} onChanged={updateRow} />
                      {isTypePending(d) ? (
                        <PendingTypeBadge />
                      ) : d.classification_source === 'manual' ? (
                        <ManualBadge />
                      ) : typeof d.classification_confidence === 'number' ? (
                        <ConfidenceText value={d.classification_confidence} />
                      ) : null}
                      {d.diagnostic && d.classification_source !== 'manual' && !isTypePending(d) ? (
                        <DiagnosticBadge diagnostic={d.diagnostic} />
                      ) : null}
                      {d.artifact_kind === 'product_data' ? (
                        <Badge variant="violet">{t('list.product_data')}</Badge>
                      ) : null}
                    </div>
                  </TableCell>
                  <TableCell className="whitespace-nowrap text-muted-foreground">
                    {d.detected_language ? languageName(d.detected_language, locale) : '—'}
                  </TableCell>
                  <TableCell>
                    <SkuChips skus={d.skus ?? []} />
                  </TableCell>
                  <TableCell>
                    <Validity doc={d} />
                  </TableCell>
                  <TableCell className="text-right whitespace-nowrap text-muted-foreground tabular-nums">
                    {f.bytes(d.size_bytes)}
                  </TableCell>
                  <TableCell>
                    <time
                      dateTime={d.created_at}
                      title={f.date(d.created_at)}
                      className="whitespace-nowrap text-muted-foreground"
                    >
                      {f.relative(d.created_at)}
                    </time>
                  </TableCell>
                </TableRow>
              ))}
        </TableBody>
      </Table>

      {!loading && !error && rows.length === 0 ? (
        filtered ? (
          <EmptyState
            compact
            icon={SearchX}
            title={t('list.filtered_title')}
            description={t('list.filtered_body')}
            actions={
              <Button variant="secondary" size="sm" onClick={clearAll}>
                {t('list.clear_filters')}
              </Button>
            }
          />
        ) : (
          <EmptyState
            compact
            icon={FileText}
            title={t('list.empty_title')}
            description={t('list.empty_body')}
            data-testid="documents-empty"
          />
        )
      ) : null}

      <ListFooter
        count={rows.length}
        noun={[t('list.noun_one'), t('list.noun_other')]}
        hasMore={list.hasMore}
        onMore={list.loadMore}
        loadingMore={list.loadingMore}
        moreLabel={t('list.load_more', { count: PAGE_SIZE })}
      />
    </Card>
  );
}
