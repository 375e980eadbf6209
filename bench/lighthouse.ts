/**
 * Lighthouse performance and accessibility scores of the public safety page and of the SKU list of a
 * workspace holding 10,000 SKUs, on the production build (`npm run build` first), with Debian's
 * headless Chromium. Goals: performance >= 90, accessibility >= 95. The baseline, measured in the same
 * run on the same server, is the app's sign-in page: a small page of the same build, the floor others start from.
 *
 *   npm run build && npx tsx bench/lighthouse.ts [--port 3390] [--skus 10000] [--runs 3] [--details]
 *
 * --list-only measures the SKU list alone (no baseline, no public page: quicker while working on the list).
 * --runs N measures each page N times and prints every run and the median (scores move between runs).
 * --details lists, per page, the metrics (FCP, LCP, TBT, CLS, SI), every performance or accessibility
 * audit scoring below 0.9 (id, title, displayed value, and the elements of a failing accessibility audit)
 * and the JavaScript the page loads (requests and transferred bytes).
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npx tsx bench/lighthouse.ts
 *
 * A scratch database is created on the Postgres server (default 127.0.0.1:5432) and dropped at the end.
 * Scores move with the machine's load (Lighthouse simulates a mid-range phone on a throttled network
 * for performance): compare with the baseline line, not across runs.
 */
import '@/lib/polyfills';
import { spawn, type ChildProcess } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { scratchDatabase } from './harness';

const arg = (name: string, dflt: number) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? Number(process.argv[i + 1]) : dflt;
};
const PORT = arg('port', 3390);
const SKU_COUNT = arg('skus', 10_000);
const ORIGIN = `http://127.0.0.1:${PORT}`;
const RUNS = Math.max(1, arg('runs', 1));
const LIST_ONLY = process.argv.includes('--list-only');
const DETAILS = process.argv.includes('--details');
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const SECRET = `bench-${crypto.randomBytes(24).toString('hex')}`;

process.env.SUPABASE_JWT_SECRET = SECRET;
process.env.PUBLIC_APP_URL = ORIGIN;
process.env.RATE_LIMIT_DEFAULT = '1000000000';
process.env.RATE_LIMIT_IP = '1000000000';

/** The bench's own migrated database on the server, set as the app's handle. */
async function openScratch() {
  const { openPostgres, setDbHandle } = await import('@/lib/db/client');
  const { runMigrations } = await import('@/lib/db/migrate');
  const scratch = await scratchDatabase(
    process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres',
    'lh',
  );
  const handle = await openPostgres(scratch.url, 4);
  await runMigrations(handle);
  setDbHandle(handle);
  return {
    url: scratch.url,
    close: async () => {
      await handle.close();
      await scratch.drop();
    },
  };
}

async function seedSkus(workspaceId: string) {
  const { getDb } = await import('@/lib/db/client');
  const { skus } = await import('@/lib/db/schema');
  const { evaluateRequirements } = await import('@/lib/requirements');
  const { toStoredBlocker } = await import('@/lib/skus/evaluate');
  const db = await getDb();
  const categories = ['general', 'toys', 'electrical', 'cosmetics', 'textiles'] as const;
  const blockersOf = Object.fromEntries(
    categories.map((c) => [
      c,
      evaluateRequirements({ sku: { category_code: c }, fields: {} }).blockers.map(toStoredBlocker),
    ]),
  );
  const base = Date.now();
  for (let start = 0; start < SKU_COUNT; start += 1000) {
    await db.insert(skus).values(
      Array.from({ length: Math.min(1000, SKU_COUNT - start) }, (_, j) => {
        const i = start + j;
        const cat = categories[i % categories.length];
        const blockers = blockersOf[cat];
        return {
          workspaceId,
          skuCode: `SKU-${String(i).padStart(6, '0')}`,
          productName: `Product ${i} ${cat}`,
          gtin: null,
          categoryCode: cat,
          categoryDefaulted: false,
          requirementProfileId: `${cat === 'general' ? 'gpsr-core' : cat}@2026-04`,
          blockers,
          blockerCount: blockers.filter((b) => b.severity === 'blocker').length,
          warningCount: blockers.filter((b) => b.severity === 'warning').length,
          createdAt: new Date(base - i * 1000),
        };
      }),
    );
  }
}

