import { eq } from 'drizzle-orm';
import type { Actor } from '@/lib/auth/context';
import type { Db } from '@/lib/db/client';
import { workspaces } from '@/lib/db/schema';
import { AppError } from '@/lib/errors';
import { recordAudit } from '@/lib/audit';
import { lockWorkspace } from './members';
import { forgetSessions } from '@/lib/auth/session-cache';

export async function getTeamSettings(db: Db, { workspaceId }: { workspaceId: string }) {
  const [ws] = await db
    .select({ fourEyes: workspaces.fourEyesApproval })
    .from(workspaces)
    .where(eq(workspaces.id, workspaceId));
  if (!ws) throw new AppError('NOT_FOUND', 'Workspace not found.');
  return { four_eyes_approval: ws.fourEyes };
}

/** Renames the workspace and/or switches four-eyes approval; each change is an audit event. */
export async function updateWorkspace(
  db: Db,
  args: { workspaceId: string; actor: Actor; name?: string; fourEyesApproval?: boolean },
) {
  return db
    .transaction(async (tx) => {
      const t = tx as unknown as Db;
      const before = await lockWorkspace(t, { workspaceId: args.workspaceId });
      const [ws] = await t
        .update(workspaces)
        .set({
          ...(args.name !== undefined ? { name: args.name } : {}),
          ...(args.fourEyesApproval !== undefined ? { fourEyesApproval: args.fourEyesApproval } : {}),
          updatedAt: new Date(),
        })
        .where(eq(workspaces.id, args.workspaceId))
        .returning();
      const changes: Record<string, { from: unknown; to: unknown }> = {};
      if (args.name !== undefined && args.name !== before.name) changes.name = { from: before.name, to: args.name };
      if (args.fourEyesApproval !== undefined && args.fourEyesApproval !== before.fourEyesApproval)
        changes.four_eyes_approval = { from: before.fourEyesApproval, to: args.fourEyesApproval };
      if (Object.keys(changes).length)
        await recordAudit(t, {
          workspaceId: args.workspaceId,
          actor: args.actor,
          action: 'workspace.settings_changed',
          targetType: 'workspace',
          targetId: args.workspaceId,
          data: changes,
        });
      return {
        workspace: { id: ws.id, name: ws.name, plan: ws.plan, created_at: ws.createdAt.toISOString() },
        settings: { four_eyes_approval: ws.fourEyesApproval },
      };
    })
    .finally(forgetSessions);
}
