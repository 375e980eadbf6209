import { csvLine } from '@/lib/text/csv';
import type { RowIssue } from './plan';

/** Row errors as CSV (row, column, code, message) for the error download; formula-safe, with a BOM. */
export function rowErrorsCsv(errors: readonly RowIssue[]): string {
  const lines = [
    csvLine(['row', 'column', 'code', 'message']),
    ...errors.map((e) => csvLine([e.row, e.column, e.code, e.message])),
  ];
  return '\ufeff' + lines.join('\r\n') + '\r\n';
}
