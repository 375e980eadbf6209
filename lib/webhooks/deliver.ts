import { and, eq, inArray, sql } from 'drizzle-orm';
import { recordAudit } from '@/lib/audit';
import { getEnv } from '@/lib/config/env';
import { publicAppUrl } from '@/lib/config/public-url';
import type { Db } from '@/lib/db/client';
import { queryRows } from '@/lib/db/rows';
import { users, webhookDeliveries, webhookEndpoints, webhookEvents, workspaceMembers } from '@/lib/db/schema';
import { newMessageId, sendMail } from '@/lib/email/send';
import { safeFetch } from '@/lib/net/safe-fetch';
import { signWebhook } from './sign';

/**
 * Sending the outbox. A delivery is tried at once, then after 1 min, 5 min, 30 min, 2 h, 6 h, 12 h and
 * 24 h (eight attempts over a day), then it is failed (it can still be re-sent by hand). Every attempt
 * stores the answer's status and the start of its body. An endpoint that fails
 * WEBHOOK_DISABLE_AFTER_FAILURES attempts in a row is disabled and the workspace's admins are mailed.
 */
export const RETRY_GAPS_SECONDS = [60, 240, 1500, 5400, 14400, 21600, 43200] as const;
export const MAX_ATTEMPTS = RETRY_GAPS_SECONDS.length + 1;

const CLAIM_SECONDS = 120; // a claimed delivery is invisible to other sweeps while one sends it
const RESPONSE_BODY_CHARS = 2000;
const TIMEOUT_MS = 10_000;

/** The JSON body of an event, identical on every attempt (the signature covers it with a fresh timestamp). */
export function eventBody(e: { id: string; type: string; workspaceId: string; data: unknown; createdAt: Date }) {
  return JSON.stringify({
    id: e.id,
    type: e.type,
    timestamp: e.createdAt.toISOString(),
    workspace_id: e.workspaceId,
    data: e.data,
  });
}

/** Sends every due delivery (all workspaces, or one), claiming each so concurrent sweeps never send twice. */
export async function deliverDue(db: Db, opts: { now?: Date; limit?: number; workspaceId?: string } = {}) {
  const now = opts.now ?? new Date();
  const claimed = await queryRows<{ id: string }>(
    db,
    sql`UPDATE webhook_deliveries SET next_attempt_at = ${new Date(now.getTime() + CLAIM_SECONDS * 1000).toISOString()}::timestamptz
        WHERE id IN (
          SELECT id FROM webhook_deliveries
          WHERE status = 'pending' AND next_attempt_at <= ${now.toISOString()}::timestamptz
          ${opts.workspaceId ? sql`AND workspace_id = ${opts.workspaceId}` : sql``}
          ORDER BY next_attempt_at LIMIT ${opts.limit ?? 100}
          FOR UPDATE SKIP LOCKED)
        RETURNING id`,
  );
  let succeeded = 0;
  let failed = 0;
  for (const { id } of claimed) {
    const ok = await attempt(db, { deliveryId: id, now });
    if (ok) succeeded++;
    else failed++;
  }
  return { claimed: claimed.length, succeeded, failed };
}

