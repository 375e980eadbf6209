import { and, eq, gt, isNull, or, sql } from 'drizzle-orm';
import type { Db } from '@/lib/db/client';
import { apiKeys, workspaces } from '@/lib/db/schema';
import { AppError } from '@/lib/errors';
import { PLANS, planLimitsJson, type PlanId } from '@/lib/plans';
import { scopesAllowedOnPlan } from '@/lib/auth/scopes';
import { ALL_SCOPES, SCOPES, isReadScope } from '@/lib/auth/scopes';
import { changingMemberships } from '@/lib/auth/session-cache';
import { getUsageCounters } from './usage';

export async function getWorkspaceOverview(db: Db, { workspaceId }: { workspaceId: string }) {
  const [ws] = await db.select().from(workspaces).where(eq(workspaces.id, workspaceId));
  if (!ws) throw new AppError('NOT_FOUND', 'Workspace not found.');
  const [{ keys }] = await db
    .select({ keys: sql<number>`count(*)::int` })
    .from(apiKeys)
    .where(
      and(
        eq(apiKeys.workspaceId, workspaceId),
        isNull(apiKeys.revokedAt),
        or(isNull(apiKeys.expiresAt), gt(apiKeys.expiresAt, new Date())),
      ),
    );
  const usage = await getUsageCounters(db, { workspaceId });
  const allowed = scopesAllowedOnPlan(ws.plan);
  return {
    workspace: { id: ws.id, name: ws.name, plan: ws.plan, created_at: ws.createdAt.toISOString() },
    plan_limits: planLimitsJson(ws.plan),
    usage: { ...usage, api_keys: keys },
    scopes: ALL_SCOPES.map((scope) => ({
      scope,
      description: SCOPES[scope],
      read_only: isReadScope(scope),
      allowed_on_plan: allowed.includes(scope),
    })),
  };
}

export async function setWorkspacePlan(db: Db, { workspaceId, plan }: { workspaceId: string; plan: PlanId }) {
  if (!PLANS[plan]) throw new AppError('VALIDATION_FAILED', `Unknown plan ${plan}.`);
  const [ws] = await changingMemberships(() =>
    db.update(workspaces).set({ plan, updatedAt: new Date() }).where(eq(workspaces.id, workspaceId)).returning(),
  );
  if (!ws) throw new AppError('NOT_FOUND', 'Workspace not found.');
  return ws;
}
