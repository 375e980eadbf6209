/** The activity of a SKU: its audit events, newest first (who did what, when, with what data). */
import { and, desc, eq, lt, or } from 'drizzle-orm';
import type { Db } from '@/lib/db/client';
import { auditEvents } from '@/lib/db/schema';
import { AppError } from '@/lib/http/errors';
import { getSkuRow } from './service';

export interface ActivityQuery {
  limit: number;
  /** Opaque cursor from next_cursor: events older than the last one returned. */
  cursor?: string;
}

const encode = (at: Date, id: string) => Buffer.from(JSON.stringify([at.toISOString(), id])).toString('base64url');

function decode(cursor: string): { at: Date; id: string } {
  try {
    const [at, id] = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as [string, string];
    const d = new Date(at);
    if (Number.isNaN(d.getTime()) || typeof id !== 'string' || !/^[0-9a-f-]{36}$/i.test(id)) throw new Error('bad');
    return { at: d, id };
  } catch {
    throw new AppError('VALIDATION_FAILED', 'The cursor is not valid.', { details: { fields: [{ path: 'cursor', message: 'invalid cursor' }] } });
  }
}

export async function listSkuActivity(db: Db, workspaceId: string, skuId: string, q: ActivityQuery) {
  await getSkuRow(db, workspaceId, skuId);
  const where = [eq(auditEvents.workspaceId, workspaceId), eq(auditEvents.targetType, 'sku'), eq(auditEvents.targetId, skuId)];
  if (q.cursor) {
    const c = decode(q.cursor);
    where.push(or(lt(auditEvents.createdAt, c.at), and(eq(auditEvents.createdAt, c.at), lt(auditEvents.id, c.id)))!);
  }
  const rows = await db
    .select()
    .from(auditEvents)
    .where(and(...where))
    .orderBy(desc(auditEvents.createdAt), desc(auditEvents.id))
    .limit(q.limit + 1);
  const page = rows.slice(0, q.limit);
  const last = page[page.length - 1];
  return {
    events: page.map((e) => ({ id: e.id, action: e.action, actor: e.actorLabel, data: e.data ?? {}, created_at: e.createdAt.toISOString() })),
    has_more: rows.length > q.limit,
    next_cursor: rows.length > q.limit && last ? encode(last.createdAt, last.id) : null,
  };
}
