import { and, eq, sql } from 'drizzle-orm';
import { recordAudit } from '@/lib/audit';
import type { Actor } from '@/lib/auth/context';
import type { Db } from '@/lib/db/client';
import { supplierRequestEvents } from '@/lib/db/schema';
import { AppError } from '@/lib/errors';
import { getBlobStore } from '@/lib/storage';
import { heldReplyKey, parseMime, storeReply } from './inbound';
import { addEvent, getRequestRow } from './rows';
import { getRequest } from './service';

/**
 * The manager's review of a held reply (one from an address that is not the request's recipient, nor
 * of its domain). Release takes it in as if the recipient had sent it: its attachments become proposed
 * evidence of the SKU and its text is read for answers. Dismiss drops it; nothing is attached. Either
 * way the kept raw message is deleted and the decision stays on the held timeline entry.
 */

const ANSWERABLE = ['sent', 'in_progress', 'to_review', 'no_progress'];

export async function decideHeldReply(
  db: Db,
  args: {
    workspaceId: string;
    actor: Actor;
    requestId: string;
    heldId: string;
    decision: 'release' | 'dismiss';
    now?: Date;
  },
) {
  const row = await getRequestRow(db, { workspaceId: args.workspaceId, id: args.requestId });
  const [held] = await db
    .select()
    .from(supplierRequestEvents)
    .where(
      and(
        eq(supplierRequestEvents.requestId, row.id),
        eq(supplierRequestEvents.kind, 'reply_held'),
        sql`${supplierRequestEvents.data}->>'held_id' = ${args.heldId}`,
      ),
    );
  if (!held) throw new AppError('NOT_FOUND', 'This request has no held reply with that id.');
  const decided = (held.data as Record<string, unknown>).decision;
  if (decided)
    throw new AppError(
      'INVALID_STATE',
      `The held reply was already ${decided === 'release' ? 'released' : 'dismissed'}.`,
      {
        details: { state: decided },
      },
    );
  if (args.decision === 'release' && !ANSWERABLE.includes(row.status))
    throw new AppError('INVALID_STATE', `The request is ${row.status}; a reply can no longer be taken in.`, {
      details: { state: row.status },
    });
  const store = getBlobStore();
  const key = heldReplyKey(row.workspaceId, args.heldId);
  // Read before claiming, so a missing message leaves the reply undecided (and says why).
  const raw = args.decision === 'release' ? await store.getBytes(key).catch(() => null) : null;
  if (args.decision === 'release' && !raw)
    throw new AppError('INVALID_STATE', 'The held message is no longer stored; it can only be dismissed.', {
      details: { state: 'missing' },
    });
  const now = args.now ?? new Date();
  // One decision per held reply, even when two people click at once.
  const claimed = await db
    .update(supplierRequestEvents)
    .set({
      data: sql`${supplierRequestEvents.data} || ${JSON.stringify({
        decision: args.decision,
        decided_by: args.actor.label,
        decided_at: now.toISOString(),
      })}::jsonb`,
    })
    .where(and(eq(supplierRequestEvents.id, held.id), sql`NOT (${supplierRequestEvents.data} ? 'decision')`))
    .returning({ id: supplierRequestEvents.id });
  if (!claimed.length)
    throw new AppError('INVALID_STATE', 'The held reply was already decided.', { details: { state: 'decided' } });

  let files = 0;
  if (raw) {
    try {
      const out = await storeReply(db, {
        row,
        email: await parseMime(raw),
        opts: {
          now,
          data: { released_from: args.heldId, released_by: args.actor.label },
        },
      });
      files = out.results.filter((r) => r.document_id).length;
    } catch (e) {
      // Not taken in (the request's file cap, say): the reply stays held, to be released or dismissed later.
      await db
        .update(supplierRequestEvents)
        .set({ data: sql`${supplierRequestEvents.data} - 'decision' - 'decided_by' - 'decided_at'` })
        .where(eq(supplierRequestEvents.id, held.id));
      throw e;
    }
  } else {
    await addEvent(db, {
      workspaceId: row.workspaceId,
      requestId: row.id,
      kind: 'reply_dismissed',
      actorLabel: args.actor.label,
      data: { held_id: args.heldId },
      at: now,
    });
  }
  await recordAudit(db, {
    workspaceId: row.workspaceId,
    actor: args.actor,
    action: args.decision === 'release' ? 'sku.supplier_reply_released' : 'sku.supplier_reply_dismissed',
    targetType: 'sku',
    targetId: row.skuId,
    data: {
      request_id: row.id,
      held_id: args.heldId,
      from: (held.data as Record<string, unknown>).from ?? null,
      files,
    },
  });
  await store.delete(key).catch(() => undefined);
  return getRequest(db, { workspaceId: args.workspaceId, id: row.id });
}
