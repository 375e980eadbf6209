/**
 * The import job (`import.run`): reads the stored file again, plans its rows, and applies them in
 * chunks, each chunk one transaction that writes SKUs and values and records every row's outcome in
 * import_rows. Rows already recorded are skipped, so a run that died (process killed, database gone)
 * resumes where it stopped when lib/jobs re-queues it, and no row is applied twice. The batch becomes
 * completed (or completed_with_errors) only when every row of the file has an outcome; otherwise, or
 * when the file cannot be read, it fails with the reason.
 */
import { and, eq, inArray, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Actor } from '@/lib/auth/context';
import type { Db } from '@/lib/db/client';
import { PipelinedWrites } from '@/lib/db/pipelined';
import { executePrepared } from '@/lib/db/prepared';
import { importBatches, workspaces } from '@/lib/db/schema';
import { recordAudit } from '@/lib/audit';
import { databaseErrorOf } from '@/lib/db/errors';
import { defineJob, NonRetryableError, type JobContext } from '@/lib/jobs/define';
import { LeaseLostError } from '@/lib/jobs/lease';
import type { PlanId } from '@/lib/plans';
import { getBlobStore, type ByteSource } from '@/lib/storage';
import type { PlannedRecord } from './plan';
import { FINAL_STATUSES, outcomeCounts, recordedRowNumbers, upsertCandidates, type BatchRow } from './repo';
import { applyChunk, findChunkSkus, issuesOf, prepareRecord, recordRows, type ChunkContext } from './repo-write';
import { readErrorMessage } from './service-errors';
import { roundTimings, timed, type ImportTimings } from './timings';

/**
 * Rows per chunk transaction. Each chunk costs a few round trips and a commit whatever its size, during
 * which the database waits (about 15 ms a chunk on a local Postgres server): 1,000 rows took a 100k-row
 * import from 16.5-16.9 s to 15.4-16.0 s (bench/import-e2e.ts, runs in turns), for about 5 MB more
 * peak RSS; PGlite, which has no round trips, gains nothing from larger chunks.
 */
export const IMPORT_CHUNK_ROWS = 1000;
const PROGRESS_EVERY_MS = 1000;
const RETRY_LIMIT = 2;

export interface ImportOptions {
  sheet?: string;
  header_row?: number;
  mapping?: Record<string, string | null>;
  actor: Actor;
}

class BatchFailure extends NonRetryableError {}

async function failBatch(db: Db, batchId: string, message: string) {
  await db
    .update(importBatches)
    .set({ status: 'failed', errorMessage: message.slice(0, 2000), completedAt: new Date() })
    .where(
      and(eq(importBatches.id, batchId), sql`${importBatches.status} NOT IN ('completed', 'completed_with_errors')`),
    );
}

/**
 * Runs (or resumes) the batch. `onProgress` is the heartbeat; `chunkRows` is for tests and the bench.
 * Returns the final batch row.
 */
