/** Sign-off of a SKU: completing the review and approving it, each refused with what stands in the way. */
import { recordAudit } from '@/lib/audit';
import { personOf, type Actor } from '@/lib/auth/context';
import type { Db } from '@/lib/db/client';
import { skus } from '@/lib/db/schema';
import { AppError } from '@/lib/errors';
import { and, eq, ne } from 'drizzle-orm';
import { fourEyesEnabled, fourEyesRefusal, recordApproval, serializeApproval } from './approval';
import { recomputeSku } from './evaluate';
import type { ApprovalBlockedDetails, ReviewIncompleteDetails } from './schemas';
import { serializeSku } from './serialize';
import { getSkuRow, lockSkuRow, type SkuRow } from './service';
import { getWorkspaceOperatorRole } from './workspace-role';

function openBlockers(row: SkuRow) {
  return row.blockers.filter((b) => !b.waived && b.severity === 'blocker');
}

function approvalBlocked(open: SkuRow['blockers']) {
  return new AppError(
    'APPROVAL_BLOCKED',
    `The SKU has ${open.length} open blocker${open.length === 1 ? '' : 's'}: ${open.map((b) => b.code).join(', ')}.`,
    {
      details: {
        blockers: open.map((b) => ({ code: b.code, message: b.message, required_fields: b.required_fields ?? [] })),
      } satisfies ApprovalBlockedDetails,
    },
  );
}

/**
 * Approval is a person's decision, refused while blocker-severity blockers are open and, with the
 * workspace's four-eyes setting, when the approver last changed the confirmed data or completed the
 * review. Decided in one transaction under the SKU's row lock: blockers recomputed from the data as it
 * is now, the state changed only if not yet approved, the approval record (dossier hash, waivers in
 * force) and the audit event written with that change (once). A refusal is an audit event too.
 */
export async function approveSku(db: Db, args: { workspaceId: string; actor: Actor; id: string; dryRun: boolean }) {
  if (args.dryRun) {
    await getSkuRow(db, { workspaceId: args.workspaceId, id: args.id });
    await recomputeSku(db, { workspaceId: args.workspaceId, skuId: args.id });
    const row = await getSkuRow(db, { workspaceId: args.workspaceId, id: args.id });
    const open = openBlockers(row);
    const fourEyes = await fourEyesRefusal(db, { workspaceId: args.workspaceId, actor: args.actor, row });
    const workspaceRole = await getWorkspaceOperatorRole(db, { workspaceId: args.workspaceId });
    return {
      dry_run: true,
      can_approve: open.length === 0 && !fourEyes,
      already_approved: row.approvalState === 'approved',
      blockers: open,
      four_eyes: fourEyes ? { code: fourEyes.code, message: fourEyes.message, ...(fourEyes.details as object) } : null,
      sku: serializeSku(row, workspaceRole),
    };
  }
  // A refusal still commits the recomputed blockers (they are what the person is shown) and its audit
  // event, so it is returned from the transaction and thrown after it.
  const outcome = await db.transaction(async (tx) => {
    const t = tx as unknown as Db;
    await lockSkuRow(t, { workspaceId: args.workspaceId, id: args.id });
    await recomputeSku(t, { workspaceId: args.workspaceId, skuId: args.id });
    const row = await getSkuRow(t, { workspaceId: args.workspaceId, id: args.id });
    const workspaceRole = await getWorkspaceOperatorRole(t, { workspaceId: args.workspaceId });
    const open = openBlockers(row);
    // Approving an approved SKU again answers with it (idempotent), unless blockers opened since.
    if (row.approvalState === 'approved' && !open.length) return { sku: serializeSku(row, workspaceRole) };
    const refused = open.length
      ? approvalBlocked(open)
      : await fourEyesRefusal(t, { workspaceId: args.workspaceId, actor: args.actor, row });
    if (refused) {
      await recordAudit(t, {
        workspaceId: args.workspaceId,
        actor: args.actor,
        action: 'sku.approval_refused',
        targetType: 'sku',
        targetId: row.id,
        data: {
          code: refused.code,
          message: refused.message,
        },
      });
      return { refused };
    }
    const fourEyes = await fourEyesEnabled(t, { workspaceId: args.workspaceId });
    const [won] = await t
      .update(skus)
      .set({
        approvalState: 'approved',
        approvedAt: new Date(),
        approvedBy: personOf(args.actor),
        approvedByLabel: args.actor.label,
        updatedAt: new Date(),
      })
      .where(and(eq(skus.id, row.id), ne(skus.approvalState, 'approved')))
      .returning();
    const record = await recordApproval(t, { workspaceId: args.workspaceId, actor: args.actor, row, fourEyes });
    await recordAudit(t, {
      workspaceId: args.workspaceId,
      actor: args.actor,
      action: 'sku.approved',
      targetType: 'sku',
      targetId: row.id,
      data: {
        blocker_count: 0,
        waived: row.blockers.filter((b) => b.waived).map((b) => b.code),
        dossier_hash: record.dossierHash,
        four_eyes: fourEyes,
        review_completed_by: row.reviewCompletedBy,
      },
    });
    return { sku: serializeSku(won ?? row, workspaceRole), approval: serializeApproval(record) };
  });
  if ('refused' in outcome) throw outcome.refused;
  return outcome;
}

