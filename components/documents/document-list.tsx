'use client';

import * as React from 'react';
import Link from 'next/link';
import { usePathname, useRouter, useSearchParams } from 'next/navigation';
import { FileArchive, FileImage, FileSpreadsheet, FileText, Mail, Search, SearchX, X } from 'lucide-react';
import { ApiError, apiFetch } from '@/components/api/client';
import { Alert } from '@/components/ui/alert';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { Input } from '@/components/ui/input';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { Skeleton } from '@/components/ui/skeleton';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { SimpleTooltip } from '@/components/ui/tooltip';
import { formatBytes, formatDate, formatRelative } from '@/components/format';
import { languageName } from '@/lib/i18n/languages';
import { cn } from '@/lib/utils/cn';
import { ConfidenceText, DiagnosticBadge, ManualBadge } from './classification-badges';
import { DOCUMENT_TYPE_LABELS, REVIEW_CONFIDENCE, STATUS_FILTER_HINTS, STATUS_FILTER_LABELS } from './labels';
import { isTypePending, PendingTypeBadge, usePendingRefresh } from './pending';
import { SkuPicker } from './sku-picker';
import { TypeSelect } from './type-select';
import { DOCUMENT_STATUS_FILTERS, VAULT_DOCUMENT_TYPES, type DocumentPage, type DocumentStatusFilter, type LinkedSku, type VaultDocument } from './types';

const PAGE_SIZE = 25;

/**
 * Whether the API filters status=low_confidence itself. Until it answers 400 to it, it is asked; after
 * that the list filters raw pages in the browser (same threshold the upload uses for the review queue).
 */
let lowConfidenceIsLocal = false;

function isLowConfidence(d: VaultDocument): boolean {
  return d.classification_source !== 'manual' && (typeof d.classification_confidence !== 'number' || d.classification_confidence < REVIEW_CONFIDENCE);
}

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

