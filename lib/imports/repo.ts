/**
 * Database access of imports: batches (and their contract serialisation), per-row outcomes, entity
 * candidates. Set-based where an import touches many rows; no HTTP here.
 */
import { and, asc, desc, eq, gt, sql } from 'drizzle-orm';
import type { Db } from '@/lib/db/client';
import { entities, importBatches, importEntityCandidates, importRows } from '@/lib/db/schema';
import { afterKeyset, timestampText, type KeysetValue } from '@/lib/db/keyset';
import { queryRows } from '@/lib/db/rows';
import { AppError } from '@/lib/errors';
import { type EntityCandidate } from './entities';
import { normalizeEmail, normalizeEntityName } from '@/lib/model/entity-names';

export type BatchRow = typeof importBatches.$inferSelect;
export type ImportRowRow = typeof importRows.$inferSelect;
export type CandidateRow = typeof importEntityCandidates.$inferSelect;
export type RowOutcome = 'created' | 'updated' | 'skipped' | 'failed' | 'error';
export const FINAL_STATUSES = ['completed', 'completed_with_errors', 'failed'] as const;

/** A row error or warning as stored on import_rows.errors. */
export interface StoredIssue {
  severity: 'error' | 'warning';
  column: string | null;
  code: string;
  message: string;
}

/** One changed value of a row: SKU column or dossier field, with the column it came from. */
export interface StoredChange {
  from: string | null;
  to: string;
  column: string | null;
}

export const errorsUrl = (batchId: string) => `/api/imports/${batchId}/errors.csv`;

/** The contract's ImportBatch plus the fields the wizard reads. */
export function serializeBatch(b: BatchRow) {
  return {
    id: b.id,
    filename: b.filename,
    status: b.status,
    created_at: b.createdAt.toISOString(),
    total_rows: b.totalRows,
    processed_rows: b.processedRows,
    created_rows: b.createdRows,
    updated_rows: b.updatedRows,
    skipped_rows: b.skippedRows,
    failed_rows: b.failedRows,
    error_rows: b.errorRows,
    started_at: b.startedAt?.toISOString() ?? null,
    completed_at: b.completedAt?.toISOString() ?? null,
    file_format: b.fileFormat,
    error_message: b.errorMessage,
    job_id: b.jobRunId,
    errors_url: errorsUrl(b.id),
  };
}

/**
 * Rows per second of the current run (rows it recorded over the time since it began writing) and the
 * seconds left at that rate; null until the run has written for a second, or when there is no run.
 */
export function throughput(
  b: Pick<
    BatchRow,
    'status' | 'totalRows' | 'processedRows' | 'writingStartedAt' | 'writingStartedRows' | 'completedAt'
  >,
  now = new Date(),
): { rows_per_second: number | null; eta_seconds: number | null } {
  if (!b.writingStartedAt || b.status === 'queued') return { rows_per_second: null, eta_seconds: null };
  const end = b.status === 'processing' ? now : (b.completedAt ?? now);
  const seconds = (end.getTime() - b.writingStartedAt.getTime()) / 1000;
  const rows = b.processedRows - (b.writingStartedRows ?? 0);
  if (seconds < 1 || rows <= 0) return { rows_per_second: null, eta_seconds: b.status === 'processing' ? null : 0 };
  const rate = rows / seconds;
  const left = b.status === 'processing' && b.totalRows !== null ? Math.max(0, b.totalRows - b.processedRows) : 0;
  return { rows_per_second: Math.round(rate), eta_seconds: Math.ceil(left / rate) };
}
export type ImportBatchJson = ReturnType<typeof serializeBatch>;

/** The batch of this workspace, or 404 (another workspace's batch is indistinguishable from none). */
export async function getBatchRow(
  db: Db,
  { workspaceId, batchId }: { workspaceId: string; batchId: string },
): Promise<BatchRow> {
  const [row] = await db
    .select()
    .from(importBatches)
    .where(and(eq(importBatches.id, batchId), eq(importBatches.workspaceId, workspaceId)));
  if (!row) throw new AppError('NOT_FOUND', 'Import batch not found.');
  return row;
}

/** Batches newest first by (created_at, id), after a keyset position; each with its created_at at microsecond precision. */
export async function listBatchRows(
  db: Db,
  { workspaceId, q }: { workspaceId: string; q: { after?: { value: KeysetValue; id: string }; limit: number } },
): Promise<{ row: BatchRow; createdKey: string }[]> {
  const where = [eq(importBatches.workspaceId, workspaceId)];
  if (q.after) where.push(afterKeyset('desc', importBatches.createdAt, q.after.value, importBatches.id, q.after.id));
  return db
    .select({ row: importBatches, createdKey: timestampText(importBatches.createdAt) })
    .from(importBatches)
    .where(and(...where))
    .orderBy(desc(importBatches.createdAt), desc(importBatches.id))
    .limit(q.limit);
}

/** Row numbers already recorded for the batch (what a resumed run skips). */
export async function recordedRowNumbers(
  db: Db,
  { batchId, among }: { batchId: string; among?: number[] },
): Promise<Set<number>> {
  if (among && among.length === 0) return new Set();
  if (!among) {
    const rows = await db.select({ n: importRows.rowNumber }).from(importRows).where(eq(importRows.batchId, batchId));
    return new Set(rows.map((r) => r.n));
  }
  const rows = await queryRows<{ n: number }>(db, recordedAmongQuery(batchId, among), { prepared: true });
  return new Set(rows.map((r) => Number(r.n)));
}

