'use client';

import * as React from 'react';
import dynamic from 'next/dynamic';
import { useRouter } from 'next/navigation';
import { createColumnHelper } from '@tanstack/react-table';
import { useQueryClient } from '@tanstack/react-query';
import { BookmarkPlus, Building2, FileDown, Mail, Tags, X } from 'lucide-react';
import { queryKeys } from '@/components/api/queries/keys';
import { newExportHref } from '@/components/exports/types';
import { Button } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/checkbox';
import { toast } from '@/components/ui/toaster';
import { RoleGate } from '@/components/team/role-gate';
import { useApiQuery } from '@/components/api/queries/use-api-query';
import type { BulkResult } from '@/lib/skus/bulk';
import { BULK_FILTER_MAX, type SkuFilter } from '@/lib/skus/schemas';
import type { BulkSendResult } from '@/lib/outreach/schemas';
import type { Sku } from './types';

// The dialogs load when first opened: the list page itself stays small.
const BulkCategoryDialog = dynamic(() => import('./bulk-category-dialog').then((m) => m.BulkCategoryDialog), {
  ssr: false,
});
const BulkEntityDialog = dynamic(() => import('./bulk-entity-dialog').then((m) => m.BulkEntityDialog), {
  ssr: false,
});
const BulkViewDialog = dynamic(() => import('./bulk-view-dialog').then((m) => m.BulkViewDialog), { ssr: false });
const BulkRequestDialog = dynamic(() => import('./bulk-request-dialog').then((m) => m.BulkRequestDialog), {
  ssr: false,
});
const RequestDialog = dynamic(() => import('@/components/outreach/request-dialog').then((m) => m.RequestDialog), {
  ssr: false,
});

const BULK_CATEGORY = {
  operationId: 'bulkAssignSkuCategory',
  method: 'POST',
  path: '/api/skus/bulk/category',
} as const;
const BULK_ENTITY = { operationId: 'bulkLinkSkuEntity', method: 'POST', path: '/api/skus/bulk/entity' } as const;
const BULK_VIEW = { operationId: 'bulkAddSkusToView', method: 'POST', path: '/api/skus/bulk/view' } as const;
const BULK_REQUEST = {
  operationId: 'bulkRequestFromSupplier',
  method: 'POST',
  path: '/api/skus/bulk/supplier-request',
} as const;

/** The row-selection column: each box is named by its SKU's code; the header selects the page shown. */
export function skuSelectColumn() {
  return createColumnHelper<Sku>().display({
    id: 'select',
    header: ({ table }) => (
      <Checkbox
        aria-label="Select all SKUs on this page"
        checked={table.getIsAllRowsSelected() ? true : table.getIsSomeRowsSelected() ? 'indeterminate' : false}
        onCheckedChange={(v) => table.toggleAllRowsSelected(v === true)}
        data-testid="select-all"
      />
    ),
    cell: ({ row }) => (
      <Checkbox
        aria-label={`Select ${row.original.sku_code}`}
        checked={row.getIsSelected()}
        onCheckedChange={(v) => row.toggleSelected(v === true)}
        data-testid="select-row"
      />
    ),
  });
}

/** The filter as the list's query string (GET /api/skus/count reads the same parameters). */
function filterQuery(f: SkuFilter): string {
  const p = new URLSearchParams();
  if (f.q) p.set('q', f.q);
  for (const s of f.status ?? []) p.append('status', s);
  if (f.has_blockers) p.set('has_blockers', f.has_blockers);
  if (f.category_code) p.set('category_code', f.category_code);
  return p.toString();
}

type Action = 'category' | 'entity' | 'view' | 'request' | null;

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

/** One sentence for what a bulk action did, for the toast and the live region. */
export function describeBulkResult(what: string, r: BulkResult): string {
  const parts = [`${what}: ${plural(r.changed_ids.length, 'SKU')} changed`];
  if (r.unchanged_ids.length) parts.push(`${plural(r.unchanged_ids.length, 'SKU')} already so`);
  if (r.approval_reset_ids.length) parts.push(`${plural(r.approval_reset_ids.length, 'approval')} reset`);
  return `${parts.join(', ')}.`;
}

