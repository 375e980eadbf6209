/**
 * Delimited-text parsing (CSV, TSV, Excel "Unicode text"). A small RFC 4180 state machine, lenient the way
 * spreadsheet programs are: quoted fields may hold delimiters and line breaks (kept verbatim), "" is an
 * escaped quote, a quote inside an unquoted field is literal, text after a closing quote is appended,
 * records end at CRLF, LF or a lone CR (classic Mac Excel). It works over string chunks so a large file is
 * never held as one string, and a record is cut only when it is complete.
 */

export interface DelimitedRecord {
  /** 1-based record number; a quoted line break does not start a new record (as in a spreadsheet) */
  row_number: number;
  cells: string[];
  unterminatedQuote?: boolean;
}

export type DelimitedEnd = { ok: true; records: number } | { ok: false; code: 'cell_too_large'; row_number: number };

const LF = 10;
const CR = 13;
const QUOTE = 34;

interface Parsed {
  cells: string[];
  next: number;
  unterminated: boolean;
}

/** Parses one record starting at `start`; null when the buffer ends before the record does and more may come. */
function parseRecord(buf: string, start: number, delim: number, final: boolean): Parsed | null {
  const cells: string[] = [];
  const len = buf.length;
  let i = start;
  for (;;) {
    if (i < len && buf.charCodeAt(i) === QUOTE) {
      let value = '';
      let j = i + 1;
      let closed = false;
      for (;;) {
        const q = buf.indexOf('"', j);
        if (q === -1) {
          if (!final) return null;
          value += buf.slice(j);
          cells.push(value);
          return { cells, next: len, unterminated: true };
        }
        if (q + 1 >= len && !final) return null; // cannot tell "" from a closing quote yet
        if (buf.charCodeAt(q + 1) === QUOTE) {
          value += buf.slice(j, q) + '"';
          j = q + 2;
          continue;
        }
        value += buf.slice(j, q);
        i = q + 1;
        closed = true;
        break;
      }
      if (closed) {
        // Lenient: characters between the closing quote and the next delimiter belong to the field.
        let k = i;
        while (k < len) {
          const c = buf.charCodeAt(k);
          if (c === delim || c === LF || c === CR) break;
          k++;
        }
        if (k > i) value += buf.slice(i, k);
        i = k;
      }
      cells.push(value);
    } else {
      let k = i;
      while (k < len) {
        const c = buf.charCodeAt(k);
        if (c === delim || c === LF || c === CR) break;
        k++;
      }
      cells.push(buf.slice(i, k));
      i = k;
    }
    if (i >= len) {
      if (!final) return null;
      return { cells, next: len, unterminated: false };
    }
    const c = buf.charCodeAt(i);
    if (c === delim) {
      i++;
      continue;
    }
    if (c === CR) {
      if (i + 1 >= len && !final) return null; // a CR at the chunk end may be half of CRLF
      return { cells, next: buf.charCodeAt(i + 1) === LF ? i + 2 : i + 1, unterminated: false };
    }
    return { cells, next: i + 1, unterminated: false }; // LF
  }
}

export interface ParseDelimitedOptions {
  delimiter: string;
  maxCellChars?: number;
  /** stop after this many records (sniffing) */
  maxRecords?: number;
}

export function* parseDelimited(
  chunks: Iterable<string>,
  options: ParseDelimitedOptions,
): Generator<DelimitedRecord, DelimitedEnd, void> {
  const delim = options.delimiter.charCodeAt(0);
  const maxCell = options.maxCellChars ?? Number.POSITIVE_INFINITY;
  const maxRecords = options.maxRecords ?? Number.POSITIVE_INFINITY;
  let carry = '';
  let row = 0;
  const iterator = chunks[Symbol.iterator]();
  let done = false;
  while (!done) {
    const step = iterator.next();
    done = step.done === true;
    const buf = done ? carry : carry + step.value;
    if (!done && buf.length === 0) continue;
    let pos = 0;
    while (pos < buf.length) {
      const parsed = parseRecord(buf, pos, delim, done);
      if (!parsed) break;
      row++;
      for (const cell of parsed.cells)
        if (cell.length > maxCell) return { ok: false, code: 'cell_too_large', row_number: row };
      yield parsed.unterminated
        ? { row_number: row, cells: parsed.cells, unterminatedQuote: true }
        : { row_number: row, cells: parsed.cells };
      if (row >= maxRecords) return { ok: true, records: row };
      pos = parsed.next;
    }
    carry = buf.slice(pos);
    // One record larger than any allowed cell times a generous column count cannot be valid input.
    if (carry.length > maxCell * 4 && carry.length > 64 * 1024 * 1024)
      return { ok: false, code: 'cell_too_large', row_number: row + 1 };
  }
  return { ok: true, records: row };
}

