/**
 * CSV cells and lines as every CSV this app writes them (SKU export, audit log, import errors and
 * templates): RFC 4180 quoting, and a cell a spreadsheet would read as a formula (= + - @ tab CR at
 * the start) prefixed with an apostrophe.
 */
const FORMULA_START = /^[=+\-@\t\r]/;

/** One cell: neutralised against formula injection, then quoted when it needs to be. */
export function csvCell(raw: string | number | boolean | null | undefined): string {
  let s = raw === null || raw === undefined ? '' : String(raw);
  if (FORMULA_START.test(s)) s = `'${s}`;
  return /[",\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}

export function csvLine(cells: ReadonlyArray<string | number | boolean | null | undefined>): string {
  return cells.map(csvCell).join(',');
}