export async function runImportBatch(
  db: Db,
  args: {
    batchId: string;
    workspaceId: string;
    onProgress?: (p: Record<string, unknown>) => Promise<void>;
    fence?: (tx: Db) => Promise<void>;
    chunkRows?: number;
    signal?: AbortSignal;
    /** filled with milliseconds per phase (read, plan, write, recompute) and per write statement */
    timings?: ImportTimings;
  },
) {
  const timings = args.timings ?? {};
  const [batch] = await db
    .select()
    .from(importBatches)
    .where(and(eq(importBatches.id, args.batchId), eq(importBatches.workspaceId, args.workspaceId)));
  if (!batch) throw new BatchFailure('Import batch not found.');
  if ((FINAL_STATUSES as readonly string[]).includes(batch.status)) return batch;
  const [ws] = await db
    .select({ plan: workspaces.plan, operatorRole: workspaces.operatorRole })
    .from(workspaces)
    .where(eq(workspaces.id, batch.workspaceId));
  if (!ws) throw new BatchFailure('Workspace not found.');
  await db
    .update(importBatches)
    .set({ status: 'processing', startedAt: sql`coalesce(${importBatches.startedAt}, now())`, errorMessage: null })
    .where(eq(importBatches.id, batch.id));
  await args.onProgress?.({ batch_id: batch.id, phase: 'reading' });

  const options = batch.options as unknown as ImportOptions;
  if (!batch.storageKey) throw new BatchFailure('The import file was not stored.');
  // The file is read in pieces on every pass, never held whole (a workbook is, by the reader).
  let source: ByteSource;
  const tRead = performance.now();
  try {
    source = await getBlobStore().getSource(batch.storageKey);
  } catch {
    throw new BatchFailure('The stored import file is missing; upload it again.');
  }
  timings.read = performance.now() - tRead;
  // The readers (SheetJS and its code pages among them) load with the first import, not with the worker.
  const { planFileForRun } = await import('./service-plan');
  const planned = await timed(timings, 'plan', () =>
    planFileForRun({
      bytes: source,
      filename: batch.filename,
      sheet: options.sheet,
      headerRow: options.header_row,
      mapping: options.mapping,
    }),
  );
  if (!planned.ok) throw new BatchFailure(readErrorMessage(planned.error));
  if (planned.mapping.errors.length)
    throw new BatchFailure(
      `The column mapping does not fit the file: ${planned.mapping.errors.map((e) => e.message).join(' ')}`,
    );

  const total = planned.totalRows;
  const shape = { ...planned.shape, warnings: planned.readWarnings };
  await db
    .update(importBatches)
    .set({
      totalRows: total,
      fileFormat: planned.shape.format,
      shape: shape as unknown as Record<string, unknown>,
      mapping: planned.mapping as unknown as Record<string, unknown>,
    })
    .where(eq(importBatches.id, batch.id));

  const done = await recordedRowNumbers(db, { batchId: batch.id });
  const ctx: ChunkWriter = {
    workspaceId: batch.workspaceId,
    plan: ws.plan as PlanId,
    operatorRole: ws.operatorRole,
    batchId: batch.id,
    actor: options.actor,
    fence: args.fence,
    timings,
    asyncCommit: onPostgresServer(db),
  };
  const chunkRows = args.chunkRows ?? IMPORT_CHUNK_ROWS;
  let processed = done.size;
  // The run's own clock for rows/s and the ETA starts here, after reading and planning.
  await db
    .update(importBatches)
    .set({ writingStartedAt: sql`now()`, writingStartedRows: processed })
    .where(eq(importBatches.id, batch.id));
  const startedWriting = performance.now();
  let chunk: PlannedRecord[] = [];
  // One chunk in flight while the next is read and planned: the database writes chunk N while this
  // process plans chunk N+1 (and evaluates its new SKUs' blockers). Chunks still apply one after the
  // other in file order, each in its own transaction, so resuming and exactly-once are as before.
  let inflight: Promise<void> | null = null;

  const flush = async () => {
    if (!chunk.length) return;
    const records = chunk;
    chunk = [];
    if (inflight) await inflight;
    if (args.signal?.aborted) throw new Error('The import run was stopped.');
    const p = write(records);
    p.catch(() => {}); // awaited by the next flush or at the end; this only keeps it from being "unhandled"
    inflight = p;
  };

  // Progress (a write of the job run, committed on its own) at most once a second: per chunk it was
  // about 4 ms the next chunk waited for, ten times a second.
  let reportedAt = -Infinity;
  const write = async (records: PlannedRecord[]) => {
    processed += await timed(timings, 'write', () => applyRecords(db, ctx, records));
    const now = performance.now();
    if (now - reportedAt < PROGRESS_EVERY_MS && processed < total) return;
    reportedAt = now;
    const seconds = (now - startedWriting) / 1000;
    const rate = seconds >= 1 ? (processed - done.size) / seconds : null;
    await args.onProgress?.({
      batch_id: batch.id,
      phase: 'writing',
      processed_rows: processed,
      total_rows: total,
      rows_per_second: rate === null ? null : Math.round(rate),
      eta_seconds: rate ? Math.ceil(Math.max(0, total - processed) / rate) : null,
    });
  };

  const gen = planned.records();
  // Pass 2 plans as it reads; its time is the plan phase's too.
  const next = () => {
    const t0 = performance.now();
    const step = gen.next();
    timings.plan = (timings.plan ?? 0) + performance.now() - t0;
    return step;
  };
  for (let step = next(); ; step = next()) {
    if (step.done) {
      if (!step.value.ok) throw new BatchFailure(readErrorMessage(step.value.error));
      break;
    }
    if (done.has(step.value.row_number)) continue;
    prepareRecord(step.value, ctx.operatorRole);
    chunk.push(step.value);
    if (chunk.length >= chunkRows) await flush();
    // Planning is synchronous; without a turn of the event loop after each row, the chunk in flight
    // would wait for the next chunk's planning before it could send its next statement, and planning
    // and writing would take turns instead of overlapping. (A turn costs about a microsecond.)
    else if (inflight) await new Promise<void>((resolve) => setImmediate(resolve));
  }
  await flush();
  if (inflight) await inflight;
  // The summary and entity candidates were taken as the rows were planned (every row, written now or
  // before a restart).
  const { summary, candidates } = planned.totals();
  await db
    .update(importBatches)
    .set({ shape: { ...shape, summary } as unknown as Record<string, unknown> })
    .where(eq(importBatches.id, batch.id));
  await upsertCandidates(db, { batchId: batch.id, workspaceId: batch.workspaceId, candidates });
  // Only the delivery that still holds the run finishes the batch (one completion, one audit event).
  return db.transaction(async (tx) => {
    const t = tx as unknown as Db;
    await args.fence?.(t);
    return finishBatch(t, batch.id, total);
  });
}

