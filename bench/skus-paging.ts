/**
 * Walking every SKU of a workspace page by page, in every sort: listSkus (keyset over (key, id), the
 * cursor carrying microsecond timestamps) against a same-run baseline that pages the same ORDER BY
 * with LIMIT/OFFSET. Prints per-page latency (p50, p95, last page) and whether each walk reached
 * every row exactly once. Rows are seeded in one statement: groups of ten share one exact timestamp,
 * neighbouring groups lie microseconds apart inside one millisecond (what bulk imports produce).
 *
 *   npx tsx bench/skus-paging.ts [--skus 10000] [--limit 100]
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npx tsx bench/skus-paging.ts
 *
 * With DATABASE_URL a scratch database is created on that server and dropped at the end; without it an
 * in-memory PGlite is used.
 */
import '@/lib/polyfills';
import { numberArg, openBenchDatabase } from './harness';
import { sql } from 'drizzle-orm';

const SKU_COUNT = numberArg('skus', 10_000);
const LIMIT = numberArg('limit', 100);
process.env.JOBS_IN_PROCESS = 'false';

const SORTS = {
  created_desc: 'created_at DESC, id DESC',
  created_asc: 'created_at ASC, id ASC',
  code_asc: 'sku_code ASC, id ASC',
  code_desc: 'sku_code DESC, id DESC',
  blockers_desc: 'blocker_count DESC, id DESC',
} as const;
type Sort = keyof typeof SORTS;

const openDatabase = () => openBenchDatabase({ tag: 'paging', poolSize: 4 });

const q = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length ? s[Math.min(s.length - 1, Math.floor(p * s.length))] : NaN;
};

async function main() {
  const db = await openDatabase();
  const { getDb } = await import('@/lib/db/client');
  const { queryRows } = await import('@/lib/db/rows');
  const { listSkus } = await import('@/lib/skus/list');
  const drizzle = await getDb();
  const [ws] = await queryRows<{ id: string }>(
    drizzle,
    sql`INSERT INTO workspaces (name) VALUES ('paging bench') RETURNING id`,
  );
  const workspaceId = String(ws.id);
  const seedStart = performance.now();
  await drizzle.execute(sql`
    INSERT INTO skus (workspace_id, sku_code, product_name, blocker_count, created_at)
    SELECT ${workspaceId}, 'K-' || lpad(g::text, 6, '0'), 'Bulk ' || g, g % 5,
           timestamptz '2026-11-01 10:00:00.123000+00' + (g / 10) * interval '1 microsecond'
    FROM generate_series(1, ${SKU_COUNT}) g`);
  await drizzle.execute(sql`ANALYZE skus`);
  console.log(
    `# Walking ${SKU_COUNT.toLocaleString('en')} SKUs, limit ${LIMIT} — ${db.label}, seeded in ${((performance.now() - seedStart) / 1000).toFixed(1)} s, Node ${process.version}\n`,
  );
  console.log(
    '| sort | method | pages | rows reached | distinct | p50 ms/page | p95 ms/page | last page ms | total s |',
  );
  console.log('|---|---|---:|---:|---:|---:|---:|---:|---:|');

  for (const sort of Object.keys(SORTS) as Sort[]) {
    // The app: keyset pages through listSkus, exactly as the routes call it.
    {
      const ids: string[] = [];
      const times: number[] = [];
      let cursor: string | undefined;
      const t0 = performance.now();
      for (;;) {
        const t = performance.now();
        const page = await listSkus(drizzle, { workspaceId, q: { sort, limit: LIMIT, cursor } as never });
        times.push(performance.now() - t);
        ids.push(...page.data.map((s) => s.id));
        if (!page.has_more) break;
        cursor = page.next_cursor!;
      }
      const total = (performance.now() - t0) / 1000;
      console.log(
        `| ${sort} | keyset (app) | ${times.length} | ${ids.length} | ${new Set(ids).size} | ${q(times, 0.5).toFixed(1)} | ${q(times, 0.95).toFixed(1)} | ${times[times.length - 1].toFixed(1)} | ${total.toFixed(1)} |`,
      );
    }
    // The baseline: the same ORDER BY, LIMIT/OFFSET (total only while nobody writes; deep pages rescan).
    {
      const ids: string[] = [];
      const times: number[] = [];
      const t0 = performance.now();
      for (let offset = 0; ; offset += LIMIT) {
        const t = performance.now();
        const rows = await queryRows<{ id: string }>(
          drizzle,
          sql`SELECT * FROM skus WHERE workspace_id = ${workspaceId} ORDER BY ${sql.raw(SORTS[sort])} LIMIT ${LIMIT + 1} OFFSET ${offset}`,
        );
        times.push(performance.now() - t);
        ids.push(...rows.slice(0, LIMIT).map((r) => String(r.id)));
        if (rows.length <= LIMIT) break;
      }
      const total = (performance.now() - t0) / 1000;
      console.log(
        `| ${sort} | offset (baseline) | ${times.length} | ${ids.length} | ${new Set(ids).size} | ${q(times, 0.5).toFixed(1)} | ${q(times, 0.95).toFixed(1)} | ${times[times.length - 1].toFixed(1)} | ${total.toFixed(1)} |`,
      );
    }
  }
  await db.close();
}

main().then(
  () => process.exit(0),
  (e) => {
    console.error(e);
    process.exit(1);
  },
);
