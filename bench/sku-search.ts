/**
 * The SKU list's search with 10,000 SKUs: the first page (limit 50) of listSkus, the function behind
 * GET /api/skus and /api/v1/skus, without q (the baseline, measured in the same run) and with q by code,
 * GTIN (with a leading zero), manufacturer name and brand. Every SKU has a manufacturer (one of 500
 * entities) and a confirmed brand (one of 200); a second workspace with the same names is seeded too, so
 * the workspace scoping of the subqueries is part of the cost.
 *
 *   npx tsx bench/sku-search.ts [--skus 10000] [--runs 30]
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npx tsx bench/sku-search.ts
 *
 * With DATABASE_URL a scratch database is created on that server and dropped at the end; without it an
 * in-memory PGlite is used. The cases run interleaved (each round runs every case once), so drift in the
 * machine's load hits all of them alike; the figures are the median and p95 over the rounds.
 */
import '@/lib/polyfills';
import { numberArg, openBenchDatabase } from './harness';
import { sql } from 'drizzle-orm';

const SKU_COUNT = numberArg('skus', 10_000);
const RUNS = numberArg('runs', 30);
process.env.JOBS_IN_PROCESS = 'false';
process.env.SUPABASE_JWT_SECRET ??= 'bench-secret-bench-secret-bench-secret-0123456789';

const openDatabase = () => openBenchDatabase({ tag: 'search', poolSize: 4 });

/** SKUs, 500 manufacturers and 200 brands in one workspace, set-based. */
async function seed(db: import('@/lib/db/client').Db, ws: string) {
  await db.execute(sql`
    INSERT INTO skus (workspace_id, sku_code, product_name, gtin, category_code, category_defaulted, created_at)
    SELECT ${ws}::uuid, 'SKU-' || lpad(i::text, 6, '0'), 'Product ' || i, (4006381000000 + i)::text, 'general', false,
      now() - (i || ' seconds')::interval
    FROM generate_series(1, ${SKU_COUNT}) AS i`);
  await db.execute(sql`
    INSERT INTO entities (workspace_id, name, trade_mark, country, identity_key)
    SELECT ${ws}::uuid, 'Maker ' || i || ' Manufacturing GmbH', 'Trademark' || i, 'DE', 'maker-' || i
    FROM generate_series(1, 500) AS i`);
  await db.execute(sql`
    INSERT INTO sku_entities (workspace_id, sku_id, role, entity_id)
    SELECT ${ws}::uuid, s.id, 'manufacturer', e.id
    FROM (SELECT id, row_number() OVER (ORDER BY sku_code) AS n FROM skus WHERE workspace_id = ${ws}::uuid) s
    JOIN (SELECT id, row_number() OVER (ORDER BY identity_key) AS n FROM entities WHERE workspace_id = ${ws}::uuid) e
      ON e.n = (s.n % 500) + 1`);
  await db.execute(sql`
    INSERT INTO dossier_values (workspace_id, sku_id, field_key, value, status, source)
    SELECT ${ws}::uuid, id, 'brand', 'Brand' || (row_number() OVER (ORDER BY sku_code) % 200), 'confirmed', 'manual'
    FROM skus WHERE workspace_id = ${ws}::uuid`);
  // The rest of a dossier: brand is one field among many, as in real workspaces.
  await db.execute(sql`
    INSERT INTO dossier_values (workspace_id, sku_id, field_key, value, status, source)
    SELECT ${ws}::uuid, s.id, f.key, f.key || ' of ' || s.sku_code, 'confirmed', 'manual'
    FROM skus s CROSS JOIN (VALUES ('model_number'), ('product_description'), ('target_markets'),
      ('safety_warnings_de'), ('instructions_de'), ('product_image_url')) AS f(key)
    WHERE s.workspace_id = ${ws}::uuid`);
  await db.execute(sql`ANALYZE`);
}

