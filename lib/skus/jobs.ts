import { z } from 'zod';
import { defineJob } from '@/lib/jobs/define';
import { recomputeSku } from './evaluate';
import { and, eq } from 'drizzle-orm';
import { skus } from '@/lib/db/schema';

/**
 * The background event of a SKU creation. It re-evaluates requirements once more, after anything
 * linked in the meantime (documents matched by GTIN, imports), and is the hook later features
 * (AI fill, supplier outreach) extend.
 */
export const skuCreatedJob = defineJob({
  name: 'sku.created',
  schema: z.object({ sku_id: z.string().uuid() }),
  handler: async (p, ctx) => {
    const [row] = await ctx.db
      .select({ id: skus.id })
      .from(skus)
      .where(and(eq(skus.id, p.sku_id), eq(skus.workspaceId, ctx.workspaceId)));
    if (!row) return { skipped: 'sku deleted' };
    const evaluation = await recomputeSku(ctx.db, { workspaceId: ctx.workspaceId, skuId: p.sku_id });
    return { open_blockers: evaluation.open_blocker_count, profile_id: evaluation.profile_id };
  },
});
