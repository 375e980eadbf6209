/**
 * The seller's economic-operator role (issue 35): the workspace's, and a SKU's own where it differs (an
 * importer for its own brand, a distributor for the rest), and the confirmations "held by <operator>,
 * available on request" of duties the role does not hold itself. Every change re-evaluates the SKUs it
 * affects; an approval resets only where the conclusion (the open blockers and warnings) changed, through
 * the one reset rule (resetApprovals).
 */
import { and, asc, eq, sql } from 'drizzle-orm';
import { recordAudit } from '@/lib/audit';
import type { Actor } from '@/lib/auth/context';
import type { Db } from '@/lib/db/client';
import { queryRows } from '@/lib/db/rows';
import { skuEntities, skuHeldBy, skus, workspaces } from '@/lib/db/schema';
import { AppError } from '@/lib/errors';
import { evaluateRequirements, resolveProfile, ruleRoles, type OperatorRole } from '@/lib/requirements';
import { loadRequirementInput } from './requirement-input';
import { getSkuRow, lockSkuRow } from './service';
import { getWorkspaceOperatorRole } from './workspace-role';
import { getEnv } from '@/lib/config/env';
import { cancelSubjectRuns, latestJobRun, recordJobRuns, sendToBoss } from '@/lib/jobs/runs';
import { resetReason } from './reset-reasons';
import {
  countFollowingSkus,
  followingChunk,
  recomputeAndReset,
  ROLE_RECOMPUTE_QUEUE,
  ROLE_RECOMPUTE_SUBJECT,
} from './role-recompute';

export { getWorkspaceOperatorRole };
export { countFollowingSkus, recomputeRoleChunk, ROLE_RECOMPUTE_QUEUE, ROLE_RECOMPUTE_SUBJECT } from './role-recompute';

const tx$ = (tx: unknown) => tx as Db;

export interface RoleChangeResult {
  operator_role: OperatorRole;
  /** SKUs re-evaluated (those without a role of their own, or the one SKU). */
  recomputed: number;
  /** SKUs whose open blockers or warnings changed. */
  changed_ids: string[];
  /** SKUs whose approval or completed review was reset because their conclusion changed. */
  approval_reset_ids: string[];
}

export type WorkspaceRoleChange =
  | { mode: 'done'; result: RoleChangeResult; job: JobRunRow | null }
  | { mode: 'queued'; operator_role: OperatorRole; following: number; job: JobRunRow };

type JobRunRow = Awaited<ReturnType<typeof recordJobRuns>>[number];

/**
 * Sets the workspace's role and re-evaluates every SKU that follows it (no role of its own). Up to
 * OPERATOR_ROLE_SYNC_LIMIT such SKUs inside this transaction ('done'); more, as a job recorded in the
 * same transaction ('queued': lib/skus/operator-role-jobs.ts re-evaluates them in chunks and is sent
 * after the commit; recovery sends it if the process dies in between). Either way a run of an earlier
 * change still going is cancelled: the latest role wins. The same role again changes nothing and answers
 * with the run still re-evaluating for it, if any.
 */
export async function setWorkspaceOperatorRole(
  db: Db,
  args: { workspaceId: string; actor: Actor; role: OperatorRole },
): Promise<WorkspaceRoleChange> {
  const { roleRecomputeJob } = await import('./operator-role-jobs');
  const out = await db.transaction(async (raw): Promise<WorkspaceRoleChange> => {
    const tx = tx$(raw);
    const [ws] = await queryRows<{ operator_role: OperatorRole }>(
      tx,
      sql`SELECT operator_role FROM workspaces WHERE id = ${args.workspaceId} FOR UPDATE`,
    );
    if (!ws) throw new AppError('NOT_FOUND', 'Workspace not found.');
    if (ws.operator_role === args.role) {
      const live = await latestJobRun(tx, {
        workspaceId: args.workspaceId,
        queue: ROLE_RECOMPUTE_QUEUE,
        subjectId: args.workspaceId,
      });
      return {
        mode: 'done',
        result: { operator_role: args.role, recomputed: 0, changed_ids: [], approval_reset_ids: [] },
        job: live && (live.status === 'queued' || live.status === 'running') ? live : null,
      };
    }
    await tx
      .update(workspaces)
      .set({ operatorRole: args.role, updatedAt: new Date() })
      .where(eq(workspaces.id, args.workspaceId));
    // An earlier change's run still going stops at its next chunk (its fence fails; that chunk rolls back).
    await cancelSubjectRuns(tx, {
      workspaceId: args.workspaceId,
      subjectType: ROLE_RECOMPUTE_SUBJECT,
      subjectId: args.workspaceId,
      reason: `Superseded: the role was changed to ${args.role}.`,
    });
    const n = await countFollowingSkus(tx, { workspaceId: args.workspaceId });
    if (n > getEnv().OPERATOR_ROLE_SYNC_LIMIT) {
      const [job] = await recordJobRuns(tx, {
        job: roleRecomputeJob,
        workspaceId: args.workspaceId,
        createdBy: args.actor.userId,
        items: [
          {
            payload: { operator_role: args.role, actor: args.actor },
            subjectType: ROLE_RECOMPUTE_SUBJECT,
            subjectId: args.workspaceId,
          },
        ],
      });
      await recordAudit(tx, {
        workspaceId: args.workspaceId,
        actor: args.actor,
        action: 'workspace.operator_role_changed',
        targetType: 'workspace',
        targetId: args.workspaceId,
        data: { from: ws.operator_role, to: args.role, recomputed: 0, queued: n, job_id: job.id },
      });
      return { mode: 'queued', operator_role: args.role, following: n, job };
    }
    // The SKUs following the workspace's role, locked in id order (as the bulk operations do).
    const ids = await followingChunk(tx, { workspaceId: args.workspaceId, after: null, limit: null });
    const { changed, reset } = await recomputeAndReset(tx, {
      workspaceId: args.workspaceId,
      actor: args.actor,
      skuIds: ids,
      reason: resetReason.operatorRoleChanged(),
    });
    await recordAudit(tx, {
      workspaceId: args.workspaceId,
      actor: args.actor,
      action: 'workspace.operator_role_changed',
      targetType: 'workspace',
      targetId: args.workspaceId,
      data: { from: ws.operator_role, to: args.role, recomputed: ids.length, approval_reset: reset.length },
    });
    return {
      mode: 'done',
      result: { operator_role: args.role, recomputed: ids.length, changed_ids: changed, approval_reset_ids: reset },
      job: null,
    };
  });
  if (out.mode === 'queued') await sendToBoss(roleRecomputeJob.name, [out.job]);
  return out;
}

