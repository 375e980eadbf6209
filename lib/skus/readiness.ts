import { sql } from 'drizzle-orm';
import type { Db } from '@/lib/db/client';
import { queryRows } from '@/lib/db/rows';
import { getDashboard } from './dashboard';

/**
 * Readiness of the catalogue for an agent: the dashboard's figures, every open blocker code with its
 * count, and SKUs per category and per confirmed target market (with how many are blocked).
 */
export async function readinessSummary(
  db: Db,
  { workspaceId, opts = {} }: { workspaceId: string; opts?: { top?: number } },
) {
  const [dashboard, byCategory, byMarket] = await Promise.all([
    // Every code (the catalogue has well under 1000), most frequent first.
    getDashboard(db, { workspaceId, opts: { topBlockers: 1000 } }),
    queryRows<{ category: string; total: number; blocked: number }>(
      db,
      sql`SELECT coalesce(category_code, 'general') AS category, count(*)::int AS total, (count(*) FILTER (WHERE blocker_count > 0))::int AS blocked
          FROM skus WHERE workspace_id = ${workspaceId} GROUP BY 1 ORDER BY total DESC, category ASC`,
    ),
    // target_markets is stored normalised ("DE,FR,AT"); one row per SKU and market.
    queryRows<{ market: string; total: number; blocked: number }>(
      db,
      sql`SELECT m.market, count(*)::int AS total, (count(*) FILTER (WHERE s.blocker_count > 0))::int AS blocked
          FROM skus s
          JOIN dossier_values v ON v.sku_id = s.id AND v.workspace_id = s.workspace_id AND v.field_key = 'target_markets'
            AND v.status = 'confirmed' AND v.superseded_at IS NULL
          CROSS JOIN LATERAL (SELECT DISTINCT trim(x) AS market FROM regexp_split_to_table(v.value, ',') AS x) m
          WHERE s.workspace_id = ${workspaceId} AND m.market <> ''
          GROUP BY m.market ORDER BY total DESC, m.market ASC`,
    ),
  ]);
  return {
    totals: dashboard.totals,
    by_status: dashboard.by_status,
    by_blocker_code: dashboard.top_blockers.map((b) => ({ code: b.code, count: b.count })),
    by_category: byCategory.map((r) => ({
      category_code: r.category,
      skus: Number(r.total),
      blocked: Number(r.blocked),
    })),
    by_target_market: byMarket.map((r) => ({ market: r.market, skus: Number(r.total), blocked: Number(r.blocked) })),
    top_blockers: dashboard.top_blockers.slice(0, opts.top ?? 10),
    obligations: dashboard.obligations.slice(0, opts.top ?? 10),
  };
}
