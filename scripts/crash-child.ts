/**
 * The harness of the crash tests' child processes (scripts/*-crash-child.ts: the test spawns one, kills
 * it with SIGKILL mid-work, then spawns another on the same data to recover). Every child does the same
 * around its own work, so it is done here once:
 *
 * - opens the database as the app opens it (DATABASE_URL, or the embedded PGlite in $DATA_DIR/pglite
 *   through createPglite with the app's settings, seeded from CRASH_PGLITE_SNAPSHOT when new), taking over
 *   the directory lock a killed process left behind; with `blobs`, the blob store in $DATA_DIR/blobs too
 *   (the same folder for both processes);
 * - makes the user and workspace a run belongs to;
 * - tells the parent where it is, one line at a time on stdout ("READY ...", "PROGRESS ...", "RESULT {...}"),
 *   the job's progress reports included;
 * - runs the job a worker would run next, through the real runJob (claim, heartbeat, fence);
 * - runs the mode named by its first argument, then stops pg-boss and closes the database, and exits 0
 *   (or prints the error and exits 1).
 *
 * One place, so every crash test kills and restarts the same thing the app runs.
 */
import '@/lib/polyfills';
import path from 'node:path';
import type { JobDefinition } from '@/lib/jobs/define';
import type { PlanId } from '@/lib/plans';

export async function openCrashChildDatabase(options: { blobs?: boolean } = {}) {
  if (options.blobs) {
    const { setBlobStore } = await import('@/lib/storage');
    const { localBlobStore } = await import('@/lib/storage/local');
    setBlobStore(localBlobStore(path.join(path.resolve(process.env.DATA_DIR!), 'blobs')));
  }
  const { openPglite, openPostgres, setDbHandle } = await import('@/lib/db/client');
  const { runMigrations } = await import('@/lib/db/migrate');
  const url = process.env.DATABASE_URL;
  if (url) {
    const handle = await openPostgres(url, 4);
    setDbHandle(handle);
    return handle;
  }
  const dataDir = path.resolve(process.env.DATA_DIR!);
  const { acquireDirLock } = await import('@/lib/db/lock');
  const release = acquireDirLock(dataDir); // a lock left by the killed process is taken over
  const { createPglite } = await import('@/lib/db/seed');
  const pglite = await createPglite(path.join(dataDir, 'pglite'), process.env.CRASH_PGLITE_SNAPSHOT ?? null);
  const handle = await openPglite(pglite, release);
  await runMigrations(handle);
  setDbHandle(handle);
  return handle;
}

/** A local user and its workspace (on `plan`, when given), on the database the child opened. */
export async function crashChildWorkspace(args: { email: string; plan?: PlanId }) {
  const { getDb } = await import('@/lib/db/client');
  const { createLocalUser } = await import('@/lib/auth/local-issuer');
  const { ensureWorkspace } = await import('@/lib/auth/workspace');
  const db = await getDb();
  const user = await createLocalUser(db, { email: args.email, password: 'crash crash crash' });
  const m = await ensureWorkspace(db, { user });
  if (args.plan) {
    const { setWorkspacePlan } = await import('@/lib/workspace/settings');
    await setWorkspacePlan(db, { workspaceId: m.workspace.id, plan: args.plan });
  }
  return { db, user, workspace: m.workspace };
}

/** One line to the parent process, which reads the child's stdout line by line. */
export function tellParent(line: string) {
  process.stdout.write(`${line}\n`);
}

/**
 * The job `def` with each progress report, once stored, also told to the parent (the line `line` makes
 * of it, none when null), then a pause of `pauseMs` so a kill lands mid-run.
 */
export function tellingProgress<T>(
  def: JobDefinition<T>,
  line: (progress: Record<string, unknown>) => string | null,
  pauseMs = 0,
): JobDefinition<T> {
  return {
    ...def,
    handler: (payload, ctx) =>
      def.handler(payload, {
        ...ctx,
        progress: async (x) => {
          await ctx.progress(x);
          const text = line(x);
          if (text !== null) tellParent(text);
          if (pauseMs) await new Promise((r) => setTimeout(r, pauseMs));
        },
      }),
  };
}

/**
 * Takes the first job of `def`'s queue from pg-boss (waiting up to a minute for it to arrive) and runs it
 * as a worker does; with `complete`, marks it completed in pg-boss afterwards.
 */
export async function runFirstJob(def: JobDefinition<any>, options: { what: string; complete?: boolean }) {
  const { runJob } = await import('@/lib/workers');
  const { getBoss } = await import('@/lib/jobs/boss');
  const boss = await getBoss();
  const deadline = Date.now() + 60_000;
  for (;;) {
    const [job] = await boss.fetch<{ jobRunId: string; workspaceId: string; payload: unknown }>(def.name, {
      batchSize: 1,
    });
    if (job) {
      await runJob(def, job);
      if (options.complete) await boss.complete(def.name, job.id);
      return;
    }
    if (Date.now() > deadline) throw new Error(`${options.what} never arrived`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/**
 * Runs the mode the first argument names with the arguments after it, then stops pg-boss (if it was
 * started) and closes the database; exits 0, or 1 after printing the error (an unknown mode prints the usage).
 */
export function runCrashChild(
  script: string,
  modes: Record<string, { usage?: string; run: (...args: string[]) => Promise<void> }>,
) {
  async function main() {
    const [mode, ...args] = process.argv.slice(2);
    const chosen = Object.hasOwn(modes, mode ?? '') ? modes[mode] : undefined;
    if (!chosen)
      throw new Error(
        `usage: ${script} ${Object.entries(modes)
          .map(([name, m]) => (m.usage ? `${name} ${m.usage}` : name))
          .join(' | ')}`,
      );
    await chosen.run(...args);
    const { stopBoss } = await import('@/lib/jobs/boss');
    const { closeDb } = await import('@/lib/db/client');
    await stopBoss();
    await closeDb();
  }
  main().then(
    () => process.exit(0),
    (e) => {
      console.error(e);
      process.exit(1);
    },
  );
}