/** The latest run re-evaluating the workspace after a role change (any state), or null. */
export async function latestRoleRecompute(db: Db, args: { workspaceId: string }) {
  return latestJobRun(db, { workspaceId: args.workspaceId, queue: ROLE_RECOMPUTE_QUEUE, subjectId: args.workspaceId });
}

/** Sets a SKU's own role (null: it follows the workspace's again) and re-evaluates it. */
export async function setSkuOperatorRole(
  db: Db,
  args: { workspaceId: string; actor: Actor; skuId: string; role: OperatorRole | null },
): Promise<RoleChangeResult & { operator_role_override: OperatorRole | null }> {
  return db.transaction(async (raw) => {
    const tx = tx$(raw);
    const row = await lockSkuRow(tx, { workspaceId: args.workspaceId, id: args.skuId });
    const workspaceRole = await getWorkspaceOperatorRole(tx, { workspaceId: args.workspaceId });
    const from = (row as { operatorRole?: OperatorRole | null }).operatorRole ?? null;
    const effective = args.role ?? workspaceRole;
    if (from === args.role)
      return {
        operator_role: effective,
        operator_role_override: args.role,
        recomputed: 0,
        changed_ids: [],
        approval_reset_ids: [],
      };
    await tx
      .update(skus)
      .set({ operatorRole: args.role })
      .where(and(eq(skus.id, args.skuId), eq(skus.workspaceId, args.workspaceId)));
    const { changed, reset } = await recomputeAndReset(tx, {
      workspaceId: args.workspaceId,
      actor: args.actor,
      skuIds: [args.skuId],
      reason: resetReason.operatorRoleChanged(),
    });
    await recordAudit(tx, {
      workspaceId: args.workspaceId,
      actor: args.actor,
      action: 'sku.operator_role_changed',
      targetType: 'sku',
      targetId: args.skuId,
      data: { from, to: args.role, effective },
    });
    return {
      operator_role: effective,
      operator_role_override: args.role,
      recomputed: 1,
      changed_ids: changed,
      approval_reset_ids: reset,
    };
  });
}

export function serializeHeldBy(h: typeof skuHeldBy.$inferSelect) {
  return {
    id: h.id,
    rule_id: h.ruleId,
    entity_id: h.entityId,
    note: h.note,
    confirmed_by: h.confirmedByLabel,
    confirmed_at: h.confirmedAt.toISOString(),
  };
}

export async function listHeldBy(db: Db, { workspaceId, skuId }: { workspaceId: string; skuId: string }) {
  const rows = await db
    .select()
    .from(skuHeldBy)
    .where(and(eq(skuHeldBy.workspaceId, workspaceId), eq(skuHeldBy.skuId, skuId)))
    .orderBy(asc(skuHeldBy.confirmedAt), asc(skuHeldBy.id));
  return rows.map(serializeHeldBy);
}

/**
 * A person confirms that a duty the SKU's role does not hold (rule_id) is held by a linked operator and
 * available on request. The operator must be linked to the SKU; the rule must be one the role may have
 * held by another (other_roles 'held_by'). A new confirmation for the same rule replaces the old one.
 */
