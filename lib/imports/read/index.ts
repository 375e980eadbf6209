import { detectLineEnding, isBlankRecord, parseDelimited, sniffDelimiter } from './csv';
import { bytesSource, type ByteSource } from '@/lib/storage/byte-source';
import {
  decodeHeadOf,
  decodePieces,
  detectEncodingOf,
  ENCODING_HEAD_BYTES,
  isValidUtf8Pieces,
  type EncodingGuess,
} from '@/lib/text/decode';
import { detectContainer, isCompoundFile } from './detect';
import { columnLetter, detectHeader, type GridRow, type HeaderDetection, type MergeRange } from './header';
import {
  DEFAULT_READ_LIMITS,
  readFailure,
  type CatalogueFormat,
  type CatalogueReadFailure,
  type FileShape,
  type OpenCatalogueResult,
  type OpenedCatalogue,
  type ReadCatalogueResult,
  type ReadInput,
  type ReadLimits,
  type ReadWarning,
  type RowsEnd,
  type SheetChoiceReason,
  type SheetInfo,
  type SourceRow,
} from './types';
import { loadWorkbook, type LoadedWorkbook, type WorkbookKind } from './workbook';
import { loadXlsxStream } from './xlsx-stream';
import { inspectWorkbookZip } from './zip-guard';

export * from './types';

/**
 * Reads a product catalogue (CSV, TSV, TXT, XLSX, XLS, ODS) into a header and rows of cell text, as
 * the user sees the file. Never throws for bad input: every problem is a typed failure.
 */
export async function readCatalogue(input: ReadInput): Promise<ReadCatalogueResult> {
  const opened = await openCatalogue(input);
  if (!opened.ok) return opened;
  const rows: SourceRow[] = [];
  const it = opened.rows();
  for (let step = it.next(); ; step = it.next()) {
    if (step.done) {
      if (!step.value.ok) return { ok: false, error: step.value.error };
      break;
    }
    rows.push(step.value);
  }
  return {
    ok: true,
    shape: opened.shape,
    headers: opened.headers,
    raw_headers: opened.raw_headers,
    rows,
    warnings: opened.warnings,
  };
}

/**
 * Opens a catalogue for one or more streaming passes: shape and header are decided from the start of the
 * file; rows() then yields data rows one at a time (text files are re-decoded chunk by chunk on every pass).
 */
export async function openCatalogue(input: ReadInput): Promise<OpenCatalogueResult> {
  return openGuarded(input, 'stream');
}

/**
 * openCatalogue reading XLSX with SheetJS as XLS and ODS are: the reader the streaming one falls back to,
 * and the reference it is compared with.
 */
export async function openCatalogueWithSheetJs(input: ReadInput): Promise<OpenCatalogueResult> {
  return openGuarded(input, 'sheetjs');
}

/** How an XLSX is read: streamed from its bytes on every pass, or parsed whole by SheetJS. */
type XlsxReader = 'stream' | 'sheetjs';

async function openGuarded(input: ReadInput, xlsx: XlsxReader): Promise<OpenCatalogueResult> {
  try {
    return await openUnchecked(input, xlsx);
  } catch (e) {
    // Last line of defence: a parser bug on a hostile file becomes a typed failure, not a 500.
    return readFailure(
      'parse_failed',
      `The file could not be read (${e instanceof Error ? e.message.slice(0, 200) : 'unknown error'}).`,
    );
  }
}

