/**
 * The process the import crash test kills (tests/api/imports/crash.test.ts). Two modes, same data:
 *
 *   start  <rows>   create a user, commit a generated <rows>-row catalogue and run its import job through
 *                   lib/jobs; prints "READY <batchId> <workspaceId>" and "PROGRESS <processed_rows>" lines.
 *                   The test sends SIGKILL while it is importing.
 *   resume <batchId> <workspaceId>
 *                   a new worker on the same database: recovers runs whose worker died (heartbeat), runs
 *                   the queued jobs, then prints one "RESULT <json>" line with what the database holds.
 *   start-live <rows> [holdAt]
 *                   the same catalogue, run by a real worker (lib/jobs startWorkers: lease, heartbeat,
 *                   recovery loop); prints READY, PROGRESS lines from its handler, STATE lines of the run.
 *                   With holdAt, its handler stops once that many rows are done (its heartbeat goes on),
 *                   so the kill lands mid-import however fast the machine is.
 *   serve <batchId> <workspaceId>
 *                   another real worker on the same database (started beside the first, or right after
 *                   it was killed): prints SERVING, PROGRESS and STATE lines until the batch is final,
 *                   then RESULT.
 *
 * Database: DATABASE_URL (a Postgres server) or a file-backed PGlite in $DATA_DIR/pglite, optionally
 * seeded from CRASH_PGLITE_SNAPSHOT (a migrated data-dir tarball) so the first start skips initdb.
 * Blobs: $DATA_DIR/blobs (the same folder for both processes).
 */
import '@/lib/polyfills';
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { and, eq, sql } from 'drizzle-orm';
import {
  crashChildWorkspace,
  openCrashChildDatabase,
  runCrashChild,
  runFirstJob,
  tellingProgress,
  tellParent,
} from './crash-child';

const openDatabase = openCrashChildDatabase;
const progressLine = (x: Record<string, unknown>) =>
  typeof x.processed_rows === 'number' ? `PROGRESS ${x.processed_rows}` : null;

function catalogue(rows: number): string {
  const lines = ['Artikelnummer;Bezeichnung;Marke;Hersteller;Ursprungsland;Warnhinweise'];
  for (let i = 0; i < rows; i++) {
    lines.push(
      `CR-${String(i).padStart(6, '0')};Produkt Nummer ${i};Marke ${i % 7};Hersteller ${i % 13} GmbH;${['DE', 'AT', 'FR'][i % 3]};Nicht für Kinder unter 3 Jahren.`,
    );
  }
  return lines.join('\n') + '\n';
}

/** A user, a workspace and a committed <rows>-row import; its run is queued through lib/jobs. */
async function createImport(rows: number) {
  const { commitImport } = await import('@/lib/imports/commit');
  const { db, user, workspace } = await crashChildWorkspace({
    email: `crash-${crypto.randomUUID().slice(0, 8)}@example.test`,
    plan: 'enterprise',
  });
  const file = path.join(path.resolve(process.env.DATA_DIR!), 'crash-catalogue.csv');
  const text = catalogue(rows);
  fs.writeFileSync(file, text);
  const { batch } = await commitImport(db, {
    workspace: { ...workspace, plan: 'enterprise' },
    actor: { userId: user.id, apiKeyId: null, label: user.email },
    file: {
      path: file,
      filename: 'crash-catalogue.csv',
      size: Buffer.byteLength(text),
      sha256: crypto.createHash('sha256').update(text).digest('hex'),
    },
    options: {},
  });
  return { db, batch, workspaceId: workspace.id };
}

async function start(rows: number) {
  await openDatabase();
  const { importBatches } = await import('@/lib/db/schema');
  const { db, batch, workspaceId } = await createImport(rows);
  tellParent(`READY ${batch.id} ${workspaceId}`);
  // The real job and runJob (claim, heartbeat); the heartbeat is also printed, so the test knows how far it got.
  const { importRunJob } = await import('@/lib/imports/jobs');
  await runFirstJob(tellingProgress(importRunJob, progressLine), { what: 'the import job', complete: true });
  const [final] = await db.select().from(importBatches).where(eq(importBatches.id, batch.id));
  tellParent(`DONE ${final.status} ${final.processedRows}`);
}

