'use client';

import * as React from 'react';
import { describeError, idempotentWrite } from '@/components/api/client';
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
import { CATEGORY_OPTIONS } from './labels';
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

/** How many SKUs the action goes to, as a phrase ("3 SKUs"). */
export const targetCount = ({ skus, filter, total }: Pick<BulkDialogProps, 'skus' | 'filter' | 'total'>) => {
  const n = filter ? (total ?? 0) : skus.length;
  return `${n.toLocaleString('en')} SKU${n === 1 ? '' : 's'}`;
};

/** Names the selected SKUs (the first few codes) so the dialog says what it will change. */
export function SelectedSkus({ skus, filter, total }: Pick<BulkDialogProps, 'skus' | 'filter' | 'total'>) {
  if (filter) return <>All {targetCount({ skus, filter, total })} matching the list&apos;s search and filters</>;
  const shown = skus.slice(0, 5).map((s) => s.sku_code);
  return (
    <>
      {skus.length} SKU{skus.length === 1 ? '' : 's'}: {shown.join(', ')}
      {skus.length > shown.length ? ` and ${skus.length - shown.length} more` : ''}
    </>
  );
}

/** Assign one category to the selected SKUs (their requirements are evaluated again; approvals reset). */
export function BulkCategoryDialog({ skus, filter, total, onOpenChange, onDone }: BulkDialogProps) {
  const [category, setCategory] = React.useState('');
  const [busy, setBusy] = React.useState(false);
  const [error, setError] = React.useState<string | null>(null);

  async function submit(e: React.FormEvent) {
    e.preventDefault();
    setBusy(true);
    setError(null);
    try {
      onDone(
        await idempotentWrite<BulkResult>('/api/skus/bulk/category', {
          method: 'POST',
          body: { ...bulkTarget({ skus, filter }), category_code: category },
        }),
      );
    } catch (err) {
      setError(describeError(err).title);
    } finally {
      setBusy(false);
    }
  }

  return (
    <Dialog open onOpenChange={onOpenChange}>
      <DialogContent data-testid="bulk-category-dialog">
        <form onSubmit={submit} className="grid gap-4">
          <DialogHeader>
            <DialogTitle>Assign a category</DialogTitle>
            <DialogDescription>
              <SelectedSkus skus={skus} filter={filter} total={total} />. The category decides which requirements apply:
              blockers are evaluated again and an approval of a changed SKU is reset.
            </DialogDescription>
          </DialogHeader>
          <div className="grid gap-1.5">
            <Label htmlFor="bulk-category">Category</Label>
            <Select value={category} onValueChange={setCategory}>
              <SelectTrigger id="bulk-category" aria-label="Category">
                <SelectValue placeholder="Choose a category" />
              </SelectTrigger>
              <SelectContent>
                {CATEGORY_OPTIONS.map((c) => (
                  <SelectItem key={c.code} value={c.code}>
                    {c.label}
                  </SelectItem>
                ))}
              </SelectContent>
            </Select>
          </div>
          {error ? (
            <Alert variant="danger" title="Nothing was changed">
              {error}
            </Alert>
          ) : null}
          <DialogFooter>
            <Button type="button" variant="secondary" onClick={() => onOpenChange(false)}>
              Cancel
            </Button>
            <Button type="submit" loading={busy} disabled={!category} data-testid="bulk-category-submit">
              Assign to {targetCount({ skus, filter, total })}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
