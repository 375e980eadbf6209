import { z } from 'zod';
import type { Db } from '@/lib/db/client';
import { getEnv } from '@/lib/config/env';
import { defineJob } from '@/lib/jobs/define';
import { getJobRun } from '@/lib/jobs/runs';
import { OPERATOR_ROLES } from '@/lib/requirements/types';
import { countFollowingSkus, recomputeRoleChunk, ROLE_RECOMPUTE_QUEUE } from './role-recompute';

/**
 * The re-evaluation of a large workspace after its economic-operator role changed (issue 35): the SKUs
 * following the workspace's role in id order, OPERATOR_ROLE_CHUNK per transaction. Each chunk re-reads
 * the role (a later change wins: this run stops as superseded, and the change that superseded it has
 * cancelled it and queued its own), resets approvals only where the conclusion changed, and stores
 * its progress (the last SKU id done, counts) on the run. A delivery after a crash (kill -9, restart:
 * lib/jobs re-queues the run) goes on after the last id its progress records; a chunk whose progress
 * was not stored is re-evaluated again, which changes nothing the second time.
 */
export const RoleRecomputePayload = z.object({
  operator_role: z.enum(OPERATOR_ROLES),
  actor: z.object({
    userId: z.string().nullable(),
    apiKeyId: z.string().nullable(),
    label: z.string(),
    personId: z.string().nullable().optional(),
  }),
});

interface RoleProgress {
  operator_role: string;
  total: number;
  done: number;
  changed: number;
  approval_reset: number;
  chunks: number;
  after: string | null;
}

export const roleRecomputeJob = defineJob({
  name: ROLE_RECOMPUTE_QUEUE,
  schema: RoleRecomputePayload,
  retryLimit: 3,
  expireInSeconds: 60 * 60,
  handler: async (p, ctx) => {
    const chunk = getEnv().OPERATOR_ROLE_CHUNK;
    const run = await getJobRun(ctx.db, { workspaceId: ctx.workspaceId, id: ctx.jobRunId });
    const before = (run.progress ?? null) as Partial<RoleProgress> | null;
    const resumed = before?.operator_role === p.operator_role && typeof before.after === 'string';
    const progress: RoleProgress = resumed
      ? {
          operator_role: p.operator_role,
          total: before.total ?? 0,
          done: before.done ?? 0,
          changed: before.changed ?? 0,
          approval_reset: before.approval_reset ?? 0,
          chunks: before.chunks ?? 0,
          after: before.after ?? null,
        }
      : {
          operator_role: p.operator_role,
          total: await countFollowingSkus(ctx.db, { workspaceId: ctx.workspaceId }),
          done: 0,
          changed: 0,
          approval_reset: 0,
          chunks: 0,
          after: null,
        };
    await ctx.progress({ ...progress });
    for (;;) {
      if (ctx.signal.aborted) throw ctx.signal.reason ?? new Error('The role re-evaluation was stopped.');
      const step = await ctx.db.transaction(async (raw) => {
        const tx = raw as unknown as Db;
        await ctx.fence(tx);
        return recomputeRoleChunk(tx, {
          workspaceId: ctx.workspaceId,
          actor: p.actor,
          role: p.operator_role,
          after: progress.after,
          limit: chunk,
        });
      });
      if (step.state === 'superseded') return { ...progress, superseded_by: step.current };
      if (step.state === 'done') break;
      progress.after = step.ids[step.ids.length - 1];
      progress.done += step.ids.length;
      // SKUs created meanwhile follow the role too: the total grows with them.
      progress.total = Math.max(progress.total, progress.done);
      progress.changed += step.changed.length;
      progress.approval_reset += step.reset.length;
      progress.chunks += 1;
      await ctx.progress({ ...progress });
    }
    return { ...progress, total: progress.done };
  },
});