async function resume(batchId: string, workspaceId: string) {
  await openDatabase();
  const { getDb } = await import('@/lib/db/client');
  const { recoverRuns } = await import('@/lib/workers');
  const { getBoss } = await import('@/lib/jobs/boss');
  const { importBatches } = await import('@/lib/db/schema');
  const db = await getDb();
  const [before] = await db.select().from(importBatches).where(eq(importBatches.id, batchId));
  await getBoss();
  // The killed worker's run is "running" with a stale heartbeat: back to queued and sent again.
  const recovered = await recoverRuns({ staleAfterMs: 1000 });
  // Only import jobs (a shared test database may hold other files' queued jobs), until the batch is final.
  const { runJob } = await import('@/lib/workers');
  const { importRunJob } = await import('@/lib/imports/jobs');
  const boss = await getBoss();
  const deadline = Date.now() + 10 * 60_000;
  for (;;) {
    const [job] = await boss.fetch<{ jobRunId: string; workspaceId: string; payload: unknown }>(importRunJob.name, {
      batchSize: 1,
    });
    if (job) {
      await runJob(importRunJob, job).then(
        () => boss.complete(importRunJob.name, job.id),
        (e) => boss.fail(importRunJob.name, job.id, { message: String(e) }),
      );
    }
    const [b] = await db
      .select({ status: importBatches.status })
      .from(importBatches)
      .where(eq(importBatches.id, batchId));
    if (['completed', 'completed_with_errors', 'failed'].includes(b.status) || Date.now() > deadline) break;
    if (!job) await new Promise((r) => setTimeout(r, 100));
  }
  const result = {
    before: { status: before.status, processed_rows: before.processedRows, total_rows: before.totalRows },
    recovered,
    ...(await report(batchId, workspaceId)),
  };
  tellParent(`RESULT ${JSON.stringify(result)}`);
}

/** What the database holds for the batch: its run, its counters, and every row's effects counted. */
async function report(batchId: string, workspaceId: string) {
  const { getDb } = await import('@/lib/db/client');
  const { queryRows } = await import('@/lib/db/rows');
  const { importBatches, jobRuns } = await import('@/lib/db/schema');
  const db = await getDb();
  const [after] = await db.select().from(importBatches).where(eq(importBatches.id, batchId));
  const [run] = await db
    .select()
    .from(jobRuns)
    .where(and(eq(jobRuns.workspaceId, workspaceId), eq(jobRuns.subjectId, batchId)));
  const one = async (q: ReturnType<typeof sql>) => Number((await queryRows<{ n: number }>(db, q))[0].n);
  return {
    run: { status: run.status, attempts: run.attempts },
    batch: {
      status: after.status,
      total_rows: after.totalRows,
      processed_rows: after.processedRows,
      created_rows: after.createdRows,
      updated_rows: after.updatedRows,
      skipped_rows: after.skippedRows,
      failed_rows: after.failedRows,
      error_rows: after.errorRows,
      error_message: after.errorMessage,
    },
    import_rows: await one(sql`SELECT count(*)::int AS n FROM import_rows WHERE batch_id = ${batchId}`),
    distinct_rows: await one(
      sql`SELECT count(DISTINCT row_number)::int AS n FROM import_rows WHERE batch_id = ${batchId}`,
    ),
    skus: await one(sql`SELECT count(*)::int AS n FROM skus WHERE workspace_id = ${workspaceId}`),
    skus_of_batch: await one(
      sql`SELECT count(DISTINCT sku_id)::int AS n FROM import_rows WHERE batch_id = ${batchId} AND outcome = 'created'`,
    ),
    values: await one(sql`SELECT count(*)::int AS n FROM dossier_values WHERE workspace_id = ${workspaceId}`),
    superseded_values: await one(
      sql`SELECT count(*)::int AS n FROM dossier_values WHERE workspace_id = ${workspaceId} AND superseded_at IS NOT NULL`,
    ),
    skus_without_blockers_computed: await one(
      sql`SELECT count(*)::int AS n FROM skus WHERE workspace_id = ${workspaceId} AND blockers = '[]'::jsonb`,
    ),
    // One audit event for the batch, however often the run was killed and resumed (none per SKU).
    completion_events: await one(
      sql`SELECT count(*)::int AS n FROM audit_events WHERE workspace_id = ${workspaceId} AND action = 'import.completed'`,
    ),
    sku_events: await one(
      sql`SELECT count(*)::int AS n FROM audit_events WHERE workspace_id = ${workspaceId} AND target_type = 'sku'`,
    ),
  };
}

