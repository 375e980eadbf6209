/**
 * Imports, domain operations behind the routes: the dry run (what the file is, how it maps, what each
 * row would become, what it would create, update, skip and fail, without writing anything), the commit
 * (file stored, batch created, job queued), batch listing and reading, the row listing, the error CSV
 * and the from-URL preview. Free of HTTP: routes pass in what they parsed.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import { and, eq } from 'drizzle-orm';
import type { Actor, WorkspaceRef } from '@/lib/auth/context';
import type { Db } from '@/lib/db/client';
import { importBatches } from '@/lib/db/schema';
import { recordAudit } from '@/lib/audit';
import { AppError } from '@/lib/errors';
import { enqueueJob } from '@/lib/jobs/runs';
import { PLANS } from '@/lib/plans';
import { fileSource, getBlobStore, importBlobKey } from '@/lib/storage';
import { rowErrorsCsv } from './errors-csv';
import { previewProductFromUrl } from './from-url';
import { importRunJob, type ImportOptions } from './jobs';
import type { PlannedRecord } from './plan';
import { decodeKeysetCursor, encodeKeysetCursor, keysetPage } from '@/lib/db/keyset';
import {
  candidateJson,
  existingEntityIndex,
  getBatchRow,
  listBatchRows,
  pageImportRows,
  serializeBatch,
  throughput,
  type ImportBatchJson,
  type RowOutcome,
  type StoredIssue,
} from './repo';
import { countWorkspaceSkus, currentValues, diffRecord, findSkusByCode } from './repo-write';
import { currentEntityLinks, entityLinkChanges, UpdateDiffCollector } from './dry-run-diff';
import { UnrecognisedCategoryCollector } from './unrecognised-categories';
import { previewErrorToAppError, readErrorToAppError } from './service-errors';
import { mappingProblems, planFile, sampleValues, type PlanFileInput, type PlannedFile } from './service-plan';

export const IMPORT_MAX_FILE_BYTES = 50 * 1024 * 1024;
const SAMPLE_ROWS = 20;
const MAX_ROW_ERRORS = 1000;
const DRY_RUN_CHUNK = 1000;

export interface ImportFileInput {
  /** a local temp file with the upload */
  path: string;
  filename: string;
  size: number;
  sha256: string;
}

export interface ImportRequestOptions {
  sheet?: string;
  header_row?: number;
  mapping?: Record<string, string | null>;
}

async function planOrThrow(
  bytes: PlanFileInput['bytes'],
  filename: string,
  options: ImportRequestOptions,
  sampleSize = SAMPLE_ROWS,
): Promise<PlannedFile> {
  const planned = await planFile({
    bytes,
    filename,
    sheet: options.sheet,
    headerRow: options.header_row,
    mapping: options.mapping,
    sampleSize,
    maxErrors: MAX_ROW_ERRORS,
  });
  if (!planned.ok) throw readErrorToAppError(planned.error);
  const problems = mappingProblems(planned.mapping);
  if (problems.length) {
    throw new AppError(
      'VALIDATION_FAILED',
      `The mapping does not fit the file: ${problems.map((p) => p.message).join(' ')}`,
      { details: { fields: problems } },
    );
  }
  return planned;
}

/** A planned record as the dry run shows it: the values as they would be stored. */
function recordJson(rec: PlannedRecord) {
  return {
    row_number: rec.row_number,
    status: rec.status,
    sku: rec.sku,
    dossier: rec.dossier,
    errors: rec.errors.map(({ column, code, message }) => ({ column, code, message })),
    warnings: rec.warnings.map(({ column, code, message }) => ({ column, code, message })),
  };
}

/**
 * What an import of this file would do; writes nothing (no batch, no SKU, no stored file). Created vs
 * updated vs unchanged is decided against the workspace's SKUs and their current values, and creations
 * beyond the plan's SKU limit count as failing. update_diff lists what the updates change, field by
 * field (see dry-run-diff.ts).
 */
