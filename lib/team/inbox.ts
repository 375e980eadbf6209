import { and, asc, desc, eq, inArray, isNotNull, isNull, ne, or, sql } from 'drizzle-orm';
import type { Role } from '@/lib/auth/roles';
import { roleAtLeast } from '@/lib/auth/roles';
import type { Db } from '@/lib/db/client';
import { skuComments, skus, supplierRequests, workspaces } from '@/lib/db/schema';
import { skuStatusSql } from '@/lib/skus/serialize';

const LIMIT = 50;

const skuCols = {
  id: skus.id,
  sku_code: skus.skuCode,
  product_name: skus.productName,
  status: skuStatusSql,
  blocker_count: skus.blockerCount,
  updated_at: skus.updatedAt,
};

/**
 * "My work": what waits for this person in the active workspace. Assigned SKUs not yet approved;
 * for reviewers and up, reviews to complete and approvals to give (under four eyes, only those this
 * person may give); supplier replies to look at; comments that mention them.
 */
export async function myWork(db: Db, args: { workspaceId: string; userId: string; role: Role }) {
  const { workspaceId, userId } = args;
  const mayReview = roleAtLeast(args.role, 'reviewer');
  const assigned = await db
    .select(skuCols)
    .from(skus)
    .where(and(eq(skus.workspaceId, workspaceId), eq(skus.assigneeUserId, userId), ne(skus.approvalState, 'approved')))
    .orderBy(desc(skus.blockerCount), asc(skus.skuCode))
    .limit(LIMIT);
  const reviews = mayReview
    ? await db
        .select(skuCols)
        .from(skus)
        .where(
          and(
            eq(skus.workspaceId, workspaceId),
            sql`${skuStatusSql} = 'needs_review'`,
            or(isNull(skus.assigneeUserId), eq(skus.assigneeUserId, userId)),
          ),
        )
        .orderBy(asc(skus.updatedAt))
        .limit(LIMIT)
    : [];
  const [ws] = await db
    .select({ fourEyes: workspaces.fourEyesApproval })
    .from(workspaces)
    .where(eq(workspaces.id, workspaceId));
  const approvals = mayReview
    ? await db
        .select(skuCols)
        .from(skus)
        .where(
          and(
            eq(skus.workspaceId, workspaceId),
            sql`${skuStatusSql} = 'ready_for_approval'`,
            // Under four eyes, not the SKUs this person changed last or reviewed.
            ws?.fourEyes
              ? and(
                  sql`${skus.dataChangedBy} IS DISTINCT FROM ${userId}::uuid`,
                  sql`${skus.reviewCompletedByUser} IS DISTINCT FROM ${userId}::uuid`,
                )
              : undefined,
          ),
        )
        .orderBy(asc(skus.updatedAt))
        .limit(LIMIT)
    : [];
  const replies = await db
    .select({
      id: supplierRequests.id,
      sku_id: supplierRequests.skuId,
      sku_code: skus.skuCode,
      recipient: supplierRequests.recipient,
      subject: supplierRequests.subject,
      responded_at: supplierRequests.respondedAt,
    })
    .from(supplierRequests)
    .innerJoin(skus, eq(skus.id, supplierRequests.skuId))
    .where(
      and(
        eq(supplierRequests.workspaceId, workspaceId),
        inArray(supplierRequests.status, ['to_review']),
        or(isNull(skus.assigneeUserId), eq(skus.assigneeUserId, userId)),
      ),
    )
    .orderBy(desc(supplierRequests.lastActivityAt))
    .limit(LIMIT);
  // Stalled requests: no progress after the reminders, or past the due date with items open (the
  // reminder sweep marks those when it tells the manager).
  const attention = await db
    .select({
      id: supplierRequests.id,
      sku_id: supplierRequests.skuId,
      sku_code: skus.skuCode,
      recipient: supplierRequests.recipient,
      status: supplierRequests.status,
      due_date: supplierRequests.dueDate,
    })
    .from(supplierRequests)
    .innerJoin(skus, eq(skus.id, supplierRequests.skuId))
    .where(
      and(
        eq(supplierRequests.workspaceId, workspaceId),
        or(
          eq(supplierRequests.status, 'no_progress'),
          and(
            inArray(supplierRequests.status, ['sent', 'in_progress', 'to_review']),
            isNotNull(supplierRequests.overdueNotifiedAt),
          ),
        ),
        or(isNull(skus.assigneeUserId), eq(skus.assigneeUserId, userId)),
      ),
    )
    .orderBy(desc(supplierRequests.lastActivityAt))
    .limit(LIMIT);
  const mentions = await db
    .select({
      id: skuComments.id,
      sku_id: skuComments.skuId,
      sku_code: skus.skuCode,
      author: skuComments.authorLabel,
      body: skuComments.body,
      created_at: skuComments.createdAt,
    })
    .from(skuComments)
    .innerJoin(skus, eq(skus.id, skuComments.skuId))
    .where(
      and(
        eq(skuComments.workspaceId, workspaceId),
        sql`${userId}::uuid = ANY(${skuComments.mentions})`,
        sql`${skuComments.createdAt} > now() - interval '30 days'`,
      ),
    )
    .orderBy(desc(skuComments.createdAt))
    .limit(LIMIT);
  const iso = <T extends { updated_at?: Date; responded_at?: Date | null; created_at?: Date }>(r: T) => ({
    ...r,
    ...(r.updated_at ? { updated_at: r.updated_at.toISOString() } : {}),
    ...('responded_at' in r ? { responded_at: r.responded_at?.toISOString() ?? null } : {}),
    ...(r.created_at ? { created_at: r.created_at.toISOString() } : {}),
  });
  return {
    role: args.role,
    four_eyes_approval: ws?.fourEyes ?? false,
    assigned: assigned.map(iso),
    reviews_to_complete: reviews.map(iso),
    approvals_to_give: approvals.map(iso),
    supplier_replies: replies.map(iso),
    supplier_attention: attention.map(({ status, ...r }) => ({
      ...r,
      reason: status === 'no_progress' ? ('no_progress' as const) : ('overdue' as const),
    })),
    mentions: mentions.map(iso),
  };
}