/** One primary-key probe per row number, whatever the statistics say (see findSkusByCode). */
export function recordedAmongQuery(batchId: string, among: number[]) {
  return sql`SELECT r.n FROM unnest(${sql.param(among)}::int[]) AS a(n)
    CROSS JOIN LATERAL (SELECT x.row_number AS n FROM import_rows x WHERE x.batch_id = ${batchId} AND x.row_number = a.n OFFSET 0) r`;
}

export async function outcomeCounts(
  db: Db,
  { batchId }: { batchId: string },
): Promise<Record<RowOutcome, number> & { total: number }> {
  const rows = await queryRows<{ outcome: RowOutcome; n: number }>(
    db,
    sql`SELECT outcome, count(*)::int AS n FROM import_rows WHERE batch_id = ${batchId} GROUP BY outcome`,
  );
  const out = { created: 0, updated: 0, skipped: 0, failed: 0, error: 0, total: 0 };
  for (const r of rows) {
    out[r.outcome] = Number(r.n);
    out.total += Number(r.n);
  }
  return out;
}

/** Keyset page of a batch's rows, optionally of one outcome. */
export async function pageImportRows(
  db: Db,
  {
    batchId,
    opts,
  }: { batchId: string; opts: { outcome?: RowOutcome; after?: number; limit: number; withErrorsOnly?: boolean } },
) {
  const where = [eq(importRows.batchId, batchId)];
  if (opts.outcome) where.push(eq(importRows.outcome, opts.outcome));
  if (opts.after !== undefined) where.push(gt(importRows.rowNumber, opts.after));
  if (opts.withErrorsOnly) where.push(sql`jsonb_array_length(${importRows.errors}) > 0`);
  return db
    .select()
    .from(importRows)
    .where(and(...where))
    .orderBy(asc(importRows.rowNumber))
    .limit(opts.limit);
}

/** Stores the entity candidates of the batch; decisions already taken are kept. */
export async function upsertCandidates(
  db: Db,
  args: { batchId: string; workspaceId: string; candidates: EntityCandidate[] },
) {
  for (let i = 0; i < args.candidates.length; i += 200) {
    const slice = args.candidates.slice(i, i + 200);
    await db
      .insert(importEntityCandidates)
      .values(
        slice.map((c) => ({
          batchId: args.batchId,
          workspaceId: args.workspaceId,
          role: c.role,
          candidateKey: c.candidate_key,
          proposedValues: c.proposed_values,
          sourceRows: c.source_rows,
          conflicts: c.conflicts as unknown as Record<string, unknown>[],
          details: { country: c.country, url: c.url, variants: c.variants },
        })),
      )
      .onConflictDoUpdate({
        target: [importEntityCandidates.batchId, importEntityCandidates.role, importEntityCandidates.candidateKey],
        set: {
          proposedValues: sql`excluded.proposed_values`,
          sourceRows: sql`excluded.source_rows`,
          conflicts: sql`excluded.conflicts`,
          details: sql`excluded.details`,
        },
      });
  }
}

export async function candidateRows(db: Db, { batchId }: { batchId: string }): Promise<CandidateRow[]> {
  return db
    .select()
    .from(importEntityCandidates)
    .where(eq(importEntityCandidates.batchId, batchId))
    .orderBy(asc(importEntityCandidates.role), asc(importEntityCandidates.candidateKey));
}

const MAX_LISTED_ROWS = 1000;

/**
 * The candidate as the dry run and the review show it. existing_entity_id names an entity of the
 * workspace with the same identity (or, failing that, the same normalised name and email).
 */
export function candidateJson(
  c: {
    candidate_key: string;
    role: string;
    proposed_values: { name: string | null; address: string | null; email: string | null };
    source_rows: number[];
    conflicts: unknown[];
    country?: string | null;
    url?: string | null;
  },
  existing: ExistingEntityIndex,
) {
  return {
    candidate_key: c.candidate_key,
    role: c.role,
    proposed_values: {
      name: c.proposed_values.name ?? null,
      address: c.proposed_values.address ?? null,
      email: c.proposed_values.email ?? null,
    },
    source_rows: c.source_rows.slice(0, MAX_LISTED_ROWS),
    source_row_count: c.source_rows.length,
    has_conflicts: c.conflicts.length > 0,
    conflicts: c.conflicts,
    country: c.country ?? null,
    url: c.url ?? null,
    existing_entity_id: existing.match(c.candidate_key, c.proposed_values),
  };
}

export interface ExistingEntityIndex {
  match(candidateKey: string, values: { name: string | null; email: string | null }): string | null;
}

/** The workspace's entities indexed by identity key and by normalised name + email. */
export async function existingEntityIndex(
  db: Db,
  { workspaceId }: { workspaceId: string },
): Promise<ExistingEntityIndex> {
  const rows = await db
    .select({ id: entities.id, name: entities.name, email: entities.email, identityKey: entities.identityKey })
    .from(entities)
    .where(eq(entities.workspaceId, workspaceId))
    .orderBy(asc(entities.createdAt), asc(entities.id))
    .limit(20_000);
  const byKey = new Map<string, string>();
  const byNameEmail = new Map<string, string>();
  for (const e of rows) {
    if (!byKey.has(e.identityKey)) byKey.set(e.identityKey, e.id);
    const k = `${normalizeEntityName(e.name)}\u0000${normalizeEmail(e.email)}`;
    if (!byNameEmail.has(k)) byNameEmail.set(k, e.id);
  }
  return {
    match(candidateKey, values) {
      return (
        byKey.get(candidateKey) ??
        byNameEmail.get(`${normalizeEntityName(values.name)}\u0000${normalizeEmail(values.email)}`) ??
        null
      );
    },
  };
}
