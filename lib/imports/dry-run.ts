/**
 * The dry run of an import: what the file is, how it maps, what each row would become, what it would
 * create, update, skip and fail, without writing anything.
 */
import fs from 'node:fs';
import type { WorkspaceRef } from '@/lib/auth/context';
import type { Db } from '@/lib/db/client';
import { AppError } from '@/lib/errors';
import { PLANS } from '@/lib/plans';
import { fileSource } from '@/lib/storage';
import type { PlannedRecord } from './plan';
import { candidateJson, existingEntityIndex } from './repo';
import { countWorkspaceSkus, currentValues, diffRecord, findSkusByCode } from './repo-write';
import { currentEntityLinks, entityLinkChanges, UpdateDiffCollector } from './dry-run-diff';
import { UnrecognisedCategoryCollector } from './unrecognised-categories';
import { readErrorToAppError } from './service-errors';
import { mappingProblems, planFile, sampleValues, type PlanFileInput, type PlannedFile } from './service-plan';
import type { ImportFileInput, ImportRequestOptions } from './service';

const SAMPLE_ROWS = 20;
const MAX_ROW_ERRORS = 1000;
const DRY_RUN_CHUNK = 1000;

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
