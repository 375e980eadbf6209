/** Creating a SKU: the plan limit, the normalised input, the requirement profile, the created event. */
import { recordAudit } from '@/lib/audit';
import { type Actor, type WorkspaceRef } from '@/lib/auth/context';
import type { Db } from '@/lib/db/client';
import { isUniqueViolation } from '@/lib/db/errors';
import { skus } from '@/lib/db/schema';
import { AppError } from '@/lib/errors';
import { PLANS } from '@/lib/plans';
import { CURRENT_PROFILE_BY_CATEGORY, resolveCategory } from '@/lib/requirements';
import { and, eq, sql } from 'drizzle-orm';
import { recomputeSku } from './evaluate';
import type { CreateSkuInput } from './schemas';
import { type SkuRow } from './service';

async function countSkus(db: Db, workspaceId: string) {
  const [{ n }] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(skus)
    .where(eq(skus.workspaceId, workspaceId));
  return Number(n);
}

function normalize(input: CreateSkuInput) {
  const product_name = input.product_name.trim().replace(/\s+/g, ' ');
  // The category as given (a code or a shop path) and, where it does not decide, the product's name.
  const category = resolveCategory({ category_text: input.category_code, product_name });
  const profile = {
    id: CURRENT_PROFILE_BY_CATEGORY[category.code],
    defaulted: category.defaulted,
    category_code: category.code,
    category_text: input.category_code?.trim() || null,
    match: { confidence: category.confidence, reason: category.reason, source: category.source },
  };
  return {
    normalized: {
      sku_code: input.sku_code,
      product_name,
      gtin: input.gtin ?? null,
      category_code: profile.category_code,
      external_sku_id: input.external_sku_id?.trim() || null,
    },
    profile,
  };
}

/**
 * Creates a SKU: row, activity record, requirement evaluation, background event. With dryRun it only
 * describes what would happen (normalised values, category, profile, plan limit, blocking reason).
 */
export async function createSku(
  db: Db,
  args: { workspace: WorkspaceRef; actor: Actor; input: CreateSkuInput; dryRun: boolean },
) {
  const { workspace, actor } = args;
  const { normalized, profile } = normalize(args.input);
  const limit = PLANS[workspace.plan].skuLimit;

  if (args.dryRun) {
    const current = await countSkus(db, workspace.id);
    const [taken] = await db
      .select({ id: skus.id })
      .from(skus)
      .where(and(eq(skus.workspaceId, workspace.id), eq(skus.skuCode, normalized.sku_code)));
    const blocking_reason = taken
      ? {
          code: 'SKU_CODE_EXISTS',
          message: `A SKU with code ${normalized.sku_code} already exists.`,
          details: { sku_id: taken.id },
        }
      : current >= limit
        ? {
            code: 'PLAN_LIMIT_REACHED',
            message: `The ${PLANS[workspace.plan].label} plan allows ${limit} SKUs.`,
            details: { plan: workspace.plan, limit, current_count: current },
          }
        : null;
    return {
      dry_run: true as const,
      can_create: blocking_reason === null,
      normalized_sku: normalized,
      category: { selected_code: profile.category_code, defaulted: profile.defaulted },
      requirement_profile: { would_attach_default: profile.defaulted, id: profile.id },
      plan_limit: { plan: workspace.plan, limit, current_count: current },
      blocking_reason,
    };
  }

  let row: SkuRow;
  try {
    row = await db.transaction(async (tx) => {
      // Serialise creates per workspace so the plan limit holds under concurrency.
      await tx.execute(sql`SELECT id FROM workspaces WHERE id = ${workspace.id} FOR UPDATE`);
      const current = await countSkus(tx as unknown as Db, workspace.id);
      if (current >= limit) {
        throw new AppError(
          'PLAN_LIMIT_REACHED',
          `The ${PLANS[workspace.plan].label} plan allows ${limit} SKUs; delete some or upgrade.`,
          {
            details: { limit: 'skus', plan: workspace.plan, max: limit, current },
          },
        );
      }
      const [created] = await tx
        .insert(skus)
        .values({
          workspaceId: workspace.id,
          skuCode: normalized.sku_code,
          productName: normalized.product_name,
          gtin: normalized.gtin,
          categoryCode: normalized.category_code,
          categoryDefaulted: profile.defaulted,
          categoryText: profile.category_text,
          categoryMatch: profile.match,
          externalSkuId: normalized.external_sku_id,
          requirementProfileId: profile.id,
          createdBy: actor.userId,
        })
        .returning();
      await recordAudit(tx, {
        workspaceId: workspace.id,
        actor,
        action: 'sku.created',
        targetType: 'sku',
        targetId: created.id,
        data: { sku_code: created.skuCode, product_name: created.productName, category_code: created.categoryCode },
      });
      await recomputeSku(tx as unknown as Db, { workspaceId: workspace.id, skuId: created.id });
      const [fresh] = await tx.select().from(skus).where(eq(skus.id, created.id));
      return fresh;
    });
  } catch (e) {
    if (isUniqueViolation(e))
      throw new AppError(
        'SKU_CODE_EXISTS',
        `A SKU with code ${normalized.sku_code} already exists in this workspace.`,
        { details: { sku_code: normalized.sku_code } },
      );
    throw e;
  }
  await emitSkuCreated(db, row, actor);
  return row;
}

async function emitSkuCreated(db: Db, row: SkuRow, actor: Actor) {
  const { enqueueJob } = await import('@/lib/jobs');
  const { skuCreatedJob } = await import('./jobs');
  await enqueueJob(db, {
    job: skuCreatedJob,
    workspaceId: row.workspaceId,
    payload: { sku_id: row.id },
    subjectType: 'sku',
    subjectId: row.id,
    createdBy: actor.userId,
  });
}
