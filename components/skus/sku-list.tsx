'use client';

import * as React from 'react';
import Link from 'next/link';
import { usePathname, useRouter, useSearchParams } from 'next/navigation';
import { createColumnHelper, flexRender, getCoreRowModel, useReactTable, type SortingState } from '@tanstack/react-table';
import { ArrowDown, ArrowUp, ArrowUpDown, Boxes, Plus, Search, SearchX, Upload, X } from 'lucide-react';
import { ApiError, apiFetch } from '@/components/api/client';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { Input } from '@/components/ui/input';
import { PageHeader } from '@/components/ui/page-header';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { Skeleton } from '@/components/ui/skeleton';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { SimpleTooltip } from '@/components/ui/tooltip';
import { formatDate, formatRelative } from '@/components/format';
import { cn } from '@/lib/utils/cn';
import { CATEGORY_OPTIONS, STATUS_LABELS, categoryLabel } from './labels';
import { NewSkuDialog } from './new-sku-dialog';
import { SkuTableExportBar, selectColumn } from '@/components/exports/sku-table-export';
import { useDebouncedValue } from './request';
import { useJson } from './sku-context';
import { BlockerBadge, StatusPill } from './status';
import { SKU_SORTS, SKU_STATUSES, type DashboardData, type Sku, type SkuList as SkuListBody, type SkuSort, type SkuStatus } from './types';
import { RoleGate } from '@/components/team/role-gate';

const CREATE_SKU = { operationId: 'createSku', method: 'POST', path: '/api/skus' } as const;
const IMPORT_SKUS = { operationId: 'importSkus', method: 'POST', path: '/api/import' } as const;

const PAGE_SIZE = 50;

interface Filters {
  q: string;
  statuses: SkuStatus[];
  hasBlockers: boolean;
  category: string;
  sort: SkuSort;
}

function readFilters(params: URLSearchParams): Filters {
  const statuses = params.getAll('status').filter((s): s is SkuStatus => (SKU_STATUSES as readonly string[]).includes(s));
  const sort = params.get('sort');
  return {
    q: params.get('q') ?? '',
    statuses,
    hasBlockers: params.get('has_blockers') === 'true',
    category: params.get('category_code') ?? '',
    sort: sort && (SKU_SORTS as readonly string[]).includes(sort) ? (sort as SkuSort) : 'created_desc',
  };
}

function filtersToQuery(f: Filters): URLSearchParams {
  const p = new URLSearchParams();
  if (f.q.trim()) p.set('q', f.q.trim());
  for (const s of f.statuses) p.append('status', s);
  if (f.hasBlockers) p.set('has_blockers', 'true');
  if (f.category) p.set('category_code', f.category);
  if (f.sort !== 'created_desc') p.set('sort', f.sort);
  return p;
}

const SORT_LABELS: Record<SkuSort, string> = {
  created_desc: 'Newest first',
  created_asc: 'Oldest first',
  code_asc: 'SKU code A–Z',
  code_desc: 'SKU code Z–A',
  blockers_desc: 'Most blockers first',
};

/** Which column a sort belongs to, and the sort a click on that column's header moves to. */
const SORT_COLUMN: Record<SkuSort, { id: string; desc: boolean }> = {
  created_desc: { id: 'created_at', desc: true },
  created_asc: { id: 'created_at', desc: false },
  code_asc: { id: 'sku_code', desc: false },
  code_desc: { id: 'sku_code', desc: true },
  blockers_desc: { id: 'blockers', desc: true },
};

function nextSort(columnId: string, current: SkuSort): SkuSort {
  if (columnId === 'sku_code') return current === 'code_asc' ? 'code_desc' : 'code_asc';
  if (columnId === 'created_at') return current === 'created_desc' ? 'created_asc' : 'created_desc';
  return 'blockers_desc';
}

const col = createColumnHelper<Sku>();