/**
 * The chunk writer's context; `fence` holds the job run for this delivery inside each transaction;
 * `asyncCommit` (a Postgres server) lets chunk transactions commit without waiting for the WAL flush and
 * turns JIT off for them (see applyRecords).
 */
type ChunkWriter = ChunkContext & { fence?: (tx: Db) => Promise<void>; asyncCommit?: boolean };

/** A Postgres server (postgres-js, whose client is a function) rather than embedded PGlite. */
function onPostgresServer(db: Db): boolean {
  return typeof (db as unknown as { $client?: unknown }).$client === 'function';
}

/**
 * One chunk in one transaction; the job run is fenced (a worker that lost the run writes nothing) and
 * the batch row locked first so two deliveries of a run can never apply the same rows, and rows
 * recorded meanwhile are dropped. A data error of one row (a constraint,
 * a value the database refuses) makes the chunk go row by row, and only that row ends as `error`.
 */
async function applyRecords(db: Db, ctx: ChunkWriter, records: PlannedRecord[]): Promise<number> {
  try {
    return await db.transaction(async (tx) => {
      const t = tx as unknown as Db;
      // The chunk's commit need not wait for its WAL to reach the disk (a few ms per chunk, most of a
      // small chunk's commit). Safe here: if the database server crashes, it loses at most the last
      // chunks committed before the crash, each whole (the WAL stays consistent, so a chunk is all
      // there or not at all), and a lost chunk has no import_rows records either, so the resumed run
      // applies those rows again: each row still lands exactly once. Any later synchronous commit
      // (the batch's completion below, for one) flushes all the WAL before it, so a batch is never
      // completed over chunks a crash could still take back. Only on a Postgres server: PGlite
      // runs single-user, without the WAL writer that flushes asynchronous commits.
      // No JIT either: a chunk's statements probe by key, but without fresh statistics their estimates
      // can pass jit_above_cost, and compiling took 2.6 of the 2.8 s a 20k-row re-import spent reading
      // the touched SKUs' values (Postgres 15). PGlite has no JIT.
      // These go out together (one round trip per chunk instead of five); the fence and the lock still
      // run before the reads, in this order, and a lost lease fails the chunk before anything is written.
      const opening = new PipelinedWrites();
      if (ctx.fence) await opening.send('fence', () => ctx.fence!(t));
      if (ctx.asyncCommit)
        await opening.send('settings', () =>
          executePrepared(t, sql`SELECT set_config('synchronous_commit', 'off', true), set_config('jit', 'off', true)`),
        );
      await opening.send('lock', () =>
        executePrepared(t, sql`SELECT id FROM import_batches WHERE id = ${ctx.batchId} FOR UPDATE`),
      );
      const recordedRead = recordedRowNumbers(t, { batchId: ctx.batchId, among: records.map((r) => r.row_number) });
      // The SKUs of every row of the chunk, locked: a row recorded already (only after a restart) has
      // its SKU locked for nothing, and the chunk gets its first read without a round trip of its own.
      const skusRead = findChunkSkus(t, { ctx, records });
      recordedRead.catch(() => {}); // a failure before them is the one reported, by settled()
      skusRead.catch(() => {});
      await opening.settled();
      const recorded = await recordedRead;
      const existing = await skusRead;
      const todo = records.filter((r) => !recorded.has(r.row_number));
      await applyChunk(t, { ctx, records: todo, existing });
      return todo.length;
    });
  } catch (e) {
    if (!isDataError(e) || records.length === 1) {
      if (records.length === 1 && isDataError(e)) return recordError(db, ctx, records[0], e);
      throw e;
    }
    let n = 0;
    for (const r of records) n += await applyRecords(db, ctx, [r]);
    return n;
  }
}

