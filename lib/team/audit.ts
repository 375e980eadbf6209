import type { Actor } from '@/lib/auth/context';
import type { Db } from '@/lib/db/client';
import { auditEvents } from '@/lib/db/schema';

/** Writes one audit event of a membership or workspace change (target: the member or invitation). */
export async function auditTeam(db: Db, args: { workspaceId: string; actor: Actor; action: string; targetType: 'member' | 'invitation' | 'workspace'; targetId: string; data?: Record<string, unknown> }) {
  await db.insert(auditEvents).values({
    workspaceId: args.workspaceId,
    actorUserId: args.actor.userId,
    actorApiKeyId: args.actor.apiKeyId,
    actorLabel: args.actor.label,
    action: args.action,
    targetType: args.targetType,
    targetId: args.targetId,
    data: args.data ?? {},
  });
}