/** One sentence for what the bulk request did, for the toast and the live region. */
export function describeBulkSend(r: BulkSendResult): string {
  const sent = r.results.filter((x) => x.ok).length;
  const mails = r.mails.filter((m) => m.ok).length;
  const parts = [`Requests sent for ${plural(sent, 'SKU')} in ${plural(mails, 'mail')}`];
  const skipped = r.results.filter((x) => !x.ok && x.code !== 'EMAIL_DELIVERY_FAILED').length;
  const failed = r.results.filter((x) => x.code === 'EMAIL_DELIVERY_FAILED').length;
  if (skipped) parts.push(`${plural(skipped, 'SKU')} skipped`);
  if (failed) parts.push(`${plural(failed, 'SKU')} not delivered`);
  return `${parts.join(', ')}.`;
}

/**
 * The bar over the SKU table while rows are selected: how many (announced politely), and the bulk
 * actions. After an action succeeds the list refreshes, the result is announced and the selection clears.
 */
export function SkuSelectionBar({
  selected,
  onClear,
  loadedCount,
  filter,
}: {
  selected: Sku[];
  onClear: () => void;
  /** Rows the table has loaded: when all of them are selected, "select all matching" is offered. */
  loadedCount?: number;
  /** The list's search and filters, the target of "select all matching". */
  filter?: SkuFilter;
}) {
  const router = useRouter();
  const client = useQueryClient();
  const [action, setAction] = React.useState<Action>(null);
  const [lastResult, setLastResult] = React.useState('');
  const pageSelected = Boolean(loadedCount && filter && selected.length === loadedCount);
  // "All matching" holds only while every loaded row stays selected, for the filters it was chosen under.
  const filterKey = JSON.stringify(filter ?? null);
  const [allMatchingFor, setAllMatchingFor] = React.useState<string | null>(null);
  const allMatching = pageSelected && allMatchingFor === filterKey;
  const matching = useApiQuery<{ count: number }>(pageSelected ? `/api/skus/count?${filterQuery(filter!)}` : null);
  const total = matching.data?.count ?? null;
  const count = allMatching && total !== null ? total : selected.length;
  const target = { skus: selected, filter: allMatching ? filter : null, total: total ?? undefined };
  // While rows are selected the region says how many; after an action, what it did.
  const announcement = count ? `${plural(count, 'SKU')} selected.` : lastResult;

  const done = React.useCallback(
    (message: string) => {
      setAction(null);
      void client.invalidateQueries({ queryKey: queryKeys.skus });
      void client.invalidateQueries({ queryKey: queryKeys.dashboard });
      toast.success(message);
      setLastResult(message);
      setAllMatchingFor(null);
      onClear();
    },
    [client, onClear],
  );

  const ids = selected.map((s) => s.id);
  return (
    <>
      <div role="status" aria-live="polite" className="sr-only" data-testid="selection-status">
        {announcement}
      </div>
      {count ? (
        <div
          className="flex flex-wrap items-center gap-2 border-b border-border bg-primary/5 px-4 py-2"
          role="toolbar"
          aria-label="Bulk actions for the selected SKUs"
          data-testid="selection-bar"
        >
          <span className="mr-1 text-sm font-medium" data-testid="selection-count">
            {allMatching ? `All ${plural(count, 'matching SKU')} selected` : `${plural(count, 'SKU')} selected`}
          </span>
          <RoleGate need={BULK_CATEGORY}>
            <Button size="sm" variant="secondary" onClick={() => setAction('category')} data-testid="bulk-category">
              <Tags aria-hidden="true" />
              Assign category
            </Button>
          </RoleGate>
          <RoleGate need={BULK_ENTITY}>
            <Button size="sm" variant="secondary" onClick={() => setAction('entity')} data-testid="bulk-entity">
              <Building2 aria-hidden="true" />
              Link entity
            </Button>
          </RoleGate>
          <RoleGate need={BULK_VIEW}>
            <Button size="sm" variant="secondary" onClick={() => setAction('view')} data-testid="bulk-view">
              <BookmarkPlus aria-hidden="true" />
              Add to view
            </Button>
          </RoleGate>
          <Button
            size="sm"
            variant="secondary"
            disabled={allMatching}
            title={
              allMatching ? 'To export every matching SKU, save the filters as a view and export the view.' : undefined
            }
            onClick={() => router.push(newExportHref({ skuIds: ids }))}
            data-testid="bulk-export"
          >
            <FileDown aria-hidden="true" />
            Export
          </Button>
          <RoleGate need={BULK_REQUEST}>
            <Button size="sm" variant="secondary" onClick={() => setAction('request')} data-testid="bulk-request">
              <Mail aria-hidden="true" />
              Request from supplier
            </Button>
          </RoleGate>
          <Button
            size="sm"
            variant="ghost"
            onClick={() => {
              setAllMatchingFor(null);
              onClear();
            }}
            className="ml-auto"
            data-testid="clear-selection"
          >
            <X aria-hidden="true" />
            Clear selection
          </Button>
          {pageSelected && total !== null && total > selected.length ? (
            <div className="basis-full text-sm" data-testid="select-all-matching-banner">
              {allMatching ? (
                <>
                  All {plural(total, 'SKU')} matching the search and filters are selected.{' '}
                  <button
                    type="button"
                    className="font-medium text-primary underline"
                    onClick={() => setAllMatchingFor(null)}
                  >
                    Select only the {plural(selected.length, 'SKU')} shown
                  </button>
                </>
              ) : total > BULK_FILTER_MAX ? (
                <>
                  All {plural(selected.length, 'SKU')} shown are selected. {total.toLocaleString('en')} match; a bulk
                  action takes at most {BULK_FILTER_MAX.toLocaleString('en')}: narrow the search to act on all.
                </>
              ) : (
                <>
                  All {plural(selected.length, 'SKU')} shown are selected.{' '}
                  <button
                    type="button"
                    className="font-medium text-primary underline"
                    onClick={() => setAllMatchingFor(filterKey)}
                    data-testid="select-all-matching"
                  >
                    Select all {plural(total, 'matching SKU')}
                  </button>
                </>
              )}
            </div>
          ) : null}
        </div>
      ) : null}
      {action === 'category' ? (
        <BulkCategoryDialog
          {...target}
          onOpenChange={(o) => !o && setAction(null)}
          onDone={(r) => done(describeBulkResult('Category assigned', r))}
        />
      ) : null}
      {action === 'entity' ? (
        <BulkEntityDialog
          {...target}
          onOpenChange={(o) => !o && setAction(null)}
          onDone={(r) => done(describeBulkResult('Entity linked', r))}
        />
      ) : null}
      {action === 'view' ? (
        <BulkViewDialog
          {...target}
          onOpenChange={(o) => !o && setAction(null)}
          onDone={(r, viewName) => done(describeBulkResult(`Added to the view "${viewName}"`, r))}
        />
      ) : null}
      {action === 'request' && (count > 1 || allMatching) ? (
        <BulkRequestDialog
          {...target}
          onOpenChange={(o) => !o && setAction(null)}
          onDone={(r) => done(describeBulkSend(r))}
        />
      ) : null}
      {/* One SKU: the single request, whose text can be edited before it is sent. */}
      {action === 'request' && count === 1 && !allMatching && selected[0] ? (
        <RequestDialog
          skuId={selected[0].id}
          open
          onOpenChange={(o) => !o && setAction(null)}
          onSent={() => done(`Request sent to the supplier of ${selected[0].sku_code}.`)}
        />
      ) : null}
    </>
  );
}