function startServer(databaseUrl: string): Promise<ChildProcess> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cw-lh-'));
  const child = spawn('npx', ['next', 'start', '-H', '127.0.0.1', '-p', String(PORT)], {
    env: {
      ...process.env,
      DATABASE_URL: databaseUrl,
      DATA_DIR: dataDir,
      NODE_ENV: 'production',
      JOBS_IN_PROCESS: 'false',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
    // Its own process group: npx starts next-server as a grandchild, which must stop with it.
    detached: true,
  });
  child.stderr!.on('data', (d) => process.stderr.write(d));
  return new Promise((resolve, reject) => {
    const deadline = Date.now() + 60_000;
    const poll = async () => {
      try {
        if ((await fetch(`${ORIGIN}/api/health`)).ok) return resolve(child);
      } catch {
        /* not up yet */
      }
      if (Date.now() > deadline) return reject(new Error('the server did not start'));
      setTimeout(poll, 500);
    };
    void poll();
  });
}

/** A SKU made publishable through the API (fields, manufacturer, waivers), reviewed, approved, published. */
async function publishOne(cookie: string): Promise<string> {
  const call = async (method: string, p: string, body?: unknown) => {
    const res = await fetch(`${ORIGIN}${p}`, {
      method,
      headers: { cookie, origin: ORIGIN, 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    if (!res.ok) throw new Error(`${method} ${p}: ${res.status} ${await res.text()}`);
    return res.json();
  };
  const { sku } = await call('POST', '/api/skus', {
    sku_code: 'LH-1',
    product_name: 'Bamboo cutting board',
    gtin: '4006381333931',
  });
  const fields = {
    model_number: 'CB-200',
    brand: 'Holzwerk',
    product_description: 'Cutting board made of bamboo, 30 x 20 cm.',
    product_description_de: 'Schneidebrett aus Bambus, 30 x 20 cm.',
    target_markets: 'DE',
    safety_warnings_de: 'Nicht in der Spülmaschine reinigen. Von Hitzequellen fernhalten.',
    safety_warnings_en: 'Do not put in the dishwasher. Keep away from heat sources.',
    instructions_de: 'Vor dem ersten Gebrauch mit Öl einreiben.',
    instructions_en: 'Rub with oil before first use.',
  };
  for (const [k, v] of Object.entries(fields)) await call('PUT', `/api/skus/${sku.id}/dossier/${k}`, { value: v });
  const { entity } = await call('POST', '/api/entities', {
    name: 'Holzwerk Müller GmbH',
    street: 'Werkstraße 5',
    postal_code: '80331',
    city: 'München',
    country: 'DE',
    email: 'safety@holzwerk.example',
  });
  await call('PUT', `/api/skus/${sku.id}/entities/manufacturer`, { entity_id: entity.id });
  const detail = await call('GET', `/api/skus/${sku.id}`);
  for (const b of detail.blockers.filter((x: { severity: string }) => x.severity === 'blocker'))
    await call('POST', `/api/skus/${sku.id}/waivers`, { code: b.code, reason: 'Benchmark product.' });
  await call('POST', `/api/skus/${sku.id}/review/complete`, {});
  await call('POST', `/api/skus/${sku.id}/approve`, {});
  const published = await call('POST', `/api/skus/${sku.id}/publish`);
  return published.public_url as string;
}

async function main() {
  const db = await openScratch();
  let server: ChildProcess | undefined;
  let chrome: { kill: () => void; port: number } | undefined;
  try {
    const { getDb } = await import('@/lib/db/client');
    const { createLocalUser } = await import('@/lib/auth/local-issuer');
    const { ensureWorkspace } = await import('@/lib/auth/workspace');
    const { setWorkspacePlan } = await import('@/lib/workspace/settings');
    const { signAccessToken } = await import('@/lib/auth/tokens');
    const conn = await getDb();
    const user = await createLocalUser(conn, { email: 'bench@example.test', password: 'correct horse battery' });
    const m = await ensureWorkspace(conn, { user });
    await setWorkspacePlan(conn, { workspaceId: m.workspace.id, plan: 'enterprise' });
    const t0 = Date.now();
    await seedSkus(m.workspace.id);
    console.log(`seeded ${SKU_COUNT} SKUs in ${((Date.now() - t0) / 1000).toFixed(1)} s`);
    const { token } = await signAccessToken(user);
    const cookie = `sb-access-token=${token}`;

    server = await startServer(db.url);
    const publicUrl = await publishOne(cookie);

    const chromeLauncher = await import('chrome-launcher');
    const { default: lighthouse } = await import('lighthouse');
    chrome = await chromeLauncher.launch({
      chromePath: CHROMIUM,
      chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'],
    });
    const run = async (label: string, url: string, headers?: Record<string, string>) => {
      const result = await lighthouse(url, {
        port: chrome!.port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: ['performance', 'accessibility'],
        extraHeaders: headers,
      });
      const lhr = result!.lhr;
      const score = (k: string) => Math.round((lhr.categories[k]?.score ?? 0) * 100);
      const failing = Object.values(lhr.audits)
        .filter(
          (a) => a.score !== null && a.score < 1 && lhr.categories.accessibility.auditRefs.some((r) => r.id === a.id),
        )
        .map((a) => a.id);
      console.log(
        `${label.padEnd(28)} performance ${String(score('performance')).padStart(3)}  accessibility ${String(score('accessibility')).padStart(3)}` +
          `  LCP ${Math.round(lhr.audits['largest-contentful-paint']?.numericValue ?? 0)} ms` +
          (failing.length ? `  a11y audits below 1: ${failing.join(', ')}` : ''),
      );
      if (DETAILS) {
        // A score of 0 with no audits below it is a failed run, not a slow page: say why.
        if (lhr.runtimeError) console.log(`    runtime error ${lhr.runtimeError.code}: ${lhr.runtimeError.message}`);
        for (const w of lhr.runWarnings ?? []) console.log(`    run warning: ${String(w).slice(0, 200)}`);
        const inCategory = (id: string) =>
          ['performance', 'accessibility'].some((c) => lhr.categories[c]?.auditRefs.some((r) => r.id === id));
        const weak = Object.values(lhr.audits).filter(
          (a) =>
            a.score !== null &&
            a.score < 0.9 &&
            a.scoreDisplayMode !== 'manual' &&
            a.scoreDisplayMode !== 'informative' &&
            inCategory(a.id),
        );
        const metric = (id: string) => lhr.audits[id]?.numericValue ?? 0;
        console.log(
          `    FCP ${Math.round(metric('first-contentful-paint'))} ms, LCP ${Math.round(metric('largest-contentful-paint'))} ms, ` +
            `TBT ${Math.round(metric('total-blocking-time'))} ms, CLS ${metric('cumulative-layout-shift').toFixed(3)}, ` +
            `SI ${Math.round(metric('speed-index'))} ms`,
        );
        // What the unthrottled page load did (the scores above are simulated on a slow phone from it).
        const observed = ((lhr.audits.metrics?.details as { items?: Array<Record<string, number>> } | undefined)
          ?.items ?? [])[0];
        if (observed)
          console.log(
            `    observed: FCP ${Math.round(observed.observedFirstContentfulPaint)} ms, LCP ${Math.round(observed.observedLargestContentfulPaint)} ms, ` +
              `DOMContentLoaded ${Math.round(observed.observedDomContentLoaded)} ms, load ${Math.round(observed.observedLoad)} ms`,
          );
        for (const a of weak) {
          console.log(
            `    ${a.id} (${Math.round((a.score ?? 0) * 100)}): ${a.title}${a.displayValue ? ` — ${a.displayValue}` : ''}`,
          );
          if (a.id === 'largest-contentful-paint-element') {
            // Which element, and how its time splits (time to first byte, load delay, render delay).
            for (const t of ((a.details as { items?: unknown[] } | undefined)?.items ?? []) as Array<{
              items?: Array<{ node?: { snippet?: string }; phase?: string; timing?: number }>;
            }>)
              for (const it of t.items ?? [])
                console.log(
                  `      ${it.node?.snippet?.slice(0, 160) ?? `${it.phase}: ${Math.round(it.timing ?? 0)} ms`}`,
                );
          }
          if (!lhr.categories.accessibility.auditRefs.some((r) => r.id === a.id)) continue;
          const items = ((a.details as { items?: unknown[] } | undefined)?.items ?? []) as Array<{
            node?: { selector?: string; snippet?: string; explanation?: string };
          }>;
          for (const it of items.slice(0, 8))
            console.log(`      ${it.node?.snippet?.slice(0, 160)} — ${it.node?.explanation?.split('\n').slice(-1)[0]}`);
        }
        const requests = ((lhr.audits['network-requests']?.details as { items?: unknown[] } | undefined)?.items ??
          []) as Array<{ resourceType?: string; transferSize?: number; url?: string }>;
        const scripts = requests.filter((r) => r.resourceType === 'Script');
        const kb = (n: number) => `${(n / 1024).toFixed(1)} KiB`;
        console.log(
          `    JavaScript: ${scripts.length} requests, ${kb(scripts.reduce((n, r) => n + (r.transferSize ?? 0), 0))} transferred` +
            `; ${requests.length} requests in all` +
            (weak.length ? '' : '; no performance or accessibility audit below 0.9'),
        );
        for (const r of [...scripts].sort((a, b) => (b.transferSize ?? 0) - (a.transferSize ?? 0)).slice(0, 6))
          console.log(`      ${kb(r.transferSize ?? 0).padStart(10)}  ${r.url?.replace(ORIGIN, '')}`);
      }
      return { perf: score('performance'), a11y: score('accessibility') };
    };
    // The median of N runs of a page (each run printed): one run's score moves with the machine's load.
    const median = async (label: string, url: string, headers?: Record<string, string>) => {
      const runs = [];
      for (let i = 0; i < RUNS; i++) runs.push(await run(RUNS > 1 ? `${label} #${i + 1}` : label, url, headers));
      if (RUNS === 1) return runs[0];
      const mid = (xs: number[]) => xs.sort((a, b) => a - b)[Math.floor(xs.length / 2)];
      const m = { perf: mid(runs.map((r) => r.perf)), a11y: mid(runs.map((r) => r.a11y)) };
      console.log(
        `${`${label}: median`.padEnd(28)} performance ${String(m.perf).padStart(3)}  accessibility ${String(m.a11y).padStart(3)}`,
      );
      return m;
    };
    console.log(
      `Lighthouse ${(await import('lighthouse/package.json', { with: { type: 'json' } })).default.version}, Chromium ${CHROMIUM}; goals: performance >= 90, accessibility >= 95`,
    );
    const pub = LIST_ONLY
      ? undefined
      : await median('baseline: sign-in page', `${ORIGIN}/sign-in`).then(() =>
          median('public page (de)', `${publicUrl}?lang=de`),
        );
    const list = await median(`SKU list (${SKU_COUNT} SKUs)`, `${ORIGIN}/skus`, { Cookie: cookie });
    const pass = (s: { perf: number; a11y: number }) => (s.perf >= 90 && s.a11y >= 95 ? 'meets' : 'misses');
    console.log(`${pub ? `public page ${pass(pub)} the goals; ` : ''}SKU list ${pass(list)} the goals`);
  } finally {
    chrome?.kill();
    if (server?.pid) process.kill(-server.pid, 'SIGTERM');
    await db.close();
  }
}

main().catch((e) => {
  console.error(e);
  process.exitCode = 1;
});
