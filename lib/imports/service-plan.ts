/**
 * One opened import file, planned: the reader (lib/imports/read), the mapper and the row planner
 * composed into the two passes an import needs. Pass 1 plans every row to learn what only the whole
 * file tells (which rows a later duplicate sku_code supersedes, the entity candidates, the counts) and
 * keeps the first records and the errors; records() is pass 2, yielding every record again with the
 * superseded rows marked skipped, replanned from what pass 1 kept (the superseded and duplicate rows)
 * without new per-row state. A file given as a ByteSource is read in pieces on each pass. Memory is
 * bounded by the sample, the error cap and pass 1's maps (one entry per sku_code), never the file's
 * text. The dry run plans with planFile; the import job with planFileForRun, whose pass 1 reads only
 * the SKU columns and whose pass 2 takes the summary: both plan a row the same way.
 */
import type { EntityCandidate } from './entities';
import { mapColumns, type MappingResult } from './mapping';
import { ImportPlanner, type PlannedRecord, type PlanSummary, type RowIssue } from './plan';
import { openCatalogue } from './read';
import { detached } from './read/csv';
import type { FileShape, ReadError, ReadInput, ReadWarning, RowsEnd } from './read/types';

export interface PlanFileInput {
  /** the file in memory, or a source read in pieces on each pass (see ReadInput) */
  bytes: ReadInput['bytes'];
  filename: string;
  sheet?: string;
  /** 1-based */
  headerRow?: number;
  /** explicit mapping { header_or_index: field_key | null } */
  mapping?: Record<string, string | null>;
  sampleSize?: number;
  maxErrors?: number;
}

export interface PlannedFile {
  ok: true;
  shape: FileShape;
  headers: string[];
  readWarnings: ReadWarning[];
  mapping: MappingResult;
  /** cells of the first rows (for a column's sample values) */
  headRows: string[][];
  summary: PlanSummary;
  candidates: EntityCandidate[];
  superseded: ReadonlyMap<number, number>;
  sample: PlannedRecord[];
  errors: RowIssue[];
  errorsTotal: number;
  /** pass 2: every record, superseded rows marked skipped; ends with the reader's RowsEnd */
  records(): Generator<PlannedRecord, RowsEnd, void>;
}

export type PlanFileResult = PlannedFile | { ok: false; error: ReadError };

const HEAD_ROWS = 300;
/** The file opened, its first rows read and its columns mapped: what both ways of planning start from. */
async function openMapped(input: PlanFileInput) {
  const opened = await openCatalogue({
    bytes: input.bytes,
    filename: input.filename,
    sheet: input.sheet,
    headerRow: input.headerRow,
  });
  if (!opened.ok) return opened;
  const headRows: string[][] = [];
  const head = opened.rows();
  for (let s = head.next(); !s.done && headRows.length < HEAD_ROWS; s = head.next()) headRows.push(s.value.cells);
  const mapping = mapColumns({ headers: opened.headers, sampleRows: headRows, explicit: input.mapping });
  const planner = new ImportPlanner(mapping, opened.headers, { date1904: opened.shape.date1904 });
  return { ok: true as const, opened, headRows, mapping, planner };
}

export async function planFile(input: PlanFileInput): Promise<PlanFileResult> {
  const start = await openMapped(input);
  if (!start.ok) return start;
  const { opened, headRows, mapping, planner } = start;
  const sampleSize = input.sampleSize ?? 20;
  const maxErrors = input.maxErrors ?? 1000;

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
    // Kept to the end: copies, so an error's message does not keep its part of the file's text.
    for (const e of rec.errors) if (errors.length < maxErrors) errors.push({ ...e, message: detached(e.message) });
    if (sample.length < sampleSize) sample.push(rec);
  }
  const superseded = planner.supersededRows();
  for (const rec of sample) markSuperseded(rec, superseded);
  const summary = planner.summary();
  const candidates = planner.entityCandidates();
  planner.endFirstPass();

  const readRows = opened.rows;
  function* records(): Generator<PlannedRecord, RowsEnd, void> {
    const gen = readRows();
    for (let step = gen.next(); ; step = gen.next()) {
      if (step.done) return step.value;
      const rec = planner.replan(step.value);
      markSuperseded(rec, superseded);
      yield rec;
    }
  }

  return {
    ok: true,
    shape: opened.shape,
    headers: opened.headers,
    readWarnings: opened.warnings,
    mapping,
    headRows,
    summary,
    candidates,
    superseded,
    sample,
    errors,
    errorsTotal,
    records,
  };
}

