import { and, eq } from 'drizzle-orm';
import { recordAudit } from '@/lib/audit';
import type { Actor } from '@/lib/auth/context';
import type { Db } from '@/lib/db/client';
import { skus, workspaceMembers } from '@/lib/db/schema';
import { AppError } from '@/lib/errors';
import { lockSkuRow } from '@/lib/skus/service';

/** Assigns a SKU to a member of its workspace (or nobody); an audit event names both people. */
export async function assignSku(
  db: Db,
  args: { workspaceId: string; actor: Actor; skuId: string; userId: string | null },
) {
  return db.transaction(async (tx) => {
    const t = tx as unknown as Db;
    const row = await lockSkuRow(t, { workspaceId: args.workspaceId, id: args.skuId });
    let email: string | null = null;
    if (args.userId) {
      const [m] = await t
        .select({ email: workspaceMembers.email })
        .from(workspaceMembers)
        .where(and(eq(workspaceMembers.workspaceId, args.workspaceId), eq(workspaceMembers.userId, args.userId)));
      if (!m)
        throw new AppError('VALIDATION_FAILED', 'The assignee is not a member of this workspace.', {
          details: { fields: [{ path: 'user_id', message: 'not a member of this workspace' }] },
        });
      email = m.email;
    }
    if (row.assigneeUserId !== args.userId) {
      await t.update(skus).set({ assigneeUserId: args.userId }).where(eq(skus.id, row.id));
      await recordAudit(t, {
        workspaceId: args.workspaceId,
        actor: args.actor,
        action: args.userId ? 'sku.assigned' : 'sku.unassigned',
        targetType: 'sku',
        targetId: row.id,
        data: { sku_code: row.skuCode, assignee: email, assignee_user_id: args.userId },
      });
    }
    return { sku_id: row.id, assignee: args.userId ? { user_id: args.userId, email } : null };
  });
}

export async function getAssignee(db: Db, { workspaceId, skuId }: { workspaceId: string; skuId: string }) {
  const [r] = await db
    .select({ userId: skus.assigneeUserId, email: workspaceMembers.email })
    .from(skus)
    .leftJoin(
      workspaceMembers,
      and(eq(workspaceMembers.workspaceId, skus.workspaceId), eq(workspaceMembers.userId, skus.assigneeUserId)),
    )
    .where(and(eq(skus.id, skuId), eq(skus.workspaceId, workspaceId)));
  if (!r) throw new AppError('NOT_FOUND', 'SKU not found.');
  return { sku_id: skuId, assignee: r.userId ? { user_id: r.userId, email: r.email } : null };
}
