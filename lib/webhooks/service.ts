import { and, desc, eq } from 'drizzle-orm';
import { recordAudit } from '@/lib/audit';
import type { Actor } from '@/lib/auth/context';
import type { Db } from '@/lib/db/client';
import { webhookDeliveries, webhookEndpoints, webhookEvents } from '@/lib/db/schema';
import { AppError } from '@/lib/errors';
import { checkWebhookUrl } from './url';
import { attempt, eventBody } from './deliver';
import { newWebhookSecret } from './sign';
import type { CreateWebhookEndpointInput } from './schemas';

type EndpointRow = typeof webhookEndpoints.$inferSelect;
type DeliveryRow = typeof webhookDeliveries.$inferSelect;

const MAX_ENDPOINTS = 20;

export function serializeEndpoint(e: EndpointRow) {
  return {
    id: e.id,
    url: e.url,
    description: e.description,
    events: e.events,
    secret_prefix: e.secretPrefix,
    enabled: e.enabled,
    disabled_at: e.disabledAt?.toISOString() ?? null,
    disabled_reason: e.disabledReason,
    consecutive_failures: e.consecutiveFailures,
    created_at: e.createdAt.toISOString(),
  };
}

type EventRow = typeof webhookEvents.$inferSelect;

export function serializeDelivery(d: DeliveryRow, ev: EventRow) {
  return {
    id: d.id,
    endpoint_id: d.endpointId,
    event_id: d.eventId,
    event_type: ev.type,
    request_body: eventBody(ev),
    status: d.status,
    attempts: d.attempts,
    next_attempt_at: d.nextAttemptAt?.toISOString() ?? null,
    last_attempt_at: d.lastAttemptAt?.toISOString() ?? null,
    response_status: d.responseStatus,
    response_body: d.responseBody,
    error: d.error,
    delivered_at: d.deliveredAt?.toISOString() ?? null,
    created_at: d.createdAt.toISOString(),
  };
}

async function getEndpointRow(db: Db, workspaceId: string, id: string) {
  const [e] = await db
    .select()
    .from(webhookEndpoints)
    .where(and(eq(webhookEndpoints.id, id), eq(webhookEndpoints.workspaceId, workspaceId)));
  if (!e) throw new AppError('NOT_FOUND', 'Webhook endpoint not found.');
  return e;
}

export async function listEndpoints(db: Db, { workspaceId }: { workspaceId: string }) {
  const rows = await db
    .select()
    .from(webhookEndpoints)
    .where(eq(webhookEndpoints.workspaceId, workspaceId))
    .orderBy(desc(webhookEndpoints.createdAt));
  return rows.map(serializeEndpoint);
}

/** Registers an endpoint; the URL must reach a public address now. The secret is returned this once. */
export async function createEndpoint(
  db: Db,
  args: { workspaceId: string; actor: Actor; input: CreateWebhookEndpointInput },
) {
  const url = await checkWebhookUrl(args.input.url);
  const existing = await listEndpoints(db, { workspaceId: args.workspaceId });
  if (existing.length >= MAX_ENDPOINTS)
    throw new AppError('PLAN_LIMIT_REACHED', `A workspace has at most ${MAX_ENDPOINTS} webhook endpoints.`, {
      details: { limit: 'webhook_endpoints', max: MAX_ENDPOINTS },
    });
  const secret = newWebhookSecret();
  return db.transaction(async (tx) => {
    const [e] = await tx
      .insert(webhookEndpoints)
      .values({
        workspaceId: args.workspaceId,
        url,
        description: args.input.description ?? null,
        events: [...new Set(args.input.events)],
        secret,
        secretPrefix: secret.slice(0, 12),
        createdBy: args.actor.userId,
      })
      .returning();
    await recordAudit(tx as unknown as Db, {
      workspaceId: args.workspaceId,
      actor: args.actor,
      action: 'webhook.endpoint_created',
      targetType: 'webhook_endpoint',
      targetId: e.id,
      data: { url, events: e.events },
    });
    return { ...serializeEndpoint(e), secret };
  });
}

