'use client';

import * as React from 'react';
import dynamic from 'next/dynamic';
import { useRouter } from 'next/navigation';
import { useQueryClient } from '@tanstack/react-query';
import { BookmarkPlus, Building2, FileDown, Languages, Mail, Tags, X } from 'lucide-react';
import { queryKeys } from '@/components/api/queries/keys';
import { newExportHref } from '@/components/exports/types';
import { Button } from '@/components/ui/button';
import { toast } from '@/components/ui/toaster';
import { RoleGate } from '@/components/team/role-gate';
import { useApiQuery } from '@/components/api/queries/use-api-query';
import { useT } from '@/components/i18n/locale-provider';
import type { T } from '@/lib/i18n/ui';
import { languagesMessages } from '@/lib/i18n/ui/languages';
import { skuListMessages } from '@/lib/i18n/ui/sku-list';
import type { BulkResult } from '@/lib/skus/bulk';
import type { SkuFilter } from '@/lib/skus/schemas';
import type { BulkSendResult } from '@/lib/outreach/schemas';
import type { Sku } from './types';

// The dialogs load when first opened: the list page itself stays small.
const BulkCategoryDialog = dynamic(() => import('./bulk-category-dialog').then((m) => m.BulkCategoryDialog), {
  ssr: false,
});
const BulkEntityDialog = dynamic(() => import('./bulk-entity-dialog').then((m) => m.BulkEntityDialog), {
  ssr: false,
});
const BulkTranslateDialog = dynamic(() => import('./bulk-translate-dialog').then((m) => m.BulkTranslateDialog), {
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
const BULK_TRANSLATE = {
  operationId: 'bulkDraftSafetyTranslations',
  method: 'POST',
  path: '/api/translations/bulk',
} as const;
const BULK_ENTITY = { operationId: 'bulkLinkSkuEntity', method: 'POST', path: '/api/skus/bulk/entity' } as const;
const BULK_VIEW = { operationId: 'bulkAddSkusToView', method: 'POST', path: '/api/skus/bulk/view' } as const;
const BULK_REQUEST = {
  operationId: 'bulkRequestFromSupplier',
  method: 'POST',
  path: '/api/skus/bulk/supplier-request',
} as const;

// Native boxes drawn like components/ui/checkbox: a page has 50 of them, and these hydrate with no
// script or extra elements of their own.
const BOX_CLASS =
  'size-4 shrink-0 cursor-pointer rounded-[4px] align-middle accent-primary ' +
  'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring';

/** The header's box: selects every row shown; "some selected" shows as a dash. */
export function SelectAllBox({
  checked,
  indeterminate,
  onChange,
  label,
}: {
  checked: boolean;
  indeterminate: boolean;
  onChange: (on: boolean) => void;
  label: string;
}) {
  const ref = React.useRef<HTMLInputElement>(null);
  // "Some selected" exists only as a property of a native box, not as an attribute.
  React.useEffect(() => {
    if (ref.current) ref.current.indeterminate = indeterminate;
  }, [indeterminate]);
  return (
    <input
      ref={ref}
      type="checkbox"
      className={BOX_CLASS}
      aria-label={label}
      checked={checked}
      onChange={(e) => onChange(e.target.checked)}
      data-testid="select-all"
    />
  );
}

/** A row's box, named by its SKU's code. */
export function SelectRowBox({
  checked,
  onChange,
  label,
}: {
  checked: boolean;
  onChange: (on: boolean) => void;
  label: string;
}) {
  return (
    <input
      type="checkbox"
      className={BOX_CLASS}
      aria-label={label}
      checked={checked}
      onChange={(e) => onChange(e.target.checked)}
      data-testid="select-row"
    />
  );
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

type Action = 'category' | 'entity' | 'view' | 'request' | 'translate' | null;

type SkuListT = T<typeof skuListMessages.en>;

/**
 * The most rows a bulk action takes when it targets a filter. The number lives with the API's schemas,
 * which bring zod: it loads when "select all matching" may be offered, not with the list page.
 */
function useBulkFilterMax(wanted: boolean): number | null {
  const [max, setMax] = React.useState<number | null>(null);
  React.useEffect(() => {
    if (!wanted || max !== null) return;
    let live = true;
    void import('@/lib/skus/schemas').then((m) => live && setMax(m.BULK_FILTER_MAX));
    return () => {
      live = false;
    };
  }, [wanted, max]);
  return max;
}

/** One sentence for what a bulk action did, for the toast and the live region. */
export function describeBulkResult(t: SkuListT, what: string, r: BulkResult): string {
  const parts = [t('result.changed', { what, count: r.changed_ids.length })];
  if (r.unchanged_ids.length) parts.push(t('result.unchanged', { count: r.unchanged_ids.length }));
  if (r.approval_reset_ids.length) parts.push(t('result.approvals_reset', { count: r.approval_reset_ids.length }));
  return `${parts.join(', ')}.`;
}

/** One sentence for what the bulk request did, for the toast and the live region. */
export function describeBulkSend(t: SkuListT, r: BulkSendResult): string {
  const sent = r.results.filter((x) => x.ok).length;
  const mails = r.mails.filter((m) => m.ok).length;
  const parts = [t('send.sent', { skus: t('send.skus', { count: sent }), mails: t('send.mails', { count: mails }) })];
  const skipped = r.results.filter((x) => !x.ok && x.code !== 'EMAIL_DELIVERY_FAILED').length;
  const failed = r.results.filter((x) => x.code === 'EMAIL_DELIVERY_FAILED').length;
  if (skipped) parts.push(t('send.skipped', { count: skipped }));
  if (failed) parts.push(t('send.not_delivered', { count: failed }));
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
  const t = useT(skuListMessages);
  const lt = useT(languagesMessages);
  const [action, setAction] = React.useState<Action>(null);
  const [lastResult, setLastResult] = React.useState('');
  const pageSelected = Boolean(loadedCount && filter && selected.length === loadedCount);
  // "All matching" holds only while every loaded row stays selected, for the filters it was chosen under.
  const filterKey = JSON.stringify(filter ?? null);
  const [allMatchingFor, setAllMatchingFor] = React.useState<string | null>(null);
  const allMatching = pageSelected && allMatchingFor === filterKey;
  const matching = useApiQuery<{ count: number }>(pageSelected ? `/api/skus/count?${filterQuery(filter!)}` : null);
  const total = matching.data?.count ?? null;
  const bulkMax = useBulkFilterMax(pageSelected);
  const count = allMatching && total !== null ? total : selected.length;
  const target = { skus: selected, filter: allMatching ? filter : null, total: total ?? undefined };
  // While rows are selected the region says how many; after an action, what it did.
  const announcement = count ? t('selected.announce', { count }) : lastResult;

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
          aria-label={t('bulk.toolbar')}
          data-testid="selection-bar"
        >
          <span className="mr-1 text-sm font-medium" data-testid="selection-count">
            {allMatching ? t('selected.all_matching', { count }) : t('selected.count', { count })}
          </span>
          <RoleGate need={BULK_CATEGORY}>
            <Button size="sm" variant="secondary" onClick={() => setAction('category')} data-testid="bulk-category">
              <Tags aria-hidden="true" />
              {t('bulk.category')}
            </Button>
          </RoleGate>
          <RoleGate need={BULK_ENTITY}>
            <Button size="sm" variant="secondary" onClick={() => setAction('entity')} data-testid="bulk-entity">
              <Building2 aria-hidden="true" />
              {t('bulk.entity')}
            </Button>
          </RoleGate>
          <RoleGate need={BULK_VIEW}>
            <Button size="sm" variant="secondary" onClick={() => setAction('view')} data-testid="bulk-view">
              <BookmarkPlus aria-hidden="true" />
              {t('bulk.view')}
            </Button>
          </RoleGate>
          <Button
            size="sm"
            variant="secondary"
            disabled={allMatching}
            title={allMatching ? t('bulk.export_all_hint') : undefined}
            onClick={() => router.push(newExportHref({ skuIds: ids }))}
            data-testid="bulk-export"
          >
            <FileDown aria-hidden="true" />
            {t('bulk.export')}
          </Button>
          <RoleGate need={BULK_TRANSLATE}>
            <Button
              size="sm"
              variant="secondary"
              disabled={allMatching}
              onClick={() => setAction('translate')}
              data-testid="bulk-translate"
            >
              <Languages aria-hidden="true" />
              {lt('bulk.action')}
            </Button>
          </RoleGate>
          <RoleGate need={BULK_REQUEST}>
            <Button size="sm" variant="secondary" onClick={() => setAction('request')} data-testid="bulk-request">
              <Mail aria-hidden="true" />
              {t('bulk.request')}
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
            {t('bulk.clear')}
          </Button>
          {pageSelected && total !== null && bulkMax !== null && total > selected.length ? (
            <div className="basis-full text-sm" data-testid="select-all-matching-banner">
              {allMatching ? (
                <>
                  {t('banner.all_matching_selected', { count: total })}{' '}
                  <button
                    type="button"
                    className="font-medium text-primary underline"
                    onClick={() => setAllMatchingFor(null)}
                  >
                    {t('banner.only_shown', { count: selected.length })}
                  </button>
                </>
              ) : total > bulkMax ? (
                <>
                  {t('banner.shown_selected', { count: selected.length })}{' '}
                  {t('banner.too_many', { total, max: bulkMax })}
                </>
              ) : (
                <>
                  {t('banner.shown_selected', { count: selected.length })}{' '}
                  <button
                    type="button"
                    className="font-medium text-primary underline"
                    onClick={() => setAllMatchingFor(filterKey)}
                    data-testid="select-all-matching"
                  >
                    {t('banner.select_all_matching', { count: total })}
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
          onDone={(r) => done(describeBulkResult(t, t('result.category'), r))}
        />
      ) : null}
      {action === 'entity' ? (
        <BulkEntityDialog
          {...target}
          onOpenChange={(o) => !o && setAction(null)}
          onDone={(r) => done(describeBulkResult(t, t('result.entity'), r))}
        />
      ) : null}
      {action === 'view' ? (
        <BulkViewDialog
          {...target}
          onOpenChange={(o) => !o && setAction(null)}
          onDone={(r, viewName) => done(describeBulkResult(t, t('result.view', { name: viewName }), r))}
        />
      ) : null}
      {action === 'translate' ? (
        <BulkTranslateDialog skus={selected} onOpenChange={(o) => !o && setAction(null)} onDone={done} />
      ) : null}
      {action === 'request' && (count > 1 || allMatching) ? (
        <BulkRequestDialog
          {...target}
          onOpenChange={(o) => !o && setAction(null)}
          onDone={(r) => done(describeBulkSend(t, r))}
        />
      ) : null}
      {/* One SKU: the single request, whose text can be edited before it is sent. */}
      {action === 'request' && count === 1 && !allMatching && selected[0] ? (
        <RequestDialog
          skuId={selected[0].id}
          open
          onOpenChange={(o) => !o && setAction(null)}
          onSent={() => done(t('send.single', { code: selected[0].sku_code }))}
        />
      ) : null}
    </>
  );
}