export async function confirmHeldBy(
  db: Db,
  args: { workspaceId: string; actor: Actor; skuId: string; ruleId: string; entityId: string; note?: string | null },
) {
  return db.transaction(async (raw) => {
    const tx = tx$(raw);
    const row = await lockSkuRow(tx, { workspaceId: args.workspaceId, id: args.skuId });
    const profile = resolveProfile(row.requirementProfileId ?? '') ?? null;
    const rule = profile?.rules.find((r) => r.id === args.ruleId);
    if (!rule || rule.other_roles !== 'held_by')
      throw new AppError('VALIDATION_FAILED', `${args.ruleId} is not a duty another operator can hold for this SKU.`, {
        details: {
          fields: [{ path: 'rule_id', message: 'not a held-by rule of the SKU’s requirement profile' }],
          rule_ids: (profile?.rules ?? []).filter((r) => r.other_roles === 'held_by').map((r) => r.id),
        },
      });
    const role =
      (row as { operatorRole?: OperatorRole | null }).operatorRole ??
      (await getWorkspaceOperatorRole(tx, { workspaceId: args.workspaceId }));
    if (ruleRoles(rule).includes(role))
      throw new AppError('INVALID_STATE', `As ${role} this SKU's seller holds ${args.ruleId} itself.`, {
        details: { state: 'own_duty', operator_role: role },
      });
    const [link] = await tx
      .select({ entityId: skuEntities.entityId })
      .from(skuEntities)
      .where(and(eq(skuEntities.skuId, args.skuId), eq(skuEntities.entityId, args.entityId)));
    if (!link)
      throw new AppError('VALIDATION_FAILED', 'The operator must be an entity linked to this SKU.', {
        details: { fields: [{ path: 'entity_id', message: 'not linked to this SKU' }] },
      });
    await tx.delete(skuHeldBy).where(and(eq(skuHeldBy.skuId, args.skuId), eq(skuHeldBy.ruleId, args.ruleId)));
    const [h] = await tx
      .insert(skuHeldBy)
      .values({
        workspaceId: args.workspaceId,
        skuId: args.skuId,
        ruleId: args.ruleId,
        entityId: args.entityId,
        note: args.note ?? null,
        confirmedBy: args.actor.userId,
        confirmedByLabel: args.actor.label,
      })
      .returning();
    await recordAudit(tx, {
      workspaceId: args.workspaceId,
      actor: args.actor,
      action: 'sku.held_by_confirmed',
      targetType: 'sku',
      targetId: args.skuId,
      data: { rule_id: args.ruleId, entity_id: args.entityId },
    });
    const { reset } = await recomputeAndReset(tx, {
      workspaceId: args.workspaceId,
      actor: args.actor,
      skuIds: [args.skuId],
      reason: resetReason.heldByChanged(),
    });
    return { held_by: serializeHeldBy(h), approval_reset_ids: reset };
  });
}

export async function revokeHeldBy(
  db: Db,
  args: { workspaceId: string; actor: Actor; skuId: string; heldById: string },
) {
  return db.transaction(async (raw) => {
    const tx = tx$(raw);
    await lockSkuRow(tx, { workspaceId: args.workspaceId, id: args.skuId });
    const [h] = await tx
      .delete(skuHeldBy)
      .where(
        and(
          eq(skuHeldBy.id, args.heldById),
          eq(skuHeldBy.skuId, args.skuId),
          eq(skuHeldBy.workspaceId, args.workspaceId),
        ),
      )
      .returning();
    if (!h) throw new AppError('NOT_FOUND', 'Held-by confirmation not found.');
    await recordAudit(tx, {
      workspaceId: args.workspaceId,
      actor: args.actor,
      action: 'sku.held_by_revoked',
      targetType: 'sku',
      targetId: args.skuId,
      data: { rule_id: h.ruleId, entity_id: h.entityId },
    });
    const { reset } = await recomputeAndReset(tx, {
      workspaceId: args.workspaceId,
      actor: args.actor,
      skuIds: [args.skuId],
      reason: resetReason.heldByChanged(),
    });
    return { held_by: serializeHeldBy(h), approval_reset_ids: reset };
  });
}

/** The SKU's role (own and effective), and its held-by duties as the evaluation finds them now. */
export async function heldByOverview(db: Db, { workspaceId, skuId }: { workspaceId: string; skuId: string }) {
  const row = await getSkuRow(db, { workspaceId, id: skuId });
  const workspaceRole = await getWorkspaceOperatorRole(db, { workspaceId });
  const evaluation = evaluateRequirements(await loadRequirementInput(db, { workspaceId, skuId }));
  return {
    operator_role: evaluation.operator_role,
    operator_role_override: (row as { operatorRole?: OperatorRole | null }).operatorRole ?? null,
    workspace_operator_role: workspaceRole,
    states: evaluation.held_by,
    confirmations: await listHeldBy(db, { workspaceId, skuId }),
  };
}
