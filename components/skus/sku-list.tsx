'use client';

import * as React from 'react';
import dynamic from 'next/dynamic';
import Link from 'next/link';
import { usePathname, useRouter, useSearchParams } from 'next/navigation';
import {
  createColumnHelper,
  flexRender,
  getCoreRowModel,
  useReactTable,
  type SortingState,
} from '@tanstack/react-table';
import { ArrowDown, ArrowUp, ArrowUpDown, Boxes, Plus, SearchX, Upload } from 'lucide-react';
import { useDashboard } from '@/components/api/queries/resources';
import { useCursorList } from '@/components/api/queries/use-cursor-list';
import { FilterChip, ListFooter, ListToolbar } from '@/components/ui/list-toolbar';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { PageHeader } from '@/components/ui/page-header';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { Skeleton } from '@/components/ui/skeleton';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { SimpleTooltip } from '@/components/ui/tooltip';
import { formatDate, formatRelative } from '@/components/format';
import { cn } from '@/lib/utils/cn';
import { CATEGORY_OPTIONS, STATUS_LABELS, categoryLabel } from './labels';
import { SkuTableExportBar } from '@/components/exports/sku-table-export';
import { SkuSelectionBar, skuSelectColumn } from './sku-list-selection';
import { BlockerBadge, StatusPill } from './status';
import { SKU_SORTS, SKU_STATUSES, type Sku, type SkuList as SkuPage, type SkuSort, type SkuStatus } from './types';
import { SKU_PAGE_SIZE as PAGE_SIZE, readSkuFilters, skuFiltersToQuery, type SkuFilters } from './list-filters';
import { RoleGate } from '@/components/team/role-gate';

const CREATE_SKU = { operationId: 'createSku', method: 'POST', path: '/api/skus' } as const;
const IMPORT_SKUS = { operationId: 'importSkus', method: 'POST', path: '/api/import' } as const;

// The form (zod, react-hook-form) loads when "New SKU" is first pressed, not with the list.
const NewSkuDialog = dynamic(() => import('./new-sku-dialog').then((m) => m.NewSkuDialog), { ssr: false });

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

// On a phone the table keeps code, product, status and blockers; the other columns come back from md up.
const PHONE_HIDDEN = { phoneHidden: true };
const phoneClass = (meta: unknown) => {
  const hidden = (meta as { phoneHidden?: boolean | 'sm' } | undefined)?.phoneHidden;
  return hidden === 'sm' ? 'hidden sm:table-cell' : hidden ? 'hidden md:table-cell' : undefined;
};

function SortHeader({
  label,
  columnId,
  sort,
  onSort,
  sortable = true,
}: {
  label: string;
  columnId: string;
  sort: SkuSort;
  onSort: (s: SkuSort) => void;
  sortable?: boolean;
}) {
  if (!sortable) return <>{label}</>;
  const active = SORT_COLUMN[sort].id === columnId;
  const Icon = !active ? ArrowUpDown : SORT_COLUMN[sort].desc ? ArrowDown : ArrowUp;
  return (
    <button
      type="button"
      onClick={() => onSort(nextSort(columnId, sort))}
      className={cn(
        '-mx-1 inline-flex items-center gap-1 rounded px-1 py-0.5 hover:text-foreground',
        active && 'text-foreground',
      )}
      aria-label={`Sort by ${label}`}
    >
      {label}
      <Icon className={cn('size-3.5', !active && 'opacity-50')} aria-hidden="true" />
    </button>
  );
}

/**
 * One chip per status with the workspace's count (the workspace as a whole, not the current search). Its
 * own component: the counts arrive after the rows, and only the chips render again then, not the table.
 */
function StatusChips({ on, onToggle }: { on: SkuStatus[]; onToggle: (s: SkuStatus) => void }) {
  const dashboard = useDashboard();
  const counts = new Map((dashboard.data?.by_status ?? []).map((b) => [b.status, b.count]));
  return SKU_STATUSES.map((s) => (
    <FilterChip key={s} on={on.includes(s)} onClick={() => onToggle(s)}>
      {STATUS_LABELS[s]}
      {counts.has(s) ? <span className="ml-1.5 font-normal tabular-nums">{counts.get(s)}</span> : null}
    </FilterChip>
  ));
}

