import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import { recordAudit } from '@/lib/audit';
import type { Actor } from '@/lib/auth/context';
import type { Db } from '@/lib/db/client';
import { aiFillJobs, jobRuns } from '@/lib/db/schema';
import { isKnownFieldKey } from '@/lib/model/catalogue';
import { assertAiBudget } from '@/lib/ai/budget';
import { isAiConfigured } from '@/lib/ai/provider';
import { AppError } from '@/lib/errors';
import { isUniqueViolation } from '@/lib/db/errors';
import { getSkuRow } from '@/lib/skus/service';

/**
 * AI-fill jobs of a SKU: creation (one pending or processing job per SKU, enforced by a partial unique
 * index, so concurrent requests make one job and the others get the conflict body), the latest job,
 * and cancellation. The work itself runs in the background (lib/ai-fill/run.ts).
 */

type JobRow = typeof aiFillJobs.$inferSelect;

export const LIVE_STATUSES = ['pending', 'processing'] as const;
export function serializeAiFillJob(r: JobRow) {
  return {
    id: r.id,
    sku_id: r.skuId,
    status: r.status,
    progress: r.progress ?? null,
    fields: r.fieldsRequested,
    // The contract's AiFillSuggestion, with the citation each one was checked against beside it.
    suggestions: r.suggestions.map((s) => ({
      field_key: s.field_key,
      value: s.value,
      confidence: s.confidence,
      reasoning: s.reasoning,
    })),
    citations: r.suggestions.map((s) => ({
      field_key: s.field_key,
      value_id: s.value_id,
      document_id: s.document_id,
      document_name: s.document_name,
      source_url: s.source_url,
      page: s.page,
      quote: s.quote,
      method: s.method,
    })),
    dropped: r.dropped,
    error: r.error,
    degraded_reason: r.degradedReason,
    provider: r.provider,
    model: r.model,
    usage: { input_tokens: r.inputTokens, output_tokens: r.outputTokens },
    created_by: r.createdByLabel,
    created_at: r.createdAt.toISOString(),
    started_at: r.startedAt?.toISOString() ?? null,
    completed_at: r.completedAt?.toISOString() ?? null,
    cancelled_at: r.cancelledAt?.toISOString() ?? null,
  };
}
export type AiFillJobJson = ReturnType<typeof serializeAiFillJob>;

/** The job that blocks a new one, as the contract's conflict body. */
export class AiFillConflict {
  constructor(
    readonly jobId: string,
    readonly status: 'pending' | 'processing',
  ) {}
  body() {
    return { error: `An AI fill is already ${this.status} for this SKU.`, job_id: this.jobId, status: this.status };
  }
}

/**
 * A job still pending or processing whose background run has ended (it failed for good, expired, or
 * was cancelled under it) would block the SKU for ever: it is settled as failed, saying so.
 */
async function reconcile(db: Db, row: Pick<JobRow, 'id' | 'status' | 'jobRunId'>) {
  if (!LIVE_STATUSES.includes(row.status as (typeof LIVE_STATUSES)[number]) || !row.jobRunId) return row.status;
  const [run] = await db
    .select({ status: jobRuns.status, error: jobRuns.error })
    .from(jobRuns)
    .where(eq(jobRuns.id, row.jobRunId));
  if (run && !['completed', 'failed', 'cancelled'].includes(run.status)) return row.status;
  const message = `The background job ended without finishing the AI fill${run?.error ? `: ${run.error}` : '.'}`.slice(
    0,
    2000,
  );
  const [settled] = await db
    .update(aiFillJobs)
    .set({ status: 'failed', error: message, completedAt: new Date() })
    .where(and(eq(aiFillJobs.id, row.id), inArray(aiFillJobs.status, [...LIVE_STATUSES])))
    .returning({ status: aiFillJobs.status });
  return settled?.status ?? row.status;
}

async function liveJob(db: Db, skuId: string) {
  const [r] = await db
    .select({ id: aiFillJobs.id, status: aiFillJobs.status, jobRunId: aiFillJobs.jobRunId })
    .from(aiFillJobs)
    .where(and(eq(aiFillJobs.skuId, skuId), inArray(aiFillJobs.status, [...LIVE_STATUSES])))
    .limit(1);
  if (!r) return null;
  return (await reconcile(db, r)) === 'failed' ? null : r;
}

export function validateFields(fields: string[] | undefined) {
  if (!fields) return undefined;
  const unknown = fields.map((f, i) => ({ f, i })).filter(({ f }) => !isKnownFieldKey(f));
  if (unknown.length) {
    throw new AppError(
      'VALIDATION_FAILED',
      `Unknown dossier field${unknown.length > 1 ? 's' : ''}: ${unknown.map((u) => u.f).join(', ')}.`,
      {
        details: { fields: unknown.map(({ i }) => ({ path: `fields[${i}]`, message: 'unknown dossier field key' })) },
      },
    );
  }
  return [...new Set(fields)];
}

/**
 * Records a pending job and queues it. Returns the job, or an AiFillConflict when one is already
 * pending or processing for the SKU.
 */
