import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import { recordAuditMany } from '@/lib/audit';
import type { Actor } from '@/lib/auth/context';
import { getEnv } from '@/lib/config/env';
import type { Db } from '@/lib/db/client';
import { supplierRequests } from '@/lib/db/schema';
import { sendMail } from '@/lib/email/send';
import { AppError } from '@/lib/errors';
import { addEvent, getRequestRow, type RequestRow } from './rows';
import { textToHtml } from './templates';

/**
 * The outbox of supplier requests. A request (or the requests of one bulk mail, which share a
 * Message-ID) is written with its whole mail in status `sending` before anything leaves; then one
 * sender claims it (send_started_at, send_attempts), hands it to the mail server and records the
 * outcome. A sender that dies in between leaves a claim that goes stale after
 * SUPPLIER_SEND_LEASE_SECONDS: the reconciler (a schedule every minute, so also after a restart)
 * claims it again and sends the same mail with the same Message-ID, at most MAX_SEND_ATTEMPTS times,
 * then marks it failed with the reason. A manager can retry a failed request or cancel any one that
 * is not final, so nothing stays stuck.
 */

export const MAX_SEND_ATTEMPTS = 5;

const leaseMs = () => getEnv().SUPPLIER_SEND_LEASE_SECONDS * 1000;

export type DeliveryOutcome =
  | { kind: 'sent'; provider: string; ids: string[] }
  | { kind: 'failed'; error: string; ids: string[] }
  | { kind: 'taken' };

/**
 * Claims the mail `messageId` of the workspace and sends it. `fresh`: the creator, right after writing
 * it (only an unclaimed mail); `stale`: the reconciler or a retry (only one whose claim lapsed).
 */
export async function deliverMail(
  db: Db,
  args: { workspaceId: string; messageId: string; actor: Actor; mode: 'fresh' | 'stale'; now?: Date; sentAt?: Date },
): Promise<DeliveryOutcome> {
  const now = args.now ?? new Date();
  const lapsed = new Date(Date.now() - leaseMs()).toISOString();
  const claimed: RequestRow[] = await db
    .update(supplierRequests)
    .set({
      sendStartedAt: new Date(),
      sendAttempts: sql`${supplierRequests.sendAttempts} + 1`,
    })
    .where(
      and(
        eq(supplierRequests.workspaceId, args.workspaceId),
        eq(supplierRequests.messageId, args.messageId),
        eq(supplierRequests.status, 'sending'),
        args.mode === 'fresh'
          ? isNull(supplierRequests.sendStartedAt)
          : sql`coalesce(${supplierRequests.sendStartedAt}, ${supplierRequests.createdAt}) < ${lapsed}::timestamptz`,
      ),
    )
    .returning();
  const [row] = claimed;
  if (!row) return { kind: 'taken' };
  const ids = claimed.map((r) => r.id);
  if (row.sendAttempts > MAX_SEND_ATTEMPTS) {
    const error = `The mail server never confirmed the mail in ${MAX_SEND_ATTEMPTS} attempts.`;
    await finish(db, claimed, { ok: false, error }, args.actor, now);
    return { kind: 'failed', error, ids };
  }
  const outcome = await sendMail({
    to: row.recipient,
    cc: row.cc,
    replyTo: row.replyTo,
    subject: row.subject,
    text: row.body,
    html: textToHtml(row.body),
    // The same Message-ID on every attempt: a receiver that got an earlier one sees the same message.
    messageId: row.messageId!,
  });
  const at = args.sentAt ?? new Date(Math.max(now.getTime(), Date.now()));
  await finish(
    db,
    claimed,
    outcome.ok ? { ok: true, provider: outcome.provider } : { ok: false, error: outcome.error },
    args.actor,
    at,
  );
  return outcome.ok ? { kind: 'sent', provider: outcome.provider, ids } : { kind: 'failed', error: outcome.error, ids };
}

