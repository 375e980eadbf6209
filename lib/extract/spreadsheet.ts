import * as XLSX from '@e965/xlsx';
import type { ExtractionResult, FileFormat } from './types';
import { bound, errorMessage, failure, noText, visibleChars } from './normalise';
import { MIME_BY_FORMAT } from './sniff';
import { decodeText } from '@/lib/text/decode';
import { preflightOfficeZip } from './office-zip';

/**
 * Spreadsheets as rows of text (snippet source csv_rows). CSV/TSV keep their own delimiter and quoting
 * (the header row is what product-CSV detection looks at); workbooks go through SheetJS, visible sheets
 * only, at most MAX_ROWS rows each, rendered as CSV.
 */

const MAX_ROWS = 500;

function tableText(raw: string): string {
  return raw
    .replace(/\r\n?/g, '\n')
    .replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/g, '')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

function rowsResult(
  format: FileFormat,
  text: string,
  maxChars: number,
  extra: Partial<ExtractionResult> = {},
): ExtractionResult {
  if (visibleChars(text) === 0) {
    return noText(format, { code: 'scanned_or_empty_text', message: 'The table holds no values.' }, extra);
  }
  const b = bound(text, maxChars);
  return {
    status: 'ok',
    text: b.text,
    snippetSource: 'csv_rows',
    mimeType: MIME_BY_FORMAT[format],
    format,
    truncated: b.truncated,
    warnings: [],
    ...extra,
  };
}

export function extractDelimited(format: 'csv' | 'tsv', bytes: Uint8Array, maxChars: number): ExtractionResult {
  const decoded = decodeText(bytes);
  const text = tableText(decoded.text.replace(/^\ufeff/, ''));
  return rowsResult(format, text, maxChars, { encoding: decoded.encoding });
}

export async function extractWorkbook(
  format: 'xlsx' | 'xls' | 'ods',
  bytes: Uint8Array,
  maxChars: number,
): Promise<ExtractionResult> {
  if (format !== 'xls') {
    const pre = await preflightOfficeZip(bytes);
    if (!pre.ok) return failure(format, pre.issue);
    pre.zip.close();
  }
  let wb: XLSX.WorkBook;
  try {
    wb = XLSX.read(bytes, {
      type: 'array',
      dense: true,
      sheetRows: MAX_ROWS,
      cellHTML: false,
      cellFormula: false,
      cellStyles: false,
      bookVBA: false,
    });
  } catch (err) {
    const message = errorMessage(err);
    if (/password|encrypt/i.test(message)) {
      return failure(format, { code: 'encrypted', message: 'The workbook is password-protected.' });
    }
    return failure(format, { code: 'parse_failed', message: `Workbook could not be read: ${message}` });
  }
  const hidden = new Set((wb.Workbook?.Sheets ?? []).filter((s) => s.Hidden).map((s) => s.name));
  const blocks: string[] = [];
  let size = 0;
  let skippedHidden = 0;
  for (const name of wb.SheetNames) {
    if (hidden.has(name)) {
      skippedHidden++;
      continue;
    }
    const sheet = wb.Sheets[name];
    if (!sheet) continue;
    const csv = tableText(XLSX.utils.sheet_to_csv(sheet, { blankrows: false, strip: true }));
    if (!csv) continue;
    // The first sheet starts the text so its header row is the first line.
    blocks.push(blocks.length === 0 ? csv : `[${name}]\n${csv}`);
    size += csv.length;
    if (size > maxChars) break;
  }
  const r = rowsResult(format, blocks.join('\n\n'), maxChars, { pageCount: wb.SheetNames.length });
  if (skippedHidden) r.warnings.push(`${skippedHidden} hidden sheet(s) not read.`);
  return r;
}
