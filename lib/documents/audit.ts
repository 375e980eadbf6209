import { and, desc, eq, like, type SQL } from 'drizzle-orm';
import type { Actor } from '@/lib/auth/context';
import type { Db } from '@/lib/db/client';
import { afterKeyset, decodeKeysetCursor, encodeKeysetCursor, keysetPage, timestampText } from '@/lib/db/keyset';
import { auditEvents } from '@/lib/db/schema';
import type { OrchestrateInput } from './schemas';

/**
 * POST /api/upload/orchestrate records what the upload flow decided about a file (who, when, action,
 * filename, type, confidence, destination, reasoning); the vault lists these events.
 */
export async function recordUploadDecision(db: Db, args: { workspaceId: string; actor: Actor; input: OrchestrateInput }) {
  const i = args.input;
  await db.insert(auditEvents).values({
    workspaceId: args.workspaceId,
    actorUserId: args.actor.userId,
    actorApiKeyId: args.actor.apiKeyId,
    actorLabel: args.actor.label,
    action: i.action,
    targetType: 'upload',
    targetId: null,
    data: {
      filename: i.filename ?? null,
      classification_type: i.classification_type ?? null,
      confidence: i.confidence ?? null,
      destination: i.destination ?? null,
      reasoning: i.reasoning ?? null,
    },
  });
  return { ok: true };
}

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/** The workspace's audit events, newest first, optionally those whose action starts with a prefix. */
export async function listAuditEvents(db: Db, workspaceId: string, q: { action_prefix?: string; cursor?: string; limit: number }) {
  const where: SQL[] = [eq(auditEvents.workspaceId, workspaceId)];
  if (q.action_prefix) where.push(like(auditEvents.action, `${escapeLike(q.action_prefix)}%`));
  if (q.cursor !== undefined) {
    const c = decodeKeysetCursor(q.cursor, 'audit-events', 'timestamp');
    where.push(afterKeyset('desc', auditEvents.createdAt, c.value, auditEvents.id, c.id));
  }
  const rows = await db
    .select({ r: auditEvents, createdKey: timestampText(auditEvents.createdAt) })
    .from(auditEvents)
    .where(and(...where))
    .orderBy(desc(auditEvents.createdAt), desc(auditEvents.id))
    .limit(q.limit + 1);
  const { page, next_cursor, has_more } = keysetPage(rows, q.limit, (last) => encodeKeysetCursor('audit-events', last.createdKey, last.r.id));
  return {
    next_cursor,
    has_more,
    events: page.map(({ r }) => ({
      id: r.id,
      action: r.action,
      actor: r.actorLabel,
      target_type: r.targetType,
      target_id: r.targetId,
      data: r.data ?? {},
      created_at: r.createdAt.toISOString(),
    })),
  };
}
