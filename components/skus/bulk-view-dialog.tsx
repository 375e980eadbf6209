'use client';

import * as React from 'react';
import { describeError } from '@/components/api/client';
import { useApiMutation } from '@/components/api/queries/use-api-mutation';
import { useApiQuery } from '@/components/api/queries/use-api-query';
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
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import type { SavedView } from '@/lib/skus/schemas';
import type { BulkResult } from '@/lib/skus/bulk';
import { useT } from '@/components/i18n/locale-provider';
import { commonMessages } from '@/lib/i18n/ui/common';
import { skuActionMessages } from '@/lib/i18n/ui/sku-actions';
import { bulkTarget, SelectedSkus, useTargetCount, type BulkDialogProps } from './bulk-category-dialog';

const NEW = '__new__';

/** Add the selected SKUs to a saved view, or to a new view holding only them (exported from Exports). */
export function BulkViewDialog({
  skus,
  filter,
  total,
  onOpenChange,
  onDone,
}: Omit<BulkDialogProps, 'onDone'> & { onDone: (r: BulkResult, viewName: string) => void }) {
  const views = useApiQuery<{ data: SavedView[] }>('/api/views');
  const [target, setTarget] = React.useState(NEW);
  const [name, setName] = React.useState('');
  const t = useT(skuActionMessages);
  const common = useT(commonMessages);
  const targetCount = useTargetCount();
  const ids = bulkTarget({ skus, filter });
  const add = useApiMutation<BulkResult & { view: SavedView }, void>({
    request: () => ({
      path: '/api/skus/bulk/view',
      method: 'POST',
      body: target === NEW ? { ...ids, new_view_name: name.trim() } : { ...ids, view_id: target },
    }),
    idempotent: true,
  });

  async function submit(e: React.FormEvent) {
    e.preventDefault();
    try {
      const res = await add.run();
      onDone(res, res.view.name);
    } catch {
      // Shown below through add.error.
    }
  }

  return (
    <Dialog open onOpenChange={onOpenChange}>
      <DialogContent data-testid="bulk-view-dialog">
        <form onSubmit={submit} className="grid gap-4">
          <DialogHeader>
            <DialogTitle>{t('bulk.view.title')}</DialogTitle>
            <DialogDescription>
              <SelectedSkus skus={skus} filter={filter} total={total} />. {t('bulk.view.body')}
            </DialogDescription>
          </DialogHeader>
          <div className="grid gap-1.5">
            <Label htmlFor="bulk-view-target">{t('bulk.view.label')}</Label>
            <Select value={target} onValueChange={setTarget}>
              <SelectTrigger id="bulk-view-target" aria-label={t('bulk.view.label')}>
                <SelectValue />
              </SelectTrigger>
              <SelectContent>
                <SelectItem value={NEW}>{t('bulk.view.new')}</SelectItem>
                {(views.data?.data ?? []).map((v) => (
                  <SelectItem key={v.id} value={v.id}>
                    {v.name}
                  </SelectItem>
                ))}
              </SelectContent>
            </Select>
          </div>
          {target === NEW ? (
            <div className="grid gap-1.5">
              <Label htmlFor="bulk-view-name">{t('bulk.view.name')}</Label>
              <Input
                id="bulk-view-name"
                value={name}
                maxLength={100}
                onChange={(e) => setName(e.target.value)}
                placeholder={t('bulk.view.name_placeholder')}
              />
            </div>
          ) : null}
          {add.error ? (
            <Alert variant="danger" title={t('bulk.nothing_changed')}>
              {describeError(add.error).title}
            </Alert>
          ) : null}
          <DialogFooter>
            <Button type="button" variant="secondary" onClick={() => onOpenChange(false)}>
              {common('cancel')}
            </Button>
            <Button
              type="submit"
              loading={add.pending}
              disabled={target === NEW && !name.trim()}
              data-testid="bulk-view-submit"
            >
              {t('bulk.view.submit', { skus: targetCount({ skus, filter, total }) })}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
