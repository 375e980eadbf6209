/**
 * The pure part of an import dry run: read the file, map its columns, plan every row, and collect what
 * the dry-run answer shows (file shape, mapping, sample rows as they would be stored, row errors and
 * warnings, counts, entity candidates). One streaming pass; only the sample and the errors are kept.
 * What needs the database (created vs updated, the plan's SKU limit) is left to the caller.
 */
import type { EntityCandidate } from './entities';
import { mapColumns, type MappingResult } from './mapping';
import { ImportPlanner, type PlannedRecord, type PlanOptions, type PlanSummary, type RowIssue } from './plan';
import { openCatalogue } from './read';
import type { FileShape, ReadError, ReadInput, ReadWarning } from './read/types';

export interface AnalyzeInput extends ReadInput {
  /** explicit column mapping from the caller ({ header_or_index: field_key | null }) */
  mapping?: unknown;
  /** planned records to return as the preview (default 20) */
  sampleSize?: number;
  /** row errors to return (default 10,000; the count is always complete) */
  maxErrors?: number;
  dateOrder?: PlanOptions['dateOrder'];
}

export interface CatalogueAnalysis {
  ok: true;
  file_shape: FileShape;
  headers: string[];
  read_warnings: ReadWarning[];
  mapping: MappingResult;
  sample_rows: PlannedRecord[];
  row_errors: RowIssue[];
  row_errors_total: number;
  summary: PlanSummary;
  entity_candidates: EntityCandidate[];
}

export type AnalyzeResult = CatalogueAnalysis | { ok: false; error: ReadError };

export async function analyzeCatalogue(input: AnalyzeInput): Promise<AnalyzeResult> {
  const opened = await openCatalogue(input);
  if (!opened.ok) return opened;
  const sampleSize = input.sampleSize ?? 20;
  const maxErrors = input.maxErrors ?? 10_000;

  // Content checks of the mapping look at the first rows.
  const head: string[][] = [];
  const first = opened.rows();
  for (let s = first.next(); !s.done && head.length < 300; s = first.next()) head.push(s.value.cells);
  const mapping = mapColumns({ headers: opened.headers, sampleRows: head, explicit: input.mapping });

  const planner = new ImportPlanner(mapping, opened.headers, { date1904: opened.shape.date1904, dateOrder: input.dateOrder });
  const sample: PlannedRecord[] = [];
  const errors: RowIssue[] = [];
  let errorsTotal = 0;
  const rows = opened.rows();
  for (let step = rows.next(); ; step = rows.next()) {
    if (step.done) {
      if (!step.value.ok) return { ok: false, error: step.value.error };
      break;
    }
    const rec = planner.add(step.value);
    errorsTotal += rec.errors.length;
    for (const e of rec.errors) if (errors.length < maxErrors) errors.push(e);
    if (sample.length < sampleSize) sample.push(rec);
  }
  const superseded = planner.supersededRows();
  for (const rec of sample) {
    const by = superseded.get(rec.row_number);
    if (by !== undefined && rec.status === 'valid') {
      rec.status = 'skipped';
      rec.warnings.push({ row: rec.row_number, column: null, code: 'duplicate_sku_code', message: `sku_code "${rec.sku.sku_code}" is repeated in row ${by}, which wins; this row is skipped.` });
    }
  }
  return {
    ok: true,
    file_shape: opened.shape,
    headers: opened.headers,
    read_warnings: opened.warnings,
    mapping,
    sample_rows: sample,
    row_errors: errors,
    row_errors_total: errorsTotal,
    summary: planner.summary(),
    entity_candidates: planner.entityCandidates(),
  };
}

/** Row errors as CSV (row, column, code, message) for the error download; formula-looking cells are escaped. */
export function rowErrorsCsv(errors: readonly RowIssue[]): string {
  const esc = (v: string | number | null) => {
    let s = v === null ? '' : String(v);
    if (/^[=+\-@\t\r]/.test(s)) s = `'${s}`; // no formula injection when opened in a spreadsheet
    return /[",\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
  };
  const lines = ['row,column,code,message', ...errors.map((e) => [e.row, e.column, e.code, e.message].map(esc).join(','))];
  return '\ufeff' + lines.join('\r\n') + '\r\n';
}
