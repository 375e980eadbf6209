'use client';

import * as React from 'react';
import { Check, Send, X } from 'lucide-react';
import { describeError } from '@/components/api/client';
import { useFormat, useT } from '@/components/i18n/locale-provider';
import { outreachMessages } from '@/lib/i18n/ui/outreach';
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
  const t = useT(outreachMessages);
  const f = useFormat();
  const [open, setOpen] = React.useState(false);
  const list = useApiQuery<{ data: SupplierRequest[] }>(`/api/supplier-email/requests?sku_id=${skuId}`);
  const requests = list.data?.data ?? [];

  async function decide(r: SupplierRequest, documentId: string, decision: 'accept' | 'reject') {
    try {
      await idempotentWrite(`/api/supplier-email/requests/${r.id}/documents/${documentId}`, {
        method: 'POST',
        body: { decision },
      });
      toast.success(decision === 'accept' ? t('sku.accepted') : t('sku.rejected'));
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
            <CardTitle>{t('sku.title')}</CardTitle>
            <CardDescription>{t('sku.description')}</CardDescription>
          </div>
          <RoleGate need={'edit'} showReason>
            <Button size="sm" onClick={() => setOpen(true)} data-testid="request-from-supplier">
              <Send aria-hidden="true" />
              {t('sku.request')}
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
                  {statusLabel(r.status, t)}
                </Badge>
                <span className="text-[0.8125rem] font-medium">{r.recipient}</span>
                <span className="text-xs text-muted-foreground">
                  {t('sku.sent', { date: f.dateTime(r.sent_at) })}
                  {r.due_date ? ` · ${t('sku.due', { date: f.date(r.due_date) })}` : ''}
                  {r.reminder_count ? ` · ${t('sku.reminders', { count: r.reminder_count })}` : ''}
                </span>
              </div>
              <p className="text-xs text-muted-foreground">
                {t('sku.asked', { items: r.items.map((i) => i.label).join('; ') })}
              </p>
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
                        {t(`sku.doc_${d.status}`)}
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
                              {t('sku.accept')}
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
                              {t('sku.reject')}
                            </Button>
                          </RoleGate>
                        </>
                      ) : null}
                    </li>
                  ))}
                </ul>
              ) : null}
              <details className="text-xs text-muted-foreground">
                <summary className="cursor-pointer">{t('sku.timeline', { count: r.timeline.length })}</summary>
                <ol className="mt-1 grid gap-0.5">
                  {r.timeline.map((e) => (
                    <li key={e.id}>
                      {f.dateTime(e.at)} · {e.kind.replace(/_/g, ' ')}
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