async function recordError(db: Db, ctx: ChunkWriter, rec: PlannedRecord, e: unknown): Promise<number> {
  // The database's own words: the query builder's message is the statement and every value of the chunk.
  const message = (databaseErrorOf(e)?.message ?? 'unknown error').slice(0, 300);
  return db.transaction(async (tx) => {
    const t = tx as unknown as Db;
    await ctx.fence?.(t);
    await t.execute(sql`SELECT id FROM import_batches WHERE id = ${ctx.batchId} FOR UPDATE`);
    if ((await recordedRowNumbers(t, { batchId: ctx.batchId, among: [rec.row_number] })).size) return 0;
    await recordRows(t, {
      ctx,
      results: [
        {
          row_number: rec.row_number,
          outcome: 'error',
          sku_id: null,
          sku_code: rec.sku.sku_code,
          changes: {},
          issues: [
            {
              severity: 'error',
              column: null,
              code: 'write_failed',
              message: `The row could not be written: ${message}`,
            },
            ...issuesOf(rec),
          ],
        },
      ],
    });
    return 1;
  });
}

/** SQLSTATE classes 22 (data exception) and 23 (integrity constraint): the row, not the system. */
function isDataError(e: unknown): boolean {
  return /^2[23]/.test(databaseErrorOf(e)?.code ?? '');
}

/** Completed only when every row has an outcome; the counters are taken from import_rows. */
async function finishBatch(db: Db, batchId: string, total: number): Promise<BatchRow> {
  const counts = await outcomeCounts(db, { batchId });
  let completedNow = false;
  if (counts.total !== total) {
    await failBatch(
      db,
      batchId,
      `${total - counts.total} of ${total} rows have no outcome; the import stopped before the end.`,
    );
  } else {
    const withErrors = counts.failed + counts.error > 0;
    const updated = await db
      .update(importBatches)
      .set({
        status: withErrors ? 'completed_with_errors' : 'completed',
        processedRows: counts.total,
        createdRows: counts.created,
        updatedRows: counts.updated,
        skippedRows: counts.skipped,
        failedRows: counts.failed,
        errorRows: counts.error,
        completedAt: new Date(),
      })
      .where(and(eq(importBatches.id, batchId), inArray(importBatches.status, ['queued', 'processing'])))
      .returning({ id: importBatches.id });
    completedNow = updated.length > 0;
  }
  const [row] = await db.select().from(importBatches).where(eq(importBatches.id, batchId));
  if (completedNow) {
    const o = row.options as unknown as ImportOptions;
    await recordAudit(db, {
      workspaceId: row.workspaceId,
      actor: o.actor ?? null,
      action: 'import.completed',
      targetType: 'import_batch',
      targetId: row.id,
      data: {
        filename: row.filename,
        total_rows: row.totalRows,
        created_rows: row.createdRows,
        updated_rows: row.updatedRows,
        skipped_rows: row.skippedRows,
        failed_rows: row.failedRows,
        error_rows: row.errorRows,
      },
    });
  }
  return row;
}

export const importRunJob = defineJob({
  name: 'import.run',
  schema: z.object({ batch_id: z.string().uuid() }),
  retryLimit: RETRY_LIMIT,
  retryDelaySeconds: 5,
  // Large files take a while; a dead worker is found by its heartbeat (lib/jobs recoverRuns), not this.
  expireInSeconds: 6 * 60 * 60,
  handler: async (p, ctx: JobContext) => {
    try {
      const timings: ImportTimings = {};
      const row = await runImportBatch(ctx.db, {
        timings,
        batchId: p.batch_id,
        workspaceId: ctx.workspaceId,
        onProgress: ctx.progress,
        fence: ctx.fence,
        signal: ctx.signal,
      });
      // write includes recompute (both run inside the chunk's transaction); phases_ms says it apart.
      return {
        batch_id: row.id,
        status: row.status,
        processed_rows: row.processedRows,
        total_rows: row.totalRows,
        phases_ms: roundTimings(timings),
      };
    } catch (e) {
      const message = e instanceof Error ? e.message : String(e);
      // Another worker took the run over: the batch is its to finish.
      if (e instanceof LeaseLostError || ctx.signal.aborted) throw e;
      if (e instanceof NonRetryableError || ctx.attempt > RETRY_LIMIT) {
        await failBatch(ctx.db, p.batch_id, message);
        if (!(e instanceof NonRetryableError)) throw new NonRetryableError(message);
      }
      throw e;
    }
  },
});
