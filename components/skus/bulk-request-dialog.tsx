'use client';

import * as React from 'react';
import { describeError, idempotentWrite } from '@/components/api/client';
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
import { bulkTarget, SelectedSkus, type BulkDialogProps } from './bulk-category-dialog';

const OWN = 'own';
const PATH = '/api/skus/bulk/supplier-request';

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

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
  const [busy, setBusy] = React.useState(false);
  const [error, setError] = React.useState<string | null>(null);
  const body = {
    ...bulkTarget({ skus, filter }),
    ...(entityId !== OWN ? { entity_id: entityId } : {}),
    ...(items ? { items } : {}),
    ...(due ? { due_date: due } : {}),
  };
  const preview = useReadingPost<BulkSendResult>(`${PATH}?dry_run=true`, body);
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
    setBusy(true);
    setError(null);
    try {
      onDone(await idempotentWrite<BulkSendResult>(PATH, { method: 'POST', body }));
    } catch (err) {
      const d = describeError(err);
      setError(d.description ? `${d.title} ${d.description}` : d.title);
    } finally {
      setBusy(false);
    }
  }

  const previewError = preview.error ? describeError(preview.error).title : null;
  return (
    <Dialog open onOpenChange={onOpenChange}>
      <DialogContent className="max-h-[90vh] overflow-y-auto sm:max-w-2xl" data-testid="bulk-request-dialog">
        <form onSubmit={submit} className="grid gap-4">
          <DialogHeader>
            <DialogTitle>Request from suppliers</DialogTitle>
            <DialogDescription>
              <SelectedSkus skus={skus} filter={filter} total={total} />. Each SKU gets its own request and upload link;
              the SKUs of one supplier are listed in one mail.
            </DialogDescription>
          </DialogHeader>
          <div className="grid gap-1.5">
            <Label htmlFor="bulk-request-entity">Supplier</Label>
            <Select value={entityId} onValueChange={setEntityId}>
              <SelectTrigger id="bulk-request-entity" aria-label="Supplier">
                <SelectValue />
              </SelectTrigger>
              <SelectContent>
                <SelectItem value={OWN}>Each SKU&apos;s manufacturer (else importer)</SelectItem>
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
            <legend className="mb-1 text-sm font-medium">What to ask for</legend>
            {plan && !plan.available_items.length ? (
              <p className="text-sm text-muted-foreground">
                No selected SKU has a document or field a supplier can give.
              </p>
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
                  {i.label} <span className="text-muted-foreground">({plural(i.sku_count, 'SKU')})</span>
                </span>
              </label>
            ))}
          </fieldset>
          <div className="grid gap-1.5">
            <Label htmlFor="bulk-request-due">Due date (optional)</Label>
            <Input id="bulk-request-due" type="date" value={due} onChange={(e) => setDue(e.target.value)} />
          </div>
          {plan ? (
            <div className="grid gap-1 text-sm" data-testid="bulk-request-preview">
              <p className="font-medium">
                {plural(plan.mails.length, 'mail')} will be sent
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
                  <p className="mt-2 font-medium">{plural(skipped.length, 'SKU')} will be skipped</p>
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
            <Alert variant="danger" title="Nothing was sent">
              {error ?? previewError}
            </Alert>
          ) : null}
          <DialogFooter>
            <Button type="button" variant="secondary" onClick={() => onOpenChange(false)}>
              Cancel
            </Button>
            <Button
              type="submit"
              loading={busy}
              disabled={!plan?.mails.length || preview.fetching}
              data-testid="bulk-request-submit"
            >
              Send {plan ? plural(plan.mails.length, 'mail') : ''}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