export async function dryRunImport(
  db: Db,
  args: { workspace: WorkspaceRef; file: ImportFileInput; options: ImportRequestOptions },
) {
  // Read in pieces on each pass: a large CSV upload is never held whole.
  const source = fileSource(args.file.path, (await fs.promises.stat(args.file.path)).size);
  const planned = await planOrThrow(source, args.file.filename, args.options);
  const limit = PLANS[args.workspace.plan].skuLimit;
  const currentCount = await countWorkspaceSkus(db, { workspaceId: args.workspace.id });
  let room = Math.max(0, limit - currentCount);
  const counts = {
    total_rows: planned.summary.total_rows,
    would_create: 0,
    would_update: 0,
    would_skip: 0,
    would_fail: 0,
  };
  const diff = new UpdateDiffCollector();
  const unrecognised = new UnrecognisedCategoryCollector();
  const entityColumns = planned.candidates.length > 0;

  const decide = async (chunk: PlannedRecord[]) => {
    const valid = chunk.filter((r) => r.status === 'valid' && r.sku.sku_code);
    const existing = await findSkusByCode(db, {
      workspaceId: args.workspace.id,
      codes: valid.map((r) => r.sku.sku_code!),
    });
    const existingIds = [...existing.values()].map((s) => s.id);
    const values = await currentValues(db, { skuIds: existingIds });
    const links = entityColumns
      ? await currentEntityLinks(db, { workspaceId: args.workspace.id, skuIds: existingIds })
      : null;
    for (const rec of chunk) {
      if (rec.status === 'invalid') counts.would_fail++;
      else if (rec.status === 'skipped' || !rec.sku.sku_code) counts.would_skip++;
      else {
        const prior = existing.get(rec.sku.sku_code) ?? null;
        unrecognised.add(rec, !prior);
        if (!prior) {
          if (room > 0) {
            room--;
            counts.would_create++;
          } else counts.would_fail++;
        } else {
          const current = new Map([...(values.get(prior.id) ?? new Map()).entries()].map(([k, v]) => [k, v.value]));
          const changes = diffRecord(rec, prior, current);
          if (Object.keys(changes).length) counts.would_update++;
          else counts.would_skip++;
          diff.add(rec, prior, changes, links ? entityLinkChanges(rec, links.get(prior.id)) : undefined);
        }
      }
    }
  };
  let chunk: PlannedRecord[] = [];
  const gen = planned.records();
  for (let step = gen.next(); !step.done; step = gen.next()) {
    chunk.push(step.value);
    if (chunk.length >= DRY_RUN_CHUNK) {
      await decide(chunk);
      chunk = [];
    }
  }
  await decide(chunk);

  const entities = await existingEntityIndex(db, { workspaceId: args.workspace.id });
  const shape = planned.shape;
  return {
    dry_run: true as const,
    file: {
      filename: args.file.filename,
      format: shape.format,
      encoding: shape.encoding,
      delimiter: shape.delimiter,
      sheets: shape.sheets.map((s) => ({ name: s.name, visible: s.visibility === 'visible', rows: s.non_empty_rows })),
      sheet: shape.sheet,
      header_row: shape.header_row,
      title_rows_skipped: shape.title_rows_skipped,
      warnings: planned.readWarnings.map((w) => ({ code: w.code, message: w.message })),
    },
    columns: planned.mapping.columns.map((c) => ({
      index: c.index,
      header: c.header,
      field_key: c.target,
      confidence: c.confidence,
      reason: c.reason,
      sample_values: sampleValues(planned.headRows, c.index),
    })),
    unmapped_columns: planned.mapping.unmapped.map((u) => ({
      index: u.index,
      header: u.header,
      reason: u.reason,
      detail: u.detail,
    })),
    missing_required: planned.mapping.missing_required,
    sample_rows: planned.sample.map(recordJson),
    row_errors: planned.errors.map(({ row, column, code, message }) => ({ row, column, code, message })),
    row_errors_total: planned.errorsTotal,
    counts,
    plan_limit: { plan: args.workspace.plan, limit, current_count: currentCount },
    entity_candidates: planned.candidates.map((c) => candidateJson(c, entities)),
    update_diff: diff.result(),
    unrecognised_categories: unrecognised.result(),
  };
}

