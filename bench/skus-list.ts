/**
 * GET /api/skus?limit=100 under concurrent load: the app's route handler (session cookie, then Bearer
 * key) behind a plain node:http server, against a raw node:http + driver baseline that runs the same
 * SQL and writes the same JSON, all in one run on one freshly seeded database of 10,000 SKUs.
 *
 *   npx tsx bench/skus-list.ts [--seconds 5] [--rounds 3] [--clients 8] [--skus 10000] [--warm-pass 3]
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npx tsx bench/skus-list.ts
 *
 * With DATABASE_URL a scratch database is created on that server (and dropped at the end); without
 * it an in-memory PGlite is used. The load runs in a worker thread so it does not share the servers'
 * event loop. The four servers are measured in interleaved rounds, rotating the order (A B C D,
 * B C D A, ...), so drift in the machine's background load hits all four alike. The rate limits are
 * raised out of the way; their counting still runs (a statement per reserve of hits for a caller this
 * busy, lib/http/rate-limit-counter.ts): it is part of the app's cost.
 */
import '@/lib/polyfills';
import http from 'node:http';
import { sql } from 'drizzle-orm';
import type { AddressInfo } from 'node:net';
import { Worker } from 'node:worker_threads';
import {
  benchWorkspace,
  machineLine,
  median,
  numberArg,
  openBenchDatabase,
  postgresCpuMs,
  threadCpuMs,
} from './harness';

const SECONDS = numberArg('seconds', 5);
const ROUNDS = numberArg('rounds', 3);
const CLIENTS = numberArg('clients', 8);
const SKU_COUNT = numberArg('skus', 10_000);
const WARMUP_SECONDS = 1;
const WARM_PASS_SECONDS = numberArg('warm-pass', 3);

process.env.RATE_LIMIT_DEFAULT = '1000000000';
process.env.RATE_LIMIT_IP = '1000000000';
process.env.JOBS_IN_PROCESS = 'false';
process.env.SUPABASE_JWT_SECRET ??= 'bench-secret-bench-secret-bench-secret-0123456789';
(process.env as Record<string, string | undefined>).NODE_ENV ??= 'production';

type Row = Record<string, unknown>;

/** The app's database (lib/db) and, beside it, the baseline's raw driver on the same data. */
async function openDatabase() {
  const bench = await openBenchDatabase({ tag: 'skus_list', poolSize: 10 });
  if (bench.url) {
    const { default: postgres } = await import('postgres');
    // The baseline's own pool, the same size as the app's. Its statement is prepared, as postgres-js
    // prepares every tagged-template query a hand-written handler would send (the app prepares its own).
    const raw = postgres(bench.url, { max: 10, onnotice: () => {} });
    return {
      ...bench,
      query: async (text: string, params: unknown[]) =>
        (await raw.unsafe(text, params as never[], { prepare: true })) as unknown as Row[],
      queryArrays: async (text: string, params: unknown[]) =>
        (await raw.unsafe(text, params as never[], { prepare: true }).values()) as unknown as unknown[][],
      close: async () => {
        await raw.end({ timeout: 5 });
        await bench.close();
      },
    };
  }
  const pglite = bench.handle.pglite!;
  return {
    ...bench,
    query: async (text: string, params: unknown[]) => (await pglite.query<Row>(text, params)).rows,
    queryArrays: async (text: string, params: unknown[]) =>
      (await pglite.query<unknown[]>(text, params, { rowMode: 'array' })).rows,
  };
}

