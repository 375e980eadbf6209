import type { ByteSource } from '@/lib/storage/byte-source';

/**
 * Types of the catalogue reader. Output field names are snake_case because they go straight into the
 * dry-run response of POST /api/import.
 */

export type CatalogueFormat = 'csv' | 'tsv' | 'txt' | 'xlsx' | 'xls' | 'ods';

export type SheetVisibility = 'visible' | 'hidden' | 'very_hidden';

export interface SheetInfo {
  name: string;
  visibility: SheetVisibility;
  /** true when the sheet has at least one non-empty cell */
  has_data: boolean;
  /** rows that hold at least one non-empty cell */
  non_empty_rows: number;
}

export type SheetChoiceReason = 'requested' | 'first_visible_with_data' | 'first_with_data_all_hidden' | 'single_table';

export interface FileShape {
  format: CatalogueFormat;
  /** e.g. 'biff8', 'biff5', 'ooxml', 'odf' for workbooks; null for text */
  format_detail: string | null;
  /** text files only: the encoding the bytes were decoded with */
  encoding: string | null;
  bom: boolean;
  /** text files only */
  delimiter: string | null;
  line_ending: 'crlf' | 'lf' | 'cr' | 'mixed' | null;
  sheets: SheetInfo[];
  sheet: string | null;
  sheet_reason: SheetChoiceReason;
  /** 1-based source row of the (last) header row */
  header_row: number;
  /** 1-based source rows flattened into the header (more than one for merged / multi-row headers) */
  header_rows: number[];
  header_row_reason: 'requested' | 'detected';
  /** non-empty rows above the header (titles, notes) that were skipped */
  title_rows_skipped: number;
  /** header cells that contained line breaks */
  multiline_header: boolean;
  /** header built from several rows through merged cells */
  merged_header: boolean;
  /** merged ranges of the chosen sheet in A1 notation (capped at 500) */
  merges: string[];
  date1904: boolean;
  column_count: number;
}

export interface SourceRow {
  /** 1-based row number as the user sees it in the source file (spreadsheet row, CSV record) */
  row_number: number;
  /** cell texts, one per header column; '' for empty */
  cells: string[];
}

export type ReadWarningCode =
  | 'hidden_sheets_skipped'
  | 'hidden_sheet_has_more_data'
  | 'blank_header_named'
  | 'duplicate_header'
  | 'extra_cells_ignored'
  | 'unterminated_quote'
  | 'encoding_guessed'
  | 'replacement_characters'
  | 'merged_cells_in_data';

export interface ReadWarning {
  code: ReadWarningCode;
  message: string;
  row?: number;
  column?: number;
  details?: Record<string, unknown>;
}

export type ReadErrorCode =
  | 'empty_file'
  | 'unsupported_format'
  | 'encrypted_workbook'
  | 'unsafe_xml'
  | 'archive_limits_exceeded'
  | 'parse_failed'
  | 'sheet_not_found'
  | 'no_data'
  | 'header_row_out_of_range'
  | 'too_many_rows'
  | 'too_many_columns'
  | 'cell_too_large';

export interface ReadError {
  code: ReadErrorCode;
  message: string;
  details?: Record<string, unknown>;
}

export interface ReadLimits {
  /** data rows; beyond it the read fails with too_many_rows */
  maxRows: number;
  maxColumns: number;
  maxCellChars: number;
  /** total uncompressed size of a workbook archive */
  maxUncompressedBytes: number;
  maxArchiveEntries: number;
}

export const DEFAULT_READ_LIMITS: ReadLimits = {
  maxRows: 1_000_000,
  maxColumns: 2_000,
  maxCellChars: 1_000_000,
  maxUncompressedBytes: 256 * 1024 * 1024,
  maxArchiveEntries: 10_000,
};

export interface ReadInput {
  /** the file in memory, or read in pieces on every pass (a CSV is then never held whole) */
  bytes: Uint8Array | ByteSource;
  filename: string;
  /** sheet name or 0-based index; default: the first visible sheet with data */
  sheet?: string | number;
  /** 1-based source row of the header; default: detected */
  headerRow?: number;
  limits?: Partial<ReadLimits>;
}

export interface CatalogueRead {
  ok: true;
  shape: FileShape;
  headers: string[];
  /** header texts before line-break / merge flattening */
  raw_headers: string[];
  rows: SourceRow[];
  warnings: ReadWarning[];
}

export interface CatalogueReadFailure {
  ok: false;
  error: ReadError;
}

export type ReadCatalogueResult = CatalogueRead | CatalogueReadFailure;

/** A catalogue opened for streaming: header and shape known, rows produced on demand. */
export interface OpenedCatalogue {
  ok: true;
  shape: FileShape;
  headers: string[];
  raw_headers: string[];
  /** warnings known after opening; rows() may push more into this array while iterating */
  warnings: ReadWarning[];
  /** one pass over the data rows (blank rows skipped); a failure mid-way ends with a ReadFailureSignal */
  rows(): Generator<SourceRow, RowsEnd, void>;
}

export type RowsEnd = { ok: true; rows: number } | { ok: false; error: ReadError };

export type OpenCatalogueResult = OpenedCatalogue | CatalogueReadFailure;

export function readFailure(
  code: ReadErrorCode,
  message: string,
  details?: Record<string, unknown>,
): CatalogueReadFailure {
  return { ok: false, error: details ? { code, message, details } : { code, message } };
}