function formatFromName(filename: string): string | null {
  const ext = /\.([a-z0-9]{1,5})$/i.exec(filename)?.[1]?.toLowerCase();
  return ext && ['csv', 'tsv', 'txt', 'xlsx', 'xls', 'ods'].includes(ext) ? ext : null;
}

/**
 * Commit: the file is stored under the batch's key (the job reads it from there, also after a
 * restart), the batch is created queued, and the job is enqueued after the batch is visible.
 */
export async function commitImport(
  db: Db,
  args: { workspace: WorkspaceRef; actor: Actor; file: ImportFileInput; options: ImportRequestOptions },
) {
  const batchId = crypto.randomUUID();
  const key = importBlobKey(args.workspace.id, batchId);
  const store = getBlobStore();
  await store.put(key, { filePath: args.file.path }, 'application/octet-stream');
  const options: ImportOptions = { ...args.options, actor: args.actor };
  try {
    await db.insert(importBatches).values({
      id: batchId,
      workspaceId: args.workspace.id,
      filename: args.file.filename,
      status: 'queued',
      fileFormat: formatFromName(args.file.filename),
      sha256: args.file.sha256,
      storageKey: key,
      sizeBytes: args.file.size,
      options: options as unknown as Record<string, unknown>,
      createdBy: args.actor.userId,
    });
  } catch (e) {
    await store.delete(key).catch(() => {});
    throw e;
  }
  await recordAudit(db, {
    workspaceId: args.workspace.id,
    actor: args.actor,
    action: 'import.started',
    targetType: 'import_batch',
    targetId: batchId,
    data: { filename: args.file.filename, size_bytes: args.file.size, sha256: args.file.sha256 },
  });
  const run = await enqueueJob(db, {
    job: importRunJob,
    workspaceId: args.workspace.id,
    payload: { batch_id: batchId },
    subjectType: 'import_batch',
    subjectId: batchId,
    createdBy: args.actor.userId,
  });
  await db
    .update(importBatches)
    .set({ jobRunId: run.id })
    .where(and(eq(importBatches.id, batchId), eq(importBatches.workspaceId, args.workspace.id)));
  const batch = await getBatchRow(db, { workspaceId: args.workspace.id, batchId });
  return { batch: serializeBatch(batch), job_id: run.id };
}

/** GET /api/imports: the workspace's batches newest first, keyset-paged by (created_at, id). */
export async function listImports(
  db: Db,
  { workspaceId, q }: { workspaceId: string; q: { cursor?: string; limit: number } },
) {
  const after = q.cursor !== undefined ? decodeKeysetCursor(q.cursor, 'imports', 'timestamp') : undefined;
  const rows = await listBatchRows(db, { workspaceId, q: { after, limit: q.limit + 1 } });
  const { page, next_cursor, has_more } = keysetPage(rows, q.limit, (last) =>
    encodeKeysetCursor('imports', last.createdKey, last.row.id),
  );
  return { batches: page.map((r) => serializeBatch(r.row)), next_cursor, has_more };
}

export async function getImport(
  db: Db,
  { workspaceId, batchId }: { workspaceId: string; batchId: string },
): Promise<{ batch: ImportBatchJson & Partial<ReturnType<typeof throughput>> }> {
  const row = await getBatchRow(db, { workspaceId, batchId });
  // The poll of one batch also says how fast it goes and how long it still takes.
  return { batch: { ...serializeBatch(row), ...throughput(row) } };
}

const changesJson = (batchId: string, rowNumber: number, changes: Record<string, unknown>) =>
  Object.entries(changes).map(([field_key, c]) => {
    const ch = c as { from: string | null; to: string; column: string | null };
    return {
      field_key,
      from: ch.from,
      to: ch.to,
      provenance: { source: 'import', batch_id: batchId, row: rowNumber, column: ch.column },
    };
  });

