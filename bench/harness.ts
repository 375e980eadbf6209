/**
 * What every bench needs and used to copy: command-line numbers, a database of its own (a scratch
 * database on the Postgres server of DATABASE_URL, dropped at the end, or an in-memory PGlite), a
 * signed-in user with a workspace, and the figures printed beside the baseline measured in the same run.
 * Benches import it; nothing in the app does.
 */
import '@/lib/polyfills';
import fs from 'node:fs';
import type { DbHandle } from '@/lib/db/client';

/** `--name N` on the command line, or the default. */
export function numberArg(name: string, dflt: number): number {
  const i = process.argv.indexOf(`--${name}`);
  if (i < 0) return dflt;
  const n = Number(process.argv[i + 1]);
  if (!Number.isFinite(n)) throw new Error(`--${name} takes a number`);
  return n;
}

/** `--name value` on the command line, or the default. */
export function stringArg(name: string, dflt: string): string {
  const i = process.argv.indexOf(`--${name}`);
  return i < 0 ? dflt : (process.argv[i + 1] ?? dflt);
}

export interface BenchDatabase {
  /** Where it runs, for the printed header. */
  label: string;
  handle: DbHandle;
  /** The scratch database's URL on a server; null on PGlite. */
  url: string | null;
  /** Closes the handle and drops the scratch database. */
  close: () => Promise<void>;
}

/**
 * A scratch database `cw_bench_<tag>_<time>` on the Postgres server at serverUrl, for benches whose app
 * code or child processes open the database from their environment: its URL, and drop() to remove it.
 */
export async function scratchDatabase(
  serverUrl: string,
  tag: string,
): Promise<{ url: string; name: string; drop: () => Promise<void> }> {
  const { default: postgres } = await import('postgres');
  const name = `cw_bench_${tag.replace(/\W/g, '_')}_${Date.now()}_${process.pid}`;
  const admin = postgres(serverUrl, { max: 1, onnotice: () => {} });
  try {
    await admin.unsafe(`CREATE DATABASE ${name}`);
  } finally {
    await admin.end();
  }
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    name,
    drop: async () => {
      const again = postgres(serverUrl, { max: 1, onnotice: () => {} });
      try {
        await again.unsafe(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      } finally {
        await again.end();
      }
    },
  };
}

/**
 * A migrated database of the bench's own, set as the app's handle (getDb()). With DATABASE_URL: a
 * scratch database on that server (scratchDatabase), dropped by close(); without it, PGlite in memory.
 */
export async function openBenchDatabase(opts: { tag: string; poolSize?: number }): Promise<BenchDatabase> {
  const { openPglite, openPostgres, setDbHandle } = await import('@/lib/db/client');
  const { runMigrations } = await import('@/lib/db/migrate');
  const serverUrl = process.env.DATABASE_URL;
  if (serverUrl) {
    const scratch = await scratchDatabase(serverUrl, opts.tag);
    const handle = await openPostgres(scratch.url, opts.poolSize ?? 10);
    await runMigrations(handle);
    setDbHandle(handle);
    return {
      label: `Postgres (${new URL(scratch.url).host})`,
      handle,
      url: scratch.url,
      close: async () => {
        await handle.close();
        await scratch.drop();
      },
    };
  }
  const { PGlite } = await import('@electric-sql/pglite');
  const handle = await openPglite(await PGlite.create());
  await runMigrations(handle);
  setDbHandle(handle);
  return { label: 'PGlite (in memory, embedded)', handle, url: null, close: () => handle.close() };
}

/** RSS of a process and all its descendants, in MB (Linux /proc): a server with its parse workers. */
export function treeRssMb(pid: number): number {
  let kb = 0;
  const visit = (p: number) => {
    try {
      const status = fs.readFileSync(`/proc/${p}/status`, 'utf8');
      kb += Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
      for (const t of fs.readdirSync(`/proc/${p}/task`)) {
        const kids = fs.readFileSync(`/proc/${p}/task/${t}/children`, 'utf8').trim();
        for (const k of kids ? kids.split(/\s+/) : []) visit(Number(k));
      }
    } catch {
      /* the process ended */
    }
  };
  visit(pid);
  return kb / 1024;
}

/**
 * CPU time (ms) the machine's Postgres server processes have used so far (utime + stime of every
 * process named `postgres` in /proc), or null where there is none to read (PGlite, a remote server).
 * Differences of two readings are what the server spent between them.
 */
