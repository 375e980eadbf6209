import crypto from 'node:crypto';
import { and, asc, desc, eq, inArray, isNull } from 'drizzle-orm';
import { personOf, type Actor } from '@/lib/auth/context';
import { ROLES, roleAtLeast } from '@/lib/auth/roles';
import type { Db } from '@/lib/db/client';
import {
  blockerWaivers,
  documents,
  documentSkus,
  dossierValues,
  skuApprovals,
  skuEntities,
  skus,
  workspaceMembers,
  workspaces,
} from '@/lib/db/schema';
import { AppError } from '@/lib/errors';

type SkuRow = typeof skus.$inferSelect;

/**
 * The SHA-256 of what an approval signs: the confirmed dossier values, the linked operators, the
 * linked documents (by content hash) and the waivers in force. Canonical JSON, sorted, so the same
 * dossier always hashes the same and any change to signed data changes the hash.
 */
export async function dossierSnapshot(db: Db, { workspaceId, skuId }: { workspaceId: string; skuId: string }) {
  const values = await db
    .select({ field: dossierValues.fieldKey, value: dossierValues.value })
    .from(dossierValues)
    .where(
      and(
        eq(dossierValues.workspaceId, workspaceId),
        eq(dossierValues.skuId, skuId),
        eq(dossierValues.status, 'confirmed'),
        isNull(dossierValues.supersededAt),
      ),
    )
    .orderBy(asc(dossierValues.fieldKey), asc(dossierValues.value));
  const operators = await db
    .select({ role: skuEntities.role, entity: skuEntities.entityId })
    .from(skuEntities)
    .where(and(eq(skuEntities.workspaceId, workspaceId), eq(skuEntities.skuId, skuId)))
    .orderBy(asc(skuEntities.role));
  const docs = await db
    .select({ id: documents.id, sha256: documents.sha256 })
    .from(documentSkus)
    .innerJoin(documents, eq(documents.id, documentSkus.documentId))
    .where(and(eq(documentSkus.workspaceId, workspaceId), eq(documentSkus.skuId, skuId)))
    .orderBy(asc(documents.id));
  const waivers = await db
    .select({
      code: blockerWaivers.blockerCode,
      reason: blockerWaivers.reason,
      by: blockerWaivers.waivedByLabel,
      at: blockerWaivers.waivedAt,
    })
    .from(blockerWaivers)
    .where(
      and(
        eq(blockerWaivers.workspaceId, workspaceId),
        eq(blockerWaivers.skuId, skuId),
        isNull(blockerWaivers.revokedAt),
      ),
    )
    .orderBy(asc(blockerWaivers.blockerCode));
  const waiversInForce = waivers.map((w) => ({ code: w.code, reason: w.reason, by: w.by, at: w.at.toISOString() }));
  const canonical = JSON.stringify({
    values: values.map((v) => [v.field, v.value]),
    operators: operators.map((o) => [o.role, o.entity]),
    documents: docs.map((d) => [d.id, d.sha256]),
    waivers: waiversInForce.map((w) => [w.code, w.reason]),
  });
  return {
    hash: crypto.createHash('sha256').update(canonical).digest('hex'),
    waivers: waiversInForce,
    documentCount: docs.length,
    valueCount: values.length,
  };
}

/**
 * Four eyes: the approver may not be the person who last changed the SKU's confirmed data, nor the
 * one who completed its review, and the review must be complete. Returns the refusal (or null) with
 * the members who could approve instead.
 */