async function seed(db: import('@/lib/db/client').Db, workspaceId: string) {
  const { skus } = await import('@/lib/db/schema');
  const { evaluateRequirements } = await import('@/lib/requirements');
  const { toStoredBlocker } = await import('@/lib/skus/evaluate');
  // Realistic rows: the blockers a fresh SKU of each category really has (stored as jsonb on the row).
  const categories = ['general', 'toys', 'electrical', 'cosmetics', 'chemicals', 'textiles', 'batteries'] as const;
  const blockersOf = Object.fromEntries(
    categories.map((c) => [
      c,
      evaluateRequirements({ sku: { category_code: c }, fields: {} }).blockers.map(toStoredBlocker),
    ]),
  );
  const base = Date.now();
  for (let start = 0; start < SKU_COUNT; start += 1000) {
    const rows = Array.from({ length: Math.min(1000, SKU_COUNT - start) }, (_, j) => {
      const i = start + j;
      const cat = categories[i % categories.length];
      const blockers = blockersOf[cat];
      return {
        workspaceId,
        skuCode: `SKU-${String(i).padStart(6, '0')}`,
        productName: `Product ${i} ${cat}`,
        gtin: i % 3 === 0 ? null : String(4006381000000 + i),
        categoryCode: cat,
        categoryDefaulted: false,
        requirementProfileId: `${cat === 'general' ? 'gpsr-core' : cat}@2026-04`,
        blockers,
        blockerCount: blockers.filter((b) => b.severity === 'blocker').length,
        warningCount: blockers.filter((b) => b.severity === 'warning').length,
        createdAt: new Date(base - i * 1000),
      };
    });
    await db.insert(skus).values(rows);
  }
}

/** The baseline's columns, in the order of its select list. */
const BASELINE_COLUMNS = [
  // The columns the list reads (lib/skus/serialize.ts skuListColumns).
  ...['id', 'sku_code', 'product_name', 'gtin', 'category_code', 'review_state', 'approval_state', 'blocker_count'],
  ...['blocker_seriousness', 'created_at', 'updated_at', 'external_sku_id', 'category_defaulted', 'category_text'],
  ...['category_match', 'requirement_profile_id', 'operator_role', 'warning_count', 'review_completed_at'],
  ...['review_completed_by', 'approved_at', 'approved_by_label', 'public_id', 'published_revision', 'published_at'],
] as const;

/**
 * The baseline: the same SQL as listSkus (first page, default sort), the same JSON, no framework. Rows
 * come as objects keyed by column name (what a hand-written handler reads), or with `arrays` as arrays
 * in select-list order, as the app's list reads them (lib/db/prepared.ts executeArrays): that one is the
 * floor that leaves only the framework's own cost between it and the app.
 */
