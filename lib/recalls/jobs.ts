import { and, eq, gte, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '@/lib/db/client';
import { recallAlerts, recallFeedSources, skus } from '@/lib/db/schema';
import { defineJob } from '@/lib/jobs/define';
import { enqueueJob } from '@/lib/jobs/runs';
import { defineSchedule } from '@/lib/jobs/schedules';
import { fetchFeedSource } from './feeds';
import { matchSkusAgainstRecentAlerts } from './match-store';

/** The whole catalogue (or some SKUs) against the alerts of the last year, in one transaction. */
export async function rematchCatalogue(db: Db, { workspaceId, skuIds }: { workspaceId: string; skuIds?: string[] }) {
  return db.transaction(async (tx) => matchSkusAgainstRecentAlerts(tx as unknown as Db, { workspaceId, skuIds }));
}

/** New and changed SKUs of a workspace against the last year of its alerts. */
export const matchSkusJob = defineJob({
  name: 'recalls.match-skus',
  schema: z.object({ sku_ids: z.array(z.string()).max(50_000).optional() }),
  handler: async (payload, ctx) => {
    const created = await ctx.db.transaction(async (tx) => {
      await ctx.fence(tx as unknown as Db);
      return matchSkusAgainstRecentAlerts(tx as unknown as Db, {
        workspaceId: ctx.workspaceId,
        skuIds: payload.sku_ids,
      });
    });
    return { new_matches: created };
  },
});

/**
 * Hourly: SKUs created or changed in the last two hours (the overlap makes a missed tick harmless; a
 * match already stored is not made twice) of every workspace that holds alerts get a matching job.
 */
export async function queueNewSkuMatching(db: Db, { now }: { now: Date }) {
  const since = new Date(now.getTime() - 2 * 3600_000);
  const rows = await db
    .select({ workspaceId: skus.workspaceId, ids: sql<string[]>`array_agg(${skus.id})` })
    .from(skus)
    .where(
      and(
        gte(skus.updatedAt, since),
        sql`EXISTS (SELECT 1 FROM ${recallAlerts} WHERE ${recallAlerts.workspaceId} = ${skus.workspaceId})`,
      ),
    )
    .groupBy(skus.workspaceId);
  for (const r of rows)
    await enqueueJob(db, {
      job: matchSkusJob,
      workspaceId: r.workspaceId,
      payload: { sku_ids: r.ids.slice(0, 50_000) },
    });
  return { workspaces: rows.length };
}

defineSchedule({
  name: 'recalls.match-new-skus',
  cron: '7 * * * *',
  handler: (db, now) => queueNewSkuMatching(db, { now }),
});

/** Daily: every enabled feed URL is read (each failure is kept on its source, the others go on). */
export async function readAllFeedSources(db: Db) {
  const sources = await db
    .select({ id: recallFeedSources.id, workspaceId: recallFeedSources.workspaceId })
    .from(recallFeedSources)
    .where(eq(recallFeedSources.enabled, true));
  let ok = 0;
  let failed = 0;
  for (const s of sources) {
    try {
      await fetchFeedSource(db, { workspaceId: s.workspaceId, actor: null, id: s.id });
      ok++;
    } catch {
      failed++;
    }
  }
  return { ok, failed };
}

defineSchedule({ name: 'recalls.read-feeds', cron: '20 6 * * *', handler: (db) => readAllFeedSources(db) });
