import { and, eq, isNull, lt, sql } from 'drizzle-orm';
import { z } from 'zod';
import { aiFillJobs } from '@/lib/db/schema';
import { defineJob } from '@/lib/jobs/define';
import { enqueueJob } from '@/lib/jobs/runs';

/**
 * The background AI fill of one SKU. One retry for unexpected errors (database, crash); provider
 * failures are not errors here, the run degrades to rules instead. A worker killed mid-run is recovered
 * by lib/jobs (the run is queued again and starts over; nothing was stored before its last step).
 */
export const aiFillJob = defineJob({
  name: 'sku.ai_fill',
  schema: z.object({ ai_fill_job_id: z.string().uuid() }),
  retryLimit: 1,
  retryDelaySeconds: 5,
  expireInSeconds: 20 * 60,
  handler: async (p, ctx) => {
    // The AI SDK and the provider clients load with the first AI fill, not with every worker at boot.
    const { markAiFillFailed, runAiFill } = await import('./run');
    try {
      return await runAiFill(ctx.db, {
        args: { workspaceId: ctx.workspaceId, jobId: p.ai_fill_job_id },
        hooks: { signal: ctx.signal, progress: ctx.progress, fence: ctx.fence },
      });
    } catch (e) {
      if (ctx.signal.aborted) throw e; // cancelled or taken over: the run is not ours to settle
      if (ctx.attempt > aiFillJob.retryLimit)
        await markAiFillFailed(ctx.db, {
          jobId: p.ai_fill_job_id,
          message: e instanceof Error ? e.message : String(e),
        });
      throw e;
    }
  },
  // A pending job whose run was never recorded (a crash between the two inserts) gets one.
  recover: async (db, { staleAfterMs }) => {
    const stale = await db
      .select({ id: aiFillJobs.id, workspaceId: aiFillJobs.workspaceId, createdBy: aiFillJobs.createdBy })
      .from(aiFillJobs)
      .where(
        and(
          eq(aiFillJobs.status, 'pending'),
          isNull(aiFillJobs.jobRunId),
          lt(aiFillJobs.createdAt, sql`now() - make_interval(secs => ${staleAfterMs / 1000}::double precision)`),
        ),
      )
      .limit(100);
    for (const j of stale) {
      const run = await enqueueJob(db, {
        job: aiFillJob,
        workspaceId: j.workspaceId,
        payload: { ai_fill_job_id: j.id },
        subjectType: 'ai_fill',
        subjectId: j.id,
        createdBy: j.createdBy,
      });
      await db
        .update(aiFillJobs)
        .set({ jobRunId: run.id })
        .where(and(eq(aiFillJobs.id, j.id), isNull(aiFillJobs.jobRunId)));
    }
    return stale.length;
  },
});