/** A keyset page of the batch's rows with their outcome, errors and changes. */
export async function listImportRows(
  db: Db,
  {
    workspaceId,
    batchId,
    q,
  }: { workspaceId: string; batchId: string; q: { outcome?: RowOutcome; cursor?: string; limit: number } },
) {
  await getBatchRow(db, { workspaceId, batchId });
  let after: number | undefined;
  if (q.cursor !== undefined) {
    if (!/^\d{1,9}$/.test(q.cursor))
      throw new AppError('VALIDATION_FAILED', 'The cursor is not one this listing gave.', {
        details: { fields: [{ path: 'cursor', message: 'invalid cursor' }] },
      });
    after = Number(q.cursor);
  }
  const rows = await pageImportRows(db, { batchId, opts: { outcome: q.outcome, after, limit: q.limit + 1 } });
  const page = rows.slice(0, q.limit);
  const has_more = rows.length > q.limit;
  return {
    data: page.map((r) => ({
      row_number: r.rowNumber,
      sku_id: r.skuId,
      sku_code: r.skuCode,
      outcome: r.outcome,
      errors: (r.errors as unknown as StoredIssue[]).map(({ severity, column, code, message }) => ({
        severity,
        column,
        code,
        message,
      })),
      changes: changesJson(batchId, r.rowNumber, r.changes),
    })),
    next_cursor: has_more && page.length ? String(page[page.length - 1].rowNumber) : null,
    has_more,
  };
}

/** The row errors of the batch as CSV (formula-injection safe); a failed batch's reason comes first. */
export async function importErrorsCsv(
  db: Db,
  { workspaceId, batchId }: { workspaceId: string; batchId: string },
): Promise<{ filename: string; csv: string }> {
  const batch = await getBatchRow(db, { workspaceId, batchId });
  const issues: { row: number; column: string | null; code: string; message: string }[] = [];
  if (batch.status === 'failed' && batch.errorMessage)
    issues.push({ row: 0, column: null, code: 'batch_failed', message: batch.errorMessage });
  for (let after: number | undefined = undefined; ;) {
    const rows = await pageImportRows(db, { batchId, opts: { after, limit: 5000, withErrorsOnly: true } });
    for (const r of rows) {
      for (const e of r.errors as unknown as StoredIssue[])
        if (e.severity === 'error')
          issues.push({ row: r.rowNumber, column: e.column, code: e.code, message: e.message });
    }
    if (rows.length < 5000) break;
    after = rows[rows.length - 1].rowNumber;
  }
  const base =
    batch.filename
      .replace(/\.[^.]*$/, '')
      .replace(/[^A-Za-z0-9._-]+/g, '_')
      .slice(0, 80) || 'import';
  return { filename: `${base}-errors.csv`, csv: rowErrorsCsv(issues.map((i) => ({ ...i, row: i.row }))) };
}

/** Preview of a product page: proposed SKU fields with their sources; nothing is stored. */
export async function previewFromUrl(url: string) {
  const r = await previewProductFromUrl(url);
  if (!r.ok) throw previewErrorToAppError(r.error);
  const f = r.fields;
  const proposed = {
    product_name: f.product_name?.value ?? null,
    gtin: f.gtin?.value ?? null,
    sku_code: f.sku_code?.value ?? null,
    mpn: f.model_number?.value ?? null,
    brand: f.brand?.value ?? null,
    manufacturer: f.manufacturer_name?.value ?? null,
    images: f.images?.value ?? (f.product_image_url ? [f.product_image_url.value] : []),
    description: f.product_description?.value ?? null,
  };
  const sourceOf: Record<keyof typeof proposed, { source: string } | undefined> = {
    product_name: f.product_name,
    gtin: f.gtin,
    sku_code: f.sku_code,
    mpn: f.model_number,
    brand: f.brand,
    manufacturer: f.manufacturer_name,
    images: f.images ?? f.product_image_url,
    description: f.product_description,
  };
  const sources: Record<string, string> = {};
  for (const [k, v] of Object.entries(sourceOf)) if (v) sources[k] = v.source;
  return {
    url: r.url,
    final_url: r.final_url,
    fetched_at: new Date().toISOString(),
    proposed,
    sources,
    warnings: r.warnings.map((w) => ({ code: w.code, message: w.message })),
    variants: r.variants,
  };
}
