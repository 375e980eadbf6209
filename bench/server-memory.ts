/**
 * Memory and start-up of the production server (`next start` of the build, on BENCH_PORT, default 3304):
 *
 * - cold start on an empty data directory (embedded PGlite): milliseconds from spawn to the first 200 from
 *   /api/health, and the server's RSS 2 s later;
 * - warm start on the same data directory (migrations already applied), the same two figures;
 * - with a Postgres server (BENCH_DATABASE_URL, default the local one; a fresh database, dropped after):
 *   start time and RSS 2 s after the first 200;
 * - on the embedded server: RSS after 100 mixed document uploads through POST /api/classify (text PDFs,
 *   a scan and images for OCR, DOCX, HTML, XML, text, a few hostile files from tests/fixtures), measured
 *   2 s after the last answer, 20 s after it (idle parser workers retired), and its peak while they ran.
 *
 * RSS is that of the server's process tree (the server and any child processes, Linux /proc). Goals on
 * the 2-core machine: after startup ≤ 250 MB (Postgres) / ≤ 450 MB (embedded); after the uploads
 * ≤ 500 MB; cold start ≤ 4 s. The machine is shared: run it when it is quiet, and read the figures with
 * the load average it prints.
 *
 *   npm run build && npx tsx bench/server-memory.ts
 *   BENCH_SKIP_PG=1 npx tsx bench/server-memory.ts      # embedded only
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { scratchDatabase, treeRssMb } from './harness';

const PORT = Number(process.env.BENCH_PORT ?? 3304);
const BASE = `http://127.0.0.1:${PORT}`;
const UPLOADS = Number(process.env.BENCH_UPLOADS ?? 100);
const rssMb = (pid: number) => Math.round(treeRssMb(pid));
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

interface Started {
  child: ChildProcess;
  ms: number;
}

async function start(env: NodeJS.ProcessEnv): Promise<Started> {
  const t0 = performance.now();
  const child = spawn(
    process.execPath,
    ['node_modules/next/dist/bin/next', 'start', '-H', '127.0.0.1', '-p', String(PORT)],
    { env, stdio: ['ignore', 'ignore', 'inherit'] },
  );
  const until = Date.now() + 180_000;
  while (Date.now() < until) {
    try {
      if ((await fetch(`${BASE}/api/health`)).status === 200) return { child, ms: Math.round(performance.now() - t0) };
    } catch {
      /* not up yet */
    }
    await sleep(25);
  }
  child.kill('SIGKILL');
  throw new Error('server did not answer /api/health within 180 s');
}

async function stop(child: ChildProcess) {
  const done = new Promise((r) => child.once('exit', r));
  child.kill('SIGTERM');
  await Promise.race([done, sleep(10_000)]);
  if (child.exitCode === null) child.kill('SIGKILL');
}

function baseEnv(dataDir: string): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {
    SUPABASE_JWT_SECRET: randomBytes(32).toString('hex'),
    ...process.env,
    NODE_ENV: 'production',
    DATA_DIR: dataDir,
    PUBLIC_APP_URL: BASE,
    RATE_LIMIT_PARSE: '100000',
  };
  delete env.DATABASE_URL;
  return env;
}

async function signUp(): Promise<string> {
  const res = await fetch(`${BASE}/api/auth/sign-up`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: BASE },
    body: JSON.stringify({ email: `bench-${Date.now()}@example.com`, password: 'correct horse battery' }),
  });
  if (res.status !== 201) throw new Error(`sign-up: ${res.status} ${await res.text()}`);
  return res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
}

