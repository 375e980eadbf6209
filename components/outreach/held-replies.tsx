'use client';

import { Check, X } from 'lucide-react';
import { describeError } from '@/components/api/client';
import { useApiMutation } from '@/components/api/queries/use-api-mutation';
import { useFormat, useT } from '@/components/i18n/locale-provider';
import { RoleGate } from '@/components/team/role-gate';
import { Button } from '@/components/ui/button';
import { toast } from '@/components/ui/toaster';
import { outreachMessages } from '@/lib/i18n/ui/outreach';
import type { SupplierRequest } from './types';

type Held = { id: string; at: string; note: string | null; from: string | null; files: number };

/** The request's replies held because of their sender that nobody has released or dismissed yet. */
export function pendingHeldReplies(r: SupplierRequest): Held[] {
  return r.timeline
    .filter((e) => e.kind === 'reply_held')
    .map((e) => ({ e, d: (e.data ?? {}) as Record<string, unknown> }))
    .filter(({ d }) => typeof d.held_id === 'string' && !d.decision)
    .map(({ e, d }) => ({
      id: d.held_id as string,
      at: e.at,
      note: e.note,
      from: typeof d.from === 'string' ? d.from : null,
      files: Array.isArray(d.attachments) ? d.attachments.length : 0,
    }));
}

/**
 * A reply from someone who is not the request's recipient (a forwarded link, a spoofed thread) waits
 * here: the manager reads who sent it and what, then releases it (taken in as the supplier's reply)
 * or dismisses it (nothing attached).
 */
export function HeldReplies({ request, onChange }: { request: SupplierRequest; onChange: () => void }) {
  const t = useT(outreachMessages);
  const f = useFormat();
  const decideHeld = useApiMutation<unknown, { heldId: string; decision: 'release' | 'dismiss' }>({
    request: ({ heldId, decision }) => ({
      path: `/api/supplier-email/requests/${request.id}/held-replies/${heldId}`,
      method: 'POST',
      body: { decision },
    }),
    idempotent: true,
  });
  const held = pendingHeldReplies(request);
  if (!held.length) return null;

  async function decide(heldId: string, decision: 'release' | 'dismiss') {
    try {
      await decideHeld.run({ heldId, decision });
      toast.success(decision === 'release' ? t('sku.held_released') : t('sku.held_dismissed'));
    } catch (e) {
      const { title, description } = describeError(e);
      toast.error(title, { description });
    }
    onChange();
  }

  return (
    <ul className="grid gap-1.5" data-testid="supplier-held-replies">
      {held.map((h) => (
        <li
          key={h.id}
          className="grid gap-1 rounded-md border border-warning bg-warning-soft px-3 py-2 text-xs"
          data-testid="supplier-held-reply"
        >
          <span className="font-medium">
            {t('sku.held_title', { from: h.from ?? '?', expected: request.recipient, date: f.dateTime(h.at) })}
          </span>
          <span className="text-muted-foreground">{t('sku.held_files', { count: h.files })}</span>
          {h.note ? <span className="whitespace-pre-line text-muted-foreground">{h.note.slice(0, 600)}</span> : null}
          <RoleGate need={'edit'}>
            <span className="flex flex-wrap gap-2">
              <Button size="sm" variant="secondary" onClick={() => decide(h.id, 'release')} data-testid="held-release">
                <Check aria-hidden="true" />
                {t('sku.held_release')}
              </Button>
              <Button size="sm" variant="ghost" onClick={() => decide(h.id, 'dismiss')} data-testid="held-dismiss">
                <X aria-hidden="true" />
                {t('sku.held_dismiss')}
              </Button>
            </span>
          </RoleGate>
        </li>
      ))}
    </ul>
  );
}
