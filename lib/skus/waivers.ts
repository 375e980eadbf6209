import { and, asc, eq, isNull } from 'drizzle-orm';
import { recordAudit } from '@/lib/audit';
import type { Actor } from '@/lib/auth/context';
import type { Db } from '@/lib/db/client';
import { blockerWaivers, reviewIssues } from '@/lib/db/schema';
import { AppError } from '@/lib/errors';
import { isUniqueViolation } from '@/lib/db/errors';
import { isWaivableCode } from '@/lib/requirements';
import { recomputeSku } from './evaluate';
import { getSkuRow } from './service';

export function serializeWaiver(w: typeof blockerWaivers.$inferSelect) {
  return {
    id: w.id,
    code: w.blockerCode,
    reason: w.reason,
    waived_by: w.waivedByLabel,
    waived_at: w.waivedAt.toISOString(),
    revoked_at: w.revokedAt?.toISOString() ?? null,
  };
}

export async function listWaivers(db: Db, { workspaceId, skuId }: { workspaceId: string; skuId: string }) {
  await getSkuRow(db, { workspaceId, id: skuId });
  const rows = await db
    .select()
    .from(blockerWaivers)
    .where(and(eq(blockerWaivers.skuId, skuId), eq(blockerWaivers.workspaceId, workspaceId)))
    .orderBy(asc(blockerWaivers.waivedAt), asc(blockerWaivers.id));
  return rows.map(serializeWaiver);
}

/**
 * A blocker that does not apply is waived with a reason; who, when and why are kept and shown on the
 * SKU page, in the export and in dossier.pdf. Open conflicts and review issues cannot be waived.
 */
export async function waiveBlocker(
  db: Db,
  args: { workspaceId: string; actor: Actor; skuId: string; code: string; reason: string },
) {
  const sku = await getSkuRow(db, { workspaceId: args.workspaceId, id: args.skuId });
  const match = sku.blockers.find((b) => (b as { key?: string }).key === args.code || b.code === args.code);
  if (!match)
    throw new AppError('VALIDATION_FAILED', `The SKU has no blocker ${args.code}.`, {
      details: {
        fields: [{ path: 'code', message: 'not a current blocker of this SKU' }],
        current: sku.blockers.map((b) => (b as { key?: string }).key ?? b.code),
      },
    });
  if (!isWaivableCode(args.code))
    throw new AppError('INVALID_STATE', `${args.code} must be resolved, not waived.`, {
      details: { state: 'not_waivable' },
    });
  try {
    const [w] = await db
      .insert(blockerWaivers)
      .values({
        workspaceId: args.workspaceId,
        skuId: args.skuId,
        blockerCode: args.code,
        reason: args.reason,
        waivedBy: args.actor.userId,
        waivedByLabel: args.actor.label,
      })
      .returning();
    await recordAudit(db, {
      workspaceId: args.workspaceId,
      actor: args.actor,
      action: 'sku.blocker_waived',
      targetType: 'sku',
      targetId: args.skuId,
      data: { code: args.code, reason: args.reason },
    });
    await recomputeSku(db, { workspaceId: args.workspaceId, skuId: args.skuId });
    return serializeWaiver(w);
  } catch (e) {
    if (isUniqueViolation(e)) throw new AppError('CONFLICT', `${args.code} is already waived.`);
    throw e;
  }
}

export async function revokeWaiver(
  db: Db,
  args: { workspaceId: string; actor: Actor; skuId: string; waiverId: string },
) {
  await getSkuRow(db, { workspaceId: args.workspaceId, id: args.skuId });
  const [w] = await db
    .update(blockerWaivers)
    .set({ revokedAt: new Date() })
    .where(
      and(
        eq(blockerWaivers.id, args.waiverId),
        eq(blockerWaivers.skuId, args.skuId),
        eq(blockerWaivers.workspaceId, args.workspaceId),
        isNull(blockerWaivers.revokedAt),
      ),
    )
    .returning();
  if (!w) throw new AppError('NOT_FOUND', 'Waiver not found.');
  await recordAudit(db, {
    workspaceId: args.workspaceId,
    actor: args.actor,
    action: 'sku.waiver_revoked',
    targetType: 'sku',
    targetId: args.skuId,
    data: { code: w.blockerCode },
  });
  await recomputeSku(db, { workspaceId: args.workspaceId, skuId: args.skuId });
  return serializeWaiver(w);
}

export async function addReviewIssue(
  db: Db,
  args: { workspaceId: string; actor: Actor; skuId: string; message: string; fieldKey?: string | null; kind?: string },
) {
  await getSkuRow(db, { workspaceId: args.workspaceId, id: args.skuId });
  const [row] = await db
    .insert(reviewIssues)
    .values({
      workspaceId: args.workspaceId,
      skuId: args.skuId,
      kind: args.kind ?? 'manual',
      message: args.message,
      fieldKey: args.fieldKey ?? null,
    })
    .returning();
  await recomputeSku(db, { workspaceId: args.workspaceId, skuId: args.skuId });
  return row;
}

export async function resolveReviewIssue(
  db: Db,
  args: { workspaceId: string; actor: Actor; skuId: string; issueId: string },
) {
  await getSkuRow(db, { workspaceId: args.workspaceId, id: args.skuId });
  const [row] = await db
    .update(reviewIssues)
    .set({ status: 'resolved', resolvedAt: new Date(), resolvedByLabel: args.actor.label })
    .where(
      and(
        eq(reviewIssues.id, args.issueId),
        eq(reviewIssues.skuId, args.skuId),
        eq(reviewIssues.workspaceId, args.workspaceId),
      ),
    )
    .returning();
  if (!row) throw new AppError('NOT_FOUND', 'Review issue not found.');
  await recomputeSku(db, { workspaceId: args.workspaceId, skuId: args.skuId });
  return row;
}