/**
 * A copy of `s` that does not keep the text it was cut from alive. Cells are slices of a decoded
 * chunk (V8 shares the chunk's characters), so a cell kept for the whole file (a sku_code in the
 * duplicate map, a value in a cache) would keep its whole chunk; a file's worth of such cells, the file.
 */
export function detached(s: string): string {
  // The concatenation is flattened into a new string of its own; slicing that shares only it.
  return s.length < 13 ? s : (' ' + s).slice(1);
}

export function isBlankRecord(cells: string[]): boolean {
  for (const c of cells) if (c.trim() !== '') return false;
  return true;
}

const CANDIDATES = [',', ';', '\t', '|'] as const;

export interface DelimiterSniff {
  delimiter: string;
  /** field count most records share */
  fields: number;
  consistency: number;
}

/**
 * Picks the delimiter whose records most consistently share one field count greater than 1 (the header
 * record counts double, it decides the columns). Decimal commas in a ";" file vary per row and lose.
 */
export function sniffDelimiter(sample: string, preferTab: boolean): DelimiterSniff {
  let best: DelimiterSniff & { score: number } = {
    delimiter: preferTab ? '\t' : ',',
    fields: 1,
    consistency: 0,
    score: -1,
  };
  for (const d of CANDIDATES) {
    const raw: number[] = [];
    const trimmed: number[] = [];
    let sampleWasTruncated = false;
    const gen = parseDelimited([sample], { delimiter: d, maxRecords: 60 });
    for (let step = gen.next(); !step.done; step = gen.next()) {
      if (step.value.unterminatedQuote) sampleWasTruncated = true;
      if (!isBlankRecord(step.value.cells)) {
        raw.push(step.value.cells.length);
        trimmed.push(trimTrailingEmpty(step.value.cells));
      }
    }
    if (sampleWasTruncated && raw.length > 1) {
      raw.pop();
      trimmed.pop();
    }
    if (raw.length === 0) continue;
    // Raw counts see a mostly-empty last column as a column; trimmed counts forgive a trailing
    // delimiter. Whichever is more consistent describes the file.
    for (const counts of [trimmed, raw]) {
      const freq = new Map<number, number>();
      counts.forEach((c, idx) => freq.set(c, (freq.get(c) ?? 0) + (idx === 0 ? 2 : 1)));
      let mode = 1;
      let modeFreq = 0;
      for (const [c, f] of freq)
        if (f > modeFreq || (f === modeFreq && c > mode)) {
          mode = c;
          modeFreq = f;
        }
      const consistency = modeFreq / (counts.length + 1);
      if (mode < 2) continue;
      const headerAgrees = counts[0] === mode || counts[0] === mode - 1 || counts[0] === mode + 1 ? 1 : 0.6;
      const tabBonus = preferTab && d === '\t' ? 0.15 : 0;
      const score = consistency * headerAgrees + tabBonus + Math.min(mode, 50) / 1000;
      if (score > best.score) best = { delimiter: d, fields: mode, consistency, score };
    }
  }
  return { delimiter: best.delimiter, fields: best.fields, consistency: best.consistency };
}

/** Field count without trailing empty fields (a trailing delimiter adds a phantom column). */
function trimTrailingEmpty(cells: string[]): number {
  let n = cells.length;
  while (n > 1 && cells[n - 1] === '') n--;
  return n;
}

export function detectLineEnding(sample: string): 'crlf' | 'lf' | 'cr' | 'mixed' | null {
  let crlf = 0;
  let lf = 0;
  let cr = 0;
  let inQuote = false;
  for (let i = 0; i < sample.length; i++) {
    const c = sample.charCodeAt(i);
    // Only record ends count; a quoted cell may hold a different kind of break.
    if (c === QUOTE) inQuote = !inQuote;
    else if (inQuote) continue;
    else if (c === CR) {
      if (sample.charCodeAt(i + 1) === LF) {
        crlf++;
        i++;
      } else cr++;
    } else if (c === LF) lf++;
  }
  const kinds = [crlf > 0, lf > 0, cr > 0].filter(Boolean).length;
  if (kinds === 0) return null;
  if (kinds > 1) {
    // Quoted cells often hold a different break than the records; the majority names the file.
    const max = Math.max(crlf, lf, cr);
    if (max >= (crlf + lf + cr) * 0.8) return max === crlf ? 'crlf' : max === lf ? 'lf' : 'cr';
    return 'mixed';
  }
  return crlf ? 'crlf' : lf ? 'lf' : 'cr';
}
