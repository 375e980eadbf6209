'use client';

import * as React from 'react';
import dynamic from 'next/dynamic';
import Link from 'next/link';
import { usePathname, useRouter, useSearchParams } from 'next/navigation';
import { ArrowDown, ArrowUp, ArrowUpDown, Boxes, ChevronDown, Plus, SearchX, Upload } from 'lucide-react';
import { useDashboard } from '@/components/api/queries/resources';
import { useCursorList } from '@/components/api/queries/use-cursor-list';
import { FilterChip, ListFooter, ListToolbar } from '@/components/ui/list-toolbar';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { PageHeader } from '@/components/ui/page-header';
import { Skeleton } from '@/components/ui/skeleton';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { SimpleTooltip } from '@/components/ui/tooltip';
import { useFormat, useT } from '@/components/i18n/locale-provider';
import { cn } from '@/lib/utils/cn';
import { useStatusLabel } from './status';
import { useCategoryLabel, useCategoryOptions } from './use-category-label';
import { SkuTableExportBar } from '@/components/exports/sku-table-export';
import { SelectAllBox, SelectRowBox, SkuSelectionBar } from './sku-list-selection';
import { BlockerBadge, StatusPill } from './status';
import { SKU_SORTS, SKU_STATUSES, type Sku, type SkuList as SkuPage, type SkuSort, type SkuStatus } from './types';
import { SKU_PAGE_SIZE as PAGE_SIZE, readSkuFilters, skuFiltersToQuery, type SkuFilters } from './list-filters';
import { RoleGate } from '@/components/team/role-gate';
import type { T } from '@/lib/i18n/ui';
import { uiKitMessages } from '@/lib/i18n/ui/ui-kit';
import { skuListMessages } from '@/lib/i18n/ui/sku-list';

const CREATE_SKU = { operationId: 'createSku', method: 'POST', path: '/api/skus' } as const;
const IMPORT_SKUS = { operationId: 'importSkus', method: 'POST', path: '/api/import' } as const;

// The form (zod, react-hook-form) loads when "New SKU" is first pressed, not with the list.
const NewSkuDialog = dynamic(() => import('./new-sku-dialog').then((m) => m.NewSkuDialog), { ssr: false });

type SkuListT = T<typeof skuListMessages.en>;

const SORT_LABELS = {
  created_desc: 'sort.created_desc',
  created_asc: 'sort.created_asc',
  code_asc: 'sort.code_asc',
  code_desc: 'sort.code_desc',
  blockers_desc: 'sort.blockers_desc',
  serious_desc: 'sort.serious_desc',
} as const satisfies Record<SkuSort, keyof typeof skuListMessages.en>;

/** Which column a sort belongs to, and the sort a click on that column's header moves to. */
const SORT_COLUMN: Record<SkuSort, { id: string; desc: boolean }> = {
  created_desc: { id: 'created_at', desc: true },
  created_asc: { id: 'created_at', desc: false },
  code_asc: { id: 'sku_code', desc: false },
  code_desc: { id: 'sku_code', desc: true },
  blockers_desc: { id: 'blockers', desc: true },
  serious_desc: { id: 'blockers', desc: true },
};

function nextSort(columnId: string, current: SkuSort): SkuSort {
  if (columnId === 'sku_code') return current === 'code_asc' ? 'code_desc' : 'code_asc';
  if (columnId === 'created_at') return current === 'created_desc' ? 'created_asc' : 'created_desc';
  // The blockers column sorts by seriousness (issue 35): one missing DoC outranks five open questions.
  return current === 'serious_desc' ? 'blockers_desc' : 'serious_desc';
}

/**
 * A column of the table: its header and how a row's cell shows. The table is plain markup (rows in,
 * cells out), so the list page ships no table library.
 */
interface SkuColumn {
  id: string;
  header: React.ReactNode;
  cell: (sku: Sku) => React.ReactNode;
  className?: string;
}

