/** Readiness figures of a workspace for the dashboard: SKUs by status and the most frequent open blockers. */
import { sql } from 'drizzle-orm';
import type { Db } from '@/lib/db/client';
import { queryRows } from '@/lib/db/rows';
import { skus } from '@/lib/db/schema';
import { SKU_STATES } from './schemas';
import { skuStatusSql, type SkuStatus } from './serialize';

export async function getDashboard(db: Db, workspaceId: string, opts: { topBlockers?: number } = {}) {
  const [statusRows, blockerRows, approvedRows] = await Promise.all([
    db
      .select({ status: skuStatusSql, n: sql<number>`count(*)::int` })
      .from(skus)
      .where(sql`${skus.workspaceId} = ${workspaceId}`)
      .groupBy(skuStatusSql),
    // SKUs with an open blocker-severity entry of each code: a code occurring once per language counts
    // the SKU once, so the share of SKUs never exceeds 100 %.
    queryRows<{ code: string; n: number; example: string }>(
      db,
      sql`SELECT b->>'code' AS code, count(DISTINCT s.id)::int AS n, min(b->>'message') AS example
          FROM skus s, jsonb_array_elements(s.blockers) b
          WHERE s.workspace_id = ${workspaceId} AND b->>'severity' = 'blocker' AND (b->'waived' IS NULL OR jsonb_typeof(b->'waived') = 'null')
          GROUP BY b->>'code' ORDER BY n DESC, code ASC LIMIT ${opts.topBlockers ?? 10}`,
    ),
    queryRows<{ n: number; unrecognised: number }>(
      db,
      sql`SELECT (count(*) FILTER (WHERE approval_state = 'approved'))::int AS n,
                 (count(*) FILTER (WHERE category_defaulted))::int AS unrecognised
          FROM skus WHERE workspace_id = ${workspaceId}`,
    ),
  ]);
  const counts = new Map<string, number>(statusRows.map((r) => [String(r.status), Number(r.n)]));
  const by_status = SKU_STATES.map((status) => ({ status, count: counts.get(status) ?? 0 }));
  const get = (s: SkuStatus) => counts.get(s) ?? 0;
  return {
    totals: {
      skus: by_status.reduce((a, b) => a + b.count, 0),
      published: get('published'),
      // Approved SKUs, published or not.
      approved: Number(approvedRows[0]?.n ?? 0),
      blocked: get('blocked'),
      needs_review: get('needs_review'),
      ready_for_approval: get('ready_for_approval'),
      // Checked against the general rules only, until a person picks their category.
      category_not_recognised: Number(approvedRows[0]?.unrecognised ?? 0),
    },
    by_status,
    top_blockers: blockerRows.map((r) => ({ code: r.code, count: Number(r.n), example_message: r.example })),
  };
}
