import { and, eq } from 'drizzle-orm';
import type { Actor } from '@/lib/auth/context';
import type { Db } from '@/lib/db/client';
import { supplierRequestEvents, supplierRequests, type RequestItem } from '@/lib/db/schema';
import { AppError } from '@/lib/errors';
import { hashToken, LINK_VALIDITY_DAYS } from './token';

/**
 * A supplier request's rows and the two small operations every part of the slice uses (its timeline,
 * its row by id). Below service.ts, answers.ts and outbox.ts, so those files stack without a loop.
 */

export type RequestRow = typeof supplierRequests.$inferSelect;
export type EventRow = typeof supplierRequestEvents.$inferSelect;

export async function addEvent(
  db: Db,
  e: {
    workspaceId: string;
    requestId: string;
    kind: string;
    actorLabel?: string | null;
    note?: string | null;
    data?: Record<string, unknown>;
    at?: Date;
  },
) {
  await db.insert(supplierRequestEvents).values({
    workspaceId: e.workspaceId,
    requestId: e.requestId,
    kind: e.kind,
    actorLabel: e.actorLabel ?? null,
    note: e.note ?? null,
    data: e.data ?? {},
    ...(e.at ? { createdAt: e.at } : {}),
  });
}

export async function getRequestRow(
  db: Db,
  { workspaceId, id }: { workspaceId: string; id: string },
): Promise<RequestRow> {
  const [row] = await db
    .select()
    .from(supplierRequests)
    .where(and(eq(supplierRequests.id, id), eq(supplierRequests.workspaceId, workspaceId)));
  if (!row) throw new AppError('NOT_FOUND', 'Supplier request not found.');
  return row;
}

/**
 * A new request as it is written before its mail goes out: status `sending` (the outbox sends it and
 * reconciles a crash in between by its Message-ID), the link's nonce and token hash, and its `created`
 * event. One mail may carry several requests (a bulk send): each is written here with the same Message-ID.
 */
export async function insertSendingRequest(
  db: Db,
  r: {
    id: string;
    workspaceId: string;
    skuId: string;
    entityId: string | null;
    recipient: string;
    cc: string[];
    replyTo: string | null;
    managerLocale: string | null;
    subject: string;
    body: string;
    locale: string;
    items: RequestItem[];
    dueDate: string | null;
    messageId: string;
    nonce: string;
    token: string;
    actor: Actor;
    now: Date;
    /** The `created` event's data beyond the item keys and the recipient. */
    eventData?: Record<string, unknown>;
  },
) {
  const { actor, now } = r;
  await db.insert(supplierRequests).values({
    id: r.id,
    workspaceId: r.workspaceId,
    skuId: r.skuId,
    entityId: r.entityId,
    recipient: r.recipient,
    cc: r.cc,
    replyTo: r.replyTo,
    managerLocale: r.managerLocale,
    subject: r.subject,
    body: r.body,
    locale: r.locale,
    items: r.items,
    status: 'sending',
    dueDate: r.dueDate,
    messageId: r.messageId,
    tokenNonce: r.nonce,
    tokenHash: hashToken(r.token),
    tokenExpiresAt: new Date(now.getTime() + LINK_VALIDITY_DAYS * 86_400_000),
    lastActivityAt: now,
    createdBy: actor.userId,
    createdByLabel: actor.label,
    createdAt: now,
    updatedAt: now,
  });
  await addEvent(db, {
    workspaceId: r.workspaceId,
    requestId: r.id,
    kind: 'created',
    actorLabel: actor.label,
    data: { items: r.items.map((i) => i.key), to: r.recipient, ...r.eventData },
    at: now,
  });
}