/** Prints the run's state whenever it changes, until the batch is final (or the deadline passes). */
async function watch(batchId: string, workspaceId: string, deadlineMs: number) {
  const { getDb } = await import('@/lib/db/client');
  const { importBatches, jobRuns } = await import('@/lib/db/schema');
  const db = await getDb();
  let last = '';
  const deadline = Date.now() + deadlineMs;
  for (;;) {
    const [run] = await db
      .select()
      .from(jobRuns)
      .where(and(eq(jobRuns.workspaceId, workspaceId), eq(jobRuns.subjectId, batchId)));
    const [b] = await db
      .select({ status: importBatches.status })
      .from(importBatches)
      .where(eq(importBatches.id, batchId));
    const processed = Number((run?.progress as { processed_rows?: number } | null)?.processed_rows ?? 0);
    const state = JSON.stringify({ status: run?.status, attempts: run?.attempts, processed, batch: b.status });
    if (state !== last) {
      tellParent(`STATE ${state}`);
      last = state;
    }
    if (['completed', 'completed_with_errors', 'failed'].includes(b.status) || Date.now() > deadline) return;
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** The real worker's import job, printing "PROGRESS <processed_rows>" from inside the handler. */
async function instrument(holdAt?: number) {
  const { importRunJob } = await import('@/lib/imports/jobs');
  const handler = importRunJob.handler;
  importRunJob.handler = (p, ctx) =>
    handler(p, {
      ...ctx,
      progress: async (x) => {
        await ctx.progress(x);
        const line = progressLine(x);
        if (line !== null) tellParent(line);
        // Held until the test kills this process.
        if (holdAt && typeof x.processed_rows === 'number' && x.processed_rows >= holdAt) await new Promise(() => {});
      },
    });
}

async function startLive(rows: number, holdAt?: number) {
  await openDatabase();
  const { batch, workspaceId } = await createImport(rows);
  tellParent(`READY ${batch.id} ${workspaceId}`);
  await instrument(holdAt);
  const { startWorkers } = await import('@/lib/workers');
  await startWorkers({ queues: ['import.run'], pollingIntervalSeconds: 0.5 });
  await watch(batch.id, workspaceId, 10 * 60_000);
}

async function serve(batchId: string, workspaceId: string) {
  await openDatabase();
  await instrument();
  const { startWorkers, stopWorkers } = await import('@/lib/workers');
  await startWorkers({ queues: ['import.run'], pollingIntervalSeconds: 0.5 });
  tellParent('SERVING');
  await watch(batchId, workspaceId, 10 * 60_000);
  await stopWorkers();
  // pg-boss's own view of the run's jobs (this test database holds no other import jobs).
  const { getDb } = await import('@/lib/db/client');
  const { queryRows } = await import('@/lib/db/rows');
  const states = await queryRows<{ state: string; n: number }>(
    await getDb(),
    sql`SELECT state::text AS state, count(*)::int AS n FROM pgboss.job WHERE name = 'import.run' GROUP BY state ORDER BY state`,
  );
  const boss_jobs = Object.fromEntries(states.map((r) => [r.state, Number(r.n)]));
  tellParent(`RESULT ${JSON.stringify({ ...(await report(batchId, workspaceId)), boss_jobs })}`);
}

runCrashChild('import-crash-child.ts', {
  start: { usage: '<rows>', run: (rows) => start(Number(rows)) },
  resume: { usage: '<batchId> <workspaceId>', run: (batchId, workspaceId) => resume(batchId, workspaceId) },
  'start-live': {
    usage: '<rows>',
    run: (rows, holdAt) => startLive(Number(rows), holdAt ? Number(holdAt) : undefined),
  },
  serve: { usage: '<batchId> <workspaceId>', run: (batchId, workspaceId) => serve(batchId, workspaceId) },
});