export async function updateEndpoint(
  db: Db,
  args: {
    workspaceId: string;
    actor: Actor;
    id: string;
    patch: { enabled?: boolean; events?: string[]; description?: string | null };
  },
) {
  await getEndpointRow(db, args.workspaceId, args.id);
  const [e] = await db
    .update(webhookEndpoints)
    .set({
      ...(args.patch.events ? { events: [...new Set(args.patch.events)] } : {}),
      ...(args.patch.description !== undefined ? { description: args.patch.description } : {}),
      ...(args.patch.enabled === true
        ? { enabled: true, disabledAt: null, disabledReason: null, consecutiveFailures: 0 }
        : args.patch.enabled === false
          ? { enabled: false, disabledAt: new Date(), disabledReason: 'Disabled by a person.' }
          : {}),
      updatedAt: new Date(),
    })
    .where(and(eq(webhookEndpoints.id, args.id), eq(webhookEndpoints.workspaceId, args.workspaceId)))
    .returning();
  await recordAudit(db, {
    workspaceId: args.workspaceId,
    actor: args.actor,
    action: 'webhook.endpoint_updated',
    targetType: 'webhook_endpoint',
    targetId: e.id,
    data: args.patch,
  });
  return serializeEndpoint(e);
}

export async function deleteEndpoint(db: Db, args: { workspaceId: string; actor: Actor; id: string }) {
  const e = await getEndpointRow(db, args.workspaceId, args.id);
  await db.delete(webhookEndpoints).where(eq(webhookEndpoints.id, e.id));
  await recordAudit(db, {
    workspaceId: args.workspaceId,
    actor: args.actor,
    action: 'webhook.endpoint_deleted',
    targetType: 'webhook_endpoint',
    targetId: e.id,
    data: { url: e.url },
  });
  return { id: e.id, deleted: true as const };
}

/** The latest deliveries of an endpoint, newest first (a log, not a list to page through). */
export async function listDeliveries(
  db: Db,
  { workspaceId, endpointId, limit = 50 }: { workspaceId: string; endpointId: string; limit?: number },
) {
  await getEndpointRow(db, workspaceId, endpointId);
  const rows = await db
    .select({ d: webhookDeliveries, ev: webhookEvents })
    .from(webhookDeliveries)
    .innerJoin(webhookEvents, eq(webhookEvents.id, webhookDeliveries.eventId))
    .where(and(eq(webhookDeliveries.endpointId, endpointId), eq(webhookDeliveries.workspaceId, workspaceId)))
    .orderBy(desc(webhookDeliveries.createdAt))
    .limit(limit);
  return rows.map((r) => serializeDelivery(r.d, r.ev));
}

/**
 * Re-sends a delivery by hand now (same event id, so a receiver that got it deduplicates), whatever
 * its status; the answer is the delivery after the attempt. A disabled endpoint must be enabled first.
 */
export async function resendDelivery(db: Db, args: { workspaceId: string; actor: Actor; id: string }) {
  const [row] = await db
    .select({ d: webhookDeliveries, e: webhookEndpoints })
    .from(webhookDeliveries)
    .innerJoin(webhookEndpoints, eq(webhookEndpoints.id, webhookDeliveries.endpointId))
    .where(and(eq(webhookDeliveries.id, args.id), eq(webhookDeliveries.workspaceId, args.workspaceId)));
  if (!row) throw new AppError('NOT_FOUND', 'Webhook delivery not found.');
  if (!row.e.enabled)
    throw new AppError('INVALID_STATE', 'The endpoint is disabled: enable it, then re-send.', {
      details: { state: 'endpoint_disabled' },
    });
  // Back to pending with one more attempt allowed, so a failure retries on the normal schedule.
  await db
    .update(webhookDeliveries)
    .set({ status: 'pending', attempts: 0, nextAttemptAt: null })
    .where(eq(webhookDeliveries.id, row.d.id));
  await attempt(db, { deliveryId: row.d.id });
  await recordAudit(db, {
    workspaceId: args.workspaceId,
    actor: args.actor,
    action: 'webhook.delivery_resent',
    targetType: 'webhook_delivery',
    targetId: row.d.id,
  });
  const [after] = await db
    .select({ d: webhookDeliveries, ev: webhookEvents })
    .from(webhookDeliveries)
    .innerJoin(webhookEvents, eq(webhookEvents.id, webhookDeliveries.eventId))
    .where(eq(webhookDeliveries.id, row.d.id));
  return serializeDelivery(after.d, after.ev);
}
