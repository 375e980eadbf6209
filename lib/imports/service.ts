/**
 * Imports: what the operations share, the upload that the dry run and the commit both take (the file,
 * the reader's options, the size limit). The operations have a file each: dry-run.ts, commit.ts,
 * batches.ts (listing and reading batches), batch-rows.ts (a batch's rows), batch-errors-csv.ts (the
 * error CSV) and preview-from-url.ts. Free of HTTP: routes pass in what they parsed.
 */

export const IMPORT_MAX_FILE_BYTES = 50 * 1024 * 1024;

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