/** The corpus documents (every kind the extractor reads, OCR cases included) and a few hostile files. */
async function uploadSet(): Promise<{ name: string; bytes: Uint8Array<ArrayBufferLike> }[]> {
  const dir = 'tests/fixtures/corpus/documents';
  const files = fs
    .readdirSync(dir)
    .filter((f) => fs.statSync(path.join(dir, f)).isFile())
    .map((f): { name: string; bytes: Uint8Array<ArrayBufferLike> } => ({
      name: f,
      bytes: fs.readFileSync(path.join(dir, f)),
    }));
  const { pdfFlateBomb, pdfManyStreams, hugePng } = await import('../tests/fixtures/hostile-files');
  files.push({ name: 'bomb.pdf', bytes: pdfFlateBomb() });
  files.push({ name: 'many-streams.pdf', bytes: pdfManyStreams(10_000) });
  files.push({ name: 'huge.png', bytes: hugePng(20_000) });
  return files;
}

async function embedded() {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'server-memory-'));
  const out: Record<string, number | string> = {};
  try {
    const env = baseEnv(dataDir);
    let s = await start(env);
    out.cold_start_ms = s.ms;
    await sleep(2000);
    out.cold_rss_mb = rssMb(s.child.pid!);
    await stop(s.child);

    s = await start(env);
    out.warm_start_ms = s.ms;
    await sleep(2000);
    out.rss_after_startup_mb = rssMb(s.child.pid!);
    const pid = s.child.pid!;
    try {
      const cookie = await signUp();
      const set = await uploadSet();
      let peak = 0;
      const sampler = setInterval(() => (peak = Math.max(peak, rssMb(pid))), 100);
      const statuses: Record<string, number> = {};
      const t0 = performance.now();
      for (let i = 0; i < UPLOADS; i++) {
        const f = set[i % set.length];
        const fd = new FormData();
        fd.append('file', new Blob([f.bytes as BlobPart]), f.name);
        const res = await fetch(`${BASE}/api/classify`, {
          method: 'POST',
          headers: { cookie, origin: BASE },
          body: fd,
        });
        await res.arrayBuffer();
        statuses[res.status] = (statuses[res.status] ?? 0) + 1;
      }
      out.uploads_seconds = +((performance.now() - t0) / 1000).toFixed(1);
      clearInterval(sampler);
      out.uploads_status = Object.entries(statuses)
        .map(([k, v]) => `${k}×${v}`)
        .join(' ');
      out.peak_rss_during_uploads_mb = peak;
      await sleep(2000);
      out.rss_after_uploads_mb = rssMb(pid);
      // Idle parser processes exit (lib/extract/pool.ts idleMs / heavyIdleMs, 1 s / 3 s): what stays after that.
      await sleep(18_000);
      out.rss_after_uploads_idle_mb = rssMb(pid);
    } finally {
      await stop(s.child);
    }
    return out;
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

async function withPostgres() {
  const serverUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const scratch = await scratchDatabase(serverUrl, 'srvmem');
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'server-memory-pg-'));
  try {
    const env = { ...baseEnv(dataDir), DATABASE_URL: scratch.url };
    // First start applies the migrations; the second is the one measured.
    await stop((await start(env)).child);
    const s = await start(env);
    await sleep(2000);
    const rss = rssMb(s.child.pid!);
    await stop(s.child);
    return { pg_start_ms: s.ms, pg_rss_after_startup_mb: rss };
  } finally {
    await scratch.drop().catch(() => {});
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

async function main() {
  if (!fs.existsSync('.next/BUILD_ID')) throw new Error('no production build: run `npm run build` first');
  console.log(
    `node ${process.version}, ${os.cpus().length} cores, load average ${os
      .loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')}`,
  );
  const results: Record<string, number | string> = { ...(await embedded()) };
  if (!process.env.BENCH_SKIP_PG) Object.assign(results, await withPostgres());
  console.table(Object.entries(results).map(([figure, value]) => ({ figure, value, goal: GOALS[figure] ?? '' })));
  console.log(
    `load average after: ${os
      .loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')}`,
  );
}

const GOALS: Record<string, string> = {
  cold_start_ms: '≤ 4000',
  rss_after_startup_mb: '≤ 450 (embedded)',
  rss_after_uploads_mb: '≤ 500',
  pg_rss_after_startup_mb: '≤ 250',
};

main().then(
  () => process.exit(0),
  (e) => {
    console.error(e);
    process.exit(1);
  },
);
