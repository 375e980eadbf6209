import { and, asc, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Actor, WorkspaceRef } from '@/lib/auth/context';
import { revokeKeysOf } from '@/lib/auth/api-keys';
import { roleAtLeast, type Role } from '@/lib/auth/roles';
import type { Db } from '@/lib/db/client';
import { skus, workspaceInvitations, workspaceMembers, workspaces } from '@/lib/db/schema';
import { AppError } from '@/lib/errors';
import { PLANS } from '@/lib/plans';
import { recordAudit } from '@/lib/audit';
import { forgetSessions } from '@/lib/auth/session-cache';

type MemberRow = typeof workspaceMembers.$inferSelect;

export function serializeMember(m: MemberRow) {
  return {
    user_id: m.userId,
    email: m.email,
    role: m.role,
    joined_at: m.createdAt.toISOString(),
    notify_mentions: m.notifyMentions,
  };
}

export async function listMembers(db: Db, { workspaceId }: { workspaceId: string }) {
  const rows = await db
    .select()
    .from(workspaceMembers)
    .where(eq(workspaceMembers.workspaceId, workspaceId))
    .orderBy(asc(workspaceMembers.createdAt), asc(workspaceMembers.userId));
  return rows.map(serializeMember);
}

async function lockMember(tx: Db, workspaceId: string, userId: string) {
  const [m] = await tx
    .select()
    .from(workspaceMembers)
    .where(and(eq(workspaceMembers.workspaceId, workspaceId), eq(workspaceMembers.userId, userId)))
    .for('update');
  if (!m) throw new AppError('NOT_FOUND', 'Member not found.');
  return m;
}

/** Locks the workspace row: membership changes of one workspace apply one after another. */
export async function lockWorkspace(tx: Db, { workspaceId }: { workspaceId: string }) {
  const [ws] = await tx.select().from(workspaces).where(eq(workspaces.id, workspaceId)).for('update');
  if (!ws) throw new AppError('NOT_FOUND', 'Workspace not found.');
  return ws;
}

/** Seats in use: members plus invitations still open. */
export async function seatsUsed(db: Db, { workspaceId }: { workspaceId: string }) {
  const [{ members }] = await db
    .select({ members: sql<number>`count(*)::int` })
    .from(workspaceMembers)
    .where(eq(workspaceMembers.workspaceId, workspaceId));
  const [{ invites }] = await db
    .select({ invites: sql<number>`count(*)::int` })
    .from(workspaceInvitations)
    .where(
      and(
        eq(workspaceInvitations.workspaceId, workspaceId),
        isNull(workspaceInvitations.acceptedAt),
        isNull(workspaceInvitations.revokedAt),
        gt(workspaceInvitations.expiresAt, new Date()),
      ),
    );
  return { members: Number(members), invitations: Number(invites), total: Number(members) + Number(invites) };
}

export function assertSeatAvailable(workspace: Pick<WorkspaceRef, 'plan'>, used: number) {
  const max = PLANS[workspace.plan].maxSeats;
  if (used >= max) {
    throw new AppError(
      'PLAN_LIMIT_REACHED',
      `The ${PLANS[workspace.plan].label} plan allows ${max} people (members and open invitations); remove someone or withdraw an invitation first.`,
      {
        details: { limit: 'seats', plan: workspace.plan, max, current: used },
      },
    );
  }
}

/**
 * Changes a member's role. The owner's role is fixed (ownership is transferred, not edited) and no
 * one becomes owner this way; an admin may not hand out more than their own role.
 */
export async function changeMemberRole(
  db: Db,
  args: { workspaceId: string; actor: Actor; actorRole: Role; userId: string; role: Exclude<Role, 'owner'> },
) {
  return db
    .transaction(async (tx) => {
      const t = tx as unknown as Db;
      await lockWorkspace(t, { workspaceId: args.workspaceId });
      const m = await lockMember(t, args.workspaceId, args.userId);
      if (m.role === 'owner')
        throw new AppError(
          'OWNER_ROLE_LOCKED',
          "The owner's role cannot be changed; transfer ownership to someone else first.",
        );
      if (!roleAtLeast(args.actorRole, args.role) || !roleAtLeast(args.actorRole, m.role)) {
        throw new AppError(
          'INSUFFICIENT_ROLE',
          `Only someone with at least the ${roleAtLeast(args.actorRole, args.role) ? m.role : args.role} role may make this change.`,
          {
            details: {
              required_role: roleAtLeast(args.actorRole, args.role) ? m.role : args.role,
              role: args.actorRole,
            },
          },
        );
      }
      if (m.role === args.role) return serializeMember(m);
      const [updated] = await t
        .update(workspaceMembers)
        .set({ role: args.role })
        .where(and(eq(workspaceMembers.workspaceId, args.workspaceId), eq(workspaceMembers.userId, args.userId)))
        .returning();
      // Keys act with their owner's role, so a demotion needs no key change; the event records it.
      await recordAudit(t, {
        workspaceId: args.workspaceId,
        actor: args.actor,
        action: 'member.role_changed',
        targetType: 'member',
        targetId: m.userId,
        data: { email: m.email, from: m.role, to: args.role },
      });
      return serializeMember(updated);
    })
    .finally(forgetSessions);
}

