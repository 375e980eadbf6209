import { sql } from 'drizzle-orm';
import { recordAuditMany } from '@/lib/audit';
import { personOf, type Actor } from '@/lib/auth/context';
import type { Db } from '@/lib/db/client';
import { executePrepared } from '@/lib/db/prepared';
import { queryRows } from '@/lib/db/rows';
import { skuIdsInWorkspace } from './ids-in-workspace';
import type { ResetReason } from './reset-reasons';

/**
 * What a change to confirmed data resets, and to what: an approved SKU goes back to pending, a
 * completed review reopens. resetApprovals applies exactly this; approvalResetOf says it ahead (the
 * import dry run shows which updates would reset an approval before anything is written).
 */
export const RESET_ON_CHANGE = {
  approval_state: { from: 'approved', to: 'pending' },
  review_state: { from: 'complete', to: 'open' },
} as const;

export interface ApprovalReset {
  /** the approval would go from approved back to pending */
  approval: boolean;
  /** the completed review would reopen */
  review: boolean;
}

/** What a change to this SKU's confirmed data would reset; null when it is neither approved nor reviewed. */
export function approvalResetOf(sku: { approvalState: string; reviewState: string }): ApprovalReset | null {
  const approval = sku.approvalState === RESET_ON_CHANGE.approval_state.from;
  const review = sku.reviewState === RESET_ON_CHANGE.review_state.from;
  return approval || review ? { approval, review } : null;
}

/**
 * The one approval-reset rule: a change to confirmed data invalidates a past approval and review (the
 * person approved other facts), and records who changed the data last (four-eyes approval excludes
 * them). Set-based, for one SKU (afterDossierChange) or an import chunk's thousands. Run it inside the
 * transaction that changes the data, after the SKU rows are locked (lockSkuRow), so an approval deciding
 * at the same time either saw the change or committed first and is reset here. Returns the reset ids.
 */
export async function resetApprovals(
  tx: Db,
  args: { workspaceId: string; actor: Actor; skuIds: readonly string[]; reason: ResetReason; at?: Date },
): Promise<string[]> {
  const ids = [...new Set(args.skuIds)];
  if (!ids.length) return [];
  const at = (args.at ?? new Date()).toISOString();
  const idList = skuIdsInWorkspace(args.workspaceId, ids);
  const { approval_state: A, review_state: R } = RESET_ON_CHANGE;
  await executePrepared(
    tx,
    sql`
    UPDATE skus SET data_changed_by = ${personOf(args.actor)}::uuid, data_changed_by_label = ${args.actor.label},
      data_changed_at = ${at}::timestamptz
    WHERE id = ANY(${idList})`,
  );
  // The old states come from a CTE that reads the rows before the UPDATE changes them.
  const reset = await queryRows<{
    id: string;
    approval_state: string;
    review_state: string;
    approved_by_label: string | null;
    review_completed_by: string | null;
  }>(
    tx,
    sql`WITH was AS (
          SELECT id, approval_state, review_state, approved_by_label, review_completed_by FROM skus
          WHERE id = ANY(${idList})
            AND (approval_state = ${A.from} OR review_state = ${R.from})
        )
        UPDATE skus SET approval_state = ${A.to}, approved_at = NULL, approved_by = NULL, approved_by_label = NULL,
          review_state = ${R.to}, review_completed_at = NULL, review_completed_by = NULL, review_completed_by_user = NULL
        FROM was WHERE skus.id = was.id
        RETURNING was.id, was.approval_state, was.review_state, was.approved_by_label, was.review_completed_by`,
    { prepared: true },
  );
  await recordAuditMany(tx, {
    entries: reset.map((r) => ({
      workspaceId: args.workspaceId,
      actor: args.actor,
      action: 'sku.approval_reset',
      targetType: 'sku',
      targetId: r.id,
      data: {
        reason: args.reason.text,
        reason_code: args.reason.code,
        reason_params: args.reason.params,
        changed_by: args.actor.label,
        was: {
          approval_state: r.approval_state,
          review_state: r.review_state,
          approved_by: r.approved_by_label,
          review_completed_by: r.review_completed_by,
        },
      },
    })),
  });
  return reset.map((r) => r.id);
}
