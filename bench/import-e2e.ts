/**
 * End-to-end import throughput: generated CSVs (1,000, 20,000 and 100,000 rows) and a 20,000-row XLSX,
 * each committed through the import service (file stored, batch created, job queued) and run by the real
 * job (`import.run` through lib/jobs, inline), into an empty enterprise workspace. Prints seconds, rows
 * per second, the peak RSS of the scenario and what it added over the process's idle RSS (app loaded,
 * database open, before the import), the time per phase (read, plan, write, recompute; from the job's
 * result), and in the same run the physical baseline: the same rows copied into a plain table (Postgres
 * COPY FROM STDIN; on PGlite COPY FROM '/dev/blob'), and the ratio.
 *
 *   npx tsx bench/import-e2e.ts                       # PGlite in a temp directory
 *   DATABASE_URL=postgres://... npx tsx bench/import-e2e.ts   # a fresh database on that server
 *   BENCH_CSV_ROWS=1000,20000 BENCH_XLSX_ROWS=0 npx tsx bench/import-e2e.ts   # other sizes, no XLSX
 *   BENCH_STATEMENTS=1 ...                            # also print milliseconds per write statement kind (from
 *                                                     # sending to answer: a chunk's writes are pipelined, so kinds overlap)
 *   HEAP_GROWING_PERCENT=0 ...                        # V8's own heap growth (the baseline of lib/runtime/heap-growth)
 *   BENCH_KEEP_DB=1 DATABASE_URL=...                  # keep the scenario databases (cw_bench_*) to inspect
 *   BENCH_REIMPORT=1 ...                              # then import the CSV again with two fields changed in
 *                                                     # every row (every SKU updated), timed on its own
 *   npx tsx bench/import-e2e.ts <csv|xlsx> <rows>     # one scenario in this process, JSON out
 *
 * node_cpu_s and pg_cpu_s are the CPU seconds of this process and of the Postgres server's backends
 * (local server only) during the import: what the import costs when the machine is shared.
 *
 * Each scenario runs in its own process so the peak RSS (getrusage maxrss) is that scenario's alone.
 */