function baselineHandler(
  db: {
    query: (text: string, params: unknown[]) => Promise<Row[]>;
    queryArrays: (text: string, params: unknown[]) => Promise<unknown[][]>;
  },
  workspaceId: string,
  arrays: boolean,
) {
  const SQL =
    `select ${BASELINE_COLUMNS.map((c) => `"${c}"`).join(', ')}, ` +
    // The role a SKU without its own follows: the workspace's (issue 35), as the app reads it.
    '(select "operator_role" from "workspaces" where "id" = $1) AS workspace_role, ' +
    // The cursor's timestamp at the database's microsecond precision (lib/db/keyset).
    `to_char("skus"."created_at" AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') AS created_key ` +
    'from "skus" where "skus"."workspace_id" = $1 order by "skus"."created_at" desc, "skus"."id" desc limit $2';
  const IX = Object.fromEntries([...BASELINE_COLUMNS, 'workspace_role', 'created_key'].map((c, i) => [c, i]));
  const iso = (v: unknown) => (v == null ? null : new Date(v as string).toISOString());
  // The same mapping twice: by name, and by position in the select list (X.sku_code is its index).
  const X = IX;
  const fromObject = (r: Row) => ({
    id: r.id,
    sku_code: r.sku_code,
    product_name: r.product_name,
    gtin: r.gtin,
    category_code: r.category_code,
    review_state: r.review_state,
    approval_state: r.approval_state,
    blocker_count: r.blocker_count,
    created_at: iso(r.created_at),
    updated_at: iso(r.updated_at),
    external_sku_id: r.external_sku_id,
    category_defaulted: r.category_defaulted,
    category_text: r.category_text ?? null,
    category_match: r.category_match ?? null,
    requirement_profile_id: r.requirement_profile_id,
    operator_role: r.operator_role ?? r.workspace_role,
    operator_role_override: r.operator_role ?? null,
    warning_count: r.warning_count,
    status: Number(r.blocker_count) > 0 ? 'blocked' : r.review_state === 'open' ? 'needs_review' : 'ready_for_approval',
    review_completed_at: iso(r.review_completed_at),
    review_completed_by: r.review_completed_by,
    approved_at: iso(r.approved_at),
    approved_by: r.approved_by_label,
    public_id: r.public_id,
    published_revision: r.published_revision,
    published_at: iso(r.published_at),
  });
  const fromArray = (a: unknown[]) => ({
    id: a[X.id],
    sku_code: a[X.sku_code],
    product_name: a[X.product_name],
    gtin: a[X.gtin],
    category_code: a[X.category_code],
    review_state: a[X.review_state],
    approval_state: a[X.approval_state],
    blocker_count: a[X.blocker_count],
    created_at: iso(a[X.created_at]),
    updated_at: iso(a[X.updated_at]),
    external_sku_id: a[X.external_sku_id],
    category_defaulted: a[X.category_defaulted],
    category_text: a[X.category_text] ?? null,
    category_match: a[X.category_match] ?? null,
    requirement_profile_id: a[X.requirement_profile_id],
    operator_role: a[X.operator_role] ?? a[X.workspace_role],
    operator_role_override: a[X.operator_role] ?? null,
    warning_count: a[X.warning_count],
    status:
      Number(a[X.blocker_count]) > 0 ? 'blocked' : a[X.review_state] === 'open' ? 'needs_review' : 'ready_for_approval',
    review_completed_at: iso(a[X.review_completed_at]),
    review_completed_by: a[X.review_completed_by],
    approved_at: iso(a[X.approved_at]),
    approved_by: a[X.approved_by_label],
    public_id: a[X.public_id],
    published_revision: a[X.published_revision],
    published_at: iso(a[X.published_at]),
  });
  const rowsOf = async (limit: number): Promise<Row[]> =>
    arrays
      ? ((await db.queryArrays(SQL, [workspaceId, limit + 1])) as unknown as Row[])
      : db.query(SQL, [workspaceId, limit + 1]);
  return async (req: http.IncomingMessage, res: http.ServerResponse) => {
    const url = new URL(req.url ?? '/', 'http://x');
    const limit = Math.min(100, Math.max(1, Number(url.searchParams.get('limit') ?? 50)));
    const rows = await rowsOf(limit);
    const page = rows.slice(0, limit);
    const data = arrays ? (page as unknown as unknown[][]).map(fromArray) : page.map(fromObject);
    const last = page[page.length - 1];
    const next =
      rows.length > limit && last
        ? Buffer.from(
            JSON.stringify(
              arrays
                ? {
                    l: 'created_desc',
                    k: (last as unknown as unknown[])[X.created_key],
                    i: (last as unknown as unknown[])[X.id],
                  }
                : { l: 'created_desc', k: last.created_key, i: last.id },
            ),
          ).toString('base64url')
        : null;
    res.writeHead(200, { 'content-type': 'application/json; charset=utf-8' });
    res.end(JSON.stringify({ data, has_more: rows.length > limit, next_cursor: next }));
  };
}

/** Serves a Next route handler from node:http, as `next start` would hand it a Request. */
function routeServer(handler: (req: Request, ctx: { params: Promise<Record<string, string>> }) => Promise<Response>) {
  return async (req: http.IncomingMessage, res: http.ServerResponse) => {
    const headers = new Headers();
    for (const [k, v] of Object.entries(req.headers)) if (typeof v === 'string') headers.set(k, v);
    const response = await handler(
      new Request(`http://${req.headers.host}${req.url}`, { method: req.method, headers }),
      { params: Promise.resolve({}) },
    );
    const out: Record<string, string> = {};
    response.headers.forEach((v, k) => (out[k] = v));
    res.writeHead(response.status, out);
    res.end(Buffer.from(await response.arrayBuffer()));
  };
}