/**
 * The SKU list: server-side search, filters, sort and cursor paging; state lives in the URL. `firstPage`
 * is the first page the server page read for the URL it rendered (`params`, the list's query string).
 */
export function SkuList({
  skuLimit,
  firstPage,
}: {
  skuLimit: number | null;
  firstPage?: { params: string; page: SkuPage; at: number };
}) {
  const router = useRouter();
  const pathname = usePathname();
  const params = useSearchParams();
  const filters = React.useMemo(() => readSkuFilters(new URLSearchParams(params?.toString() ?? '')), [params]);
  const queryString = skuFiltersToQuery(filters).toString();

  const list = useCursorList<Sku>('/api/skus', queryString, {
    pageSize: PAGE_SIZE,
    initialPage: firstPage?.params === queryString ? firstPage : undefined,
  });
  const { rows, loading, error } = list;
  const [creating, setCreating] = React.useState(false);
  // The dialog mounts on first use and stays (its closing animation, its chunk loaded once).
  const [createMounted, setCreateMounted] = React.useState(false);
  const startCreate = () => {
    setCreateMounted(true);
    setCreating(true);
  };
  const [rowSelection, setRowSelection] = React.useState<Record<string, boolean>>({});
  // A selection belongs to the rows it was made on: another search or filter starts a new one.
  const [selectionFor, setSelectionFor] = React.useState(queryString);
  if (selectionFor !== queryString) {
    setSelectionFor(queryString);
    setRowSelection({});
  }
  const clearSelection = React.useCallback(() => setRowSelection({}), []);

  // The URL changes in place (Next's router follows history.replaceState): the rows come from the query
  // layer, so a filter change asks the API once and does not render the server page again.
  const setFilters = React.useCallback(
    (patch: Partial<SkuFilters>) => {
      const next = skuFiltersToQuery({ ...filters, ...patch }).toString();
      window.history.replaceState(null, '', next ? `${pathname}?${next}` : (pathname ?? '/skus'));
    },
    [filters, pathname],
  );
  const onQuery = React.useCallback((q: string) => setFilters({ q }), [setFilters]);
  const clearAll = () => window.history.replaceState(null, '', pathname ?? '/skus');

  const sorting: SortingState = [SORT_COLUMN[filters.sort]];
  const onSort = React.useCallback((s: SkuSort) => setFilters({ sort: s }), [setFilters]);

  const columns = React.useMemo(
    () => [
      skuSelectColumn(),
      col.accessor('sku_code', {
        header: () => <SortHeader label="SKU code" columnId="sku_code" sort={filters.sort} onSort={onSort} />,
        cell: (c) => (
          <>
            <Link
              href={`/skus/${c.row.original.id}`}
              className="font-mono text-[0.8125rem] font-medium text-foreground hover:text-primary hover:underline"
              data-testid="sku-row-link"
            >
              {c.getValue()}
            </Link>
            {/* On a phone the product column is hidden: its name goes under the code. */}
            <span className="line-clamp-2 max-w-36 text-xs text-muted-foreground sm:hidden">
              {c.row.original.product_name}
            </span>
          </>
        ),
      }),
      col.accessor('product_name', {
        header: 'Product',
        meta: { phoneHidden: 'sm' },
        cell: (c) => <span className="line-clamp-2 min-w-40 text-foreground">{c.getValue()}</span>,
      }),
      col.accessor('gtin', {
        header: 'GTIN',
        meta: PHONE_HIDDEN,
        cell: (c) =>
          c.getValue() ? (
            <span className="font-mono text-xs text-muted-foreground tabular-nums">{c.getValue()}</span>
          ) : (
            <span className="text-subtle-foreground">—</span>
          ),
      }),
      col.accessor('category_code', {
        header: 'Category',
        meta: PHONE_HIDDEN,
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
        cell: (c) => (
          <BlockerBadge blockers={c.row.original.blocker_count ?? 0} warnings={c.row.original.warning_count ?? 0} />
        ),
      }),
      col.accessor('created_at', {
        meta: PHONE_HIDDEN,
        header: () => <SortHeader label="Created" columnId="created_at" sort={filters.sort} onSort={onSort} />,
        cell: (c) => (
          // The server renders the first page: its clock and time zone may word this a little differently.
          <time
            dateTime={c.getValue()}
            title={formatDate(c.getValue())}
            className="whitespace-nowrap text-muted-foreground"
            suppressHydrationWarning
          >
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
  const showFirstRun = !loading && !error && rows.length === 0 && !filtered;

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
              <Button onClick={startCreate} data-testid="new-sku">
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
                  <Button variant="secondary" onClick={startCreate}>
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
          <ListToolbar
            query={filters.q}
            onQuery={onQuery}
            searchLabel="Search SKUs"
            placeholder="Code, name, GTIN, manufacturer or brand"
            filtered={filtered}
            onClear={clearAll}
            controls={
              <>
                <Select
                  value={filters.category || 'all'}
                  onValueChange={(v) => setFilters({ category: v === 'all' ? '' : v })}
                >
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
                <SkuTableExportBar
                  selectedIds={Object.keys(rowSelection).filter((k) => rowSelection[k])}
                  filters={{
                    q: filters.q || undefined,
                    status: filters.statuses,
                    has_blockers: filters.hasBlockers ? 'true' : undefined,
                    category_code: filters.category || undefined,
                    sort: filters.sort,
                  }}
                />
              </>
            }
            chipsLabel="Filter by status"
            chips={
              <>
                <span className="mr-1 text-xs font-medium text-muted-foreground">Status</span>
                <StatusChips on={filters.statuses} onToggle={toggleStatus} />
                <span className="mx-1 h-4 w-px bg-border" aria-hidden="true" />
                <FilterChip
                  on={filters.hasBlockers}
                  tone="danger"
                  onClick={() => setFilters({ hasBlockers: !filters.hasBlockers })}
                >
                  Has blockers
                </FilterChip>
              </>
            }
          />

          {error ? (
            <div className="p-5">
              <Alert variant="danger" title="The SKUs could not be loaded">
                {error.message}
              </Alert>
            </div>
          ) : null}

          <SkuSelectionBar
            selected={rows.filter((r) => rowSelection[r.id])}
            onClear={clearSelection}
            loadedCount={rows.length}
            filter={{
              q: filters.q.trim() || undefined,
              status: filters.statuses.length ? filters.statuses : undefined,
              has_blockers: filters.hasBlockers ? 'true' : undefined,
              category_code: filters.category || undefined,
            }}
          />

          <Table aria-busy={loading || list.stale || undefined} data-testid="sku-table">
            <TableHeader>
              {table.getHeaderGroups().map((hg) => (
                <TableRow key={hg.id} className="hover:bg-transparent">
                  {hg.headers.map((h) => (
                    <TableHead
                      key={h.id}
                      aria-sort={
                        SORT_COLUMN[filters.sort].id === h.column.id
                          ? SORT_COLUMN[filters.sort].desc
                            ? 'descending'
                            : 'ascending'
                          : undefined
                      }
                      className={phoneClass(h.column.columnDef.meta)}
                    >
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
                      className={cn('cursor-pointer', list.stale && 'opacity-60')}
                      data-testid="sku-row"
                      data-sku-code={row.original.sku_code}
                    >
                      {row.getVisibleCells().map((cell) => (
                        <TableCell key={cell.id} className={phoneClass(cell.column.columnDef.meta)}>
                          {flexRender(cell.column.columnDef.cell, cell.getContext())}
                        </TableCell>
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
                <Button variant="secondary" size="sm" onClick={clearAll}>
                  Clear filters
                </Button>
              }
            />
          ) : null}

          <ListFooter
            count={rows.length}
            noun={['SKU', 'SKUs']}
            hasMore={list.hasMore}
            onMore={list.loadMore}
            loadingMore={list.loadingMore}
            moreLabel={`Load ${PAGE_SIZE} more`}
            extra={skuLimit !== null ? ` · plan allows ${skuLimit}` : ''}
          />
        </Card>
      )}

      {createMounted ? (
        <NewSkuDialog
          open={creating}
          onOpenChange={setCreating}
          onCreated={(sku) => {
            setCreating(false);
            router.push(`/skus/${sku.id}`);
          }}
        />
      ) : null}
    </>
  );
}
