import { and, eq, inArray } from 'drizzle-orm';
import { z } from 'zod';
import type { Actor } from '@/lib/auth/context';
import type { Db } from '@/lib/db/client';
import { documentSkus, jobRuns } from '@/lib/db/schema';
import { defineJob } from '@/lib/jobs/define';
import { enqueueJob } from '@/lib/jobs/runs';
import { defineSchedule } from '@/lib/jobs/schedules';
import { reevaluateWorkspaceCurrency, workspacesWithDocuments } from '@/lib/currency/service';
import { recomputeSku } from './evaluate';

/**
 * The daily evidence-currency check (lib/currency), and the SKUs it reaches: one run per workspace
 * re-evaluates its documents against the current lists, records what changed, then re-evaluates the
 * SKUs whose documents gained or lost a warning or blocker, so their stored blockers (lists, filters,
 * webhooks) follow. It lives with the SKUs because it writes them; lib/currency knows no SKU.
 */
export const currencyReevaluateJob = defineJob({
  name: 'currency.reevaluate',
  schema: z.object({}).strict(),
  retryLimit: 2,
  expireInSeconds: 30 * 60,
  handler: async (_payload, ctx) => {
    const r = await reevaluateWorkspaceCurrency(ctx.db, { workspaceId: ctx.workspaceId });
    let skusRecomputed = 0;
    if (r.affected_document_ids.length) {
      const links = await ctx.db
        .selectDistinct({ skuId: documentSkus.skuId })
        .from(documentSkus)
        .where(
          and(eq(documentSkus.workspaceId, ctx.workspaceId), inArray(documentSkus.documentId, r.affected_document_ids)),
        );
      for (const { skuId } of links) {
        await ctx.db.transaction(async (tx) => {
          await recomputeSku(tx as unknown as Db, { workspaceId: ctx.workspaceId, skuId });
        });
        skusRecomputed++;
      }
    }
    return {
      documents: r.documents,
      raised: r.raised,
      resolved: r.resolved,
      data_version: r.data_version,
      skus_recomputed: skusRecomputed,
    };
  },
});

/** The daily sweep: one re-evaluation run per workspace that has documents. */
export async function enqueueDailyCurrency(db: Db): Promise<{ queued: number }> {
  const ids = await workspacesWithDocuments(db);
  for (const workspaceId of ids)
    await enqueueJob(db, {
      job: currencyReevaluateJob,
      workspaceId,
      payload: {},
      subjectType: 'workspace',
      subjectId: workspaceId,
    });
  return { queued: ids.length };
}

/** A re-evaluation of one workspace now: the run already waiting, or a new one. */
export async function queueCurrencyReevaluation(db: Db, args: { workspaceId: string; actor: Actor }) {
  const [waiting] = await db
    .select({ id: jobRuns.id, status: jobRuns.status })
    .from(jobRuns)
    .where(
      and(
        eq(jobRuns.workspaceId, args.workspaceId),
        eq(jobRuns.queue, currencyReevaluateJob.name),
        eq(jobRuns.status, 'queued'),
      ),
    )
    .limit(1);
  if (waiting) return [waiting];
  const run = await enqueueJob(db, {
    job: currencyReevaluateJob,
    workspaceId: args.workspaceId,
    payload: {},
    subjectType: 'workspace',
    subjectId: args.workspaceId,
    createdBy: args.actor.userId,
  });
  return [{ id: run.id, status: run.status }];
}

/** Daily at 04:20 UTC: the lists change on Official Journal publication days; a day's delay is the aim. */
defineSchedule({
  name: 'currency.daily',
  cron: '20 4 * * *',
  handler: (db) => enqueueDailyCurrency(db),
});