export function FileIcon({ mime, name, className }: { mime: string | null | undefined; name: string; className?: string }) {
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

export function Validity({ doc, empty = '—' }: { doc: Pick<VaultDocument, 'valid_until' | 'expired'>; empty?: string }) {
  if (!doc.valid_until) return <span className="text-subtle-foreground">{empty}</span>;
  const day = doc.valid_until.slice(0, 10);
  const expired = doc.expired || day < todayIso();
  return (
    <span className={cn('inline-flex items-center gap-1.5 whitespace-nowrap', expired && 'font-medium text-danger-soft-foreground')} data-expired={expired || undefined}>
      {formatDate(day)}
      {expired ? <Badge variant="danger">Expired</Badge> : null}
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
          <Link href={`/skus/${s.id}`} className="rounded border border-border bg-surface-muted px-1.5 py-0.5 font-mono text-xs text-foreground hover:border-primary hover:text-primary">
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

/** The SKU named in the URL filter, looked up once for its code and name. */
function useSkuLabel(id: string): LinkedSku | null {
  const [sku, setSku] = React.useState<LinkedSku | null>(null);
  React.useEffect(() => {
    if (!id) return;
    const ac = new AbortController();
    apiFetch<{ sku: LinkedSku }>(`/api/skus/${encodeURIComponent(id)}`, { signal: ac.signal })
      .then((b) => setSku({ id: b.sku.id, sku_code: b.sku.sku_code, product_name: b.sku.product_name }))
      .catch(() => {
        if (!ac.signal.aborted) setSku({ id, sku_code: 'Unknown SKU', product_name: '' });
      });
    return () => ac.abort();
  }, [id]);
  return id && sku?.id === id ? sku : null;
}

/** The vault's table: server-side search, filters (type, SKU, status) and cursor paging; state in the URL. */
export function DocumentList({ version }: { version: number }) {
  const router = useRouter();
  const pathname = usePathname() ?? '/documents';
  const params = useSearchParams();
  const filters = React.useMemo(() => readFilters(new URLSearchParams(params?.toString() ?? '')), [params]);
  const apiQuery = toApiQuery(filters).toString();
  const filtered = Boolean(apiQuery);
  const skuLabel = useSkuLabel(filters.sku);

  const [search, setSearch] = React.useState(filters.q);
  const [rows, setRows] = React.useState<VaultDocument[]>([]);
  const [cursor, setCursor] = React.useState<string | null>(null);
  const [hasMore, setHasMore] = React.useState(false);
  const [loading, setLoading] = React.useState(true);
  // Dim the rows only while a new filter loads; a refresh after an upload replaces them quietly.
  const [dim, setDim] = React.useState(false);
  const shownQuery = React.useRef<string | null>(null);
  const [loadingMore, setLoadingMore] = React.useState(false);
  const [error, setError] = React.useState<ApiError | null>(null);

  const setFilters = React.useCallback(
    (p: Partial<Filters>) => {
      const next = toQuery({ ...filters, ...p }).toString();
      router.replace(next ? `${pathname}?${next}` : pathname, { scroll: false });
    },
    [filters, pathname, router],
  );

  // Typing settles for 300 ms before the URL (and so the request) changes.
  React.useEffect(() => {
    if (search.trim() === filters.q) return;
    const t = setTimeout(() => setFilters({ q: search }), 300);
    return () => clearTimeout(t);
  }, [search, filters.q, setFilters]);

  const fetchPage = React.useCallback(
    async (after: string | null, signal?: AbortSignal): Promise<DocumentPage> => {
      const p = new URLSearchParams(apiQuery);
      if (filters.status !== 'low_confidence' || !lowConfidenceIsLocal) {
        p.set('limit', String(PAGE_SIZE));
        if (after) p.set('cursor', after);
        try {
          return await apiFetch<DocumentPage>(`/api/documents?${p.toString()}`, { signal });
        } catch (e) {
          // The listing may not know "low confidence" as a status: then filter here (see below).
          if (!(filters.status === 'low_confidence' && e instanceof ApiError && e.status === 400)) throw e;
          lowConfidenceIsLocal = true;
        }
      }
      // Low confidence, filtered in the browser: read raw pages until a page's worth matches.
      p.delete('status');
      p.set('limit', '100');
      const data: VaultDocument[] = [];
      let cursor = after;
      let more = true;
      for (let i = 0; i < 5 && more && data.length < PAGE_SIZE; i++) {
        if (cursor) p.set('cursor', cursor);
        const page = await apiFetch<DocumentPage>(`/api/documents?${p.toString()}`, { signal });
        data.push(...page.data.filter(isLowConfidence));
        cursor = page.next_cursor;
        more = page.has_more;
      }
      return { data, next_cursor: more ? cursor : null, has_more: more };
    },
    [apiQuery, filters.status],
  );

  React.useEffect(() => {
    const ac = new AbortController();
    const run = async () => {
      setLoading(true);
      setDim(shownQuery.current !== null && shownQuery.current !== apiQuery);
      try {
        const body = await fetchPage(null, ac.signal);
        if (ac.signal.aborted) return;
        shownQuery.current = apiQuery;
        setRows(body.data);
        setCursor(body.next_cursor ?? null);
        setHasMore(body.has_more);
        setError(null);
      } catch (e) {
        if (ac.signal.aborted) return;
        if (e instanceof ApiError && e.isAuthLoss) {
          router.replace('/sign-in');
          return;
        }
        setError(e instanceof ApiError ? e : new ApiError({ status: 0, code: 'UNKNOWN', message: 'The documents could not be loaded.' }));
      } finally {
        if (!ac.signal.aborted) {
          setLoading(false);
          setDim(false);
        }
      }
    };
    void run();
    return () => ac.abort();
  }, [fetchPage, apiQuery, version, router]);

  async function loadMore() {
    if (!cursor) return;
    setLoadingMore(true);
    try {
      const body = await fetchPage(cursor);
      setRows((r) => [...r, ...body.data.filter((d) => !r.some((x) => x.id === d.id))]);
      setCursor(body.next_cursor ?? null);
      setHasMore(body.has_more);
    } catch (e) {
      setError(e instanceof ApiError ? e : null);
    } finally {
      setLoadingMore(false);
    }
  }

  const replaceRow = React.useCallback((doc: VaultDocument) => {
    setRows((r) => r.map((x) => (x.id === doc.id ? { ...x, ...doc } : x)));
  }, []);
  // Scans whose type OCR has not set yet are asked again until it has.
  usePendingRefresh(
    rows.filter(isTypePending).map((d) => d.id),
    replaceRow,
  );

  function clearAll() {
    setSearch('');
    router.replace(pathname, { scroll: false });
  }

  function openRow(e: React.MouseEvent, id: string) {
    if ((e.target as HTMLElement).closest('a,button,[role="combobox"],[data-slot="select-trigger"],[role="listbox"]')) return;
    if (e.metaKey || e.ctrlKey) window.open(`/documents/${id}`, '_blank', 'noopener');
    else router.push(`/documents/${id}`);
  }

  return (
    <Card className="overflow-hidden" data-testid="document-list">
      <div className="grid gap-3 border-b border-border px-5 py-3.5">
        <div className="flex flex-wrap items-center gap-2">
          <div className="relative min-w-56 flex-1">
            <Search className="pointer-events-none absolute top-1/2 left-2.5 size-4 -translate-y-1/2 text-subtle-foreground" aria-hidden="true" />
            <Input
              type="search"
              value={search}
              onChange={(e) => setSearch(e.target.value)}
              placeholder="Search filenames and document text"
              aria-label="Search documents"
              className="pl-8"
              maxLength={200}
            />
          </div>
          <Select value={filters.type || 'all'} onValueChange={(v) => setFilters({ type: v === 'all' ? '' : v })}>
            <SelectTrigger className="w-52" aria-label="Document type">
              <SelectValue />
            </SelectTrigger>
            <SelectContent>
              <SelectItem value="all">All types</SelectItem>
              {VAULT_DOCUMENT_TYPES.map((t) => (
                <SelectItem key={t} value={t}>
                  {DOCUMENT_TYPE_LABELS[t]}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
          <SkuPicker
            className="w-60"
            label="Filter by SKU"
            placeholder="All SKUs"
            value={filters.sku ? (skuLabel ?? { id: filters.sku, sku_code: '…', product_name: '' }) : null}
            onChange={(s) => setFilters({ sku: s?.id ?? '' })}
          />
        </div>
        <div className="flex flex-wrap items-center gap-1.5" role="group" aria-label="Filter by status">
          <span className="mr-1 text-xs font-medium text-muted-foreground">Show only</span>
          {DOCUMENT_STATUS_FILTERS.map((s) => {
            const on = filters.status === s;
            return (
              <button
                key={s}
                type="button"
                aria-pressed={on}
                title={STATUS_FILTER_HINTS[s]}
                onClick={() => setFilters({ status: on ? '' : s })}
                className={cn(
                  'h-7 rounded-full border px-2.5 text-xs font-medium transition-colors',
                  on
                    ? s === 'expired'
                      ? 'border-danger/40 bg-danger-soft text-danger-soft-foreground'
                      : 'border-primary bg-primary-soft text-primary-soft-foreground'
                    : 'border-border bg-surface text-muted-foreground hover:border-border-strong hover:text-foreground',
                )}
              >
                {STATUS_FILTER_LABELS[s]}
              </button>
            );
          })}
          {filtered ? (
            <Button variant="ghost" size="sm" className="ml-auto h-7 text-xs" onClick={clearAll}>
              <X aria-hidden="true" />
              Clear filters
            </Button>
          ) : null}
        </div>
      </div>

      {error ? (
        <div className="p-5">
          <Alert variant="danger" title="The documents could not be loaded">
            {error.message}
          </Alert>
        </div>
      ) : null}

      <Table aria-busy={loading || undefined} aria-label="Documents" data-loading={loading || undefined}>
        <TableHeader>
          <TableRow className="hover:bg-transparent">
            <TableHead>File</TableHead>
            <TableHead>Type</TableHead>
            <TableHead>Language</TableHead>
            <TableHead>SKUs</TableHead>
            <TableHead>Valid until</TableHead>
            <TableHead className="text-right">Size</TableHead>
            <TableHead>Uploaded</TableHead>
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
                      <Link href={`/documents/${d.id}`} className="truncate font-medium text-foreground hover:text-primary hover:underline" title={d.filename}>
                        {d.filename}
                      </Link>
                      {d.is_public ? <Badge variant="info">Public</Badge> : null}
                    </div>
                  </TableCell>
                  <TableCell>
                    <div className="flex flex-wrap items-center gap-1.5">
                      <TypeSelect document={d} onChanged={replaceRow} />
                      {isTypePending(d) ? (
                        <PendingTypeBadge />
                      ) : d.classification_source === 'manual' ? (
                        <ManualBadge />
                      ) : typeof d.classification_confidence === 'number' ? (
                        <ConfidenceText value={d.classification_confidence} />
                      ) : null}
                      {d.diagnostic && d.classification_source !== 'manual' && !isTypePending(d) ? <DiagnosticBadge diagnostic={d.diagnostic} /> : null}
                      {d.artifact_kind === 'product_data' ? <Badge variant="violet">product data</Badge> : null}
                    </div>
                  </TableCell>
                  <TableCell className="whitespace-nowrap text-muted-foreground">{d.detected_language ? languageName(d.detected_language, 'en') : '—'}</TableCell>
                  <TableCell>
                    <SkuChips skus={d.skus ?? []} />
                  </TableCell>
                  <TableCell>
                    <Validity doc={d} />
                  </TableCell>
                  <TableCell className="text-right whitespace-nowrap text-muted-foreground tabular-nums">{formatBytes(d.size_bytes)}</TableCell>
                  <TableCell>
                    <time dateTime={d.created_at} title={formatDate(d.created_at)} className="whitespace-nowrap text-muted-foreground">
                      {formatRelative(d.created_at)}
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
            title="No documents match these filters"
            description="Try another search term, or clear the filters to see the whole vault."
            actions={
              <Button variant="secondary" size="sm" onClick={clearAll}>
                Clear filters
              </Button>
            }
          />
        ) : (
          <EmptyState
            compact
            icon={FileText}
            title="The vault is empty"
            description="Drop declarations, test reports, safety data sheets, manuals, e-mails or whole ZIP bundles from suppliers above. Each file is classified and its facts extracted with page references."
            data-testid="documents-empty"
          />
        )
      ) : null}

      {rows.length > 0 ? (
        <div className="flex items-center justify-between gap-3 border-t border-border bg-surface-muted/40 px-5 py-2.5 text-xs text-muted-foreground">
          <span>
            {rows.length} document{rows.length === 1 ? '' : 's'} shown{hasMore ? ', more available' : ''}
          </span>
          {hasMore ? (
            <Button variant="secondary" size="sm" onClick={loadMore} loading={loadingMore} data-testid="load-more">
              Load {PAGE_SIZE} more
            </Button>
          ) : null}
        </div>
      ) : null}
    </Card>
  );
}