import '@/lib/polyfills';
import { spawnSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import * as XLSX from '@e965/xlsx';
import { csvText, HEADERS, row } from './catalogue';
import { benchWorkspace, inProcessApp } from './harness';

const CSV_ROWS = (process.env.BENCH_CSV_ROWS ?? '1000,20000,100000')
  .split(',')
  .map(Number)
  .filter((n) => n > 0);
const XLSX_ROWS = Number(process.env.BENCH_XLSX_ROWS ?? 20_000);
function csvFile(dir: string, rows: number, changed = false) {
  const csvPath = path.join(dir, `catalogue-${rows}${changed ? '-changed' : ''}.csv`);
  if (!fs.existsSync(csvPath)) fs.writeFileSync(csvPath, csvText(rows, changed));
  return csvPath;
}

function xlsxFile(dir: string, rows: number) {
  const xlsxPath = path.join(dir, `catalogue-${rows}.xlsx`);
  if (!fs.existsSync(xlsxPath)) {
    const aoa: unknown[][] = [HEADERS];
    for (let i = 0; i < rows; i++) {
      const r: unknown[] = row(i);
      r[2] = Number(r[2]); // typed-in EANs are numbers in Excel
      aoa.push(r);
    }
    const wb = XLSX.utils.book_new();
    XLSX.utils.book_append_sheet(wb, XLSX.utils.aoa_to_sheet(aoa), 'Katalog');
    fs.writeFileSync(xlsxPath, XLSX.write(wb, { type: 'buffer', bookType: 'xlsx', compression: true }) as Buffer);
  }
  return xlsxPath;
}

interface Result {
  scenario: string;
  backend: string;
  file_mb: number;
  rows: number;
  status: string;
  created: number;
  seconds: number;
  rows_per_second: number;
  peak_rss_mb: number;
  idle_rss_mb: number;
  added_rss_mb: number;
  read_s: number;
  plan_s: number;
  write_s: number;
  recompute_s: number;
  copy_seconds: number;
  copy_rows_per_second: number;
  ratio: number;
  node_cpu_s: number;
  pg_cpu_s: number | null;
  /** BENCH_REIMPORT: the changed catalogue imported over the first one */
  reimport_seconds?: number;
  reimport_rows_per_second?: number;
  reimport_updated?: number;
}

async function scenario(name: 'csv' | 'xlsx', file: string, rows: number): Promise<Result> {
  const app = await inProcessApp('import_e2e');
  // As the app server and the worker do at start (lib/boot.ts, scripts/worker.ts).
  const { boundHeapGrowth } = await import('@/lib/runtime/heap-growth');
  boundHeapGrowth();
  const { getDb, getDbHandle, closeDb } = await import('@/lib/db/client');
  const { commitImport } = await import('@/lib/imports/commit');
  const { drainJobs } = await import('@/lib/workers');
  const { stopBoss, getBoss } = await import('@/lib/jobs/boss');
  const { getImport } = await import('@/lib/imports/batches');
  const { jobRuns } = await import('@/lib/db/schema');
  const { eq } = await import('drizzle-orm');

  try {
    const db = await getDb();
    const handle = await getDbHandle();
    await getBoss();
    const { user, workspace } = await benchWorkspace(db);
    const bytes = fs.statSync(file).size;
    const hash = crypto.createHash('sha256');
    for await (const chunk of fs.createReadStream(file)) hash.update(chunk as Buffer);
    const sha256 = hash.digest('hex');
    // Idle: the app's modules loaded and the database open, nothing imported yet.
    const idleRss = process.memoryUsage().rss;

    // BENCH_STATEMENTS also samples the heap, to tell the JS heap from native or WASM memory.
    const sampler = process.env.BENCH_STATEMENTS
      ? setInterval(() => {
          const m = process.memoryUsage();
          const mb = (n: number) => Math.round(n / 1048576);
          process.stderr.write(
            `mem rss ${mb(m.rss)} heapUsed ${mb(m.heapUsed)} heapTotal ${mb(m.heapTotal)} external ${mb(m.external)} arrayBuffers ${mb(m.arrayBuffers)}\n`,
          );
        }, 2000)
      : null;
    const cpu0 = process.cpuUsage();
    const t0 = performance.now();
    const { batch } = await commitImport(db, {
      workspace,
      actor: { userId: user.id, apiKeyId: null, label: user.email },
      file: { path: file, filename: path.basename(file), size: bytes, sha256 },
      options: {},
    });
    await drainJobs(6 * 60 * 60 * 1000);
    const seconds = (performance.now() - t0) / 1000;
    const cpu = process.cpuUsage(cpu0);
    const pgCpu = await serverCpuSeconds(db);
    if (sampler) clearInterval(sampler);
    const final = (await getImport(db, { workspaceId: workspace.id, batchId: batch.id })).batch;
    const peakRss = process.resourceUsage().maxRSS * 1024;
    const [run] = await db.select().from(jobRuns).where(eq(jobRuns.id, final.job_id!));
    const phases = (run?.result as { phases_ms?: Record<string, number> } | null)?.phases_ms ?? {};
    const sec = (ms: number | undefined) => +((ms ?? 0) / 1000).toFixed(2);
    if (process.env.BENCH_STATEMENTS) process.stderr.write(`${name} ${rows} phases_ms ${JSON.stringify(phases)}\n`);

    // The physical baseline: the same rows as CSV text into a plain table.
    const text = csvText(rows);
    const cols = HEADERS.map((_, i) => `c${i} text`).join(', ');
    const c0 = performance.now();
    if (handle.kind === 'postgres') {
      const sql = handle.sql!;
      await sql.unsafe(`CREATE TABLE bench_copy (${cols})`);
      const writable = await sql
        .unsafe(`COPY bench_copy FROM STDIN WITH (FORMAT csv, HEADER true, DELIMITER ';')`)
        .writable();
      await new Promise<void>((resolve, reject) => {
        writable.on('error', reject);
        writable.on('finish', () => resolve());
        writable.end(Buffer.from(text, 'utf8'));
      });
    } else {
      const pg = handle.pglite!;
      await pg.exec(`CREATE TABLE bench_copy (${cols})`);
      await pg.query(`COPY bench_copy FROM '/dev/blob' WITH (FORMAT csv, HEADER true, DELIMITER ';')`, [], {
        blob: new Blob([text]),
      });
    }
    const copySeconds = (performance.now() - c0) / 1000;
    const copied = await db.execute((await import('drizzle-orm')).sql`SELECT count(*)::int AS n FROM bench_copy`);
    const copiedRows = Number((Array.isArray(copied) ? copied : (copied as { rows: { n: number }[] }).rows)[0].n);
    if (copiedRows !== rows) throw new Error(`COPY loaded ${copiedRows} rows, expected ${rows}`);

    // The same SKUs again with two fields changed: the update path (current values, supersede, recompute).
    let reimport: Partial<Result> = {};
    if (process.env.BENCH_REIMPORT && name === 'csv') {
      const changedFile = csvFile(path.dirname(file), rows, true);
      const r0 = performance.now();
      const again = await commitImport(db, {
        workspace,
        actor: { userId: user.id, apiKeyId: null, label: user.email },
        file: {
          path: changedFile,
          filename: path.basename(changedFile),
          size: fs.statSync(changedFile).size,
          sha256: crypto.createHash('sha256').update(fs.readFileSync(changedFile)).digest('hex'),
        },
        options: {},
      });
      await drainJobs(6 * 60 * 60 * 1000);
      const rs = (performance.now() - r0) / 1000;
      const done = (await getImport(db, { workspaceId: workspace.id, batchId: again.batch.id })).batch;
      reimport = {
        reimport_seconds: +rs.toFixed(1),
        reimport_rows_per_second: Math.round((done.processed_rows ?? 0) / rs),
        reimport_updated: done.updated_rows ?? 0,
      };
    }

    const rps = (final.processed_rows ?? 0) / seconds;
    const copyRps = rows / copySeconds;
    return {
      scenario: name,
      backend: handle.kind,
      file_mb: +(bytes / 1048576).toFixed(1),
      rows: final.total_rows ?? 0,
      status: final.status,
      created: final.created_rows ?? 0,
      seconds: +seconds.toFixed(1),
      rows_per_second: Math.round(rps),
      peak_rss_mb: Math.round(peakRss / 1048576),
      idle_rss_mb: Math.round(idleRss / 1048576),
      added_rss_mb: Math.round((peakRss - idleRss) / 1048576),
      read_s: sec(phases.read),
      plan_s: sec(phases.plan),
      write_s: sec((phases.write ?? 0) - (phases.recompute ?? 0)),
      recompute_s: sec(phases.recompute),
      copy_seconds: +copySeconds.toFixed(2),
      copy_rows_per_second: Math.round(copyRps),
      ratio: +(copyRps / rps).toFixed(1),
      node_cpu_s: +((cpu.user + cpu.system) / 1e6).toFixed(1),
      pg_cpu_s: pgCpu === null ? null : +pgCpu.toFixed(1),
      ...reimport,
    };
  } finally {
    await stopBoss();
    await closeDb();
    await app.cleanup({ keepDatabase: Boolean(process.env.BENCH_KEEP_DB) });
  }
}

/**
 * CPU seconds the Postgres server's backends of this database have used so far (the bench's connections
 * live for the whole scenario), when the server runs on this machine; null elsewhere (PGlite runs in
 * this process, so its work is in node_cpu_s). On a shared machine CPU time says more than wall time.
 */
async function serverCpuSeconds(db: import('@/lib/db/client').Db): Promise<number | null> {
  if (!process.env.DATABASE_URL) return null;
  const { sql } = await import('drizzle-orm');
  const res = await db.execute(sql`SELECT pid FROM pg_stat_activity WHERE datname = current_database()`);
  const pids = (Array.isArray(res) ? res : (res as { rows: { pid: number }[] }).rows) as { pid: number }[];
  let ticks = 0;
  for (const { pid } of pids) {
    try {
      const f = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
      ticks += Number(f[11]) + Number(f[12]); // utime, stime (fields 14 and 15 of stat)
    } catch {
      return null; // not a local server
    }
  }
  return ticks / 100;
}

async function main() {
  const dir = path.join(os.tmpdir(), 'import-e2e-bench');
  fs.mkdirSync(dir, { recursive: true });
  const which = process.argv[2] as 'csv' | 'xlsx' | undefined;
  if (which) {
    const n = Number(process.argv[3]);
    const r = await scenario(which, which === 'csv' ? csvFile(dir, n) : xlsxFile(dir, n), n);
    process.stdout.write(JSON.stringify(r) + '\n');
    return;
  }
  const self = fileURLToPath(import.meta.url);
  const results: Result[] = [];
  const runs: [string, number][] = CSV_ROWS.map((n) => ['csv', n]);
  if (XLSX_ROWS > 0) runs.push(['xlsx', XLSX_ROWS]);
  for (const [s, n] of runs) {
    if (s === 'csv') csvFile(dir, n);
    else xlsxFile(dir, n);
    const child = spawnSync(process.execPath, [...process.execArgv, self, s, String(n)], {
      encoding: 'utf8',
      cwd: process.cwd(),
      maxBuffer: 16 << 20,
      env: process.env,
    });
    if (process.env.BENCH_STATEMENTS) process.stderr.write(child.stderr);
    if (child.status !== 0) throw new Error(`${s} failed: ${child.stderr.slice(-4000)}`);
    results.push(JSON.parse(child.stdout.trim().split('\n').pop()!));
  }
  console.log(
    `node ${process.version}, ${os.cpus().length} cores, ${process.env.DATABASE_URL ? 'Postgres server' : 'PGlite (file-backed, temp dir)'}; HEAP_GROWING_PERCENT=${process.env.HEAP_GROWING_PERCENT ?? '60 (default)'}; files in ${dir}`,
  );
  console.table(results);
  console.log(
    'ratio = COPY rows/s divided by import rows/s (how many times slower the full import is than the bare physical load).\n' +
      'idle = RSS with the app loaded and the database open, before the import; added = peak RSS - idle.\n' +
      'phases from the job result: read (opening the stored file; it is read in pieces by both passes, so its time is in plan), plan (both passes), write (chunk transactions less recompute), recompute (blockers).',
  );
}

main().then(
  () => process.exit(0),
  (e) => {
    console.error(e);
    process.exit(1);
  },
);