function reviewOpenItems(row: SkuRow) {
  const open = row.blockers.filter((b) => b.code === 'EXTRACTION_CONFLICT_OPEN' || b.code === 'REVIEW_ISSUE_OPEN');
  const issues = open
    .filter((b) => b.code === 'REVIEW_ISSUE_OPEN')
    .map((b) => ({ message: b.message, details: (b as { details?: unknown }).details ?? null }));
  const conflicts = open
    .filter((b) => b.code === 'EXTRACTION_CONFLICT_OPEN')
    .map((b) => ({
      message: b.message,
      required_fields: b.required_fields ?? [],
      details: (b as { details?: unknown }).details ?? null,
    }));
  return { open, issues, conflicts };
}

/** Review completion needs every review issue and extraction conflict resolved; decided as approval is. */
export async function completeReview(db: Db, args: { workspaceId: string; actor: Actor; id: string; dryRun: boolean }) {
  if (args.dryRun) {
    await getSkuRow(db, { workspaceId: args.workspaceId, id: args.id });
    await recomputeSku(db, { workspaceId: args.workspaceId, skuId: args.id });
    const row = await getSkuRow(db, { workspaceId: args.workspaceId, id: args.id });
    const { open, issues, conflicts } = reviewOpenItems(row);
    return {
      dry_run: true,
      can_complete: open.length === 0,
      open_review_issues: issues,
      open_conflicts: conflicts,
      sku: serializeSku(row, await getWorkspaceOperatorRole(db, { workspaceId: args.workspaceId })),
    };
  }
  const outcome = await db.transaction(async (tx) => {
    const t = tx as unknown as Db;
    await lockSkuRow(t, { workspaceId: args.workspaceId, id: args.id });
    await recomputeSku(t, { workspaceId: args.workspaceId, skuId: args.id });
    const row = await getSkuRow(t, { workspaceId: args.workspaceId, id: args.id });
    const { open, issues, conflicts } = reviewOpenItems(row);
    if (open.length) {
      const refused = new AppError(
        'REVIEW_INCOMPLETE',
        `Resolve ${issues.length} review issue(s) and ${conflicts.length} extraction conflict(s) first.`,
        {
          details: { open_review_issues: issues, open_conflicts: conflicts } satisfies ReviewIncompleteDetails,
        },
      );
      await recordAudit(t, {
        workspaceId: args.workspaceId,
        actor: args.actor,
        action: 'sku.review_refused',
        targetType: 'sku',
        targetId: row.id,
        data: {
          code: refused.code,
          open_review_issues: issues.length,
          open_conflicts: conflicts.length,
        },
      });
      return { refused };
    }
    const won = await t
      .update(skus)
      .set({
        reviewState: 'complete',
        reviewCompletedAt: new Date(),
        reviewCompletedBy: args.actor.label,
        reviewCompletedByUser: personOf(args.actor),
        updatedAt: new Date(),
      })
      .where(and(eq(skus.id, row.id), ne(skus.reviewState, 'complete')))
      .returning();
    if (won.length)
      await recordAudit(t, {
        workspaceId: args.workspaceId,
        actor: args.actor,
        action: 'sku.review_completed',
        targetType: 'sku',
        targetId: row.id,
      });
    return { sku: serializeSku(won[0] ?? row, await getWorkspaceOperatorRole(t, { workspaceId: args.workspaceId })) };
  });
  if ('refused' in outcome) throw outcome.refused;
  return outcome;
}
