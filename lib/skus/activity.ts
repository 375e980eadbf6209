/** The activity of a SKU: its audit events, newest first (who did what, when, with what data). */
import { and, desc, eq } from 'drizzle-orm';
import type { Db } from '@/lib/db/client';
import { afterKeyset, CURSOR_ID, isCursorTimestamp, timestampText } from '@/lib/db/keyset';
import { auditEvents } from '@/lib/db/schema';
import { AppError } from '@/lib/http/errors';
import { getSkuRow } from './service';

export interface ActivityQuery {
  limit: number;
  /** Opaque cursor from next_cursor: events older than the last one returned. */
  cursor?: string;
}

// The timestamp is the database's microsecond text: events of one transaction share it exactly.
const encode = (at: string, id: string) => Buffer.from(JSON.stringify([at, id])).toString('base64url');

function decode(cursor: string): { at: string; id: string } {
  try {
    const [at, id] = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as [unknown, unknown];
    if (!isCursorTimestamp(at) || typeof id !== 'string' || !CURSOR_ID.test(id)) throw new Error('bad');
    return { at, id };
  } catch {
    throw new AppError('VALIDATION_FAILED', 'The cursor is not valid.', {
      details: { fields: [{ path: 'cursor', message: 'invalid cursor' }] },
    });
  }
}

export async function listSkuActivity(db: Db, workspaceId: string, skuId: string, q: ActivityQuery) {
  await getSkuRow(db, workspaceId, skuId);
  const where = [
    eq(auditEvents.workspaceId, workspaceId),
    eq(auditEvents.targetType, 'sku'),
    eq(auditEvents.targetId, skuId),
  ];
  if (q.cursor) {
    const c = decode(q.cursor);
    where.push(afterKeyset('desc', auditEvents.createdAt, { timestamp: c.at }, auditEvents.id, c.id));
  }
  const rows = await db
    .select({ e: auditEvents, at: timestampText(auditEvents.createdAt) })
    .from(auditEvents)
    .where(and(...where))
    .orderBy(desc(auditEvents.createdAt), desc(auditEvents.id))
    .limit(q.limit + 1);
  const page = rows.slice(0, q.limit);
  const last = page[page.length - 1];
  return {
    events: page.map(({ e }) => ({
      id: e.id,
      action: e.action,
      actor: e.actorLabel,
      data: e.data ?? {},
      created_at: e.createdAt.toISOString(),
    })),
    has_more: rows.length > q.limit,
    next_cursor: rows.length > q.limit && last ? encode(last.at, last.e.id) : null,
  };
}