async function main() {
  const t0 = performance.now();
  const db = await openDatabase();
  const { getDb } = await import('@/lib/db/client');
  const drizzle = await getDb();
  const { createLocalUser } = await import('@/lib/auth/local-issuer');
  const { ensureWorkspace } = await import('@/lib/auth/workspace');
  const { listSkus } = await import('@/lib/skus/list');
  const { ListSkusQuery } = await import('@/lib/skus/schemas');
  const workspaces: string[] = [];
  for (const who of ['bench', 'other']) {
    const user = await createLocalUser(drizzle, {
      email: `${who}-${Date.now()}@example.test`,
      password: 'bench pw 123',
    });
    workspaces.push((await ensureWorkspace(drizzle, { user })).workspace.id);
  }
  const seedStart = performance.now();
  for (const ws of workspaces) await seed(drizzle, ws);
  const seedMs = performance.now() - seedStart;
  const [ws] = workspaces;

  const cases: { name: string; q?: string; expect: (n: number) => boolean }[] = [
    { name: 'no q (baseline)', expect: (n) => n === 50 },
    { name: 'q=code "SKU-004242"', q: 'SKU-004242', expect: (n) => n === 1 },
    { name: 'q=GTIN "04006381004242"', q: '04006381004242', expect: (n) => n === 1 },
    { name: 'q=manufacturer "Maker 123 Manufacturing"', q: 'Maker 123 Manufacturing', expect: (n) => n === 20 },
    { name: 'q=brand "Brand77"', q: 'Brand77', expect: (n) => n === 50 },
    { name: 'q=no match "zzz-nothing"', q: 'zzz-nothing', expect: (n) => n === 0 },
  ];
  const times = new Map(cases.map((c) => [c.name, [] as number[]]));
  for (let round = 0; round < RUNS + 2; round++) {
    const order = round % 2 ? [...cases].reverse() : cases;
    for (const c of order) {
      const q = ListSkusQuery.parse(c.q ? { q: c.q } : {});
      const start = performance.now();
      const page = await listSkus(drizzle, { workspaceId: ws, q });
      const ms = performance.now() - start;
      if (!c.expect(page.data.length)) throw new Error(`${c.name}: unexpected ${page.data.length} rows`);
      if (round >= 2) times.get(c.name)!.push(ms); // two warm-up rounds
    }
  }
  const pct = (xs: number[], p: number) =>
    [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(p * xs.length))];
  console.log(
    `SKU list search · ${db.label} · ${SKU_COUNT} SKUs per workspace, 2 workspaces · seeded in ${(seedMs / 1000).toFixed(1)} s`,
  );
  console.log(`first page (limit 50) of listSkus, ${RUNS} interleaved rounds after 2 warm-up rounds`);
  const base = pct(times.get(cases[0].name)!, 0.5);
  console.log(`${'case'.padEnd(46)} ${'median ms'.padStart(10)} ${'p95 ms'.padStart(8)} ${'× baseline'.padStart(11)}`);
  for (const c of cases) {
    const xs = times.get(c.name)!;
    const med = pct(xs, 0.5);
    console.log(
      `${c.name.padEnd(46)} ${med.toFixed(1).padStart(10)} ${pct(xs, 0.95).toFixed(1).padStart(8)} ${(med / base).toFixed(1).padStart(11)}`,
    );
  }
  if (process.argv.includes('--explain')) {
    // The plan of one search, to see where the time goes.
    const { skus } = await import('@/lib/db/schema');
    const { skuSearchCondition } = await import('@/lib/skus/search');
    const { and, desc, eq } = await import('drizzle-orm');
    const query = drizzle
      .select({ id: skus.id })
      .from(skus)
      .where(and(eq(skus.workspaceId, ws), skuSearchCondition(ws, 'Maker 123 Manufacturing')))
      .orderBy(desc(skus.createdAt), desc(skus.id))
      .limit(51)
      .toSQL();
    const { queryRows } = await import('@/lib/db/rows');
    const plan = await queryRows<Record<string, string>>(
      drizzle,
      sql.raw(
        `EXPLAIN ANALYZE ${query.sql.replace(/\$(\d+)/g, (_, n) => {
          const v = query.params[Number(n) - 1];
          return typeof v === 'number' ? String(v) : `'${String(v).replace(/'/g, "''")}'`;
        })}`,
      ),
    );
    for (const r of plan) console.log(Object.values(r)[0]);
  }
  console.log(`total ${((performance.now() - t0) / 1000).toFixed(1)} s`);
  await db.close();
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
