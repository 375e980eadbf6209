import { and, desc, eq, gte, like, lt, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '@/lib/db/client';
import { afterKeyset, decodeKeysetCursor, encodeKeysetCursor, keysetPage, timestampText } from '@/lib/db/keyset';
import { auditEvents, skus, workspaceMembers } from '@/lib/db/schema';
import { csvLine } from '@/lib/text/csv';
import type { AuditLogQuery } from './schemas';

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);
const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

type Filters = Omit<AuditLogQuery, 'cursor' | 'limit'>;

/**
 * The audit log as people read it: who (the member's email, or the key or process that acted), what,
 * on which SKU (by code, even after the SKU was deleted if the event kept the code), and when.
 * Filters: person (user id or part of the name), action (prefix), SKU (id or exact code), date range.
 */
function conditions(workspaceId: string, f: Filters): SQL[] {
  const where: SQL[] = [eq(auditEvents.workspaceId, workspaceId)];
  const prefix = f.action ?? f.action_prefix;
  if (prefix) where.push(like(auditEvents.action, `${escapeLike(prefix)}%`));
  if (f.actor) {
    where.push(
      UUID_RE.test(f.actor)
        ? eq(auditEvents.actorUserId, f.actor)
        : sql`${auditEvents.actorLabel} ILIKE ${`%${escapeLike(f.actor)}%`}`,
    );
  }
  if (f.sku) {
    const bySku = UUID_RE.test(f.sku)
      ? sql`${auditEvents.targetId} = ${f.sku}`
      : or(
          sql`${auditEvents.targetId} IN (SELECT ${skus.id}::text FROM ${skus} WHERE ${skus.workspaceId} = ${workspaceId} AND lower(${skus.skuCode}) = lower(${f.sku}))`,
          sql`lower(${auditEvents.data}->>'sku_code') = lower(${f.sku})`,
        )!;
    where.push(and(eq(auditEvents.targetType, 'sku'), bySku)!);
  }
  if (f.from) where.push(gte(auditEvents.createdAt, new Date(f.from)));
  if (f.to) where.push(lt(auditEvents.createdAt, new Date(f.to)));
  return where;
}

const selection = {
  r: auditEvents,
  createdKey: timestampText(auditEvents.createdAt),
  skuCode: skus.skuCode,
  memberEmail: workspaceMembers.email,
};

function baseQuery(db: Db, workspaceId: string) {
  return db
    .select(selection)
    .from(auditEvents)
    .leftJoin(
      skus,
      and(
        eq(auditEvents.targetType, 'sku'),
        sql`${skus.id}::text = ${auditEvents.targetId}`,
        eq(skus.workspaceId, workspaceId),
      ),
    )
    .leftJoin(
      workspaceMembers,
      and(eq(workspaceMembers.workspaceId, workspaceId), eq(workspaceMembers.userId, auditEvents.actorUserId)),
    );
}

type Row = Awaited<ReturnType<ReturnType<typeof baseQuery>['limit']>>[number];

function serialize({ r, skuCode, memberEmail }: Row) {
  const data = r.data ?? {};
  const code = skuCode ?? (typeof data.sku_code === 'string' ? data.sku_code : null);
  const targetEmail = typeof data.email === 'string' ? data.email : null;
  return {
    id: r.id,
    action: r.action,
    actor: memberEmail ?? r.actorLabel,
    actor_user_id: r.actorUserId,
    actor_api_key_id: r.actorApiKeyId,
    target_type: r.targetType,
    target_id: r.targetId,
    target_label:
      r.targetType === 'sku'
        ? code
        : r.targetType === 'member' || r.targetType === 'invitation'
          ? targetEmail
          : // Entities, documents, imports: the name the event recorded, never a bare id.
            ((typeof data.name === 'string' ? data.name : null) ??
            (typeof data.filename === 'string' ? data.filename : null)),
    sku: r.targetType === 'sku' && r.targetId ? { id: r.targetId, sku_code: code } : null,
    data,
    created_at: r.createdAt.toISOString(),
  };
}

export async function listAuditLog(db: Db, { workspaceId, q }: { workspaceId: string; q: AuditLogQuery }) {
  const where = conditions(workspaceId, q);
  if (q.cursor !== undefined) {
    const c = decodeKeysetCursor(q.cursor, 'audit-events', 'timestamp');
    where.push(afterKeyset('desc', auditEvents.createdAt, c.value, auditEvents.id, c.id));
  }
  const rows = await baseQuery(db, workspaceId)
    .where(and(...where))
    .orderBy(desc(auditEvents.createdAt), desc(auditEvents.id))
    .limit(q.limit + 1);
  const { page, next_cursor, has_more } = keysetPage(rows, q.limit, (last) =>
    encodeKeysetCursor('audit-events', last.createdKey, last.r.id),
  );
  return { next_cursor, has_more, events: page.map(serialize) };
}

export const AUDIT_CSV_MAX_ROWS = 50_000;

/** A dossier event's field key, value before and after (as recorded); empty cells for other events. */
function dossierChangeCells(action: string, data: Record<string, unknown>): [string, string, string] {
  if (!action.startsWith('dossier.') || typeof data.field_key !== 'string') return ['', '', ''];
  const str = (v: unknown) => (typeof v === 'string' ? v : '');
  return [data.field_key, str(data.previous), str(data.value)];
}
const PAGE = 1000;

/**
 * The filtered log as CSV lines (header first), newest first, read in keyset pages so memory stays
 * flat. Cells are formula-safe. At most AUDIT_CSV_MAX_ROWS rows; the last line says when cut.
 */
export async function* auditLogCsv(
  db: Db,
  { workspaceId, filters: f }: { workspaceId: string; filters: Filters },
): AsyncGenerator<string> {
  // field, old_value, new_value: a dossier change readable without parsing details (appended, so the
  // first seven columns keep their places for existing readers).
  yield (
    csvLine([
      'time_utc',
      'person',
      'action',
      'sku_code',
      'target_type',
      'target',
      'details',
      'field',
      'old_value',
      'new_value',
    ]) + '\r\n'
  );
  let cursor: { value: string; id: string } | null = null;
  let n = 0;
  for (;;) {
    const where = conditions(workspaceId, f);
    if (cursor)
      where.push(afterKeyset('desc', auditEvents.createdAt, { timestamp: cursor.value }, auditEvents.id, cursor.id));
    const rows = await baseQuery(db, workspaceId)
      .where(and(...where))
      .orderBy(desc(auditEvents.createdAt), desc(auditEvents.id))
      .limit(PAGE);
    for (const row of rows) {
      if (n >= AUDIT_CSV_MAX_ROWS) {
        yield csvLine([`truncated after ${AUDIT_CSV_MAX_ROWS} rows; narrow the filters`]) + '\r\n';
        return;
      }
      const e = serialize(row);
      yield (
        csvLine([
          e.created_at,
          e.actor ?? 'System',
          e.action,
          e.sku?.sku_code ?? '',
          e.target_type ?? '',
          e.target_label ?? e.target_id ?? '',
          JSON.stringify(e.data),
          ...dossierChangeCells(e.action, e.data),
        ]) + '\r\n'
      );
      n++;
    }
    if (rows.length < PAGE) return;
    const last = rows[rows.length - 1];
    cursor = { value: last.createdKey, id: last.r.id };
  }
}
