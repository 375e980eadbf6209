import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '@/lib/db/client';
import { webhookDeliveries, webhookEndpoints, webhookEvents } from '@/lib/db/schema';
import type { WebhookEventType } from './catalogue';

/**
 * Writes an event to the outbox and one pending delivery per enabled endpoint that subscribed to its
 * type. Call with the transaction that makes the change, so the event exists exactly when the change
 * does (a rolled-back change sends nothing); the delivery sweep sends it after the commit, and a
 * restart loses nothing. Nothing is written when no endpoint listens.
 */
export async function emitWebhookEvent(
  tx: Db,
  event: { workspaceId: string; type: WebhookEventType; data: Record<string, unknown> },
): Promise<string | null> {
  const endpoints = await tx
    .select({ id: webhookEndpoints.id })
    .from(webhookEndpoints)
    .where(
      and(
        eq(webhookEndpoints.workspaceId, event.workspaceId),
        eq(webhookEndpoints.enabled, true),
        sql`${event.type} = ANY(${webhookEndpoints.events})`,
      ),
    );
  if (!endpoints.length) return null;
  const [row] = await tx
    .insert(webhookEvents)
    .values({ workspaceId: event.workspaceId, type: event.type, data: event.data })
    .returning({ id: webhookEvents.id });
  await tx.insert(webhookDeliveries).values(
    endpoints.map((e) => ({
      workspaceId: event.workspaceId,
      endpointId: e.id,
      eventId: row.id,
      status: 'pending' as const,
      nextAttemptAt: new Date(),
    })),
  );
  return row.id;
}
