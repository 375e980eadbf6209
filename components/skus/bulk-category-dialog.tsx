'use client';

import * as React from 'react';
import { describeError } from '@/components/api/client';
import { useApiMutation } from '@/components/api/queries/use-api-mutation';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { Label } from '@/components/ui/label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import type { BulkResult } from '@/lib/skus/bulk';
import type { SkuFilter } from '@/lib/skus/schemas';
import { useT } from '@/components/i18n/locale-provider';
import { commonMessages } from '@/lib/i18n/ui/common';
import { skuActionMessages } from '@/lib/i18n/ui/sku-actions';
import { useCategoryOptions } from './use-category-label';
import type { Sku } from './types';

export interface BulkDialogProps {
  skus: Pick<Sku, 'id' | 'sku_code'>[];
  /** "Select all matching": the action goes to every SKU these filters match (`total` of them), not to `skus`. */
  filter?: SkuFilter | null;
  total?: number;
  onOpenChange: (open: boolean) => void;
  onDone: (result: BulkResult) => void;
}

/** What a bulk request names: the selected ids, or the list's filters. */
export const bulkTarget = ({ skus, filter }: Pick<BulkDialogProps, 'skus' | 'filter'>) =>
  filter ? { filter } : { ids: skus.map((s) => s.id) };

type Target = Pick<BulkDialogProps, 'skus' | 'filter' | 'total'>;

/** How many SKUs the action goes to, as a phrase in the UI language ("3 SKUs"): `useTargetCount()(props)`. */
export function useTargetCount(): (target: Target) => string {
  const t = useT(skuActionMessages);
  return ({ skus, filter, total }) => t('bulk.skus', { count: filter ? (total ?? 0) : skus.length });
}

/** Names the selected SKUs (the first few codes) so the dialog says what it will change. */
export function SelectedSkus({ skus, filter, total }: Target) {
  const t = useT(skuActionMessages);
  const targetCount = useTargetCount();
  if (filter) return <>{t('bulk.all_matching', { skus: targetCount({ skus, filter, total }) })}</>;
  const shown = skus.slice(0, 5).map((s) => s.sku_code);
  return (
    <>
      {t('bulk.selected', { count: skus.length, codes: shown.join(', ') })}
      {skus.length > shown.length ? t('bulk.and_more', { count: skus.length - shown.length }) : ''}
    </>
  );
}

/** Assign one category to the selected SKUs (their requirements are evaluated again; approvals reset). */
export function BulkCategoryDialog({ skus, filter, total, onOpenChange, onDone }: BulkDialogProps) {
  const [category, setCategory] = React.useState('');
  const assign = useApiMutation<BulkResult, void>({
    request: () => ({
      path: '/api/skus/bulk/category',
      method: 'POST',
      body: { ...bulkTarget({ skus, filter }), category_code: category },
    }),
    idempotent: true,
  });
  const t = useT(skuActionMessages);
  const common = useT(commonMessages);
  const targetCount = useTargetCount();
  const categories = useCategoryOptions();

  async function submit(e: React.FormEvent) {
    e.preventDefault();
    try {
      onDone(await assign.run());
    } catch {
      // Shown below through assign.error.
    }
  }

  return (
    <Dialog open onOpenChange={onOpenChange}>
      <DialogContent data-testid="bulk-category-dialog">
        <form onSubmit={submit} className="grid gap-4">
          <DialogHeader>
            <DialogTitle>{t('bulk.category.title')}</DialogTitle>
            <DialogDescription>
              <SelectedSkus skus={skus} filter={filter} total={total} />. {t('bulk.category.body')}
            </DialogDescription>
          </DialogHeader>
          <div className="grid gap-1.5">
            <Label htmlFor="bulk-category">{t('bulk.category.label')}</Label>
            <Select value={category} onValueChange={setCategory}>
              <SelectTrigger id="bulk-category" aria-label={t('bulk.category.label')}>
                <SelectValue placeholder={t('bulk.category.choose')} />
              </SelectTrigger>
              <SelectContent>
                {categories.map((c) => (
                  <SelectItem key={c.code} value={c.code}>
                    {c.label}
                  </SelectItem>
                ))}
              </SelectContent>
            </Select>
          </div>
          {assign.error ? (
            <Alert variant="danger" title={t('bulk.nothing_changed')}>
              {describeError(assign.error).title}
            </Alert>
          ) : null}
          <DialogFooter>
            <Button type="button" variant="secondary" onClick={() => onOpenChange(false)}>
              {common('cancel')}
            </Button>
            <Button type="submit" loading={assign.pending} disabled={!category} data-testid="bulk-category-submit">
              {t('bulk.category.submit', { skus: targetCount({ skus, filter, total }) })}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