async function listen(handler: (req: http.IncomingMessage, res: http.ServerResponse) => Promise<void>) {
  const server = http.createServer((req, res) => {
    handler(req, res).catch((e) => {
      res.writeHead(500);
      res.end(String(e));
    });
  });
  server.keepAliveTimeout = 60_000;
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return { server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
}

// The load generator, run in a worker thread: CLIENTS loops of sequential keep-alive GETs.
const LOAD_SCRIPT = `
const { parentPort, workerData } = require('node:worker_threads');
const http = require('node:http');
const { url, headers, clients, seconds, warmup } = workerData;
const agent = new http.Agent({ keepAlive: true, maxSockets: clients });
function once() {
  return new Promise((resolve) => {
    const t0 = performance.now();
    const req = http.get(url, { agent, headers }, (res) => {
      let n = 0;
      res.on('data', (c) => (n += c.length));
      res.on('end', () => resolve({ ms: performance.now() - t0, ok: res.statusCode === 200, bytes: n }));
    });
    req.on('error', () => resolve({ ms: performance.now() - t0, ok: false, bytes: 0 }));
  });
}
async function run(durationMs, record) {
  const end = performance.now() + durationMs;
  const lat = []; let errors = 0; let bytes = 0;
  await Promise.all(Array.from({ length: clients }, async () => {
    while (performance.now() < end) {
      const r = await once();
      if (record) { if (r.ok) { lat.push(r.ms); bytes = r.bytes; } else errors++; }
    }
  }));
  return { lat, errors, bytes };
}
(async () => {
  await run(warmup * 1000, false);
  parentPort.postMessage({ phase: 'measuring' });
  const t0 = performance.now();
  const { lat, errors, bytes } = await run(seconds * 1000, true);
  const elapsed = (performance.now() - t0) / 1000;
  parentPort.postMessage({ lat, elapsed, errors, bytes });
  agent.destroy();
})();
`;

interface RoundResult {
  lat: number[];
  elapsed: number;
  errors: number;
  bytes: number;
  /** CPU ms the servers' thread (this one) and the Postgres server spent in the measured seconds */
  nodeCpuMs: number;
  pgCpuMs: number | null;
}

interface LoadResult {
  rps: number;
  p50: number;
  p95: number;
  p99: number;
  n: number;
  errors: number;
  bytes: number;
  /** CPU ms per request: this process's serving thread, the Postgres server, both */
  nodeMsPerReq: number;
  pgMsPerReq: number | null;
  /** the rounds' req/s over the baseline's round run just before or after it */
  roundRatios: number[];
}

function load(url: string, headers: Record<string, string>, seconds = SECONDS): Promise<RoundResult> {
  return new Promise((resolve, reject) => {
    const w = new Worker(LOAD_SCRIPT, {
      eval: true,
      workerData: { url, headers, clients: CLIENTS, seconds, warmup: WARMUP_SECONDS },
    });
    let node0 = 0;
    let pg0: number | null = null;
    w.on('message', (m: { phase?: string } & Omit<RoundResult, 'nodeCpuMs' | 'pgCpuMs'>) => {
      if (m.phase === 'measuring') {
        node0 = threadCpuMs();
        pg0 = postgresCpuMs();
        return;
      }
      const pg1 = postgresCpuMs();
      resolve({ ...m, nodeCpuMs: threadCpuMs() - node0, pgCpuMs: pg0 === null || pg1 === null ? null : pg1 - pg0 });
      void w.terminate();
    });
    w.once('error', reject);
  });
}

function summarise(rounds: RoundResult[], baseline: RoundResult[]): LoadResult {
  const lat = rounds.flatMap((r) => r.lat).sort((a, b) => a - b);
  const q = (p: number) => (lat.length ? lat[Math.min(lat.length - 1, Math.floor(p * lat.length))] : NaN);
  const elapsed = rounds.reduce((a, r) => a + r.elapsed, 0);
  const n = lat.length;
  const sum = (f: (r: RoundResult) => number) => rounds.reduce((a, r) => a + f(r), 0);
  const rps = (r: RoundResult) => r.lat.length / r.elapsed;
  return {
    nodeMsPerReq: sum((r) => r.nodeCpuMs) / n,
    pgMsPerReq: rounds.some((r) => r.pgCpuMs === null) ? null : sum((r) => r.pgCpuMs ?? 0) / n,
    roundRatios: rounds.map((r, i) => rps(r) / rps(baseline[i])),
    rps: lat.length / elapsed,
    p50: q(0.5),
    p95: q(0.95),
    p99: q(0.99),
    n: lat.length,
    errors: rounds.reduce((a, r) => a + r.errors, 0),
    bytes: rounds[0]?.bytes ?? 0,
  };
}

async function main() {
  const t0 = performance.now();
  const db = await openDatabase();
  const drizzle = db.handle.db;
  const { createApiKey } = await import('@/lib/auth/api-keys');
  const { user, workspace, token } = await benchWorkspace(drizzle);
  const m = { workspace };
  const key = await createApiKey(drizzle, {
    workspace,
    actor: { userId: user.id, apiKeyId: null, label: user.email },
    input: { name: 'bench', scopes: ['skus:read'] },
  });
  const seedStart = performance.now();
  await seed(drizzle, m.workspace.id);
  // The statistics a live database has (autovacuum analyses a table this size within a minute): without
  // them the planner expects a few rows per workspace and sorts all 10,000 for every page.
  await drizzle.execute(sql`ANALYZE skus`);
  const seedMs = performance.now() - seedStart;

  const route = await import('@/app/api/skus/route');
  const app = await listen(routeServer(route.GET as never));
  const base = await listen(baselineHandler(db, m.workspace.id, false));
  const baseArrays = await listen(baselineHandler(db, m.workspace.id, true));
  const path = '/api/skus?limit=100';

  // Both answer the same page before anything is measured.
  const check = async (url: string, headers: Record<string, string>) =>
    (await (await fetch(url, { headers })).json()) as { data: { id: string }[]; has_more: boolean };
  const a = await check(app.url + path, { cookie: `sb-access-token=${token}` });
  const b = await check(base.url + path, {});
  const b2 = await check(baseArrays.url + path, {});
  if (a.data.length !== 100 || JSON.stringify(a) !== JSON.stringify(b) || JSON.stringify(b2) !== JSON.stringify(b)) {
    // Name what differs: the baseline must follow the app's JSON whenever the SKU gains a field.
    const ka = Object.keys(a.data[0] ?? {}).join(',');
    const kb = Object.keys((b.data[0] as object | undefined) ?? {}).join(',');
    const first = (x: unknown) => JSON.stringify(x).slice(0, 600);
    throw new Error(
      `app and baseline disagree:\n app keys ${ka}\n raw keys ${kb}\n app ${first({ ...a, data: a.data[0] })}\n raw ${first({ ...b, data: b.data[0] })}`,
    );
  }

  console.log(
    `# GET ${path} — ${db.label}, ${SKU_COUNT.toLocaleString('en')} SKUs (seeded in ${(seedMs / 1000).toFixed(1)} s), ${CLIENTS} clients, ` +
      `${ROUNDS} interleaved rounds of ${SECONDS} s per server (after ${WARMUP_SECONDS} s warm-up each, and an uncounted ${WARM_PASS_SECONDS} s pass over every server first)`,
  );
  console.log(`# ${await machineLine()}`);
  const configs: Array<[string, string, Record<string, string>]> = [
    ['raw node:http + driver (same SQL)', base.url + path, {}],
    ['raw, rows read as arrays (as the app reads them)', baseArrays.url + path, {}],
    ['app route, session cookie', app.url + path, { cookie: `sb-access-token=${token}` }],
    ['app route, Bearer key', app.url + path, { authorization: `Bearer ${key.key}` }],
  ];
  // A pass over every server before the rounds, not counted: the app's code is compiled by the engine
  // over its first thousands of requests, and the first measured round of earlier runs was the app's
  // worst by far (0.64-0.71x while later rounds reached 0.9-1.0x).
  for (const [, url, headers] of configs) await load(url, headers, WARM_PASS_SECONDS);
  const rounds = configs.map(() => [] as RoundResult[]);
  // Rotate the order each round (A B C D, B C D A, C D A B, ...): over four rounds every server runs once
  // in every position and none twice in a row. Alternating (A B C D, D C B A) ran the last server twice
  // in a row and gave it alone the positions of the baseline; it came out 0.1 ms a request dearer in
  // Postgres whichever app variant stood there.
  for (let r = 0; r < ROUNDS; r++) {
    const order = configs.map((_, i) => (i + r) % configs.length);
    for (const i of order) rounds[i].push(await load(configs[i][1], configs[i][2]));
  }
  const results: Array<[string, LoadResult]> = configs.map(([name], i) => [name, summarise(rounds[i], rounds[0])]);

  const baseline = results[0][1];
  const fmt = (n: number, d = 1) => (Number.isFinite(n) ? n.toFixed(d) : '-');
  console.log('');
  console.log(
    '| server | req/s | p50 ms | p95 ms | p99 ms | requests | errors | req/s vs baseline | p50 vs baseline |',
  );
  console.log('|---|---:|---:|---:|---:|---:|---:|---:|---:|');
  for (const [name, r] of results) {
    console.log(
      `| ${name} | ${fmt(r.rps)} | ${fmt(r.p50)} | ${fmt(r.p95)} | ${fmt(r.p99)} | ${r.n} | ${r.errors} | ${fmt(r.rps / baseline.rps, 2)}× | ${fmt(r.p50 / baseline.p50, 2)}× |`,
    );
  }
  // CPU per request is the steadier figure: req/s moves with whatever else the two cores run, while
  // the time each request costs the serving thread and the database moves much less.
  const cpu = (r: LoadResult) => r.nodeMsPerReq + (r.pgMsPerReq ?? 0);
  console.log('');
  console.log(
    '| server | node ms/req | Postgres ms/req | CPU ms/req | baseline CPU / CPU | req/s vs baseline, per round (median) |',
  );
  console.log('|---|---:|---:|---:|---:|---|');
  for (const [name, r] of results) {
    const ratios = r.roundRatios.map((x) => x.toFixed(2)).join(' ');
    console.log(
      `| ${name} | ${fmt(r.nodeMsPerReq, 2)} | ${r.pgMsPerReq === null ? '-' : fmt(r.pgMsPerReq, 2)} | ${fmt(cpu(r), 2)} | ${fmt(cpu(baseline) / cpu(r), 2)}× | ${ratios} (${fmt(median(r.roundRatios), 2)}×) |`,
    );
  }
  console.log(
    `\nresponse size: app ${results[2][1].bytes} B, baseline ${baseline.bytes} B; total run ${((performance.now() - t0) / 1000).toFixed(0)} s`,
  );

  await new Promise((r) => app.server.close(r));
  await new Promise((r) => base.server.close(r));
  await new Promise((r) => baseArrays.server.close(r));
  await db.close();
}

main().then(
  () => process.exit(0),
  (e) => {
    console.error(e);
    process.exit(1);
  },
);
