'use client';

import * as React from 'react';
import { Check, Send, X } from 'lucide-react';
import { describeError } from '@/components/api/client';
import { formatDate, formatDateTime } from '@/components/format';
import { idempotentWrite } from '@/components/api/client';
import { useApiQuery } from '@/components/api/queries/use-api-query';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { toast } from '@/components/ui/toaster';
import { RequestDialog } from './request-dialog';
import { STATUS_VARIANT, statusLabel, type SupplierRequest } from './types';
import { RoleGate } from '@/components/team/role-gate';

/** On the SKU's blockers: "Request from supplier", and the SKU's requests with status, documents and timeline. */
export function SkuRequests({ skuId, onChange }: { skuId: string; onChange: () => void }) {
  const [open, setOpen] = React.useState(false);
  const list = useApiQuery<{ data: SupplierRequest[] }>(`/api/supplier-email/requests?sku_id=${skuId}`);
  const requests = list.data?.data ?? [];

  async function decide(r: SupplierRequest, documentId: string, decision: 'accept' | 'reject') {
    try {
      await idempotentWrite(`/api/supplier-email/requests/${r.id}/documents/${documentId}`, {
        method: 'POST',
        body: { decision },
      });
      toast.success(decision === 'accept' ? 'Document accepted' : 'Document rejected; the item is open again');
      void list.reload();
      onChange();
    } catch (e) {
      const { title, description } = describeError(e);
      toast.error(title, { description });
    }
  }

  return (
    <Card data-testid="supplier-requests">
      <CardHeader>
        <div className="flex flex-wrap items-start justify-between gap-3">
          <div>
            <CardTitle>Supplier requests</CardTitle>
            <CardDescription>
              Ask the manufacturer or importer for what is missing; what they send comes back here for review.
            </CardDescription>
          </div>
          <RoleGate need={'edit'} showReason>
            <Button size="sm" onClick={() => setOpen(true)} data-testid="request-from-supplier">
              <Send aria-hidden="true" />
              Request from supplier
            </Button>
          </RoleGate>
        </div>
      </CardHeader>
      {requests.length ? (
        <ul className="divide-y divide-border">
          {requests.map((r) => (
            <li key={r.id} className="grid gap-2 px-5 py-3.5" data-testid="supplier-request" data-status={r.status}>
              <div className="flex flex-wrap items-center gap-2">
                <Badge variant={STATUS_VARIANT[r.status] ?? 'neutral'} data-testid="supplier-request-status">
                  {statusLabel(r.status)}
                </Badge>
                <span className="text-[0.8125rem] font-medium">{r.recipient}</span>
                <span className="text-xs text-muted-foreground">
                  sent {formatDateTime(r.sent_at)}
                  {r.due_date ? ` · due ${formatDate(r.due_date)}` : ''}
                  {r.reminder_count ? ` · ${r.reminder_count} reminder${r.reminder_count === 1 ? '' : 's'}` : ''}
                </span>
              </div>
              <p className="text-xs text-muted-foreground">Asked: {r.items.map((i) => i.label).join('; ')}</p>
              {r.documents.length ? (
                <ul className="grid gap-1">
                  {r.documents.map((d) => (
                    <li
                      key={d.document_id}
                      className="flex flex-wrap items-center gap-2 text-[0.8125rem]"
                      data-testid="supplier-document"
                      data-status={d.status}
                    >
                      <a className="underline-offset-2 hover:underline" href={`/documents/${d.document_id}`}>
                        {d.filename}
                      </a>
                      <Badge
                        variant={d.status === 'accepted' ? 'success' : d.status === 'rejected' ? 'danger' : 'warning'}
                      >
                        {d.status}
                      </Badge>
                      {d.status === 'pending' ? (
                        <>
                          <RoleGate need={'edit'}>
                            <Button
                              size="sm"
                              variant="secondary"
                              onClick={() => decide(r, d.document_id, 'accept')}
                              data-testid="supplier-document-accept"
                            >
                              <Check aria-hidden="true" />
                              Accept
                            </Button>
                          </RoleGate>
                          <RoleGate need={'edit'}>
                            <Button
                              size="sm"
                              variant="ghost"
                              onClick={() => decide(r, d.document_id, 'reject')}
                              data-testid="supplier-document-reject"
                            >
                              <X aria-hidden="true" />
                              Reject
                            </Button>
                          </RoleGate>
                        </>
                      ) : null}
                    </li>
                  ))}
                </ul>
              ) : null}
              <details className="text-xs text-muted-foreground">
                <summary className="cursor-pointer">Timeline ({r.timeline.length})</summary>
                <ol className="mt-1 grid gap-0.5">
                  {r.timeline.map((e) => (
                    <li key={e.id}>
                      {formatDateTime(e.at)} · {e.kind.replace(/_/g, ' ')}
                      {e.actor ? ` · ${e.actor}` : ''}
                      {e.note ? ` — ${e.note}` : ''}
                    </li>
                  ))}
                </ol>
              </details>
            </li>
          ))}
        </ul>
      ) : null}
      {open ? (
        <RequestDialog skuId={skuId} open={open} onOpenChange={setOpen} onSent={() => void list.reload()} />
      ) : null}
    </Card>
  );
}
