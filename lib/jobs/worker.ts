import { and, eq, lt, sql } from 'drizzle-orm';
import type { Job } from 'pg-boss';
import { getDb, type Db } from '@/lib/db/client';
import { jobRuns } from '@/lib/db/schema';
import { ensureQueues, getBoss } from './boss';
import { NonRetryableError, jobDefinition, registeredJobs, type JobDefinition } from './define';
import { sendToBoss } from './runs';
import './registry';

interface Envelope {
  jobRunId: string;
  workspaceId: string;
  payload: unknown;
}

async function markFailed(db: Db, id: string, error: string) {
  await db.update(jobRuns).set({ status: 'failed', error: error.slice(0, 2000), completedAt: new Date() }).where(eq(jobRuns.id, id));
}

/**
 * Runs one delivery of a job: a bad payload or a NonRetryableError fails the run once with its
 * reason; other errors are rethrown so pg-boss retries with backoff until retryLimit.
 */
export async function runJob(def: JobDefinition<any>, job: Pick<Job<Envelope>, 'id' | 'data' | 'retryCount' | 'signal'>) {
  const db = await getDb();
  const { jobRunId, workspaceId } = job.data ?? ({} as Envelope);
  const [run] = jobRunId ? await db.select().from(jobRuns).where(eq(jobRuns.id, jobRunId)) : [];
  if (!run || run.status !== 'queued') return; // done, cancelled, or another delivery holds it
  const parsed = def.schema.safeParse(job.data.payload);
  if (!parsed.success) {
    await markFailed(db, run.id, `Invalid job payload: ${parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')}`);
    return;
  }
  // Claim: only one delivery moves a queued run to running.
  const claimed = await db
    .update(jobRuns)
    .set({ status: 'running', attempts: sql`${jobRuns.attempts} + 1`, startedAt: sql`coalesce(${jobRuns.startedAt}, now())`, heartbeatAt: new Date(), error: null })
    .where(and(eq(jobRuns.id, run.id), eq(jobRuns.status, 'queued')))
    .returning({ id: jobRuns.id });
  if (!claimed.length) return;
  try {
    const result = await def.handler(parsed.data, {
      jobRunId: run.id,
      workspaceId,
      db,
      attempt: job.retryCount + 1,
      signal: job.signal,
      progress: async (p) => {
        await db.update(jobRuns).set({ progress: p, heartbeatAt: new Date() }).where(eq(jobRuns.id, run.id));
      },
    });
    await db
      .update(jobRuns)
      .set({ status: 'completed', result: result ?? {}, completedAt: new Date() })
      .where(and(eq(jobRuns.id, run.id), sql`${jobRuns.status} <> 'cancelled'`));
  } catch (e) {
    const message = e instanceof Error ? e.message : String(e);
    const final = e instanceof NonRetryableError || job.retryCount >= def.retryLimit;
    if (final) {
      await markFailed(db, run.id, message);
      if (e instanceof NonRetryableError) return;
    } else {
      await db.update(jobRuns).set({ status: 'queued', error: message.slice(0, 2000) }).where(eq(jobRuns.id, run.id));
    }
    throw e;
  }
}

/**
 * Recovery after a crash: runs left "running" whose heartbeat stopped (their process died) go back to
 * queued, and queued runs that never reached pg-boss are sent again. A run is claimed by exactly one
 * delivery, so a duplicate delivery is harmless.
 */
export async function recoverRuns(opts: { staleAfterMs?: number } = {}) {
  const db = await getDb();
  const cutoff = new Date(Date.now() - (opts.staleAfterMs ?? 120_000));
  const orphaned = await db
    .update(jobRuns)
    .set({ status: 'queued', error: 'worker stopped while running; re-queued' })
    .where(and(eq(jobRuns.status, 'running'), sql`coalesce(${jobRuns.heartbeatAt}, ${jobRuns.startedAt}) < ${cutoff.toISOString()}::timestamptz`))
    .returning();
  const stale = await db.select().from(jobRuns).where(and(eq(jobRuns.status, 'queued'), lt(jobRuns.createdAt, new Date(Date.now() - 30_000))));
  const ids = new Set<string>();
  for (const run of [...orphaned, ...stale]) {
    if (ids.has(run.id) || !jobDefinition(run.queue)) continue;
    ids.add(run.id);
    await sendToBoss(run.queue, run).catch(() => {});
  }
  return ids.size;
}

/** Starts a worker for every registered job in this process. */
export async function startWorkers(opts: { pollingIntervalSeconds?: number } = {}) {
  const boss = await getBoss();
  await ensureQueues(boss);
  for (const def of registeredJobs()) {
    await boss.work<Envelope>(def.name, { batchSize: 1, pollingIntervalSeconds: opts.pollingIntervalSeconds ?? 1 }, async ([job]) => runJob(def, job));
  }
  // With the embedded database this process is the only worker: whatever was running died with the last one.
  const { getDbHandle } = await import('@/lib/db/client');
  const embedded = (await getDbHandle()).kind === 'pglite';
  await recoverRuns({ staleAfterMs: embedded ? 0 : 120_000 });
  return boss;
}

/** Tests: runs queued jobs inline until none is left (or the time runs out). */
export async function drainJobs(timeoutMs = 30_000) {
  const boss = await getBoss();
  await ensureQueues(boss);
  const deadline = Date.now() + timeoutMs;
  let ran = 0;
  for (;;) {
    let found = false;
    for (const def of registeredJobs()) {
      const jobs = await boss.fetch<Envelope>(def.name, { batchSize: 1 });
      for (const job of jobs) {
        found = true;
        ran++;
        try {
          await runJob(def, job);
          await boss.complete(def.name, job.id);
        } catch (e) {
          await boss.fail(def.name, job.id, { message: (e as Error).message });
        }
      }
    }
    if (!found || Date.now() > deadline) return ran;
  }
}