async function openUnchecked(input: ReadInput, xlsx: XlsxReader): Promise<OpenCatalogueResult> {
  const limits: ReadLimits = { ...DEFAULT_READ_LIMITS, ...input.limits };
  if (!input.bytes) return readFailure('empty_file', 'The file is empty.');
  const source = input.bytes instanceof Uint8Array ? bytesSource(input.bytes) : input.bytes;
  if (source.size === 0) return readFailure('empty_file', 'The file is empty.');
  // The head decides a text file's kind; a compound file (and every workbook) is read whole.
  const head = source.head(ENCODING_HEAD_BYTES);
  const container = detectContainer(isCompoundFile(head) ? await source.bytes() : head);
  if (container.kind === 'text') return openText(input, source, head, limits);
  const bytes = await source.bytes();
  switch (container.kind) {
    case 'unsupported':
      return readFailure(
        'unsupported_format',
        `The file is ${container.reason}, not a CSV, TSV, XLSX, XLS or ODS catalogue.`,
      );
    case 'cfb-encrypted':
      return readFailure(
        'encrypted_workbook',
        'The workbook is password-protected or encrypted; save it without a password and upload it again.',
      );
    case 'zip': {
      const inspection = await inspectWorkbookZip(bytes, {
        maxUncompressedBytes: limits.maxUncompressedBytes,
        maxEntries: limits.maxArchiveEntries,
      });
      if (!inspection.ok) return readFailure(inspection.code, inspection.message);
      let kind: WorkbookKind;
      if (inspection.mimetype === 'application/vnd.oasis.opendocument.spreadsheet') kind = 'ods';
      else if (inspection.entryNames.includes('xl/workbook.xml')) kind = 'xlsx';
      else if (inspection.entryNames.includes('xl/workbook.bin'))
        return readFailure('unsupported_format', 'XLSB (binary Excel) is not supported; save the workbook as XLSX.');
      else if (inspection.mimetype?.startsWith('application/vnd.oasis.opendocument'))
        return readFailure('unsupported_format', 'This OpenDocument file is not a spreadsheet.');
      else return readFailure('unsupported_format', 'The zip archive is not an XLSX or ODS workbook.');
      return openWorkbook(input, bytes, limits, kind, inspection.odsTables, xlsx);
    }
    default:
      return openWorkbook(input, bytes, limits, 'xls', [], xlsx);
  }
}

// ---------------------------------------------------------------------------------------------- text

const SNIFF_CHARS = 256 * 1024;
const SAMPLE_RECORDS = 200;

/**
 * Decoded text comes in strings of at most this many bytes' worth: small enough to stay out of V8's
 * large-object space, where each passing megabyte string would otherwise wait for a full collection.
 */
const DECODE_PART_BYTES = 32 * 1024;

