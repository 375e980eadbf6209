import { and, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '@/lib/db/client';
import { users, workspaceMembers, workspaces } from '@/lib/db/schema';
import type { SessionUser, WorkspaceRef } from './context';
import type { Role } from './roles';

export interface Membership {
  workspace: WorkspaceRef;
  role: Role;
}

/** The cookie naming the workspace a signed-in person works in (one user may belong to several). */
export const ACTIVE_WORKSPACE_COOKIE = 'cw-workspace';

/** Every workspace the user belongs to, the most recently joined first. */
export async function listMemberships(
  db: Db,
  { userId }: { userId: string },
): Promise<(Membership & { joinedAt: Date })[]> {
  const rows = await db
    .select({
      id: workspaces.id,
      name: workspaces.name,
      plan: workspaces.plan,
      role: workspaceMembers.role,
      joinedAt: workspaceMembers.createdAt,
    })
    .from(workspaceMembers)
    .innerJoin(workspaces, eq(workspaces.id, workspaceMembers.workspaceId))
    .where(eq(workspaceMembers.userId, userId))
    .orderBy(desc(workspaceMembers.createdAt), workspaces.id);
  return rows.map((r) => ({ workspace: { id: r.id, name: r.name, plan: r.plan }, role: r.role, joinedAt: r.joinedAt }));
}

export async function membershipIn(
  db: Db,
  { userId, workspaceId }: { userId: string; workspaceId: string },
): Promise<Membership | null> {
  const [r] = await db
    .select({ id: workspaces.id, name: workspaces.name, plan: workspaces.plan, role: workspaceMembers.role })
    .from(workspaceMembers)
    .innerJoin(workspaces, eq(workspaces.id, workspaceMembers.workspaceId))
    .where(and(eq(workspaceMembers.userId, userId), eq(workspaceMembers.workspaceId, workspaceId)))
    .limit(1);
  return r ? { workspace: { id: r.id, name: r.name, plan: r.plan }, role: r.role } : null;
}

function defaultWorkspaceName(email: string) {
  const local = email.split('@')[0] || 'My';
  return `${local.charAt(0).toUpperCase()}${local.slice(1)}'s workspace`.slice(0, 120);
}

const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The workspace a request works in: the one the active-workspace cookie names if the user is still a
 * member of it, else the most recently joined. Resolved on every request, so a removed member's
 * session stops reaching the workspace at once. A user with no workspace gets their own (plan trial,
 * owner role); the users row is locked while deciding, so concurrent first requests make one.
 */
export async function resolveWorkspace(
  db: Db,
  { user, preferredWorkspaceId }: { user: SessionUser; preferredWorkspaceId?: string | null },
): Promise<Membership> {
  if (preferredWorkspaceId && UUID_RE.test(preferredWorkspaceId)) {
    const m = await membershipIn(db, { userId: user.id, workspaceId: preferredWorkspaceId });
    if (m) return m;
  }
  const [latest] = await listMemberships(db, { userId: user.id });
  if (latest) return { workspace: latest.workspace, role: latest.role };
  await db.insert(users).values({ id: user.id, email: user.email, isStaff: user.isStaff }).onConflictDoNothing();
  await db.transaction(async (tx) => {
    await tx.select({ id: users.id }).from(users).where(eq(users.id, user.id)).for('update');
    const [any] = await tx
      .select({ id: workspaceMembers.workspaceId })
      .from(workspaceMembers)
      .where(eq(workspaceMembers.userId, user.id))
      .limit(1);
    if (any) return;
    const [ws] = await tx
      .insert(workspaces)
      .values({ name: defaultWorkspaceName(user.email) })
      .returning({ id: workspaces.id });
    await tx.insert(workspaceMembers).values({ workspaceId: ws.id, userId: user.id, email: user.email, role: 'owner' });
  });
  const [created] = await listMemberships(db, { userId: user.id });
  if (!created) throw new Error('workspace creation failed');
  return { workspace: created.workspace, role: created.role };
}

/** The user's workspace (creating it on first use); kept for callers that know of one workspace. */
export const ensureWorkspace = (db: Db, { user }: { user: SessionUser }) => resolveWorkspace(db, { user });

export async function findWorkspaceByOwnerEmail(db: Db, { email }: { email: string }) {
  const rows = await db
    .select({ id: workspaces.id })
    .from(workspaceMembers)
    .innerJoin(workspaces, eq(workspaces.id, workspaceMembers.workspaceId))
    .where(sql`lower(${workspaceMembers.email}) = lower(${email}) and ${workspaceMembers.role} = 'owner'`)
    .limit(1);
  return rows[0]?.id ?? null;
}
