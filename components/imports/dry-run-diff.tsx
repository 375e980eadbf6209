'use client';

import * as React from 'react';
import { ChevronRight, Link2, PencilLine, RotateCcw } from 'lucide-react';
import { Alert } from '@/components/ui/alert';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { useFormat, useT } from '@/components/i18n/locale-provider';
import { importMessages, type ImportT } from '@/lib/i18n/ui/imports';
import { cn } from '@/lib/utils/cn';
import { useImportLabels, type ImportLabels } from './labels';
import type { ImportDiffChange, ImportDiffSku, ImportUpdateDiff } from '@/lib/imports/schemas';

/** SKUs with at most this many changes open by themselves while the list is short. */
const OPEN_UP_TO_CHANGES = 4;
const OPEN_UP_TO_SKUS = 10;

function changeLabel(c: ImportDiffChange, labels: ImportLabels, t: ImportT): string {
  if (c.kind === 'entity_link')
    return t('diff.linked_entity', { role: labels.entityRole(c.field_key.replace(/^entity:/, '')) });
  return labels.target(c.field_key);
}

function Value({ value, truncated, side }: { value: string | null; truncated: boolean; side: 'from' | 'to' }) {
  const t = useT(importMessages);
  if (value === null) return <span className="text-subtle-foreground italic">{t('diff.empty')}</span>;
  return (
    <span
      className={cn('break-words whitespace-pre-wrap', side === 'from' ? 'text-muted-foreground' : 'text-foreground')}
    >
      {value}
      {truncated ? <span className="ml-1 text-xs text-subtle-foreground not-italic">{t('diff.shortened')}</span> : null}
    </span>
  );
}

function resetText(r: NonNullable<ImportDiffSku['approval_reset']>, t: ImportT): string {
  if (r.approval && r.review) return t('diff.reset_both');
  return r.approval ? t('diff.reset_approval') : t('diff.reset_review');
}

