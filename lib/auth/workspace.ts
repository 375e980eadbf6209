import { eq, sql } from 'drizzle-orm';
import type { Db } from '@/lib/db/client';
import { users, workspaceMembers, workspaces } from '@/lib/db/schema';
import type { SessionUser, WorkspaceRef } from './context';

export interface Membership {
  workspace: WorkspaceRef;
  role: 'owner' | 'admin' | 'member';
}

async function findMembership(db: Db, userId: string): Promise<Membership | null> {
  const rows = await db
    .select({ id: workspaces.id, name: workspaces.name, plan: workspaces.plan, role: workspaceMembers.role })
    .from(workspaceMembers)
    .innerJoin(workspaces, eq(workspaces.id, workspaceMembers.workspaceId))
    .where(eq(workspaceMembers.userId, userId))
    .limit(1);
  const r = rows[0];
  return r ? { workspace: { id: r.id, name: r.name, plan: r.plan }, role: r.role } : null;
}

function defaultWorkspaceName(email: string) {
  const local = email.split('@')[0] || 'My';
  return `${local.charAt(0).toUpperCase()}${local.slice(1)}'s workspace`.slice(0, 120);
}

/**
 * A user's first authenticated request creates their workspace (plan trial, owner role). The unique
 * index on workspace_members.user_id makes concurrent first requests end with one workspace.
 */
export async function ensureWorkspace(db: Db, user: SessionUser): Promise<Membership> {
  const existing = await findMembership(db, user.id);
  if (existing) return existing;
  await db
    .insert(users)
    .values({ id: user.id, email: user.email, isStaff: user.isStaff })
    .onConflictDoNothing();
  await db.transaction(async (tx) => {
    const [ws] = await tx.insert(workspaces).values({ name: defaultWorkspaceName(user.email) }).returning({ id: workspaces.id });
    const inserted = await tx
      .insert(workspaceMembers)
      .values({ workspaceId: ws.id, userId: user.id, email: user.email, role: 'owner' })
      .onConflictDoNothing()
      .returning({ userId: workspaceMembers.userId });
    // Another request won the race: drop the workspace made here.
    if (inserted.length === 0) await tx.delete(workspaces).where(eq(workspaces.id, ws.id));
  });
  const created = await findMembership(db, user.id);
  if (!created) throw new Error('workspace creation failed');
  return created;
}

export async function findWorkspaceByOwnerEmail(db: Db, email: string) {
  const rows = await db
    .select({ id: workspaces.id })
    .from(workspaceMembers)
    .innerJoin(workspaces, eq(workspaces.id, workspaceMembers.workspaceId))
    .where(sql`lower(${workspaceMembers.email}) = lower(${email}) and ${workspaceMembers.role} = 'owner'`)
    .limit(1);
  return rows[0]?.id ?? null;
}
