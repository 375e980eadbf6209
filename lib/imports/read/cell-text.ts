import * as XLSX from '@e965/xlsx';

/**
 * Turns a SheetJS cell into the text an import stores. The rules, chosen so nothing is lost or garbled:
 * - text cells: verbatim (leading zeros, leading spaces, line breaks kept);
 * - date-formatted numbers: ISO "YYYY-MM-DD" (plus " HH:MM:SS" when the format shows a time), honouring
 *   the workbook's 1904 date system;
 * - numbers whose format only pads digits and adds literal separators (00000, 0\-00000\-00000\-0 of a UPC
 *   column): the displayed text, because the padding is the value ("0-42272-00558-1", "01001");
 * - every other number (General, currency, accounting, grouping, percent): the stored value in plain
 *   decimal notation, never scientific and never rounded to the display (123456789012345, not
 *   "1.23457E+14"; 1337, not " $1,337.00 ");
 * - booleans TRUE/FALSE, error cells as Excel shows them (#N/A).
 */

export interface CellLike {
  t?: string;
  v?: unknown;
  w?: string;
  z?: string | number;
}

export function cellText(cell: CellLike | null | undefined, date1904: boolean): string {
  if (!cell || cell.v === undefined || cell.v === null) return cell?.w ?? '';
  switch (cell.t) {
    case 's':
    case 'str':
      return String(cell.v);
    case 'b':
      return cell.v ? 'TRUE' : 'FALSE';
    case 'e':
      return cell.w ?? '#ERROR';
    case 'd':
      return cell.v instanceof Date ? isoFromDate(cell.v) : String(cell.v);
    case 'n':
      return numberText(Number(cell.v), formatString(cell.z), cell, date1904);
    default:
      return cell.w ?? String(cell.v);
  }
}

function formatString(z: string | number | undefined): string {
  if (z === undefined) return 'General';
  if (typeof z === 'number')
    return String((XLSX.SSF as unknown as { _table?: Record<number, string> })._table?.[z] ?? 'General');
  return z;
}

/** Reads the displayed text (cell.w) only where it is the answer, so a reader may compute it on demand. */
function numberText(v: number, z: string, cell: CellLike, date1904: boolean): string {
  if (!Number.isFinite(v)) return cell.w ?? String(v);
  const section = firstSection(z);
  if (isDateFormat(z)) return serialToIso(v, date1904, /[hs]/i.test(stripLiterals(section)));
  if (isCodeFormat(section) && Number.isInteger(v) && v >= 0) {
    const w = cell.w;
    if (w !== undefined) return w;
  }
  return plainNumber(v);
}

/** The positive-number section of a format ("0.00;[Red]-0.00" -> "0.00"). */
function firstSection(z: string): string {
  let inQuote = false;
  for (let i = 0; i < z.length; i++) {
    const c = z[i];
    if (c === '\\') {
      i++;
      continue;
    }
    if (c === '"') inQuote = !inQuote;
    else if (c === ';' && !inQuote) return z.slice(0, i);
  }
  return z;
}

function stripLiterals(section: string): string {
  return section
    .replace(/"[^"]*"/g, '')
    .replace(/\\./g, '')
    .replace(/\[[^\]]*\]/g, '');
}

function isDateFormat(z: string): boolean {
  try {
    return XLSX.SSF.is_date(z);
  } catch {
    return false;
  }
}

/** Only zero placeholders and literals: the padding is part of the value (ZIP codes, UPCs, item codes). */
export function isCodeFormat(section: string): boolean {
  const core = stripLiterals(section);
  if (!/0/.test(core)) return false;
  if (/[#?.,%Ee@]/.test(core)) return false;
  // Real padding (two or more zeros), or one zero with literal separators; a bare "0" is just an integer
  // format and "0 kg" is a unit, both written as plain numbers.
  const zeros = (core.match(/0/g) ?? []).length;
  const separators = /\\[-\s/().]|"[-\s/().]+"/.test(section) || /[-\s/()]/.test(core);
  return zeros >= 2 || (zeros >= 1 && separators);
}

/** The stored number without exponent or display rounding; 15 significant digits for fractions (Excel's precision). */
export function plainNumber(v: number): string {
  if (Object.is(v, -0)) return '0';
  if (Number.isInteger(v)) {
    return Number.isSafeInteger(v) ? String(v) : BigInt(v).toString();
  }
  const rounded = Number(v.toPrecision(15));
  const s = String(rounded);
  if (!/e/i.test(s)) return s;
  // Tiny fractions: expand the exponent by hand.
  const [mant, expPart] = s.split(/e/i);
  const exp = Number(expPart);
  const neg = mant.startsWith('-');
  const digits = mant.replace(/^-/, '').replace('.', '');
  const pointAt =
    (mant.replace(/^-/, '').indexOf('.') === -1 ? digits.length : mant.replace(/^-/, '').indexOf('.')) + exp;
  let out: string;
  if (pointAt <= 0) out = '0.' + '0'.repeat(-pointAt) + digits;
  else if (pointAt >= digits.length) out = digits + '0'.repeat(pointAt - digits.length);
  else out = digits.slice(0, pointAt) + '.' + digits.slice(pointAt);
  return (neg ? '-' : '') + out.replace(/(\.\d*?)0+$/, '$1').replace(/\.$/, '');
}

export function serialToIso(serial: number, date1904: boolean, withTime: boolean): string {
  const code = XLSX.SSF.parse_date_code(serial, { date1904 });
  if (!code) return plainNumber(serial);
  const date = serial >= 1 || date1904 ? `${pad(code.y, 4)}-${pad(code.m, 2)}-${pad(code.d, 2)}` : '';
  const hasTime = code.H !== 0 || code.M !== 0 || code.S !== 0;
  if (!withTime || !hasTime) return date || '00:00:00';
  const time = `${pad(code.H, 2)}:${pad(code.M, 2)}:${pad(code.S, 2)}`;
  return date ? `${date} ${time}` : time;
}

function isoFromDate(d: Date): string {
  if (Number.isNaN(d.getTime())) return '';
  return d.toISOString().slice(0, 10);
}

function pad(n: number, width: number) {
  return String(n).padStart(width, '0');
}