export async function startAiFill(
  db: Db,
  args: { workspaceId: string; actor: Actor; skuId: string; fields?: string[] },
): Promise<{ job: JobRow } | { conflict: AiFillConflict }> {
  await getSkuRow(db, { workspaceId: args.workspaceId, id: args.skuId });
  const fields = validateFields(args.fields);
  const existing = await liveJob(db, args.skuId);
  if (existing) return { conflict: new AiFillConflict(existing.id, existing.status as 'pending' | 'processing') };
  if (isAiConfigured()) await assertAiBudget(db, { workspaceId: args.workspaceId });

  let job: JobRow | undefined;
  for (let attempt = 0; attempt < 3 && !job; attempt++) {
    try {
      [job] = await db
        .insert(aiFillJobs)
        .values({
          workspaceId: args.workspaceId,
          skuId: args.skuId,
          status: 'pending',
          fieldsRequested: fields ?? [],
          fieldsExplicit: Boolean(fields),
          createdBy: args.actor.userId,
          createdByLabel: args.actor.label,
        })
        .returning();
    } catch (e) {
      if (!isUniqueViolation(e, 'ai_fill_jobs_live_idx')) throw e;
      // Another request made the live job a moment ago; if it already ended, try again.
      const other = await liveJob(db, args.skuId);
      if (other) return { conflict: new AiFillConflict(other.id, other.status as 'pending' | 'processing') };
    }
  }
  if (!job)
    throw new AppError('CONFLICT', 'AI fill jobs of this SKU are being started and finished too quickly; retry.');
  await recordAudit(db, {
    workspaceId: args.workspaceId,
    actor: args.actor,
    action: 'sku.ai_fill_requested',
    targetType: 'sku',
    targetId: args.skuId,
    data: { job_id: job.id, fields: fields ?? 'missing' },
  });
  const { enqueueJob } = await import('@/lib/jobs');
  const { aiFillJob } = await import('./job');
  const run = await enqueueJob(db, {
    job: aiFillJob,
    workspaceId: args.workspaceId,
    payload: { ai_fill_job_id: job.id },
    subjectType: 'ai_fill',
    subjectId: job.id,
    createdBy: args.actor.userId,
  });
  const [fresh] = await db.update(aiFillJobs).set({ jobRunId: run.id }).where(eq(aiFillJobs.id, job.id)).returning();
  return { job: fresh ?? job };
}

export async function latestAiFill(db: Db, { workspaceId, skuId }: { workspaceId: string; skuId: string }) {
  await getSkuRow(db, { workspaceId, id: skuId });
  const [r] = await db
    .select()
    .from(aiFillJobs)
    .where(and(eq(aiFillJobs.skuId, skuId), eq(aiFillJobs.workspaceId, workspaceId)))
    .orderBy(desc(aiFillJobs.createdAt), desc(aiFillJobs.id))
    .limit(1);
  if (!r) return null;
  if ((await reconcile(db, r)) !== r.status) {
    const [fresh] = await db.select().from(aiFillJobs).where(eq(aiFillJobs.id, r.id));
    return fresh ?? r;
  }
  return r;
}

/**
 * Cancels the SKU's pending or processing job. A pending one never starts; a processing one sees the
 * status within a moment (the run polls it), aborts its model call and stores nothing. The final write
 * of a job locks its row and re-checks the status, so a job either completed before the cancel (409
 * INVALID_STATE here) or stores nothing.
 */
export async function cancelAiFill(db: Db, args: { workspaceId: string; actor: Actor; skuId: string }) {
  await getSkuRow(db, { workspaceId: args.workspaceId, id: args.skuId });
  const [row] = await db
    .update(aiFillJobs)
    .set({
      status: 'cancelled',
      cancelledAt: new Date(),
      completedAt: new Date(),
      progress: sql`coalesce(${aiFillJobs.progress}, '{}'::jsonb) || '{"step":"cancelled"}'::jsonb`,
    })
    .where(
      and(
        eq(aiFillJobs.skuId, args.skuId),
        eq(aiFillJobs.workspaceId, args.workspaceId),
        inArray(aiFillJobs.status, [...LIVE_STATUSES]),
      ),
    )
    .returning();
  if (!row) {
    const latest = await latestAiFill(db, { workspaceId: args.workspaceId, skuId: args.skuId });
    if (!latest) throw new AppError('NOT_FOUND', 'This SKU has no AI fill job.');
    throw new AppError(
      'INVALID_STATE',
      `The latest AI fill job is ${latest.status}; only a pending or processing job can be cancelled.`,
      { details: { state: latest.status, job_id: latest.id } },
    );
  }
  if (row.jobRunId) {
    const { cancelJobRun } = await import('@/lib/jobs');
    await cancelJobRun(db, { workspaceId: args.workspaceId, id: row.jobRunId }).catch(() => null);
  }
  await recordAudit(db, {
    workspaceId: args.workspaceId,
    actor: args.actor,
    action: 'sku.ai_fill_cancelled',
    targetType: 'sku',
    targetId: args.skuId,
    data: { job_id: row.id },
  });
  return row;
}