async function finish(
  db: Db,
  rows: RequestRow[],
  outcome: { ok: true; provider: string } | { ok: false; error: string },
  actor: Actor,
  at: Date,
) {
  const ids = rows.map((r) => r.id);
  await db.transaction(async (tx) => {
    const t = tx as unknown as Db;
    // Only from `sending`: a request cancelled meanwhile stays cancelled.
    const moved = await t
      .update(supplierRequests)
      .set(
        outcome.ok
          ? { status: 'sent', sentAt: at, lastActivityAt: at, deliveryError: null, updatedAt: at }
          : { status: 'failed', deliveryError: outcome.error, updatedAt: at },
      )
      .where(and(inArray(supplierRequests.id, ids), eq(supplierRequests.status, 'sending')))
      .returning({ id: supplierRequests.id });
    const done = new Set(moved.map((m) => m.id));
    for (const r of rows) {
      if (!done.has(r.id)) continue;
      await addEvent(t, {
        workspaceId: r.workspaceId,
        requestId: r.id,
        kind: outcome.ok ? 'sent' : 'delivery_failed',
        actorLabel: actor.label,
        note: outcome.ok ? null : outcome.error,
        data: {
          ...(outcome.ok ? { message_id: r.messageId, provider: outcome.provider, to: r.recipient, cc: r.cc } : {}),
          attempt: r.sendAttempts,
        },
        at,
      });
    }
    if (outcome.ok)
      await recordAuditMany(t, {
        entries: rows
          .filter((r) => done.has(r.id))
          .map((r) => ({
            workspaceId: r.workspaceId,
            actor,
            action: 'sku.supplier_request_sent',
            targetType: 'sku',
            targetId: r.skuId,
            data: { request_id: r.id, to: r.recipient, items: r.items.map((i) => i.key), attempt: r.sendAttempts },
          })),
      });
  });
}

const RECONCILER: Actor = { userId: null, apiKeyId: null, label: 'Outbox' };

/** Mails whose sender died (claim lapsed, or never claimed): sent again with their Message-ID. */
export async function reconcileOutbox(db: Db, opts: { now?: Date; workspaceId?: string } = {}) {
  const lapsed = new Date(Date.now() - leaseMs()).toISOString();
  const stale = await db
    .selectDistinct({ workspaceId: supplierRequests.workspaceId, messageId: supplierRequests.messageId })
    .from(supplierRequests)
    .where(
      and(
        eq(supplierRequests.status, 'sending'),
        sql`coalesce(${supplierRequests.sendStartedAt}, ${supplierRequests.createdAt}) < ${lapsed}::timestamptz`,
        opts.workspaceId ? eq(supplierRequests.workspaceId, opts.workspaceId) : undefined,
      ),
    )
    .limit(100);
  const summary = { sent: 0, failed: 0 };
  for (const s of stale) {
    if (!s.messageId) continue;
    const out = await deliverMail(db, {
      workspaceId: s.workspaceId,
      messageId: s.messageId,
      actor: RECONCILER,
      mode: 'stale',
      now: opts.now,
    });
    if (out.kind === 'sent') summary.sent++;
    if (out.kind === 'failed') summary.failed++;
  }
  return summary;
}

/**
 * A manager's retry of a failed request (with every request of its mail), or of one whose sending
 * lapsed: the same mail, the same Message-ID, a fresh count of attempts.
 */
export async function retryRequest(db: Db, args: { workspaceId: string; actor: Actor; id: string; now?: Date }) {
  const row = await getRequestRow(db, { workspaceId: args.workspaceId, id: args.id });
  if (!row.messageId) throw new AppError('INVALID_STATE', 'This request has no mail to send.');
  const lapsed = row.status === 'sending' && (row.sendStartedAt ?? row.createdAt).getTime() < Date.now() - leaseMs();
  if (row.status !== 'failed' && !lapsed)
    throw new AppError(
      'INVALID_STATE',
      row.status === 'sending'
        ? 'The mail is being sent right now; try again in a few minutes.'
        : `A ${row.status} request is not sent again; remind the supplier instead.`,
      { details: { state: row.status } },
    );
  await db
    .update(supplierRequests)
    .set({ status: 'sending', sendStartedAt: null, sendAttempts: 0, deliveryError: null, updatedAt: new Date() })
    .where(
      and(
        eq(supplierRequests.workspaceId, args.workspaceId),
        eq(supplierRequests.messageId, row.messageId),
        inArray(supplierRequests.status, ['failed', 'sending']),
      ),
    );
  await addEvent(db, {
    workspaceId: args.workspaceId,
    requestId: row.id,
    kind: 'retry',
    actorLabel: args.actor.label,
    data: { from: row.status },
  });
  return deliverMail(db, {
    workspaceId: args.workspaceId,
    messageId: row.messageId,
    actor: args.actor,
    mode: 'fresh',
    now: args.now,
  });
}
