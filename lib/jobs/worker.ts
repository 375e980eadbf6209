import { eq } from 'drizzle-orm';
import type { Job } from 'pg-boss';
import { getDb, type Db } from '@/lib/db/client';
import { jobRuns } from '@/lib/db/schema';
import { ensureQueues, getBoss, stopBoss } from './boss';
import { NonRetryableError, registeredJobs, type JobDefinition } from './define';
import { claimRun, jobTiming, LeaseLostError, RunLease } from './lease';
import { recoverRuns, startRecoveryLoop, stopRecoveryLoop } from './recovery';
import { startSchedules } from './schedules';

export { recoverRuns };

interface Envelope {
  jobRunId: string;
  workspaceId: string;
  payload: unknown;
}

async function failQueued(db: Db, id: string, error: string) {
  await db
    .update(jobRuns)
    .set({ status: 'failed', error: error.slice(0, 2000), completedAt: new Date() })
    .where(eq(jobRuns.id, id));
}

/**
 * Runs one delivery of a job: a bad payload or a NonRetryableError fails the run once with its
 * reason; other errors are rethrown so pg-boss retries with backoff until retryLimit. The delivery
 * holds the run by a lease (lib/jobs/lease): when recovery took the run over, nothing more is written
 * and the delivery ends quietly.
 */
export async function runJob(
  def: JobDefinition<any>,
  job: Pick<Job<Envelope>, 'id' | 'data' | 'retryCount' | 'signal'>,
) {
  const db = await getDb();
  const { jobRunId, workspaceId } = job.data ?? ({} as Envelope);
  const [run] = jobRunId ? await db.select().from(jobRuns).where(eq(jobRuns.id, jobRunId)) : [];
  if (!run || run.status !== 'queued') return; // done, cancelled, or another delivery holds it
  if (run.bossJobId && run.bossJobId !== job.id) return; // an older delivery of a run recovery sent again
  const parsed = def.schema.safeParse(job.data.payload);
  if (!parsed.success) {
    await failQueued(
      db,
      run.id,
      `Invalid job payload: ${parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')}`,
    );
    return;
  }
  const token = await claimRun(db, { runId: run.id, bossJobId: job.id });
  if (!token) return;
  const lease = new RunLease(db, run.id, token, jobTiming().heartbeatMs);
  try {
    const result = await def.handler(parsed.data, {
      jobRunId: run.id,
      workspaceId,
      db,
      attempt: job.retryCount + 1,
      signal: job.signal ? AbortSignal.any([job.signal, lease.signal]) : lease.signal,
      progress: (p) => lease.progress(p),
      fence: (tx) => lease.fence(tx),
    });
    await lease.settle({ status: 'completed', result: result ?? {}, completedAt: new Date() });
  } catch (e) {
    // Taken over: the run and its outcome belong to the delivery that has it now.
    if (lease.lost || e instanceof LeaseLostError) return;
    const message = e instanceof Error ? e.message : String(e);
    const final = e instanceof NonRetryableError || job.retryCount >= def.retryLimit;
    if (final) {
      await lease.settle({ status: 'failed', error: message.slice(0, 2000), completedAt: new Date() });
      if (e instanceof NonRetryableError) return;
    } else {
      await lease.settle({ status: 'queued', error: message.slice(0, 2000) });
    }
    throw e;
  } finally {
    lease.stop();
  }
}

/**
 * Starts a worker for every registered job in this process (or only `queues`: a worker dedicated to
 * some jobs), and its periodic recovery of those jobs.
 */
export async function startWorkers(opts: { pollingIntervalSeconds?: number; queues?: string[] } = {}) {
  // The job modules register themselves when imported; lib/workers.ts imports them all.
  if (!registeredJobs().length) throw new Error('No job is registered: start workers through lib/workers.ts.');
  const boss = await getBoss();
  await ensureQueues(boss);
  // First, before this process claims anything. With the embedded database this process is the only
  // worker: whatever was running died with the last one, whatever its heartbeat says. The bound is this
  // process's age, not zero: the app answers before its worker starts (lib/boot.ts), and a run or
  // document a request of this process is queuing right now is not an orphan of the last one.
  const { getDbHandle } = await import('@/lib/db/client');
  const embedded = (await getDbHandle()).kind === 'pglite';
  await recoverRuns({ queues: opts.queues, ...(embedded ? { staleAfterMs: process.uptime() * 1000 } : {}) });
  const defs = registeredJobs().filter((d) => !opts.queues || opts.queues.includes(d.name));
  for (const def of defs) {
    await boss.work<Envelope>(
      def.name,
      { batchSize: 1, pollingIntervalSeconds: opts.pollingIntervalSeconds ?? 1 },
      async ([job]) => runJob(def, job),
    );
  }
  // Periodic sweeps (reminders) run where every job runs, not in a worker dedicated to some queues.
  if (!opts.queues) await startSchedules(boss);
  startRecoveryLoop({ queues: opts.queues });
  return boss;
}

/** Stops this process's recovery loop and its pg-boss (workers finish their current job first). */
export async function stopWorkers() {
  stopRecoveryLoop();
  await stopBoss();
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