/** One attempt of one delivery; true when the endpoint answered 2xx. */
export async function attempt(
  db: Db,
  { deliveryId, now = new Date() }: { deliveryId: string; now?: Date },
): Promise<boolean> {
  const [row] = await db
    .select({ d: webhookDeliveries, e: webhookEndpoints, ev: webhookEvents })
    .from(webhookDeliveries)
    .innerJoin(webhookEndpoints, eq(webhookEndpoints.id, webhookDeliveries.endpointId))
    .innerJoin(webhookEvents, eq(webhookEvents.id, webhookDeliveries.eventId))
    .where(eq(webhookDeliveries.id, deliveryId));
  if (!row) return false;
  const { d, e, ev } = row;
  if (!e.enabled) {
    await db
      .update(webhookDeliveries)
      .set({ status: 'failed', error: 'The endpoint is disabled.', nextAttemptAt: null })
      .where(eq(webhookDeliveries.id, d.id));
    return false;
  }
  const body = eventBody(ev);
  const timestamp = Math.floor(now.getTime() / 1000);
  const res = await safeFetch(e.url, {
    timeoutMs: TIMEOUT_MS,
    maxBytes: 64 * 1024,
    post: {
      body: Buffer.from(body),
      headers: {
        'content-type': 'application/json',
        'user-agent': 'ComplianceWorkspace-Webhooks/1.0',
        'webhook-id': ev.id,
        'webhook-timestamp': String(timestamp),
        'webhook-signature': signWebhook(e.secret, ev.id, timestamp, body),
      },
    },
  });
  const attempts = d.attempts + 1;
  const ok = res.ok && res.status >= 200 && res.status < 300;
  const responseStatus = res.ok ? res.status : null;
  const responseBody = res.ok
    ? res.body
        .toString('utf8')
        .replace(/\u0000/g, '')
        .slice(0, RESPONSE_BODY_CHARS)
    : null;
  const error = ok ? null : res.ok ? `The endpoint answered HTTP ${res.status}.` : res.error.message;
  const final = !ok && attempts >= MAX_ATTEMPTS;
  await db
    .update(webhookDeliveries)
    .set({
      status: ok ? 'succeeded' : final ? 'failed' : 'pending',
      attempts,
      lastAttemptAt: now,
      responseStatus,
      responseBody,
      error,
      deliveredAt: ok ? now : null,
      nextAttemptAt: ok || final ? null : new Date(now.getTime() + RETRY_GAPS_SECONDS[attempts - 1] * 1000),
    })
    .where(eq(webhookDeliveries.id, d.id));
  if (ok) {
    if (e.consecutiveFailures)
      await db.update(webhookEndpoints).set({ consecutiveFailures: 0 }).where(eq(webhookEndpoints.id, e.id));
    return true;
  }
  const [after] = await db
    .update(webhookEndpoints)
    .set({ consecutiveFailures: sql`${webhookEndpoints.consecutiveFailures} + 1` })
    .where(eq(webhookEndpoints.id, e.id))
    .returning({ failures: webhookEndpoints.consecutiveFailures });
  if (after && after.failures >= getEnv().WEBHOOK_DISABLE_AFTER_FAILURES)
    await disableEndpoint(db, {
      endpointId: e.id,
      reason: `${after.failures} delivery attempts failed in a row; last: ${error}`,
    });
  return false;
}

/** Disables an endpoint (once), fails its pending deliveries, records it and mails the admins. */
export async function disableEndpoint(db: Db, { endpointId, reason }: { endpointId: string; reason: string }) {
  const [e] = await db
    .update(webhookEndpoints)
    .set({ enabled: false, disabledAt: new Date(), disabledReason: reason.slice(0, 500), updatedAt: new Date() })
    .where(and(eq(webhookEndpoints.id, endpointId), eq(webhookEndpoints.enabled, true)))
    .returning();
  if (!e) return;
  await db
    .update(webhookDeliveries)
    .set({ status: 'failed', error: 'The endpoint was disabled.', nextAttemptAt: null })
    .where(and(eq(webhookDeliveries.endpointId, e.id), eq(webhookDeliveries.status, 'pending')));
  await recordAudit(db, {
    workspaceId: e.workspaceId,
    actor: null,
    label: 'webhooks',
    action: 'webhook.endpoint_disabled',
    targetType: 'webhook_endpoint',
    targetId: e.id,
    data: { url: e.url, reason },
  });
  const admins = await db
    .select({ email: users.email })
    .from(workspaceMembers)
    .innerJoin(users, eq(users.id, workspaceMembers.userId))
    .where(and(eq(workspaceMembers.workspaceId, e.workspaceId), inArray(workspaceMembers.role, ['owner', 'admin'])));
  const text = [
    `The webhook endpoint ${e.url} was disabled: ${reason}`,
    '',
    'No further events are sent to it. Fix the receiver, then enable the endpoint again and re-send the failed deliveries:',
    `${publicAppUrl()}/settings/webhooks`,
  ].join('\n');
  for (const a of admins)
    await sendMail({
      to: a.email,
      subject: `Webhook endpoint disabled: ${e.url}`.slice(0, 200),
      text,
      html: `<p>${text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/\n/g, '<br>')}</p>`,
      messageId: newMessageId(),
    }).catch(() => undefined);
}