export async function fourEyesRefusal(
  db: Db,
  args: { workspaceId: string; actor: Actor; row: SkuRow },
): Promise<AppError | null> {
  const [ws] = await db
    .select({ on: workspaces.fourEyesApproval })
    .from(workspaces)
    .where(eq(workspaces.id, args.workspaceId));
  if (!ws?.on) return null;
  const { row } = args;
  if (row.reviewState !== 'complete') {
    return new AppError(
      'REVIEW_NOT_COMPLETE',
      'This workspace requires four-eyes approval: complete the review first, then a second person approves.',
      {
        details: { review_state: row.reviewState },
      },
    );
  }
  const me = personOf(args.actor);
  const excluded = new Map<string, string[]>();
  const add = (id: string | null, reason: string) => {
    if (id) excluded.set(id, [...(excluded.get(id) ?? []), reason]);
  };
  add(row.dataChangedBy, 'last_changed_confirmed_data');
  add(row.reviewCompletedByUser, 'completed_review');
  if (!me || !excluded.has(me)) return null;
  const members = await db
    .select({ userId: workspaceMembers.userId, email: workspaceMembers.email, role: workspaceMembers.role })
    .from(workspaceMembers)
    .where(
      and(
        eq(workspaceMembers.workspaceId, args.workspaceId),
        inArray(
          workspaceMembers.role,
          ROLES.filter((r) => roleAtLeast(r, 'reviewer')),
        ),
      ),
    )
    .orderBy(asc(workspaceMembers.email));
  const emailOf = new Map(members.map((m) => [m.userId, m.email]));
  const eligible = members
    .filter((m) => !excluded.has(m.userId))
    .map((m) => ({ user_id: m.userId, email: m.email, role: m.role }));
  const reasons = excluded.get(me)!;
  const why =
    reasons.includes('completed_review') && reasons.includes('last_changed_confirmed_data')
      ? 'changed its confirmed data and completed its review'
      : reasons.includes('completed_review')
        ? 'completed its review'
        : 'last changed its confirmed data';
  return new AppError(
    'FOUR_EYES_REQUIRED',
    `Four-eyes approval: you ${why}, so someone else must approve. ${eligible.length ? `Who may approve: ${eligible.map((e) => e.email).join(', ')}.` : 'No other member with the reviewer role or higher can approve yet; invite one.'}`,
    {
      details: {
        excluded: [...excluded].map(([user_id, why]) => ({
          user_id,
          email: emailOf.get(user_id) ?? (user_id === row.dataChangedBy ? row.dataChangedByLabel : null),
          reasons: why,
        })),
        eligible_approvers: eligible,
      },
    },
  );
}

export async function recordApproval(
  db: Db,
  args: { workspaceId: string; actor: Actor; row: SkuRow; fourEyes: boolean },
) {
  const snap = await dossierSnapshot(db, { workspaceId: args.workspaceId, skuId: args.row.id });
  const [rec] = await db
    .insert(skuApprovals)
    .values({
      workspaceId: args.workspaceId,
      skuId: args.row.id,
      approvedBy: personOf(args.actor),
      approvedByLabel: args.actor.label,
      dossierHash: snap.hash,
      waivers: snap.waivers,
      reviewCompletedBy: args.row.reviewCompletedBy,
      fourEyes: args.fourEyes,
    })
    .returning();
  return rec;
}

export const serializeApproval = (a: typeof skuApprovals.$inferSelect) => ({
  id: a.id,
  approved_by: a.approvedByLabel,
  approved_by_user_id: a.approvedBy,
  approved_at: a.approvedAt.toISOString(),
  dossier_hash: a.dossierHash,
  waivers: a.waivers,
  review_completed_by: a.reviewCompletedBy,
  four_eyes: a.fourEyes,
});

export async function listApprovals(db: Db, { workspaceId, skuId }: { workspaceId: string; skuId: string }) {
  const rows = await db
    .select()
    .from(skuApprovals)
    .where(and(eq(skuApprovals.workspaceId, workspaceId), eq(skuApprovals.skuId, skuId)))
    .orderBy(desc(skuApprovals.approvedAt), desc(skuApprovals.id))
    .limit(50);
  return rows.map(serializeApproval);
}

export async function fourEyesEnabled(db: Db, { workspaceId }: { workspaceId: string }) {
  const [ws] = await db
    .select({ on: workspaces.fourEyesApproval })
    .from(workspaces)
    .where(eq(workspaces.id, workspaceId));
  return ws?.on ?? false;
}
