import { z } from 'zod';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '@/lib/db/client';
import { queryRows } from '@/lib/db/rows';
import { documents, jobRuns } from '@/lib/db/schema';
import { defineJob } from '@/lib/jobs/define';
import { enqueueJobs } from '@/lib/jobs/runs';
import { jobTiming } from '@/lib/jobs/lease';
import { emitWebhookEvent } from '@/lib/events/emit';

export const EXTRACT_JOB = 'document.extract';
const RETRY_LIMIT = 2;

/** Runs recorded and handed to pg-boss per statement. */
const QUEUE_BATCH = 500;

/** Documents re-queued by recovery per pass; runs a document may have before recovery gives up on it. */
const RECOVER_BATCH = 500;
const MAX_RUNS_PER_DOCUMENT = 5;

type JobRunRow = typeof jobRuns.$inferSelect;

/** The outcome's plain fields (status, counts) for an event; lists stay in the app. */
function scalarsOf(o: object): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(o).filter(([, v]) => v === null || ['string', 'number', 'boolean'].includes(typeof v)),
  );
}

/** Background extraction of one document: text, facts, SKU suggestions (lib/documents/extraction.ts). */
export const documentExtractJob = defineJob({
  name: EXTRACT_JOB,
  schema: z.object({ document_id: z.string().uuid() }),
  retryLimit: RETRY_LIMIT,
  // OCR of a scan can take a while; well below this.
  expireInSeconds: 10 * 60,
  handler: async (p, ctx) => {
    await ctx.progress({ step: 'extracting', document_id: p.document_id });
    const [run] = await ctx.db
      .select({ createdBy: jobRuns.createdBy })
      .from(jobRuns)
      .where(eq(jobRuns.id, ctx.jobRunId));
    try {
      // Loaded on the first extraction: the parsers and the language model (~200 MB) stay out of workers
      // that only run imports or exports.
      const { runDocumentExtraction } = await import('./extraction');
      const outcome = await runDocumentExtraction(ctx.db, {
        workspaceId: ctx.workspaceId,
        documentId: p.document_id,
        jobRunId: ctx.jobRunId,
        createdBy: run?.createdBy ?? null,
        signal: ctx.signal,
      });
      await emitWebhookEvent(ctx.db, {
        workspaceId: ctx.workspaceId,
        type: 'extraction.finished',
        data: { document_id: p.document_id, ok: true, ...scalarsOf(outcome) },
      });
      return { document_id: p.document_id, ...outcome };
    } catch (e) {
      // The last attempt failed: the document must not stay "processing" forever.
      if (!ctx.signal.aborted && ctx.attempt > RETRY_LIMIT) {
        await ctx.db
          .update(documents)
          .set({ status: 'unreadable', updatedAt: new Date() })
          .where(and(eq(documents.id, p.document_id), eq(documents.status, 'processing')));
        await emitWebhookEvent(ctx.db, {
          workspaceId: ctx.workspaceId,
          type: 'extraction.finished',
          data: { document_id: p.document_id, ok: false, status: 'unreadable' },
        });
      }
      throw e;
    }
  },
  recover: (db, opts) => recoverStuckExtractions(db, opts),
});

/**
 * Queues extraction of documents, one run each, reusing a run already waiting for a document (a second
 * click, or a link right after an upload, needs no second run). Runs are recorded and handed to
 * pg-boss in batches through lib/jobs (a ZIP of a thousand files queues a thousand runs). Call after
 * the transaction that stored the documents; documents left "processing" without a run by a crash
 * before this call are found by recoverStuckExtractions.
 */
