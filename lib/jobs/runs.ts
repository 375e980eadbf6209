import { and, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '@/lib/db/client';
import { jobRuns } from '@/lib/db/schema';
import { AppError } from '@/lib/http/errors';
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
 * Records a job run and hands it to pg-boss under the same id. Call after the transaction that made
 * the work visible has committed; a run left queued by a crash in between is re-sent by the worker.
 */
export async function enqueueJob<T>(
  db: Db,
  def: JobDefinition<T>,
  args: { workspaceId: string; payload: T; subjectType?: string; subjectId?: string; createdBy?: string | null },
) {
  const payload = def.schema.parse(args.payload) as Record<string, unknown>;
  const [run] = await db
    .insert(jobRuns)
    .values({ workspaceId: args.workspaceId, queue: def.name, payload, subjectType: args.subjectType, subjectId: args.subjectId, createdBy: args.createdBy ?? null })
    .returning();
  await sendToBoss(def.name, run);
  return run;
}

export async function sendToBoss(name: string, run: Pick<JobRunRow, 'id' | 'workspaceId' | 'payload'>) {
  const boss = await getBoss();
  await ensureQueues(boss);
  // pg-boss ids are its own: a run re-queued after a crash is sent again as a new delivery.
  await boss.send(name, { jobRunId: run.id, workspaceId: run.workspaceId, payload: run.payload });
}

export async function getJobRun(db: Db, workspaceId: string, id: string) {
  const [r] = await db.select().from(jobRuns).where(and(eq(jobRuns.id, id), eq(jobRuns.workspaceId, workspaceId)));
  if (!r) throw new AppError('NOT_FOUND', 'Job not found.');
  return r;
}

export async function latestJobRun(db: Db, workspaceId: string, queue: string, subjectId: string) {
  const [r] = await db
    .select()
    .from(jobRuns)
    .where(and(eq(jobRuns.workspaceId, workspaceId), eq(jobRuns.queue, queue), eq(jobRuns.subjectId, subjectId)))
    .orderBy(desc(jobRuns.createdAt))
    .limit(1);
  return r ?? null;
}

/** Cancels a queued or running job; the worker checks the flag before and between steps. */
export async function cancelJobRun(db: Db, workspaceId: string, id: string) {
  const [r] = await db
    .update(jobRuns)
    .set({ status: 'cancelled', completedAt: new Date() })
    .where(and(eq(jobRuns.id, id), eq(jobRuns.workspaceId, workspaceId), sql`${jobRuns.status} in ('queued', 'running')`))
    .returning();
  if (r) {
    const boss = await getBoss();
    await boss.cancel(r.queue, r.id).catch(() => {});
  }
  return r ?? null;
}