// On a phone the table keeps code, product, status and blockers; the other columns come back from md up.
const PHONE_HIDDEN = 'hidden md:table-cell';
const PHONE_HIDDEN_XS = 'hidden sm:table-cell';

function SortHeader({
  t,
  label,
  columnId,
  sort,
  onSort,
  sortable = true,
}: {
  t: SkuListT;
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
      aria-label={t('column.sort_by', { label })}
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
  const statusLabel = useStatusLabel();
  const counts = new Map((dashboard.data?.by_status ?? []).map((b) => [b.status, b.count]));
  return SKU_STATUSES.map((s) => (
    <FilterChip key={s} on={on.includes(s)} onClick={() => onToggle(s)}>
      {statusLabel(s)}
      {counts.has(s) ? <span className="ml-1.5 font-normal tabular-nums">{counts.get(s)}</span> : null}
    </FilterChip>
  ));
}

/**
 * A filter of the toolbar as a native select drawn like components/ui/select's trigger: it needs no
 * script to open, which keeps the list page's JavaScript and hydration small.
 */
function FilterSelect({
  label,
  value,
  onChange,
  children,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  children: React.ReactNode;
}) {
  return (
    <div className="relative w-48">
      <select
        aria-label={label}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        className={cn(
          'h-9 w-full cursor-pointer appearance-none rounded-md border border-input bg-surface pr-8 pl-3 text-sm text-foreground shadow-xs',
          'focus-visible:border-ring focus-visible:outline-2 focus-visible:outline-offset-0 focus-visible:outline-ring',
        )}
      >
        {children}
      </select>
      <ChevronDown
        className="pointer-events-none absolute top-1/2 right-3 size-4 -translate-y-1/2 text-muted-foreground"
        aria-hidden="true"
      />
    </div>
  );
}

/**
 * The SKU list: server-side search, filters, sort and cursor paging; state lives in the URL. `firstPage`
 * is the first page the server page read for the URL it rendered (`params`, the list's query string).
 * While the server page reads that page, `SkuListPlaceholder` stands in its place (no request of its own,
 * no live control).
 */
export function SkuList({
  skuLimit,
  firstPage,
}: {
  skuLimit: number | null;
  firstPage?: { params: string; page: SkuPage; at: number };
}) {
  const router = useRouter();
  const t = useT(skuListMessages);
  const categoryLabel = useCategoryLabel();
  const categoryOptions = useCategoryOptions();
  const tk = useT(uiKitMessages);
  const f = useFormat();
  const pathname = usePathname();
  const params = useSearchParams();
  const filters = React.useMemo(() => readSkuFilters(new URLSearchParams(params?.toString() ?? '')), [params]);
  const queryString = skuFiltersToQuery(filters).toString();

  const list = useCursorList<Sku>('/api/skus', queryString, {
    pageSize: PAGE_SIZE,
    initialPage: firstPage?.params === queryString ? firstPage : undefined,
  });
  const { error, rows, loading } = list;
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

  const onSort = React.useCallback((s: SkuSort) => setFilters({ sort: s }), [setFilters]);

  const selectedCount = rows.filter((r) => rowSelection[r.id]).length;
  const allSelected = rows.length > 0 && selectedCount === rows.length;
  const toggleAll = (on: boolean) => setRowSelection(on ? Object.fromEntries(rows.map((r) => [r.id, true])) : {});
  const toggleRow = (id: string, on: boolean) =>
    setRowSelection((was) => {
      const next = { ...was };
      if (on) next[id] = true;
      else delete next[id];
      return next;
    });

  const sortHeader = (columnId: string, label: string) => (
    <SortHeader t={t} label={label} columnId={columnId} sort={filters.sort} onSort={onSort} />
  );
  const columns: SkuColumn[] = [
    {
      id: 'select',
      header: (
        <SelectAllBox
          checked={allSelected}
          indeterminate={selectedCount > 0 && !allSelected}
          onChange={toggleAll}
          label={t('select.all')}
        />
      ),
      cell: (sku) => (
        <SelectRowBox
          checked={Boolean(rowSelection[sku.id])}
          onChange={(on) => toggleRow(sku.id, on)}
          label={t('select.row', { code: sku.sku_code })}
        />
      ),
    },
    {
      id: 'sku_code',
      header: sortHeader('sku_code', t('column.sku_code')),
      cell: (sku) => (
        <>
          <Link
            href={`/skus/${sku.id}`}
            prefetch={false}
            className="font-mono text-[0.8125rem] font-medium text-foreground hover:text-primary hover:underline"
            data-testid="sku-row-link"
          >
            {sku.sku_code}
          </Link>
          {/* On a phone the product column is hidden: its name goes under the code. */}
          <span className="line-clamp-2 max-w-36 text-xs text-muted-foreground sm:hidden">{sku.product_name}</span>
        </>
      ),
    },
    {
      id: 'product_name',
      header: t('column.product'),
      className: PHONE_HIDDEN_XS,
      cell: (sku) => <span className="line-clamp-2 min-w-40 text-foreground">{sku.product_name}</span>,
    },
    {
      id: 'gtin',
      header: 'GTIN',
      className: PHONE_HIDDEN,
      cell: (sku) =>
        sku.gtin ? (
          <span className="font-mono text-xs text-muted-foreground tabular-nums">{sku.gtin}</span>
        ) : (
          <span className="text-subtle-foreground">—</span>
        ),
    },
    {
      id: 'category_code',
      header: t('column.category'),
      className: PHONE_HIDDEN,
      cell: (sku) => (
        <span className="whitespace-nowrap text-muted-foreground">
          {categoryLabel(sku.category_code)}
          {sku.category_defaulted ? (
            <SimpleTooltip content={t('category.default_hint')}>
              <span className="ml-1 text-xs text-subtle-foreground">{t('category.default')}</span>
            </SimpleTooltip>
          ) : null}
        </span>
      ),
    },
    { id: 'status', header: t('column.status'), cell: (sku) => <StatusPill status={sku.status} /> },
    {
      id: 'blockers',
      header: sortHeader('blockers', t('column.blockers')),
      cell: (sku) => <BlockerBadge blockers={sku.blocker_count ?? 0} warnings={sku.warning_count ?? 0} />,
    },
    {
      id: 'created_at',
      header: sortHeader('created_at', t('column.created')),
      className: PHONE_HIDDEN,
      cell: (sku) => (
        // The server renders the first page: its clock and time zone may word this a little differently.
        <time
          dateTime={sku.created_at}
          title={f.date(sku.created_at)}
          className="whitespace-nowrap text-muted-foreground"
          suppressHydrationWarning
        >
          {f.relative(sku.created_at)}
        </time>
      ),
    },
  ];

  const filtered = Boolean(queryString);
  const [emptyBefore, emptyAfter] = t('empty.description').split('{link}');
  const showFirstRun = !loading && !error && rows.length === 0 && !filtered;

  function openRow(e: React.MouseEvent, id: string) {
    if ((e.target as HTMLElement).closest('a,button,input')) return;
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
        title={t('page.title')}
        description={t('page.description')}
        actions={
          <>
            <RoleGate need={IMPORT_SKUS}>
              <Button asChild variant="secondary">
                <Link href="/imports">
                  <Upload aria-hidden="true" />
                  {t('action.import')}
                </Link>
              </Button>
            </RoleGate>
            <RoleGate need={CREATE_SKU} showReason>
              <Button onClick={startCreate} data-testid="new-sku">
                <Plus aria-hidden="true" />
                {t('action.new')}
              </Button>
            </RoleGate>
          </>
        }
      />

      {showFirstRun ? (
        <Card>
          <EmptyState
            icon={Boxes}
            title={t('empty.title')}
            description={
              <>
                {emptyBefore}
                <Link href="/imports" className="font-medium text-primary hover:underline">
                  {t('empty.imports_link')}
                </Link>
                {emptyAfter}
              </>
            }
            actions={
              <>
                <RoleGate need={IMPORT_SKUS}>
                  <Button asChild>
                    <Link href="/imports">
                      <Upload aria-hidden="true" />
                      {t('empty.import')}
                    </Link>
                  </Button>
                </RoleGate>
                <RoleGate need={CREATE_SKU}>
                  <Button variant="secondary" onClick={startCreate}>
                    <Plus aria-hidden="true" />
                    {t('empty.create')}
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
            searchLabel={t('search.label')}
            placeholder={t('search.placeholder')}
            filtered={filtered}
            onClear={clearAll}
            controls={
              <>
                <FilterSelect
                  label={t('filter.category')}
                  value={filters.category || 'all'}
                  onChange={(v) => setFilters({ category: v === 'all' ? '' : v })}
                >
                  <option value="all">{t('filter.all_categories')}</option>
                  {categoryOptions.map((c) => (
                    <option key={c.code} value={c.code}>
                      {c.label}
                    </option>
                  ))}
                </FilterSelect>
                <FilterSelect
                  label={t('filter.sort')}
                  value={filters.sort}
                  onChange={(v) => setFilters({ sort: v as SkuSort })}
                >
                  {SKU_SORTS.map((s) => (
                    <option key={s} value={s}>
                      {t(SORT_LABELS[s])}
                    </option>
                  ))}
                </FilterSelect>
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
            chipsLabel={t('filter.by_status')}
            chips={
              <>
                <span className="mr-1 text-xs font-medium text-muted-foreground">{t('filter.status')}</span>
                <StatusChips on={filters.statuses} onToggle={toggleStatus} />
                <span className="mx-1 h-4 w-px bg-border" aria-hidden="true" />
                <FilterChip
                  on={filters.hasBlockers}
                  tone="danger"
                  onClick={() => setFilters({ hasBlockers: !filters.hasBlockers })}
                >
                  {t('filter.has_blockers')}
                </FilterChip>
              </>
            }
          />

          {error ? (
            <div className="p-5">
              <Alert variant="danger" title={t('error.load')}>
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
              <TableRow className="hover:bg-transparent">
                {columns.map((c) => (
                  <TableHead
                    key={c.id}
                    aria-sort={
                      SORT_COLUMN[filters.sort].id === c.id
                        ? SORT_COLUMN[filters.sort].desc
                          ? 'descending'
                          : 'ascending'
                        : undefined
                    }
                    className={c.className}
                  >
                    {c.header}
                  </TableHead>
                ))}
              </TableRow>
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
                : rows.map((sku) => (
                    <TableRow
                      key={sku.id}
                      onClick={(e) => openRow(e, sku.id)}
                      // Fifty rows prefetched on sight were a hundred requests (and their parsing) while the
                      // page loads: a row's page is fetched ahead when the pointer comes to it instead.
                      onPointerEnter={() => router.prefetch(`/skus/${sku.id}`)}
                      className={cn('cursor-pointer', list.stale && 'opacity-60')}
                      data-testid="sku-row"
                      data-sku-code={sku.sku_code}
                    >
                      {columns.map((c) => (
                        <TableCell key={c.id} className={c.className}>
                          {c.cell(sku)}
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
              title={t('filtered_empty.title')}
              description={t('filtered_empty.description')}
              actions={
                <Button variant="secondary" size="sm" onClick={clearAll}>
                  {tk('toolbar.clear')}
                </Button>
              }
            />
          ) : null}

          <ListFooter
            count={rows.length}
            noun={[t('footer.sku'), t('footer.skus')]}
            hasMore={list.hasMore}
            onMore={list.loadMore}
            loadingMore={list.loadingMore}
            moreLabel={t('footer.more', { count: PAGE_SIZE })}
            extra={skuLimit !== null ? t('footer.plan', { limit: String(skuLimit) }) : ''}
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
