/** Output helpers of export templates: a backpressure-aware file writer and formula-safe cells. */
import fs from 'node:fs';
import { once } from 'node:events';

export interface FileWriter {
  write(text: string | Uint8Array): Promise<void>;
  close(): Promise<void>;
}

/** Writes to a file, waiting when the stream's buffer is full (so memory stays flat). */
export function fileWriter(path: string): FileWriter {
  const ws = fs.createWriteStream(path);
  let failed: Error | null = null;
  ws.on('error', (e) => (failed = e));
  return {
    async write(chunk) {
      if (failed) throw failed;
      if (!ws.write(chunk)) await once(ws, 'drain');
    },
    async close() {
      if (failed) throw failed;
      ws.end();
      await once(ws, 'finish');
    },
  };
}

const FORMULA_START = /^[=+\-@\t\r]/;
// C0 controls other than tab, CR and LF (NUL, BEL...): no spreadsheet or XLSX part may carry them.
const CONTROL = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/g;

const clean = (v: string | number | boolean | null | undefined) => (typeof v === 'string' ? v.replace(CONTROL, '') : v);

/** A spreadsheet cell value that no spreadsheet evaluates as a formula. */
export function safeCell(v: string | number | boolean | null | undefined): string | number | boolean {
  if (v === null || v === undefined) return '';
  if (typeof v !== 'string') return v;
  const s = clean(v) as string;
  return FORMULA_START.test(s) ? `'${s}` : s;
}

const HAS_CONTROL = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/;
const QUOTE_COMMA = /[",\r\n]/;
const QUOTE_OTHER = /["\r\n]/;

/**
 * One CSV field (formula-safe, RFC 4180 quoted) for the given separator. Export runs write millions of
 * these: the common cell (plain text, a number, empty) costs one or two regex tests and no new string.
 */
export function csvField(v: string | number | boolean | null | undefined, sep = ','): string {
  if (v === null || v === undefined || v === '') return '';
  let s = typeof v === 'string' ? v : String(v);
  if (HAS_CONTROL.test(s)) s = s.replace(CONTROL, '');
  if (FORMULA_START.test(s)) s = `'${s}`;
  const quote = sep === ',' ? QUOTE_COMMA.test(s) : s.includes(sep) || QUOTE_OTHER.test(s);
  return quote ? `"${s.replace(/"/g, '""')}"` : s;
}

/** One CSV line (formula-safe, RFC 4180 quoted) with the given separator. */
export function csvRow(cells: ReadonlyArray<string | number | boolean | null | undefined>, sep = ','): string {
  let line = '';
  for (let i = 0; i < cells.length; i++) line += i ? sep + csvField(cells[i], sep) : csvField(cells[i], sep);
  return line;
}

export const BOM = '\uFEFF';

/** Cuts text to a channel's limit (in characters, not UTF-16 units). */
export function clip(s: string | null | undefined, max: number): string | null {
  if (s === null || s === undefined) return null;
  const chars = [...s];
  return chars.length > max ? chars.slice(0, max).join('') : s;
}