export function postgresCpuMs(): number | null {
  let ticks = 0;
  let found = false;
  let pids: string[] = [];
  try {
    pids = fs.readdirSync('/proc').filter((d) => /^\d+$/.test(d));
  } catch {
    return null;
  }
  for (const pid of pids) {
    try {
      const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
      // comm is in parentheses and may hold spaces; the fields after it are space-separated.
      const close = stat.lastIndexOf(')');
      if (stat.slice(stat.indexOf('(') + 1, close) !== 'postgres') continue;
      const f = stat.slice(close + 2).split(' ');
      ticks += Number(f[11]) + Number(f[12]); // utime, stime (fields 14 and 15 of proc(5))
      found = true;
    } catch {
      /* the process ended */
    }
  }
  // Linux reports in clock ticks of 1/100 s (USER_HZ) on every architecture Node runs on.
  return found ? ticks * 10 : null;
}

/** CPU time (ms) of this thread alone, so a load generator in a worker thread is not counted. */
export function threadCpuMs(): number {
  const p = process as unknown as { threadCpuUsage?: () => NodeJS.CpuUsage };
  const u = p.threadCpuUsage ? p.threadCpuUsage() : process.cpuUsage();
  return (u.user + u.system) / 1000;
}

/**
 * The app in this process as the server and worker see it, for benches that run its services and jobs
 * directly: a data folder of its own, jobs drained by the bench (not a background worker), the token
 * secret, and with DATABASE_URL a scratch database (scratchDatabase) the app opens from the environment.
 * cleanup() removes the folder and the database (unless keepDatabase).
 */
export async function inProcessApp(tag: string) {
  const os = await import('node:os');
  const path = await import('node:path');
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `${tag.replace(/\W/g, '-')}-`));
  process.env.DATA_DIR = dataDir;
  process.env.JOBS_IN_PROCESS = 'false';
  process.env.SUPABASE_JWT_SECRET ??= 'bench-secret-bench-secret-bench-secret-0123';
  const serverUrl = process.env.DATABASE_URL;
  const scratch = serverUrl ? await scratchDatabase(serverUrl, tag) : null;
  if (scratch) process.env.DATABASE_URL = scratch.url;
  const { resetEnvCache } = await import('@/lib/config/env');
  resetEnvCache();
  return {
    dataDir,
    cleanup: async (opts: { keepDatabase?: boolean } = {}) => {
      fs.rmSync(dataDir, { recursive: true, force: true });
      if (scratch && !opts.keepDatabase) await scratch.drop().catch(() => {});
    },
  };
}

/** A local user with a workspace on the enterprise plan (no plan limit in the way), and its session token. */
export async function benchWorkspace(db: import('@/lib/db/client').Db, who = 'bench') {
  const { createLocalUser } = await import('@/lib/auth/local-issuer');
  const { ensureWorkspace } = await import('@/lib/auth/workspace');
  const { signAccessToken } = await import('@/lib/auth/tokens');
  const { setWorkspacePlan } = await import('@/lib/workspace/settings');
  const user = await createLocalUser(db, {
    email: `${who}-${Date.now()}-${process.pid}@example.test`,
    password: 'bench password 123',
  });
  const membership = await ensureWorkspace(db, { user });
  await setWorkspacePlan(db, { workspaceId: membership.workspace.id, plan: 'enterprise' });
  const { token } = await signAccessToken(user);
  return { user, workspace: { ...membership.workspace, plan: 'enterprise' as const }, token };
}

/** The q-quantile of the numbers (0.5: the median). */
export function quantile(xs: readonly number[], q: number): number {
  if (!xs.length) return NaN;
  const sorted = [...xs].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];
}

export const median = (xs: readonly number[]) => quantile(xs, 0.5);

/** One line of figures: the measured value, the baseline of the same run, and their ratio. */
export function besideBaseline(label: string, value: number, baseline: number, unit: string, digits = 1): string {
  const ratio = baseline === 0 ? NaN : value / baseline;
  return `  ${label.padEnd(40)} ${value.toFixed(digits).padStart(9)} ${unit}   baseline ${baseline
    .toFixed(digits)
    .padStart(9)} ${unit}   ${ratio.toFixed(2)}×`;
}

/** The machine's load, printed with every run: a figure measured on a busy machine says less. */
export async function machineLine(): Promise<string> {
  const os = await import('node:os');
  const [one, five] = os.loadavg();
  return `machine: ${os.cpus().length} cores, load average ${one.toFixed(1)} / ${five.toFixed(1)}, Node ${process.version}`;
}