export async function queueExtractions(
  db: Db,
  args: { workspaceId: string; documentIds: string[]; createdBy?: string | null },
): Promise<JobRunRow[]> {
  const ids = [...new Set(args.documentIds)];
  if (!ids.length) return [];
  const byDocument = new Map<string, JobRunRow>();
  for (let i = 0; i < ids.length; i += QUEUE_BATCH) {
    const chunk = ids.slice(i, i + QUEUE_BATCH);
    const pending = await db
      .select()
      .from(jobRuns)
      .where(
        and(
          eq(jobRuns.workspaceId, args.workspaceId),
          eq(jobRuns.queue, EXTRACT_JOB),
          inArray(jobRuns.subjectId, chunk),
          eq(jobRuns.status, 'queued'),
        ),
      );
    for (const r of pending) if (r.subjectId) byDocument.set(r.subjectId, r);
    const missing = chunk.filter((id) => !byDocument.has(id));
    if (!missing.length) continue;
    await db
      .update(documents)
      .set({ status: 'processing' })
      .where(and(eq(documents.workspaceId, args.workspaceId), inArray(documents.id, missing)));
    const runs = await enqueueJobs(db, {
      job: documentExtractJob,
      workspaceId: args.workspaceId,
      createdBy: args.createdBy,
      items: missing.map((id) => ({ payload: { document_id: id }, subjectType: 'document', subjectId: id })),
    });
    for (const r of runs) byDocument.set(r.subjectId!, r);
  }
  return ids.map((id) => byDocument.get(id)!);
}

export async function queueExtraction(
  db: Db,
  args: { workspaceId: string; documentId: string; createdBy?: string | null },
): Promise<JobRunRow> {
  const [run] = await queueExtractions(db, {
    workspaceId: args.workspaceId,
    documentIds: [args.documentId],
    createdBy: args.createdBy,
  });
  return run;
}

/** Documents "processing" with no queued or running extraction (never queued, or their run died). */
function stuckDocuments(db: Db, where: { workspaceId?: string; documentIds?: string[]; olderThanSeconds: number }) {
  const scope = [
    where.workspaceId ? sql`AND d.workspace_id = ${where.workspaceId}` : sql``,
    where.documentIds
      ? sql`AND d.id IN (${sql.join(
          where.documentIds.map((id) => sql`${id}::uuid`),
          sql`, `,
        )})`
      : sql``,
  ];
  return queryRows<{ id: string; workspace_id: string; uploaded_by: string | null }>(
    db,
    sql`SELECT d.id, d.workspace_id, d.uploaded_by FROM documents d
        CROSS JOIN LATERAL (
          SELECT count(*) FILTER (WHERE r.status IN ('queued', 'running')) AS open, count(*) AS total
          FROM job_runs r WHERE r.queue = ${EXTRACT_JOB} AND r.subject_id = d.id::text
        ) runs
        WHERE d.status = 'processing' ${scope[0]} ${scope[1]}
          AND d.created_at < now() - make_interval(secs => ${where.olderThanSeconds}::double precision)
          AND runs.open = 0 AND runs.total < ${MAX_RUNS_PER_DOCUMENT}
        ORDER BY d.created_at, d.id
        LIMIT ${RECOVER_BATCH}`,
  );
}

async function queueFound(db: Db, found: { id: string; workspace_id: string; uploaded_by: string | null }[]) {
  const byWorkspace = new Map<string, typeof found>();
  for (const d of found) byWorkspace.set(d.workspace_id, [...(byWorkspace.get(d.workspace_id) ?? []), d]);
  let queued = 0;
  for (const [workspaceId, docs] of byWorkspace) {
    queued += (
      await queueExtractions(db, { workspaceId, documentIds: docs.map((d) => d.id), createdBy: docs[0].uploaded_by })
    ).length;
  }
  return queued;
}

/**
 * Recovery (lib/jobs): documents stored "processing" whose extraction was never queued (the upload was
 * killed between the insert and the enqueue) or whose runs all ended, older than the stale bound so an
 * upload still under way is left to queue its own.
 */
export async function recoverStuckExtractions(db: Db, opts: { staleAfterMs?: number } = {}) {
  return queueFound(
    db,
    await stuckDocuments(db, { olderThanSeconds: (opts.staleAfterMs ?? jobTiming().staleAfterMs) / 1000 }),
  );
}

/** The same bytes uploaded again: those of the documents that are stuck "processing" get a new run. */
export async function requeueStuckExtractions(db: Db, args: { workspaceId: string; documentIds: string[] }) {
  if (!args.documentIds.length) return 0;
  return queueFound(
    db,
    await stuckDocuments(db, {
      workspaceId: args.workspaceId,
      documentIds: [...new Set(args.documentIds)],
      olderThanSeconds: 0,
    }),
  );
}