function openText(
  input: ReadInput,
  source: ByteSource,
  headBytes: Uint8Array,
  limits: ReadLimits,
): OpenCatalogueResult {
  const encoding = detectEncodingOf(headBytes, () =>
    headBytes.length === source.size ? isValidUtf8Pieces([headBytes]) : isValidUtf8Pieces(source.pieces()),
  );
  const text = () => decodePieces(source.pieces(), encoding, DECODE_PART_BYTES);
  const head = decodeHeadOf(text(), SNIFF_CHARS);
  const ext = extension(input.filename);
  const sniff = sniffDelimiter(head, ext === 'tsv' || ext === 'tab' || ext === 'txt');
  const delimiter = sniff.delimiter;
  const warnings: ReadWarning[] = [];
  if (encoding.guessed && encoding.encoding !== 'utf-8') {
    warnings.push({
      code: 'encoding_guessed',
      message: `The file is not UTF-8; it was decoded as ${encoding.encoding}.`,
      details: { encoding: encoding.encoding },
    });
  }
  if (head.includes('\ufffd')) {
    warnings.push({
      code: 'replacement_characters',
      message: 'The file contains characters that could not be decoded (shown as \ufffd).',
    });
  }

  const sampleLimit = Math.max(SAMPLE_RECORDS, (input.headerRow ?? 0) + 50);
  const sample: GridRow[] = [];
  const sampleGen = parseDelimited(text(), {
    delimiter,
    maxRecords: sampleLimit,
    maxCellChars: limits.maxCellChars,
  });
  for (let step = sampleGen.next(); ; step = sampleGen.next()) {
    if (step.done) {
      if (!step.value.ok)
        return readFailure(
          'cell_too_large',
          `Row ${step.value.row_number} has a cell longer than ${limits.maxCellChars} characters.`,
        );
      break;
    }
    sample.push({ row_number: step.value.row_number, cells: step.value.cells });
  }
  if (sample.every((r) => isBlankRecord(r.cells))) return readFailure('no_data', 'The file holds no values.');

  const header = detectHeader(sample, [], { requestedRow: input.headerRow });
  if ('error' in header)
    return readFailure('header_row_out_of_range', `Row ${input.headerRow} is empty or beyond the end of the file.`);
  if (header.width > limits.maxColumns)
    return readFailure(
      'too_many_columns',
      `The file has ${header.width} columns; at most ${limits.maxColumns} are read.`,
    );
  addHeaderWarnings(header, warnings);
  const width = header.width;

  const ext2 = extension(input.filename);
  const format: CatalogueFormat = ext2 === 'txt' ? 'txt' : delimiter === '\t' ? 'tsv' : 'csv';
  const shape: FileShape = {
    format,
    format_detail: null,
    encoding: encoding.encoding,
    bom: encoding.bomLength > 0,
    delimiter,
    line_ending: detectLineEnding(head),
    sheets: [],
    sheet: null,
    sheet_reason: 'single_table',
    header_row: header.header_rows.length ? header.header_rows[header.header_rows.length - 1] : 0,
    header_rows: header.header_rows,
    header_row_reason: input.headerRow !== undefined ? 'requested' : 'detected',
    title_rows_skipped: header.title_rows,
    multiline_header: header.multiline,
    merged_header: false,
    merges: [],
    date1904: false,
    column_count: header.width,
  };

  const firstDataRow = shape.header_row + 1;
  function* rows(): Generator<SourceRow, RowsEnd, void> {
    const gen = parseDelimited(text(), { delimiter, maxCellChars: limits.maxCellChars });
    const shaper = new RowShaper(width, limits, warnings);
    for (let step = gen.next(); ; step = gen.next()) {
      if (step.done) {
        if (!step.value.ok)
          return {
            ok: false,
            error: {
              code: 'cell_too_large',
              message: `Row ${step.value.row_number} has a cell longer than ${limits.maxCellChars} characters.`,
            },
          };
        return { ok: true, rows: shaper.count };
      }
      const rec = step.value;
      if (rec.row_number < firstDataRow || isBlankRecord(rec.cells)) continue;
      if (rec.unterminatedQuote) {
        pushOnce(warnings, {
          code: 'unterminated_quote',
          message: `A quoted cell starting in row ${rec.row_number} is never closed; the rest of the file was read into it.`,
          row: rec.row_number,
        });
      }
      const shaped = shaper.shape(rec.row_number, rec.cells);
      if ('error' in shaped) return { ok: false, error: shaped.error };
      yield shaped;
    }
  }

  return opened(shape, header, warnings, rows);
}

// ------------------------------------------------------------------------------------------ workbook

