import crypto from 'node:crypto';
import { and, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '@/lib/db/client';
import { jobRuns } from '@/lib/db/schema';
import { AppError } from '@/lib/errors';
import { ensureQueues, getBoss } from './boss';
import type { JobDefinition } from './define';

type JobRunRow = typeof jobRuns.$inferSelect;

export function serializeJobRun(r: JobRunRow) {
  return {
    id: r.id,
    type: r.queue,
    status: r.status,
    subject_type: r.subjectType,
    subject_id: r.subjectId,
    progress: r.progress ?? null,
    result: r.result ?? null,
    error: r.error,
    attempts: r.attempts,
    created_at: r.createdAt.toISOString(),
    started_at: r.startedAt?.toISOString() ?? null,
    completed_at: r.completedAt?.toISOString() ?? null,
  };
}

/**
 * Records a job run and hands it to pg-boss. Call after the transaction that made the work visible has
 * committed. The run's pg-boss job id is chosen before the send and stored on the row, so a run whose
 * job never arrived (crash in between) is found and sent again by recovery (lib/jobs/recovery).
 */
export async function enqueueJob<T>(
  db: Db,
  args: {
    job: JobDefinition<T>;
    workspaceId: string;
    payload: T;
    subjectType?: string;
    subjectId?: string;
    createdBy?: string | null;
  },
) {
  const [run] = await enqueueJobs(db, {
    job: args.job,
    workspaceId: args.workspaceId,
    createdBy: args.createdBy,
    items: [{ payload: args.payload, subjectType: args.subjectType, subjectId: args.subjectId }],
  });
  return run;
}

/** Many runs of one job at once: one insert and one pg-boss insert (a ZIP of a thousand files). */
export async function enqueueJobs<T>(
  db: Db,
  args: {
    job: JobDefinition<T>;
    workspaceId: string;
    createdBy?: string | null;
    items: { payload: T; subjectType?: string; subjectId?: string }[];
  },
): Promise<JobRunRow[]> {
  const runs = await recordJobRuns(db, args);
  await sendToBoss(args.job.name, runs);
  return runs;
}

/**
 * Records runs without sending them, inside the caller's transaction: the work and its run commit (or
 * roll back) together. Send them with sendToBoss after the commit; a crash in between leaves a queued
 * run whose job is missing, which recovery sends once the stale bound has passed (lib/jobs/recovery).
 */
export async function recordJobRuns<T>(
  db: Db,
  args: {
    job: JobDefinition<T>;
    workspaceId: string;
    createdBy?: string | null;
    items: { payload: T; subjectType?: string; subjectId?: string }[];
  },
): Promise<JobRunRow[]> {
  const def = args.job;
  if (!args.items.length) return [];
  const values = args.items.map((item) => ({
    workspaceId: args.workspaceId,
    queue: def.name,
    payload: def.schema.parse(item.payload) as Record<string, unknown>,
    subjectType: item.subjectType,
    subjectId: item.subjectId,
    createdBy: args.createdBy ?? null,
    bossJobId: crypto.randomUUID(),
    // The time of the insert, not of the transaction's start (now(), the column default): transactions that
    // queue on a lock (22 role changes at once) insert in the order they commit, so latestJobRun finds the
    // last committed run; by now() an earlier-started, later-committed one sorted before it (on Postgres).
    createdAt: sql`clock_timestamp()`,
  }));
  return db.insert(jobRuns).values(values).returning();
}

/** Sends runs to pg-boss under their recorded job ids (a second send of the same id is a no-op). */
export async function sendToBoss(
  name: string,
  runs: Pick<JobRunRow, 'id' | 'workspaceId' | 'payload' | 'bossJobId'>[],
) {
  if (!runs.length) return;
  const boss = await getBoss();
  await ensureQueues(boss);
  await boss.insert(
    name,
    runs.map((r) => ({
      ...(r.bossJobId ? { id: r.bossJobId } : {}),
      data: { jobRunId: r.id, workspaceId: r.workspaceId, payload: r.payload },
    })),
  );
}

export async function getJobRun(db: Db, { workspaceId, id }: { workspaceId: string; id: string }) {
  const [r] = await db
    .select()
    .from(jobRuns)
    .where(and(eq(jobRuns.id, id), eq(jobRuns.workspaceId, workspaceId)));
  if (!r) throw new AppError('NOT_FOUND', 'Job not found.');
  return r;
}

export async function latestJobRun(
  db: Db,
  { workspaceId, queue, subjectId }: { workspaceId: string; queue: string; subjectId: string },
) {
  const [r] = await db
    .select()
    .from(jobRuns)
    .where(and(eq(jobRuns.workspaceId, workspaceId), eq(jobRuns.queue, queue), eq(jobRuns.subjectId, subjectId)))
    .orderBy(desc(jobRuns.createdAt))
    .limit(1);
  return r ?? null;
}

/** Cancels a queued or running job; the worker checks the flag before and between steps. */
export async function cancelJobRun(db: Db, { workspaceId, id }: { workspaceId: string; id: string }) {
  const [r] = await db
    .update(jobRuns)
    .set({ status: 'cancelled', completedAt: new Date(), leaseToken: null })
    .where(
      and(eq(jobRuns.id, id), eq(jobRuns.workspaceId, workspaceId), sql`${jobRuns.status} in ('queued', 'running')`),
    )
    .returning();
  if (r) {
    const boss = await getBoss();
    if (r.bossJobId) await boss.cancel(r.queue, r.bossJobId).catch(() => {});
  }
  return r ?? null;
}

/**
 * Cancels the queued and running runs about one subject (a SKU being deleted), in the caller's
 * transaction so they end exactly when the subject does. A delivery already running sees the run
 * cancelled at its next lease check and stops writing; pg-boss's own job is left to expire (no
 * request to pg-boss inside the transaction).
 */
export async function cancelSubjectRuns(
  tx: Db,
  args: { workspaceId: string; subjectType: string; subjectId: string; reason: string },
) {
  await tx
    .update(jobRuns)
    .set({ status: 'cancelled', completedAt: new Date(), error: args.reason })
    .where(
      and(
        eq(jobRuns.workspaceId, args.workspaceId),
        eq(jobRuns.subjectType, args.subjectType),
        eq(jobRuns.subjectId, args.subjectId),
        sql`${jobRuns.status} in ('queued', 'running')`,
      ),
    );
}