function SortHeader({ label, columnId, sort, onSort, sortable = true }: { label: string; columnId: string; sort: SkuSort; onSort: (s: SkuSort) => void; sortable?: boolean }) {
  if (!sortable) return <>{label}</>;
  const active = SORT_COLUMN[sort].id === columnId;
  const Icon = !active ? ArrowUpDown : SORT_COLUMN[sort].desc ? ArrowDown : ArrowUp;
  return (
    <button
      type="button"
      onClick={() => onSort(nextSort(columnId, sort))}
      className={cn('-mx-1 inline-flex items-center gap-1 rounded px-1 py-0.5 hover:text-foreground', active && 'text-foreground')}
      aria-label={`Sort by ${label}`}
    >
      {label}
      <Icon className={cn('size-3.5', !active && 'opacity-50')} aria-hidden="true" />
    </button>
  );
}

/** The SKU list: server-side search, filters, sort and cursor paging; state lives in the URL. */
export function SkuList({ skuLimit }: { skuLimit: number | null }) {
  const router = useRouter();
  const pathname = usePathname();
  const params = useSearchParams();
  const filters = React.useMemo(() => readFilters(new URLSearchParams(params?.toString() ?? '')), [params]);
  const queryString = filtersToQuery(filters).toString();

  const [search, setSearch] = React.useState(filters.q);
  const debouncedSearch = useDebouncedValue(search, 300);
  const [rows, setRows] = React.useState<Sku[]>([]);
  const [cursor, setCursor] = React.useState<string | null>(null);
  const [hasMore, setHasMore] = React.useState(false);
  const [loading, setLoading] = React.useState(true);
  const [loadingMore, setLoadingMore] = React.useState(false);
  const [error, setError] = React.useState<ApiError | null>(null);
  const [creating, setCreating] = React.useState(false);
  const [everHadRows, setEverHadRows] = React.useState<boolean | null>(null);
  const [rowSelection, setRowSelection] = React.useState<Record<string, boolean>>({});
  // Counts per status for the filter chips (the workspace as a whole, not the current search).
  const dashboard = useJson<DashboardData>('/api/dashboard');
  const statusCounts = new Map((dashboard.data?.by_status ?? []).map((b) => [b.status, b.count]));

  const setFilters = React.useCallback(
    (patch: Partial<Filters>) => {
      const next = filtersToQuery({ ...filters, ...patch }).toString();
      router.replace(next ? `${pathname}?${next}` : (pathname ?? '/skus'), { scroll: false });
    },
    [filters, pathname, router],
  );

  // Typing updates the URL once the user pauses; the URL drives the request. Only a change of the
  // settled text pushes (not a URL change), so "Clear filters" is not undone by a late keystroke.
  const lastPushed = React.useRef(debouncedSearch);
  React.useEffect(() => {
    if (lastPushed.current === debouncedSearch) return;
    lastPushed.current = debouncedSearch;
    if (debouncedSearch.trim() !== filters.q) setFilters({ q: debouncedSearch });
  }, [debouncedSearch, filters.q, setFilters]);

  const fetchPage = React.useCallback(
    async (after: string | null, signal?: AbortSignal) => {
      const p = new URLSearchParams(queryString);
      p.set('limit', String(PAGE_SIZE));
      if (after) p.set('cursor', after);
      return apiFetch<SkuListBody>(`/api/skus?${p.toString()}`, { signal });
    },
    [queryString],
  );

  React.useEffect(() => {
    const ac = new AbortController();
    const run = async () => {
      setLoading(true);
      try {
        const body = await fetchPage(null, ac.signal);
        if (ac.signal.aborted) return;
        setRows(body.data);
        setCursor(body.next_cursor ?? null);
        setHasMore(body.has_more);
        setError(null);
        if (body.data.length > 0) setEverHadRows(true);
        else if (!queryString) setEverHadRows(false);
      } catch (e) {
        if (ac.signal.aborted) return;
        if (e instanceof ApiError && e.isAuthLoss) {
          router.replace('/sign-in');
          return;
        }
        setError(e instanceof ApiError ? e : new ApiError({ status: 0, code: 'UNKNOWN', message: 'The SKUs could not be loaded.' }));
      } finally {
        if (!ac.signal.aborted) setLoading(false);
      }
    };
    void run();
    return () => ac.abort();
  }, [fetchPage, queryString, router]);

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

  const sorting: SortingState = [SORT_COLUMN[filters.sort]];
  const onSort = React.useCallback((s: SkuSort) => setFilters({ sort: s }), [setFilters]);

  const columns = React.useMemo(
    () => [
      selectColumn<Sku>(),
      col.accessor('sku_code', {
        header: () => <SortHeader label="SKU code" columnId="sku_code" sort={filters.sort} onSort={onSort} />,
        cell: (c) => (
          <Link href={`/skus/${c.row.original.id}`} className="font-mono text-[0.8125rem] font-medium text-foreground hover:text-primary hover:underline" data-testid="sku-row-link">
            {c.getValue()}
          </Link>
        ),
      }),
      col.accessor('product_name', {
        header: 'Product',
        cell: (c) => <span className="line-clamp-2 min-w-40 text-foreground">{c.getValue()}</span>,
      }),
      col.accessor('gtin', {
        header: 'GTIN',
        cell: (c) => (c.getValue() ? <span className="font-mono text-xs text-muted-foreground tabular-nums">{c.getValue()}</span> : <span className="text-subtle-foreground">—</span>),
      }),
      col.accessor('category_code', {
        header: 'Category',
        cell: (c) => (
          <span className="whitespace-nowrap text-muted-foreground">
            {categoryLabel(c.getValue())}
            {c.row.original.category_defaulted ? (
              <SimpleTooltip content="No category was given, so the general GPSR profile applies.">
                <span className="ml-1 text-xs text-subtle-foreground">(default)</span>
              </SimpleTooltip>
            ) : null}
          </span>
        ),
      }),
      col.accessor('status', {
        header: 'Status',
        cell: (c) => <StatusPill status={c.getValue()} />,
      }),
      col.display({
        id: 'blockers',
        header: () => <SortHeader label="Blockers" columnId="blockers" sort={filters.sort} onSort={onSort} />,
        cell: (c) => <BlockerBadge blockers={c.row.original.blocker_count ?? 0} warnings={c.row.original.warning_count ?? 0} />,
      }),
      col.accessor('created_at', {
        header: () => <SortHeader label="Created" columnId="created_at" sort={filters.sort} onSort={onSort} />,
        cell: (c) => (
          <time dateTime={c.getValue()} title={formatDate(c.getValue())} className="whitespace-nowrap text-muted-foreground">
            {formatRelative(c.getValue())}
          </time>
        ),
      }),
    ],
    [filters.sort, onSort],
  );

  const table = useReactTable({
    data: rows,
    columns,
    state: { sorting, rowSelection },
    enableRowSelection: true,
    onRowSelectionChange: setRowSelection,
    manualSorting: true,
    manualPagination: true,
    manualFiltering: true,
    getCoreRowModel: getCoreRowModel(),
    getRowId: (r) => r.id,
  });

  const filtered = Boolean(queryString);
  const showFirstRun = !loading && !error && rows.length === 0 && !filtered && everHadRows === false;

  function openRow(e: React.MouseEvent, id: string) {
    if ((e.target as HTMLElement).closest('a,button')) return;
    if (e.metaKey || e.ctrlKey) window.open(`/skus/${id}`, '_blank', 'noopener');
    else router.push(`/skus/${id}`);
  }

  function toggleStatus(s: SkuStatus) {
    const has = filters.statuses.includes(s);
    setFilters({ statuses: has ? filters.statuses.filter((x) => x !== s) : [...filters.statuses, s] });
  }

  return (
    <>
      <PageHeader
        title="SKUs"
        description="Every product you place on the EU market, with its dossier, blockers, approval and public safety page."
        actions={
          <>
            <RoleGate need={IMPORT_SKUS}>
              <Button asChild variant="secondary">
                <Link href="/imports">
                  <Upload aria-hidden="true" />
                  Import catalogue
                </Link>
              </Button>
            </RoleGate>
            <RoleGate need={CREATE_SKU} showReason>
              <Button onClick={() => setCreating(true)} data-testid="new-sku">
                <Plus aria-hidden="true" />
                New SKU
              </Button>
            </RoleGate>
          </>
        }
      />

      {showFirstRun ? (
        <Card>
          <EmptyState
            icon={Boxes}
            title="No SKUs yet"
            description={
              <>
                Create a SKU here, or bring your whole catalogue in from a CSV or Excel export with{' '}
                <Link href="/imports" className="font-medium text-primary hover:underline">
                  Imports
                </Link>
                : you see every change before it is written.
              </>
            }
            actions={
              <>
                <RoleGate need={IMPORT_SKUS}>
                  <Button asChild>
                    <Link href="/imports">
                      <Upload aria-hidden="true" />
                      Import a catalogue
                    </Link>
                  </Button>
                </RoleGate>
                <RoleGate need={CREATE_SKU}>
                  <Button variant="secondary" onClick={() => setCreating(true)}>
                    <Plus aria-hidden="true" />
                    Create one SKU
                  </Button>
                </RoleGate>
              </>
            }
            data-testid="skus-empty"
          />
        </Card>
      ) : (
        <Card className="overflow-hidden">
          <div className="grid gap-3 border-b border-border px-5 py-3.5">
            <div className="flex flex-wrap items-center gap-2">
              <div className="relative min-w-56 flex-1">
                <Search className="pointer-events-none absolute top-1/2 left-2.5 size-4 -translate-y-1/2 text-subtle-foreground" aria-hidden="true" />
                <Input
                  type="search"
                  value={search}
                  onChange={(e) => setSearch(e.target.value)}
                  placeholder="Search by SKU code, product name or GTIN"
                  aria-label="Search SKUs"
                  className="pl-8"
                  maxLength={200}
                />
              </div>
              <Select value={filters.category || 'all'} onValueChange={(v) => setFilters({ category: v === 'all' ? '' : v })}>
                <SelectTrigger className="w-48" aria-label="Category">
                  <SelectValue />
                </SelectTrigger>
                <SelectContent>
                  <SelectItem value="all">All categories</SelectItem>
                  {CATEGORY_OPTIONS.map((c) => (
                    <SelectItem key={c.code} value={c.code}>
                      {c.label}
                    </SelectItem>
                  ))}
                </SelectContent>
              </Select>
              <Select value={filters.sort} onValueChange={(v) => setFilters({ sort: v as SkuSort })}>
                <SelectTrigger className="w-48" aria-label="Sort">
                  <SelectValue />
                </SelectTrigger>
                <SelectContent>
                  {SKU_SORTS.map((s) => (
                    <SelectItem key={s} value={s}>
                      {SORT_LABELS[s]}
                    </SelectItem>
                  ))}
                </SelectContent>
              </Select>
              <SkuTableExportBar selectedIds={Object.keys(rowSelection).filter((k) => rowSelection[k])} filters={{ q: filters.q || undefined, status: filters.statuses, has_blockers: filters.hasBlockers ? 'true' : undefined, category_code: filters.category || undefined, sort: filters.sort }} />
            </div>
            <div className="flex flex-wrap items-center gap-1.5" role="group" aria-label="Filter by status">
              <span className="mr-1 text-xs font-medium text-muted-foreground">Status</span>
              {SKU_STATUSES.map((s) => {
                const on = filters.statuses.includes(s);
                return (
                  <button
                    key={s}
                    type="button"
                    aria-pressed={on}
                    onClick={() => toggleStatus(s)}
                    className={cn(
                      'h-7 rounded-full border px-2.5 text-xs font-medium transition-colors',
                      on ? 'border-primary bg-primary-soft text-primary-soft-foreground' : 'border-border bg-surface text-muted-foreground hover:border-border-strong hover:text-foreground',
                    )}
                  >
                    {STATUS_LABELS[s]}
                    {statusCounts.has(s) ? <span className="ml-1.5 tabular-nums opacity-70">{statusCounts.get(s)}</span> : null}
                  </button>
                );
              })}
              <span className="mx-1 h-4 w-px bg-border" aria-hidden="true" />
              <button
                type="button"
                aria-pressed={filters.hasBlockers}
                onClick={() => setFilters({ hasBlockers: !filters.hasBlockers })}
                className={cn(
                  'h-7 rounded-full border px-2.5 text-xs font-medium transition-colors',
                  filters.hasBlockers ? 'border-danger/40 bg-danger-soft text-danger-soft-foreground' : 'border-border bg-surface text-muted-foreground hover:border-border-strong hover:text-foreground',
                )}
              >
                Has blockers
              </button>
              {filtered ? (
                <Button
                  variant="ghost"
                  size="sm"
                  className="ml-auto h-7 text-xs"
                  onClick={() => {
                    setSearch('');
                    router.replace(pathname ?? '/skus', { scroll: false });
                  }}
                >
                  <X aria-hidden="true" />
                  Clear filters
                </Button>
              ) : null}
            </div>
          </div>

          {error ? (
            <div className="p-5">
              <Alert variant="danger" title="The SKUs could not be loaded">
                {error.message}
              </Alert>
            </div>
          ) : null}

          <Table aria-busy={loading || undefined} data-testid="sku-table">
            <TableHeader>
              {table.getHeaderGroups().map((hg) => (
                <TableRow key={hg.id} className="hover:bg-transparent">
                  {hg.headers.map((h) => (
                    <TableHead key={h.id} aria-sort={SORT_COLUMN[filters.sort].id === h.column.id ? (SORT_COLUMN[filters.sort].desc ? 'descending' : 'ascending') : undefined}>
                      {h.isPlaceholder ? null : flexRender(h.column.columnDef.header, h.getContext())}
                    </TableHead>
                  ))}
                </TableRow>
              ))}
            </TableHeader>
            <TableBody>
              {loading && rows.length === 0
                ? Array.from({ length: 6 }, (_, i) => (
                    <TableRow key={`sk-${i}`}>
                      {columns.map((_, j) => (
                        <TableCell key={j}>
                          <Skeleton className={cn('h-4', j === 1 ? 'w-48' : 'w-20')} />
                        </TableCell>
                      ))}
                    </TableRow>
                  ))
                : table.getRowModel().rows.map((row) => (
                    <TableRow
                      key={row.id}
                      onClick={(e) => openRow(e, row.original.id)}
                      className={cn('cursor-pointer', loading && 'opacity-60')}
                      data-testid="sku-row"
                      data-sku-code={row.original.sku_code}
                    >
                      {row.getVisibleCells().map((cell) => (
                        <TableCell key={cell.id}>{flexRender(cell.column.columnDef.cell, cell.getContext())}</TableCell>
                      ))}
                    </TableRow>
                  ))}
            </TableBody>
          </Table>

          {!loading && !error && rows.length === 0 ? (
            <EmptyState
              compact
              icon={SearchX}
              title="No SKUs match these filters"
              description="Try another search term, or clear the filters to see every SKU."
              actions={
                <Button
                  variant="secondary"
                  size="sm"
                  onClick={() => {
                    setSearch('');
                    router.replace(pathname ?? '/skus', { scroll: false });
                  }}
                >
                  Clear filters
                </Button>
              }
            />
          ) : null}

          {rows.length > 0 ? (
            <div className="flex items-center justify-between gap-3 border-t border-border bg-surface-muted/40 px-5 py-2.5 text-xs text-muted-foreground">
              <span>
                {rows.length} SKU{rows.length === 1 ? '' : 's'} shown{hasMore ? ', more available' : ''}
                {skuLimit !== null ? ` · plan allows ${skuLimit}` : ''}
              </span>
              {hasMore ? (
                <Button variant="secondary" size="sm" onClick={loadMore} loading={loadingMore} data-testid="load-more">
                  Load {PAGE_SIZE} more
                </Button>
              ) : null}
            </div>
          ) : null}
        </Card>
      )}

      <NewSkuDialog
        open={creating}
        onOpenChange={setCreating}
        onCreated={(sku) => {
          setCreating(false);
          router.push(`/skus/${sku.id}`);
        }}
      />
    </>
  );
}