async function openWorkbook(
  input: ReadInput,
  bytes: Uint8Array,
  limits: ReadLimits,
  kind: WorkbookKind,
  odsTables: { name: string; hidden: boolean }[],
  xlsx: XlsxReader,
): Promise<OpenCatalogueResult> {
  // An XLSX is streamed (memory flat in the number of rows); where the streaming reader meets something
  // it does not reproduce exactly (it returns null, for the file or for the chosen sheet), SheetJS reads
  // the file instead: correctness over memory. The zip was inspected before either reader runs.
  let wb =
    (kind === 'xlsx' && xlsx === 'stream' ? await loadXlsxStream(bytes) : null) ?? loadWorkbook(bytes, kind, odsTables);
  if (!wb.ok) return readFailure(wb.code, wb.message);
  const choice = chooseSheet(wb.sheets, input.sheet);
  if ('error' in choice) return choice.error;
  const { index, reason } = choice;
  let grid = wb.grid(index);
  if (!grid) {
    const whole = loadWorkbook(bytes, kind, odsTables);
    if (!whole.ok) return readFailure(whole.code, whole.message);
    wb = whole;
    grid = wb.grid(index);
    if (!grid) return readFailure('parse_failed', 'The workbook could not be read.');
  }
  const warnings: ReadWarning[] = [];
  const hidden = wb.sheets.filter((s) => s.visibility !== 'visible');
  if (hidden.length && reason !== 'requested') {
    warnings.push({
      code: 'hidden_sheets_skipped',
      message: `Hidden sheets were not read: ${hidden.map((s) => `"${s.name}" (${s.visibility.replace('_', ' ')})`).join(', ')}.`,
      details: {
        sheets: hidden.map((s) => ({ name: s.name, visibility: s.visibility, non_empty_rows: s.non_empty_rows })),
      },
    });
    const chosen = wb.sheets[index];
    const bigger = hidden.filter((s) => s.non_empty_rows > chosen.non_empty_rows * 2 && s.non_empty_rows >= 10);
    if (bigger.length) {
      warnings.push({
        code: 'hidden_sheet_has_more_data',
        message: `The hidden sheet "${bigger[0].name}" holds ${bigger[0].non_empty_rows} rows, more than "${chosen.name}" (${chosen.non_empty_rows}); choose it explicitly if it is the catalogue.`,
        details: { sheet: bigger[0].name },
      });
    }
  }

  const sampleCount = Math.min(grid.rowCount, Math.max(SAMPLE_RECORDS, (input.headerRow ?? 0) + 50));
  const sample = grid.head(sampleCount);
  const header = detectHeader(sample, grid.merges, { requestedRow: input.headerRow });
  if ('error' in header)
    return readFailure('header_row_out_of_range', `Row ${input.headerRow} is empty or beyond the end of the sheet.`);
  if (header.width > limits.maxColumns)
    return readFailure(
      'too_many_columns',
      `The sheet has ${header.width} columns; at most ${limits.maxColumns} are read.`,
    );
  addHeaderWarnings(header, warnings);
  const width = header.width;

  const lastHeader = header.header_rows.length ? header.header_rows[header.header_rows.length - 1] : 0;
  const dataMerges = grid.merges.filter((m) => m.s.r + 1 > lastHeader);
  if (dataMerges.length) {
    warnings.push({
      code: 'merged_cells_in_data',
      message: `${dataMerges.length} merged ranges lie in the data rows; their value is kept only in the top-left cell.`,
      details: { ranges: dataMerges.slice(0, 20).map(rangeA1) },
    });
  }

  const shape: FileShape = {
    format: kind,
    format_detail: wb.detail,
    encoding: null,
    bom: false,
    delimiter: null,
    line_ending: null,
    sheets: wb.sheets,
    sheet: wb.sheets[index].name,
    sheet_reason: reason,
    header_row: lastHeader,
    header_rows: header.header_rows,
    header_row_reason: input.headerRow !== undefined ? 'requested' : 'detected',
    title_rows_skipped: header.title_rows,
    multiline_header: header.multiline,
    merged_header: header.merged,
    merges: grid.merges.slice(0, 500).map(rangeA1),
    date1904: wb.date1904,
    column_count: header.width,
  };

  // SheetJS's rows are taken as text here, once; streamed rows are read from the bytes on every pass.
  const dataRows = grid.dataRows(lastHeader, limits.maxRows + 1);
  function* rows(): Generator<SourceRow, RowsEnd, void> {
    const shaper = new RowShaper(width, limits, warnings);
    const it = dataRows()[Symbol.iterator]();
    for (;;) {
      let step: IteratorResult<GridRow>;
      try {
        step = it.next();
      } catch (e) {
        // The open pass read the whole sheet; only a fault of the reader can end up here.
        return {
          ok: false,
          error: {
            code: 'parse_failed',
            message: `The sheet could not be read (${e instanceof Error ? e.message.slice(0, 200) : 'unknown error'}).`,
          },
        };
      }
      if (step.done) break;
      const shaped = shaper.shape(step.value.row_number, step.value.cells.slice());
      if ('error' in shaped) {
        it.return?.();
        return { ok: false, error: shaped.error };
      }
      yield shaped;
    }
    return { ok: true, rows: shaper.count };
  }
  return opened(shape, header, warnings, rows);
}