export interface PlannedRun {
  ok: true;
  shape: FileShape;
  readWarnings: ReadWarning[];
  mapping: MappingResult;
  totalRows: number;
  /** every record once, superseded rows marked skipped; ends with the reader's RowsEnd */
  records(): Generator<PlannedRecord, RowsEnd, void>;
  /** the summary and entity candidates, complete once records() has yielded every row */
  totals(): { summary: PlanSummary; candidates: EntityCandidate[] };
}

/**
 * planFile for the import job, which needs no sample and no error list before it writes: pass 1 reads
 * only the SKU columns (all it takes to know which rows a later duplicate supersedes), and the summary
 * and entity candidates are taken while records() plans each row for writing. Every row is planned
 * once instead of twice; the records, summary and candidates are those planFile gives.
 */
export async function planFileForRun(input: PlanFileInput): Promise<PlannedRun | { ok: false; error: ReadError }> {
  const start = await openMapped(input);
  if (!start.ok) return start;
  const { opened, mapping, planner } = start;
  let totalRows = 0;
  const rows = opened.rows();
  for (let step = rows.next(); ; step = rows.next()) {
    if (step.done) {
      if (!step.value.ok) return { ok: false, error: step.value.error };
      break;
    }
    planner.addSkuCode(step.value);
    totalRows++;
  }
  const superseded = planner.supersededRows();
  planner.endFirstPass({ keepCandidates: true });

  let started = false;
  const readRows = opened.rows;
  function* records(): Generator<PlannedRecord, RowsEnd, void> {
    if (started) throw new Error('records() of a planned run is read once: it counts as it plans');
    started = true;
    const gen = readRows();
    for (let step = gen.next(); ; step = gen.next()) {
      if (step.done) return step.value;
      const rec = planner.replanCounted(step.value);
      markSuperseded(rec, superseded);
      yield rec;
    }
  }

  return {
    ok: true,
    shape: opened.shape,
    readWarnings: opened.warnings,
    mapping,
    totalRows,
    records,
    totals: () => ({ summary: planner.summary(), candidates: planner.entityCandidates() }),
  };
}

/** A row whose sku_code a later row repeats is skipped (the later row wins). */
function markSuperseded(rec: PlannedRecord, superseded: ReadonlyMap<number, number>) {
  const by = superseded.get(rec.row_number);
  if (by === undefined || rec.status !== 'valid') return;
  rec.status = 'skipped';
  rec.warnings.push({
    row: rec.row_number,
    column: null,
    code: 'duplicate_sku_code',
    message: `sku_code "${rec.sku.sku_code}" is repeated in row ${by}, which wins; this row is skipped.`,
  });
}

/** The first non-empty values of a column, for the mapping screen. */
export function sampleValues(headRows: string[][], index: number, n = 3): string[] {
  const out: string[] = [];
  for (const r of headRows) {
    const v = (r[index] ?? '').trim();
    if (v && !out.includes(v)) out.push(v.length > 200 ? `${v.slice(0, 200)}…` : v);
    if (out.length >= n) break;
  }
  return out;
}

/** Explicit-mapping problems (unknown column, duplicate target) as one sentence per problem. */
export function mappingProblems(mapping: MappingResult): { path: string; message: string }[] {
  return mapping.errors.map((e) => ({ path: `mapping.${e.column}`, message: e.message }));
}
