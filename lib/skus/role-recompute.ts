import { and, eq, sql } from 'drizzle-orm';
import type { Actor } from '@/lib/auth/context';
import type { Db } from '@/lib/db/client';
import { queryRows } from '@/lib/db/rows';
import { skus, type StoredBlocker } from '@/lib/db/schema';
import { AppError } from '@/lib/errors';
import type { OperatorRole } from '@/lib/requirements';
import { resetApprovals } from './approval-reset';
import { recomputeSku } from './evaluate';
import { resetReason, type ResetReason } from './reset-reasons';

/**
 * Re-evaluating the SKUs a role change affects, and resetting the approvals whose conclusion changed:
 * the part of lib/skus/operator-role.ts that its job (./operator-role-jobs.ts) runs too. Below both, so
 * the operation that queues the job and the job's step stack without a loop.
 */

/** What an approval judged: the open blockers and warnings (key and severity), order aside. */
function conclusion(blockers: readonly StoredBlocker[]): string {
  return blockers
    .filter((b) => !b.waived)
    .map((b) => `${(b as { key?: string }).key ?? b.code}:${b.severity}`)
    .sort()
    .join('|');
}

/**
 * Re-evaluates the SKUs (locked by the caller) and resets the approval of those whose conclusion changed.
 * Returns the ids whose approval or review was reset.
 */
export async function recomputeAndReset(
  tx: Db,
  args: { workspaceId: string; actor: Actor; skuIds: readonly string[]; reason: ResetReason },
): Promise<{ changed: string[]; reset: string[] }> {
  const changed: string[] = [];
  for (const id of args.skuIds) {
    const [before] = await tx
      .select({ blockers: skus.blockers })
      .from(skus)
      .where(and(eq(skus.id, id), eq(skus.workspaceId, args.workspaceId)));
    const after = await recomputeSku(tx, { workspaceId: args.workspaceId, skuId: id });
    const now = conclusion(after.blockers.map((b) => ({ ...b, waived: b.waived ?? null }) as unknown as StoredBlocker));
    if (conclusion(before?.blockers ?? []) !== now) changed.push(id);
  }
  const reset = await resetApprovals(tx, {
    workspaceId: args.workspaceId,
    actor: args.actor,
    skuIds: changed,
    reason: args.reason,
  });
  return { changed, reset };
}

/** The job that re-evaluates a large workspace after a role change, and its run's subject. */
export const ROLE_RECOMPUTE_QUEUE = 'workspace.operator_role_recompute';
export const ROLE_RECOMPUTE_SUBJECT = 'workspace_operator_role';

/** The SKUs following the workspace's role (no role of their own), after `after` in id order, locked. */
export async function followingChunk(
  tx: Db,
  { workspaceId, after, limit }: { workspaceId: string; after: string | null; limit: number | null },
) {
  return (
    await queryRows<{ id: string }>(
      tx,
      sql`SELECT id FROM skus WHERE workspace_id = ${workspaceId} AND operator_role IS NULL
          ${after ? sql`AND id > ${after}::uuid` : sql``}
          ORDER BY id ${limit ? sql`LIMIT ${limit}` : sql``} FOR UPDATE`,
    )
  ).map((r) => r.id);
}

/**
 * One chunk of a role change's re-evaluation (the job's step), in one transaction: re-reads the
 * workspace's role (shared lock, so a change waits for the chunk and the next chunk sees it) and stops
 * when it is no longer `role`; else re-evaluates the next `limit` SKUs following the workspace after
 * `after`, resetting approvals where the conclusion changed.
 */
export async function recomputeRoleChunk(
  tx: Db,
  args: { workspaceId: string; actor: Actor; role: OperatorRole; after: string | null; limit: number },
): Promise<
  | { state: 'superseded'; current: OperatorRole }
  | { state: 'done' }
  | { state: 'chunk'; ids: string[]; changed: string[]; reset: string[] }
> {
  const [ws] = await queryRows<{ operator_role: OperatorRole }>(
    tx,
    sql`SELECT operator_role FROM workspaces WHERE id = ${args.workspaceId} FOR SHARE`,
  );
  if (!ws) throw new AppError('NOT_FOUND', 'Workspace not found.');
  if (ws.operator_role !== args.role) return { state: 'superseded', current: ws.operator_role };
  const ids = await followingChunk(tx, { workspaceId: args.workspaceId, after: args.after, limit: args.limit });
  if (!ids.length) return { state: 'done' };
  const { changed, reset } = await recomputeAndReset(tx, {
    workspaceId: args.workspaceId,
    actor: args.actor,
    skuIds: ids,
    reason: resetReason.operatorRoleChanged(),
  });
  return { state: 'chunk', ids, changed, reset };
}

/** How many SKUs follow the workspace's role (no role of their own). */
export async function countFollowingSkus(db: Db, args: { workspaceId: string }): Promise<number> {
  const { workspaceId } = args;
  const [{ n }] = await queryRows<{ n: number }>(
    db,
    sql`SELECT count(*)::int AS n FROM skus WHERE workspace_id = ${workspaceId} AND operator_role IS NULL`,
  );
  return n;
}