function SkuChanges({ sku, open, onToggle }: { sku: ImportDiffSku; open: boolean; onToggle: () => void }) {
  const t = useT(importMessages);
  const f = useFormat();
  const labels = useImportLabels();
  const panelId = React.useId();
  return (
    <li className="border-b border-border last:border-b-0" data-testid="diff-sku" data-sku-code={sku.sku_code}>
      <h3 className="text-sm">
        <button
          type="button"
          className="flex w-full flex-wrap items-center gap-x-3 gap-y-1 px-5 py-3 text-left hover:bg-surface-muted/60 focus-visible:outline-2 focus-visible:outline-offset-[-2px] focus-visible:outline-ring"
          aria-expanded={open}
          aria-controls={panelId}
          onClick={onToggle}
        >
          <ChevronRight
            className={cn('size-4 shrink-0 text-muted-foreground transition-transform', open && 'rotate-90')}
            aria-hidden="true"
          />
          <span className="font-mono text-[0.8125rem] font-medium text-foreground">{sku.sku_code}</span>
          <span className="min-w-0 truncate text-muted-foreground">{sku.product_name}</span>
          <span className="text-xs text-subtle-foreground">{t('diff.row', { row: sku.row_number })}</span>
          <span className="ml-auto flex items-center gap-2">
            {sku.approval_reset ? (
              <Badge variant="warning">
                <RotateCcw aria-hidden="true" />
                {resetText(sku.approval_reset, t)}
              </Badge>
            ) : null}
            <Badge variant="info">{t('diff.changes', { count: sku.changes_total })}</Badge>
          </span>
        </button>
      </h3>
      <div id={panelId} hidden={!open} className="px-5 pb-4">
        <table className="w-full table-fixed border-collapse text-[0.8125rem]" data-testid="diff-table">
          <caption className="sr-only">{t('diff.caption', { sku: sku.sku_code })}</caption>
          <thead>
            <tr className="text-left text-xs text-muted-foreground">
              <th scope="col" className="w-1/4 py-1.5 pr-3 font-medium">
                {t('diff.col_field')}
              </th>
              <th scope="col" className="py-1.5 pr-3 font-medium">
                {t('diff.col_now')}
              </th>
              <th scope="col" className="py-1.5 font-medium">
                {t('diff.col_after')}
              </th>
            </tr>
          </thead>
          <tbody>
            {sku.changes.map((c) => (
              <tr key={c.field_key} className="border-t border-border align-top" data-field={c.field_key}>
                <th scope="row" className="py-2 pr-3 text-left font-medium text-foreground">
                  <span className="inline-flex items-center gap-1">
                    {c.kind === 'entity_link' ? (
                      <Link2 className="size-3.5 text-muted-foreground" aria-hidden="true" />
                    ) : null}
                    {changeLabel(c, labels, t)}
                  </span>
                  {c.column ? (
                    <span className="block text-xs font-normal text-subtle-foreground">
                      {t('diff.column', { column: c.column })}
                    </span>
                  ) : null}
                  {c.kind === 'entity_link' ? (
                    <span className="block text-xs font-normal text-subtle-foreground">{t('diff.entity_later')}</span>
                  ) : null}
                </th>
                <td className="py-2 pr-3" data-side="from">
                  <Value value={c.from} truncated={c.from_truncated} side="from" />
                </td>
                <td className="py-2" data-side="to">
                  <Value value={c.to} truncated={c.to_truncated} side="to" />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
        {sku.changes_omitted ? (
          <p className="mt-2 text-xs text-muted-foreground">
            {t('diff.sku_omitted', { count: sku.changes_omitted, max: f.number(2000) })}
          </p>
        ) : null}
      </div>
    </li>
  );
}

/** The dry run's field-level diff: what the import changes in SKUs that already exist, before anything is written. */
export function DryRunDiff({ diff }: { diff: ImportUpdateDiff }) {
  const t = useT(importMessages);
  const initiallyOpen = React.useCallback(
    (s: ImportDiffSku) => diff.skus.length <= OPEN_UP_TO_SKUS && s.changes.length <= OPEN_UP_TO_CHANGES,
    [diff.skus.length],
  );
  const [open, setOpen] = React.useState<Record<string, boolean>>({});
  const isOpen = (s: ImportDiffSku) => open[s.sku_id] ?? initiallyOpen(s);
  const allOpen = diff.skus.every(isOpen);
  const setAll = (value: boolean) => setOpen(Object.fromEntries(diff.skus.map((s) => [s.sku_id, value])));

  if (diff.skus_total === 0) return null;
  return (
    <Card className="overflow-hidden" data-testid="dry-run-diff">
      <CardHeader>
        <div>
          <CardTitle className="flex items-center gap-2">
            <PencilLine className="size-4 text-muted-foreground" aria-hidden="true" />
            {t('diff.title', { count: diff.skus_total })}
          </CardTitle>
          <CardDescription>{t('diff.values', { count: diff.changes_total })}</CardDescription>
        </div>
        {diff.skus.length > 1 ? (
          <Button variant="secondary" size="sm" onClick={() => setAll(!allOpen)} data-testid="diff-toggle-all">
            {allOpen ? t('diff.collapse') : t('diff.expand')}
          </Button>
        ) : null}
      </CardHeader>
      {diff.approval_resets ? (
        <div className="border-b border-border px-5 py-4">
          <Alert variant="warning" title={t('diff.resets_title', { count: diff.approval_resets })}>
            {t('diff.resets_body', { count: diff.approval_resets })}
          </Alert>
        </div>
      ) : null}
      <ul aria-label={t('diff.list_label')}>
        {diff.skus.map((s) => (
          <SkuChanges
            key={s.sku_id}
            sku={s}
            open={isOpen(s)}
            onToggle={() => setOpen((o) => ({ ...o, [s.sku_id]: !isOpen(s) }))}
          />
        ))}
      </ul>
      {diff.skus_omitted || diff.changes_omitted ? (
        <p className="border-t border-border px-5 py-3 text-xs text-muted-foreground" data-testid="diff-omitted">
          {diff.skus_omitted ? `${t('diff.skus_omitted', { count: diff.skus_omitted, max: diff.limits.skus })} ` : ''}
          {diff.changes_omitted ? `${t('diff.changes_omitted', { count: diff.changes_omitted })} ` : ''}
          {t('diff.after')}
        </p>
      ) : null}
    </Card>
  );
}