/**
 * Removes a member: their sessions stop reaching the workspace at once (membership is read on every
 * request), their API keys are revoked, and SKUs assigned to them become unassigned.
 */
export async function removeMember(
  db: Db,
  args: { workspaceId: string; actor: Actor; actorRole: Role; userId: string },
) {
  return db
    .transaction(async (tx) => {
      const t = tx as unknown as Db;
      await lockWorkspace(t, { workspaceId: args.workspaceId });
      const m = await lockMember(t, args.workspaceId, args.userId);
      if (m.role === 'owner')
        throw new AppError(
          'OWNER_ROLE_LOCKED',
          'The owner cannot be removed; transfer ownership to someone else first.',
        );
      if (!roleAtLeast(args.actorRole, m.role)) {
        throw new AppError(
          'INSUFFICIENT_ROLE',
          `Only someone with at least the ${m.role} role may remove this member.`,
          {
            details: { required_role: m.role, role: args.actorRole },
          },
        );
      }
      await t
        .delete(workspaceMembers)
        .where(and(eq(workspaceMembers.workspaceId, args.workspaceId), eq(workspaceMembers.userId, args.userId)));
      const revoked = await revokeKeysOf(t, { workspaceId: args.workspaceId, userId: args.userId });
      const unassigned = await t
        .update(skus)
        .set({ assigneeUserId: null })
        .where(and(eq(skus.workspaceId, args.workspaceId), eq(skus.assigneeUserId, args.userId)))
        .returning({ id: skus.id });
      await recordAudit(t, {
        workspaceId: args.workspaceId,
        actor: args.actor,
        action: 'member.removed',
        targetType: 'member',
        targetId: m.userId,
        data: { email: m.email, role: m.role, revoked_api_keys: revoked, unassigned_skus: unassigned.length },
      });
      return { removed: true, user_id: m.userId, revoked_api_keys: revoked.length, unassigned_skus: unassigned.length };
    })
    .finally(forgetSessions);
}

/** Hands the workspace to another member: they become owner, the previous owner an admin. */
export async function transferOwnership(
  db: Db,
  args: { workspaceId: string; actor: Actor; fromUserId: string; toUserId: string },
) {
  if (args.toUserId === args.fromUserId)
    throw new AppError('VALIDATION_FAILED', 'You already own this workspace.', {
      details: { fields: [{ path: 'user_id', message: 'is the current owner' }] },
    });
  return db
    .transaction(async (tx) => {
      const t = tx as unknown as Db;
      await lockWorkspace(t, { workspaceId: args.workspaceId });
      const from = await lockMember(t, args.workspaceId, args.fromUserId);
      if (from.role !== 'owner')
        throw new AppError('INSUFFICIENT_ROLE', 'Only the owner may transfer ownership.', {
          details: { required_role: 'owner', role: from.role },
        });
      const to = await lockMember(t, args.workspaceId, args.toUserId);
      // Demote first: one owner per workspace is a unique index.
      await t
        .update(workspaceMembers)
        .set({ role: 'admin' })
        .where(and(eq(workspaceMembers.workspaceId, args.workspaceId), eq(workspaceMembers.userId, from.userId)));
      await t
        .update(workspaceMembers)
        .set({ role: 'owner' })
        .where(and(eq(workspaceMembers.workspaceId, args.workspaceId), eq(workspaceMembers.userId, to.userId)));
      await recordAudit(t, {
        workspaceId: args.workspaceId,
        actor: args.actor,
        action: 'workspace.ownership_transferred',
        targetType: 'member',
        targetId: to.userId,
        data: { from: from.email, to: to.email, to_previous_role: to.role },
      });
      return listMembers(t, { workspaceId: args.workspaceId });
    })
    .finally(forgetSessions);
}

export async function updateMySettings(db: Db, args: { workspaceId: string; userId: string; notifyMentions: boolean }) {
  const [m] = await db
    .update(workspaceMembers)
    .set({ notifyMentions: args.notifyMentions })
    .where(and(eq(workspaceMembers.workspaceId, args.workspaceId), eq(workspaceMembers.userId, args.userId)))
    .returning();
  if (!m) throw new AppError('NOT_FOUND', 'Member not found.');
  return serializeMember(m);
}
