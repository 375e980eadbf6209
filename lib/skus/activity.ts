/**
 * The activity of a SKU, newest first (who did what, when, with what data): its audit events, and the
 * creation of a SKU an import created. An import records one audit event for the batch
 * (import.completed) and each row's outcome in import_rows, not an event per SKU: at 100k rows those
 * events were a sixth of the import's database time. A SKU's creation by an import is read from its
 * import row, in the form of the sku.created event it used to be: at the SKU's creation time, with the
 * SKU's id as the event's.
 */
import { sql } from 'drizzle-orm';
import type { Db } from '@/lib/db/client';
import { decodeKeysetCursor, encodeKeysetCursor } from '@/lib/db/keyset';
import { queryRows } from '@/lib/db/rows';
import { getSkuRow } from './service';

export interface ActivityQuery {
  limit: number;
  /** Opaque cursor from next_cursor: events older than the last one returned. */
  cursor?: string;
}

// The timestamp is the database's microsecond text: events of one transaction share it exactly.
function activityAfter(cursor: string): { at: string; id: string } {
  const c = decodeKeysetCursor(cursor, 'sku-activity', 'timestamp');
  return { at: (c.value as { timestamp: string }).timestamp, id: c.id };
}

export interface SkuEvent {
  id: string;
  action: string;
  actor: string | null;
  data: Record<string, unknown>;
  created_at: Date;
  /** created_at as the database's microsecond text, for cursors */
  at: string;
}

/** The SKU's events, newest first, after the cursor's event when one is given. */
export async function skuEvents(
  db: Db,
  {
    workspaceId,
    skuId,
    opts,
  }: { workspaceId: string; skuId: string; opts: { limit: number; after?: { at: string; id: string } } },
): Promise<SkuEvent[]> {
  const rows = await queryRows<{
    id: string;
    action: string;
    actor: string | null;
    data: Record<string, unknown> | string | null;
    created_at: Date | string;
    at: string;
  }>(
    db,
    sql`SELECT ev.id, ev.action, ev.actor, ev.data, ev.created_at,
          to_char(ev.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') AS at
        FROM (
          SELECT e.id, e.action, e.actor_label AS actor, e.data, e.created_at
          FROM audit_events e
          WHERE e.workspace_id = ${workspaceId} AND e.target_type = 'sku' AND e.target_id = ${skuId}
          UNION ALL
          SELECT s.id, 'sku.created', b.options->'actor'->>'label',
                 jsonb_strip_nulls(jsonb_build_object('sku_code', r.sku_code, 'product_name', r.changes->'product_name'->>'to',
                                                      'import_batch_id', r.batch_id, 'row', r.row_number)),
                 s.created_at
          FROM import_rows r
          JOIN skus s ON s.id = r.sku_id
          JOIN import_batches b ON b.id = r.batch_id
          WHERE r.sku_id = ${skuId} AND r.workspace_id = ${workspaceId} AND r.outcome = 'created'
            -- SKUs imported before imports stopped writing an event per SKU have theirs already
            AND NOT EXISTS (SELECT 1 FROM audit_events e WHERE e.workspace_id = ${workspaceId} AND e.target_type = 'sku'
                              AND e.target_id = ${skuId} AND e.action = 'sku.created')
        ) ev
        ${opts.after ? sql`WHERE (ev.created_at, ev.id) < (${opts.after.at}::timestamptz, ${opts.after.id}::uuid)` : sql``}
        ORDER BY ev.created_at DESC, ev.id DESC
        LIMIT ${opts.limit}`,
  );
  return rows.map((r) => ({
    id: r.id,
    action: r.action,
    actor: r.actor,
    data: (typeof r.data === 'string' ? JSON.parse(r.data) : r.data) ?? {},
    created_at: new Date(r.created_at),
    at: r.at,
  }));
}

export async function listSkuActivity(
  db: Db,
  { workspaceId, skuId, q }: { workspaceId: string; skuId: string; q: ActivityQuery },
) {
  await getSkuRow(db, { workspaceId, id: skuId });
  const rows = await skuEvents(db, {
    workspaceId,
    skuId,
    opts: {
      limit: q.limit + 1,
      after: q.cursor ? activityAfter(q.cursor) : undefined,
    },
  });
  const page = rows.slice(0, q.limit);
  const last = page[page.length - 1];
  return {
    events: page.map((e) => ({
      id: e.id,
      action: e.action,
      actor: e.actor,
      data: e.data,
      created_at: e.created_at.toISOString(),
    })),
    has_more: rows.length > q.limit,
    next_cursor: rows.length > q.limit && last ? encodeKeysetCursor('sku-activity', last.at, last.id) : null,
  };
}
