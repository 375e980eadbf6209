import { z } from 'zod';
import { getDb } from '@/lib/db/client';
import { defineJob, NonRetryableError } from '@/lib/jobs/define';

/**
 * One export run. Retried with backoff on failure; the run becomes failed with the reason on the last
 * attempt. A worker killed mid-run leaves the job running with a stale heartbeat: recovery re-queues
 * it and this handler starts the run over (the file is only stored, and the run only completed, at the end).
 */
export const exportRunJob = defineJob({
  name: 'export.run',
  schema: z.object({ run_id: z.string().uuid() }),
  retryLimit: 2,
  retryDelaySeconds: 5,
  expireInSeconds: 60 * 60,
  handler: async (p, ctx) => {
    // The renderers load with the first export, not with every worker at boot.
    const { executeExportRun, recordExportFailure } = await import('./execute-run');
    try {
      return await executeExportRun(ctx.db, { workspaceId: ctx.workspaceId, runId: p.run_id, heartbeat: ctx.progress });
    } catch (e) {
      const final = e instanceof NonRetryableError || ctx.attempt > exportRunJob.retryLimit;
      await recordExportFailure(await getDb(), {
        runId: p.run_id,
        message: e instanceof Error ? e.message : String(e),
        final,
      });
      throw e;
    }
  },
});
