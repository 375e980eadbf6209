import { and, eq, gte, sql } from 'drizzle-orm';
import type { Db } from '@/lib/db/client';
import { aiUsage, workspaces } from '@/lib/db/schema';
import { AppError } from '@/lib/errors';
import type { PlanId } from '@/lib/plans';

/**
 * The monthly AI budget of a workspace: tokens (input + output) its AI calls spent since the first of
 * the calendar month (UTC), against its plan's allowance. Every AI call records its usage here; calls
 * are refused with AI_BUDGET_EXHAUSTED (402) once the allowance is spent. Without an AI provider
 * nothing is spent and nothing is refused: the features run on rules.
 */
export const AI_MONTHLY_TOKENS: Record<PlanId, number> = {
  trial: 200_000,
  pro: 5_000_000,
  enterprise: 50_000_000,
};

const monthStart = (now = new Date()) => new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));

export async function aiBudget(db: Db, { workspaceId }: { workspaceId: string }) {
  const [ws] = await db.select({ plan: workspaces.plan }).from(workspaces).where(eq(workspaces.id, workspaceId));
  const plan = (ws?.plan ?? 'trial') as PlanId;
  const start = monthStart();
  const [row] = await db
    .select({ used: sql<number>`coalesce(sum(${aiUsage.inputTokens} + ${aiUsage.outputTokens}), 0)::bigint` })
    .from(aiUsage)
    .where(and(eq(aiUsage.workspaceId, workspaceId), gte(aiUsage.createdAt, start)));
  const used = Number(row?.used ?? 0);
  const limit = AI_MONTHLY_TOKENS[plan];
  const resets = new Date(Date.UTC(start.getUTCFullYear(), start.getUTCMonth() + 1, 1));
  return { plan, used, limit, remaining: Math.max(0, limit - used), resets_at: resets.toISOString() };
}

export async function assertAiBudget(db: Db, { workspaceId }: { workspaceId: string }) {
  const b = await aiBudget(db, { workspaceId });
  if (b.remaining <= 0) {
    throw new AppError(
      'AI_BUDGET_EXHAUSTED',
      `This workspace has used its ${b.limit.toLocaleString('en')} AI tokens for the month (plan ${b.plan}); AI features resume on ${b.resets_at.slice(0, 10)}.`,
      {
        details: { plan: b.plan, used_tokens: b.used, limit_tokens: b.limit, resets_at: b.resets_at },
      },
    );
  }
  return b;
}

export async function recordAiUsage(
  db: Db,
  args: {
    workspaceId: string;
    operation: string;
    subjectId?: string | null;
    provider: string | null;
    model: string | null;
    inputTokens: number;
    outputTokens: number;
  },
) {
  await db.insert(aiUsage).values({
    workspaceId: args.workspaceId,
    operation: args.operation,
    subjectId: args.subjectId ?? null,
    provider: args.provider,
    model: args.model,
    inputTokens: Math.max(0, Math.round(args.inputTokens)),
    outputTokens: Math.max(0, Math.round(args.outputTokens)),
  });
}
