/**
 * The SKU row and what every operation on it shares: the lookups that check the workspace (getSkuRow,
 * lockSkuRow), the detail view, and afterDossierChange. The operations have a file each: create.ts,
 * list.ts, delete.ts, sign-off.ts.
 */
import { type Actor } from '@/lib/auth/context';
import type { Db } from '@/lib/db/client';
import { skus } from '@/lib/db/schema';
import type { OperatorRole } from '@/lib/enums';
import { AppError } from '@/lib/errors';
import { and, eq } from 'drizzle-orm';
import { resetApprovals } from './approval-reset';
import { recomputeSku } from './evaluate';
import type { ResetReason } from './reset-reasons';
import { serializeBlockers, serializeSku, skuStatus } from './serialize';
import { getWorkspaceOperatorRole } from './workspace-role';

export type SkuRow = typeof skus.$inferSelect;

export async function getSkuRow(db: Db, { workspaceId, id }: { workspaceId: string; id: string }): Promise<SkuRow> {
  const [row] = await db
    .select()
    .from(skus)
    .where(and(eq(skus.id, id), eq(skus.workspaceId, workspaceId)));
  if (!row) throw new AppError('NOT_FOUND', 'SKU not found.');
  return row;
}

export function skuDetail(row: SkuRow, workspaceRole: OperatorRole) {
  const status = skuStatus(row);
  const open = row.blockers.filter((b) => !b.waived);
  return {
    sku: serializeSku(row, workspaceRole),
    blockers: serializeBlockers(row.blockers),
    status,
    can_generate_draft: open.some((b) => b.fix?.kind === 'field'),
    can_publish: row.approvalState === 'approved' && row.blockerCount === 0,
  };
}

export async function getSku(db: Db, { workspaceId, id }: { workspaceId: string; id: string }) {
  const [row, workspaceRole] = await Promise.all([
    getSkuRow(db, { workspaceId, id }),
    getWorkspaceOperatorRole(db, { workspaceId }),
  ]);
  return skuDetail(row, workspaceRole);
}

/**
 * Locks the SKU row until the transaction ends (404 when it is not in the workspace). Every change of
 * a SKU's confirmed data or of its review/approval state takes this lock before reading, so concurrent
 * requests apply one after another: each sees the previous one's result, a state change and its audit
 * event happen once, and an approval never rests on data that changed while it was being decided.
 */
export async function lockSkuRow(tx: Db, { workspaceId, id }: { workspaceId: string; id: string }): Promise<SkuRow> {
  const [row] = await tx
    .select()
    .from(skus)
    .where(and(eq(skus.id, id), eq(skus.workspaceId, workspaceId)))
    .for('update');
  if (!row) throw new AppError('NOT_FOUND', 'SKU not found.');
  return row;
}

/**
 * A change to confirmed data invalidates a past approval and review: the person approved other facts.
 * Called by every mutation of dossier values, entity links, documents and waivers, inside the
 * mutation's transaction where there is one. The SKU row is locked first (see lockSkuRow): an approval
 * deciding at the same time either saw this change, or committed first and is reset here.
 */
export async function afterDossierChange(
  db: Db,
  args: { workspaceId: string; actor: Actor; skuId: string; reason: ResetReason },
) {
  await db.transaction(async (tx) => {
    const t = tx as unknown as Db;
    const [row] = await t
      .select()
      .from(skus)
      .where(and(eq(skus.id, args.skuId), eq(skus.workspaceId, args.workspaceId)))
      .for('update');
    if (!row) return;
    await resetApprovals(t, {
      workspaceId: args.workspaceId,
      actor: args.actor,
      skuIds: [row.id],
      reason: args.reason,
    });
    await recomputeSku(t, { workspaceId: args.workspaceId, skuId: args.skuId });
  });
}
