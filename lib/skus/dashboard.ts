/** Readiness figures of a workspace for the dashboard: SKUs by status and the most frequent open blockers. */
import { sql } from 'drizzle-orm';
import type { Db } from '@/lib/db/client';
import { queryRows } from '@/lib/db/rows';
import { skus } from '@/lib/db/schema';
import { SKU_STATES } from './schemas';
import { skuStatusSql, type SkuStatus } from './serialize';

const WEIGHTS: Record<number, 'market' | 'online' | 'data_quality'> = { 3: 'market', 2: 'online', 1: 'data_quality' };

export async function getDashboard(
  db: Db,
  { workspaceId, opts = {} }: { workspaceId: string; opts?: { topBlockers?: number } },
) {
  const [statusRows, blockerRows, approvedRows, obligationRows] = await Promise.all([
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
    // One line per obligation across SKUs ("32 SKUs lack French warnings"): a grouped language blocker
    // counts once per language it lists; ordered by legal weight (lib/requirements/grouping.ts), then count.
    queryRows<{ code: string; language: string | null; n: number; rank: number }>(
      db,
      sql`SELECT o.code, o.language, count(DISTINCT o.sku_id)::int AS n, max(o.rank)::int AS rank
          FROM (
            SELECT s.id AS sku_id, b->>'code' AS code, l.language,
              CASE b->>'legal_weight' WHEN 'market' THEN 3 WHEN 'online' THEN 2 WHEN 'data_quality' THEN 1 ELSE 3 END AS rank
            FROM skus s
            CROSS JOIN LATERAL jsonb_array_elements(s.blockers) b
            CROSS JOIN LATERAL jsonb_array_elements_text(
              CASE WHEN jsonb_typeof(b->'details'->'languages') = 'array' THEN b->'details'->'languages' ELSE '[null]'::jsonb END
            ) l(language)
            WHERE s.workspace_id = ${workspaceId} AND b->>'severity' = 'blocker'
              AND (b->'waived' IS NULL OR jsonb_typeof(b->'waived') = 'null')
          ) o
          GROUP BY o.code, o.language ORDER BY rank DESC, n DESC, o.code ASC, o.language ASC NULLS FIRST LIMIT ${opts.topBlockers ?? 10}`,
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
    obligations: obligationRows.map((r) => ({
      code: r.code,
      language: r.language,
      count: Number(r.n),
      legal_weight: WEIGHTS[Number(r.rank)] ?? 'market',
      // The one action: the SKUs with this open obligation, most serious first.
      href: `/skus?blocker_code=${encodeURIComponent(r.code)}&sort=serious_desc`,
    })),
  };
}