function chooseSheet(
  sheets: SheetInfo[],
  requested: string | number | undefined,
): { index: number; reason: SheetChoiceReason } | { error: CatalogueReadFailure } {
  if (requested !== undefined) {
    const index = typeof requested === 'number' ? requested : sheets.findIndex((s) => s.name === requested);
    const byName =
      typeof requested === 'string' && index === -1
        ? sheets.findIndex((s) => s.name.toLowerCase() === requested.toLowerCase())
        : index;
    if (byName < 0 || byName >= sheets.length) {
      return {
        error: readFailure('sheet_not_found', `The workbook has no sheet ${JSON.stringify(requested)}.`, {
          sheets: sheets.map((s) => s.name),
        }),
      };
    }
    if (!sheets[byName].has_data)
      return { error: readFailure('no_data', `The sheet "${sheets[byName].name}" is empty.`) };
    return { index: byName, reason: 'requested' };
  }
  const visible = sheets.findIndex((s) => s.visibility === 'visible' && s.has_data);
  if (visible >= 0) return { index: visible, reason: sheets.length === 1 ? 'single_table' : 'first_visible_with_data' };
  const any = sheets.findIndex((s) => s.has_data);
  if (any >= 0) return { index: any, reason: 'first_with_data_all_hidden' };
  return { error: readFailure('no_data', 'The workbook has no sheet with values.') };
}

// ------------------------------------------------------------------------------------------- shared

/** Cuts rows to the header width, keeps count, and enforces the row limit. */
class RowShaper {
  count = 0;
  private extraWarnings = 0;
  constructor(
    private width: number,
    private limits: ReadLimits,
    private warnings: ReadWarning[],
  ) {}

  shape(rowNumber: number, cells: string[]): SourceRow | { error: { code: 'too_many_rows'; message: string } } {
    this.count++;
    if (this.count > this.limits.maxRows)
      return { error: { code: 'too_many_rows', message: `The file has more than ${this.limits.maxRows} data rows.` } };
    const out = cells.length === this.width ? cells : cells.slice(0, this.width);
    while (out.length < this.width) out.push('');
    if (cells.length > this.width) {
      const extra = cells.slice(this.width).filter((c) => c.trim() !== '');
      if (extra.length && this.extraWarnings++ < 50) {
        pushOnce(this.warnings, {
          code: 'extra_cells_ignored',
          message: `Row ${rowNumber} has ${extra.length} value(s) right of the last column with a header; they were not read.`,
          row: rowNumber,
          details: { values: extra.slice(0, 5) },
        });
      }
    }
    return { row_number: rowNumber, cells: out };
  }
}

/** rows() may run more than once; a row's warning is recorded once. */
function pushOnce(warnings: ReadWarning[], w: ReadWarning) {
  if (!warnings.some((x) => x.code === w.code && x.row === w.row)) warnings.push(w);
}

function addHeaderWarnings(header: HeaderDetection, warnings: ReadWarning[]) {
  if (header.blank_named.length) {
    warnings.push({
      code: 'blank_header_named',
      message: `Columns without a header were named ${header.blank_named.map((c) => `"Column ${columnLetter(c)}"`).join(', ')}.`,
      details: { columns: header.blank_named },
    });
  }
  if (header.duplicates.length) {
    warnings.push({
      code: 'duplicate_header',
      message: `Repeated column headers were numbered: ${[...new Set(header.duplicates)].join(', ')}.`,
      details: { headers: header.duplicates },
    });
  }
}

function opened(
  shape: FileShape,
  header: HeaderDetection,
  warnings: ReadWarning[],
  rows: () => Generator<SourceRow, RowsEnd, void>,
): OpenedCatalogue {
  return { ok: true, shape, headers: header.headers, raw_headers: header.raw_headers, warnings, rows };
}

function rangeA1(m: MergeRange): string {
  return `${columnLetter(m.s.c)}${m.s.r + 1}:${columnLetter(m.e.c)}${m.e.r + 1}`;
}

function extension(filename: string): string {
  const m = /\.([a-z0-9]{1,5})$/i.exec(filename ?? '');
  return m ? m[1].toLowerCase() : '';
}

export type { EncodingGuess, LoadedWorkbook };
