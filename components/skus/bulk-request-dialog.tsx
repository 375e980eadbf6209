'use client';

import * as React from 'react';
import { describeError } from '@/components/api/client';
import { useApiMutation } from '@/components/api/queries/use-api-mutation';
import { useApiQuery, useReadingPost } from '@/components/api/queries/use-api-query';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/checkbox';
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
import type { Entity } from '@/lib/entities/schemas';
import type { BulkSendResult } from '@/lib/outreach/schemas';
import { useT } from '@/components/i18n/locale-provider';
import { commonMessages } from '@/lib/i18n/ui/common';
import { skuActionMessages } from '@/lib/i18n/ui/sku-actions';
import { bulkTarget, SelectedSkus, type BulkDialogProps } from './bulk-category-dialog';

const OWN = 'own';
const PATH = '/api/skus/bulk/supplier-request';

/**
 * Request missing documents for the selected SKUs: the supplier (each SKU's own, or one entity for
 * all), the items to ask for (those open on at least one SKU), a due date; the preview (a dry run)
 * shows the mails that will leave (one per supplier address) and the SKUs that will be skipped.
 */
export function BulkRequestDialog({
  skus,
  filter,
  total,
  onOpenChange,
  onDone,
}: Omit<BulkDialogProps, 'onDone'> & { onDone: (r: BulkSendResult) => void }) {
  const entities = useApiQuery<{ data: Entity[] }>('/api/entities?limit=100');
  const [entityId, setEntityId] = React.useState(OWN);
  const [items, setItems] = React.useState<string[] | null>(null);
  const [due, setDue] = React.useState('');
  const t = useT(skuActionMessages);
  const common = useT(commonMessages);
  const body = {
    ...bulkTarget({ skus, filter }),
    ...(entityId !== OWN ? { entity_id: entityId } : {}),
    ...(items ? { items } : {}),
    ...(due ? { due_date: due } : {}),
  };
  const preview = useReadingPost<BulkSendResult>(`${PATH}?dry_run=true`, body);
  const send = useApiMutation<BulkSendResult, void>({
    request: () => ({ path: PATH, method: 'POST', body }),
    idempotent: true,
  });
  const plan = preview.data;
  const chosen = items ?? plan?.available_items.map((i) => i.key) ?? [];
  const skipped = plan?.results.filter((r) => !r.ok) ?? [];
  const codeOf = new Map((plan?.results ?? []).map((r) => [r.sku_id, r.sku_code]));

  function toggle(key: string, on: boolean) {
    if (!plan) return;
    const next = on ? [...chosen, key] : chosen.filter((k) => k !== key);
    if (next.length) setItems(plan.available_items.map((i) => i.key).filter((k) => next.includes(k)));
  }

  async function submit(e: React.FormEvent) {
    e.preventDefault();
    try {
      onDone(await send.run());
    } catch {
      // Shown below through send.error.
    }
  }

  const failure = send.error ? describeError(send.error) : null;
  const error = failure ? (failure.description ? `${failure.title} ${failure.description}` : failure.title) : null;

  const previewError = preview.error ? describeError(preview.error).title : null;
  return (
    <Dialog open onOpenChange={onOpenChange}>
      <DialogContent className="max-h-[90vh] overflow-y-auto sm:max-w-2xl" data-testid="bulk-request-dialog">
        <form onSubmit={submit} className="grid gap-4">
          <DialogHeader>
            <DialogTitle>{t('bulk.request.title')}</DialogTitle>
            <DialogDescription>
              <SelectedSkus skus={skus} filter={filter} total={total} />. {t('bulk.request.body')}
            </DialogDescription>
          </DialogHeader>
          <div className="grid gap-1.5">
            <Label htmlFor="bulk-request-entity">{t('bulk.request.supplier')}</Label>
            <Select value={entityId} onValueChange={setEntityId}>
              <SelectTrigger id="bulk-request-entity" aria-label={t('bulk.request.supplier')}>
                <SelectValue />
              </SelectTrigger>
              <SelectContent>
                <SelectItem value={OWN}>{t('bulk.request.own')}</SelectItem>
                {(entities.data?.data ?? [])
                  .filter((e) => e.email)
                  .map((e) => (
                    <SelectItem key={e.id} value={e.id}>
                      {e.name} ({e.email})
                    </SelectItem>
                  ))}
              </SelectContent>
            </Select>
          </div>
          <fieldset className="grid gap-1.5">
            <legend className="mb-1 text-sm font-medium">{t('bulk.request.what')}</legend>
            {plan && !plan.available_items.length ? (
              <p className="text-sm text-muted-foreground">{t('bulk.request.nothing')}</p>
            ) : null}
            {plan?.available_items.map((i) => (
              <label key={i.key} className="flex items-start gap-2 text-sm">
                <Checkbox
                  checked={chosen.includes(i.key)}
                  onCheckedChange={(v) => toggle(i.key, v === true)}
                  aria-label={i.label}
                  data-testid="bulk-request-item"
                />
                <span>
                  {i.label}{' '}
                  <span className="text-muted-foreground">{t('bulk.request.sku_count', { count: i.sku_count })}</span>
                </span>
              </label>
            ))}
          </fieldset>
          <div className="grid gap-1.5">
            <Label htmlFor="bulk-request-due">{t('bulk.request.due')}</Label>
            <Input id="bulk-request-due" type="date" value={due} onChange={(e) => setDue(e.target.value)} />
          </div>
          {plan ? (
            <div className="grid gap-1 text-sm" data-testid="bulk-request-preview">
              <p className="font-medium">
                {t('bulk.request.mails', { count: plan.mails.length })}
                {preview.fetching ? '…' : ''}
              </p>
              <ul className="list-disc pl-5">
                {plan.mails.map((m) => (
                  <li key={`${m.to}-${m.locale}`}>
                    {m.to}: {m.sku_ids.map((id) => codeOf.get(id) ?? id).join(', ')}
                  </li>
                ))}
              </ul>
              {skipped.length ? (
                <>
                  <p className="mt-2 font-medium">{t('bulk.request.skipped', { count: skipped.length })}</p>
                  <ul className="list-disc pl-5 text-muted-foreground">
                    {skipped.map((r) => (
                      <li key={r.sku_id}>
                        {r.sku_code}: {r.message}
                      </li>
                    ))}
                  </ul>
                </>
              ) : null}
            </div>
          ) : null}
          {error || previewError ? (
            <Alert variant="danger" title={t('bulk.request.nothing_sent')}>
              {error ?? previewError}
            </Alert>
          ) : null}
          <DialogFooter>
            <Button type="button" variant="secondary" onClick={() => onOpenChange(false)}>
              {common('cancel')}
            </Button>
            <Button
              type="submit"
              loading={send.pending}
              disabled={!plan?.mails.length || preview.fetching}
              data-testid="bulk-request-submit"
            >
              {plan ? t('bulk.request.send', { count: plan.mails.length }) : t('bulk.request.send_idle')}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
