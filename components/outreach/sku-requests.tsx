'use client';

import * as React from 'react';
import { Check, Send, X } from 'lucide-react';
import { describeError } from '@/components/api/client';
import { useFormat, useT } from '@/components/i18n/locale-provider';
import { outreachMessages } from '@/lib/i18n/ui/outreach';
import { useApiMutation } from '@/components/api/queries/use-api-mutation';
import { useApiQuery } from '@/components/api/queries/use-api-query';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { toast } from '@/components/ui/toaster';
import { HeldReplies } from './held-replies';
import { RequestDialog } from './request-dialog';
import { STATUS_VARIANT, statusLabel, type SupplierRequest } from './types';
import { RoleGate } from '@/components/team/role-gate';
import { EvidenceSummary } from '@/components/skus/link-evidence';
import { skuDossierMessages } from '@/lib/i18n/ui/sku-dossier';

/** On the SKU's blockers: "Request from supplier", and the SKU's requests with status, documents and timeline. */
export function SkuRequests({ skuId, onChange }: { skuId: string; onChange: () => void }) {
  const t = useT(outreachMessages);
  const te = useT(skuDossierMessages);
  const f = useFormat();
  const [open, setOpen] = React.useState(false);
  // The file being decided with a reason typed for it: a rejection always says why, and so does accepting
  // a file about another product (e.g. a declaration covering several models).
  const [asking, setAsking] = React.useState<{
    requestId: string;
    documentId: string;
    decision: 'accept' | 'reject';
  } | null>(null);
  const [reason, setReason] = React.useState('');
  const list = useApiQuery<{ data: SupplierRequest[] }>(`/api/supplier-email/requests?sku_id=${skuId}`);
  const requests = list.data?.data ?? [];

  const decideDocument = useApiMutation<
    unknown,
    { requestId: string; documentId: string; decision: 'accept' | 'reject'; note?: string }
  >({
    request: ({ requestId, documentId, decision, note }) => ({
      path: `/api/supplier-email/requests/${requestId}/documents/${documentId}`,
      method: 'POST',
      body: { decision, ...(note ? { note } : {}) },
    }),
    idempotent: true,
  });
  const retry = useApiMutation<unknown, string>({
    request: (requestId) => ({ path: `/api/supplier-email/requests/${requestId}/retry`, method: 'POST' }),
    idempotent: true,
  });
  const cancel = useApiMutation<unknown, string>({
    request: (requestId) => ({
      path: `/api/supplier-email/requests/${requestId}`,
      method: 'PATCH',
      body: { status: 'cancelled' },
    }),
    idempotent: true,
  });

  async function decide(r: SupplierRequest, documentId: string, decision: 'accept' | 'reject', note?: string) {
    try {
      await decideDocument.run({ requestId: r.id, documentId, decision, note });
      setAsking(null);
      setReason('');
      toast.success(decision === 'accept' ? t('sku.accepted') : t('sku.rejected'));
      void list.reload();
      onChange();
    } catch (e) {
      const { title, description } = describeError(e);
      toast.error(title, { description });
    }
  }

  // A request whose mail failed or may be stuck: send it again (same mail) or cancel it.
  async function act(r: SupplierRequest, action: 'retry' | 'cancel') {
    try {
      if (action === 'retry') await retry.run(r.id);
      else await cancel.run(r.id);
      toast.success(action === 'retry' ? t('sku.resent') : t('sku.cancelled'));
    } catch (e) {
      const { title, description } = describeError(e);
      toast.error(title, { description });
    }
    void list.reload();
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
                {r.overdue ? (
                  <Badge variant="danger" data-testid="supplier-request-overdue">
                    {t('sku.overdue')}
                  </Badge>
                ) : null}
                {r.status === 'failed' || r.status === 'sending' ? (
                  <RoleGate need={'edit'}>
                    <Button
                      size="sm"
                      variant="secondary"
                      onClick={() => act(r, 'retry')}
                      data-testid="supplier-request-retry"
                    >
                      <Send aria-hidden="true" />
                      {t('sku.retry_send')}
                    </Button>
                  </RoleGate>
                ) : null}
                {!['done', 'cancelled'].includes(r.status) ? (
                  <RoleGate need={'edit'}>
                    <Button
                      size="sm"
                      variant="ghost"
                      onClick={() => act(r, 'cancel')}
                      data-testid="supplier-request-cancel"
                    >
                      {t('sku.cancel_request')}
                    </Button>
                  </RoleGate>
                ) : null}
              </div>
              {r.attention ? (
                <p className="text-xs text-danger" role="note" data-testid="supplier-request-attention">
                  {r.attention === 'no_progress' ? t('sku.attention_no_progress') : t('sku.attention_overdue')}
                </p>
              ) : null}
              <ul className="grid gap-0.5 text-xs text-muted-foreground" data-testid="supplier-request-items">
                {r.item_states.map((i) => (
                  <li key={i.key} data-state={i.state}>
                    {i.label} · {t(`sku.item_${i.state}`)}
                    {i.reason ? ` — ${i.reason}` : ''}
                  </li>
                ))}
              </ul>
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
                      {d.status === 'rejected' && d.note ? (
                        <span className="text-xs text-muted-foreground">— {d.note}</span>
                      ) : null}
                      <Badge
                        variant={d.status === 'accepted' ? 'success' : d.status === 'rejected' ? 'danger' : 'warning'}
                      >
                        {t(`sku.doc_${d.status}`)}
                      </Badge>
                      {d.evidence ? (
                        <div
                          className="grid w-full gap-1.5 text-xs"
                          data-testid="supplier-document-evidence"
                          data-status={d.evidence.evidence_status}
                        >
                          <EvidenceSummary link={d.evidence} />
                        </div>
                      ) : null}
                      {d.status === 'pending' ? (
                        <>
                          <RoleGate need={'edit'}>
                            <Button
                              size="sm"
                              variant="secondary"
                              onClick={() => {
                                if (d.evidence?.evidence_status === 'about_another_product') {
                                  setAsking({ requestId: r.id, documentId: d.document_id, decision: 'accept' });
                                  setReason('');
                                } else void decide(r, d.document_id, 'accept');
                              }}
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
                              onClick={() => {
                                setAsking({ requestId: r.id, documentId: d.document_id, decision: 'reject' });
                                setReason('');
                              }}
                              data-testid="supplier-document-reject"
                            >
                              <X aria-hidden="true" />
                              {t('sku.reject')}
                            </Button>
                          </RoleGate>
                          {asking?.requestId === r.id && asking.documentId === d.document_id ? (
                            <form
                              className="flex w-full flex-wrap items-center gap-2"
                              onSubmit={(e) => {
                                e.preventDefault();
                                if (reason.trim()) void decide(r, d.document_id, asking.decision, reason.trim());
                              }}
                            >
                              <Input
                                autoFocus
                                required
                                maxLength={2000}
                                value={reason}
                                onChange={(e) => setReason(e.target.value)}
                                aria-label={
                                  asking.decision === 'accept' ? te('evidence.reason') : t('sku.reject_reason')
                                }
                                placeholder={
                                  asking.decision === 'accept'
                                    ? te('evidence.reason_placeholder_required')
                                    : t('sku.reject_reason')
                                }
                                className="min-w-0 flex-1"
                                data-testid="supplier-document-reject-reason"
                              />
                              <Button
                                size="sm"
                                variant={asking.decision === 'accept' ? 'primary' : 'danger'}
                                type="submit"
                                disabled={!reason.trim()}
                                data-testid={
                                  asking.decision === 'accept'
                                    ? 'supplier-document-accept-confirm'
                                    : 'supplier-document-reject-confirm'
                                }
                              >
                                {asking.decision === 'accept' ? te('evidence.accept') : t('sku.reject_confirm')}
                              </Button>
                              <Button size="sm" variant="ghost" type="button" onClick={() => setAsking(null)}>
                                {t('sku.reject_cancel')}
                              </Button>
                            </form>
                          ) : null}
                        </>
                      ) : null}
                    </li>
                  ))}
                </ul>
              ) : null}
              <HeldReplies
                request={r}
                onChange={() => {
                  void list.reload();
                  onChange();
                }}
              />
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
