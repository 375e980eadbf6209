/**
 * Finds the header of a table in its first rows and names the columns. Spreadsheets from ERPs and
 * agencies put titles, dates and notes above the table, and build headers from several rows joined by
 * merged cells; both are handled here. A sheet whose rows all look like values has no header: its columns
 * get generated names and every row is data.
 */

export interface GridRow {
  /** 1-based source row */
  row_number: number;
  cells: string[];
}

/** 0-based inclusive range, rows counted as row_number - 1 */
export interface MergeRange {
  s: { r: number; c: number };
  e: { r: number; c: number };
}

export interface HeaderDetection {
  /** 1-based source rows that form the header, top to bottom; empty when the table has no header */
  header_rows: number[];
  headers: string[];
  raw_headers: string[];
  multiline: boolean;
  merged: boolean;
  blank_named: number[];
  duplicates: string[];
  width: number;
  /** non-empty rows above the header */
  title_rows: number;
}

const SCAN_ROWS = 60;

export function isBlank(cells: string[]): boolean {
  for (const c of cells) if (c !== undefined && c.trim() !== '') return false;
  return true;
}

function filledCount(cells: string[]): number {
  let n = 0;
  for (const c of cells) if (c && c.trim() !== '') n++;
  return n;
}

/** Values, not labels: numbers, amounts, percentages, dates, booleans, Excel errors. */
export function looksLikeValue(text: string): boolean {
  const t = text.trim();
  if (t === '') return false;
  if (/^[-+(]?[$€£¥]?\s?\d[\d\s.,'’]*\s?[$€£¥%)]?$/.test(t)) return true;
  if (/^\d{1,4}[-./]\d{1,2}[-./]\d{1,4}(?:[ T]\d{1,2}:\d{2}(?::\d{2})?)?$/.test(t)) return true;
  if (/^\d{1,2}:\d{2}(?::\d{2})?$/.test(t)) return true;
  if (/^(true|false)$/i.test(t)) return true;
  if (/^#(N\/A|NULL!|DIV\/0!|VALUE!|REF!|NAME\?|NUM!)$/.test(t)) return true;
  return false;
}

function lastFilled(cells: string[]): number {
  for (let i = cells.length - 1; i >= 0; i--) if (cells[i] && cells[i].trim() !== '') return i + 1;
  return 0;
}

export function columnLetter(index: number): string {
  let n = index + 1;
  let s = '';
  while (n > 0) {
    const m = (n - 1) % 26;
    s = String.fromCharCode(65 + m) + s;
    n = Math.floor((n - 1) / 26);
  }
  return s;
}

/** "Кате-\nгория" -> "Категория", "Ben \nAshley" -> "Ben Ashley"; the raw text stays in raw_headers. */
export function cleanHeaderText(text: string): string {
  return text
    .replace(/(\p{L})[-\u00ad]\s*\r?\n\s*(\p{Ll})/gu, '$1$2')
    .replace(/\s*[\r\n]+\s*/g, ' ')
    .replace(/[\s\u00a0]+/g, ' ')
    .trim();
}

export interface DetectHeaderOptions {
  /** 1-based source row chosen by the caller */
  requestedRow?: number;
}

export function detectHeader(
  sample: GridRow[],
  merges: MergeRange[],
  options: DetectHeaderOptions = {},
): HeaderDetection | { error: 'header_row_out_of_range' } {
  const nonBlank = sample.filter((r) => !isBlank(r.cells));
  const byNumber = new Map(sample.map((r) => [r.row_number, r]));
  let headerRows: number[];

  if (options.requestedRow !== undefined) {
    const row = byNumber.get(options.requestedRow);
    if (!row || isBlank(row.cells)) return { error: 'header_row_out_of_range' };
    headerRows = [options.requestedRow];
  } else {
    const scan = nonBlank.slice(0, SCAN_ROWS);
    const maxFilled = Math.max(0, ...scan.map((r) => filledCount(r.cells)));
    const threshold = Math.max(2, Math.ceil(maxFilled * 0.5));
    const candidate = scan.find((r) => {
      const filled = filledCount(r.cells);
      if (filled < Math.min(threshold, maxFilled)) return false;
      const values = r.cells.filter((c) => looksLikeValue(c)).length;
      return values / filled <= 0.34;
    });
    if (!candidate || maxFilled === 0) {
      headerRows = [];
    } else {
      headerRows = [candidate.row_number];
      extendUp(headerRows, byNumber, merges);
      extendDown(headerRows, byNumber, merges);
    }
  }

  const headerSet = new Set(headerRows);
  const lastHeader = headerRows.length ? headerRows[headerRows.length - 1] : 0;
  const firstHeader = headerRows.length ? headerRows[0] : Number.POSITIVE_INFINITY;
  const dataSample = sample.filter((r) => r.row_number > lastHeader).slice(0, 1000);
  let width = 0;
  for (const r of headerRows) width = Math.max(width, lastFilled(byNumber.get(r)?.cells ?? []));
  for (const r of dataSample) width = Math.max(width, lastFilled(r.cells));

  const raw: string[] = [];
  const headers: string[] = [];
  let multiline = false;
  let merged = false;
  const blankNamed: number[] = [];
  for (let c = 0; c < width; c++) {
    const rawParts: string[] = [];
    const parts: string[] = [];
    for (const hr of headerRows) {
      let v = byNumber.get(hr)?.cells[c] ?? '';
      if (!v.trim() && headerRows.length > 1) {
        const m = mergeAt(merges, hr - 1, c);
        if (m && headerSet.has(m.s.r + 1)) {
          v = byNumber.get(m.s.r + 1)?.cells[m.s.c] ?? '';
          if (v.trim()) merged = true;
        }
      }
      if (/[\r\n]/.test(v)) multiline = true;
      const cleaned = cleanHeaderText(v);
      if (cleaned && parts[parts.length - 1] !== cleaned) {
        parts.push(cleaned);
        rawParts.push(v);
      }
    }
    raw.push(rawParts.join(' / '));
    let name = parts.join(' / ');
    if (!name) {
      name = `Column ${columnLetter(c)}`;
      if (headerRows.length) blankNamed.push(c);
    }
    headers.push(name);
  }
  if (headerRows.length > 1) merged = merged || merges.some((m) => headerSet.has(m.s.r + 1));

  const duplicates: string[] = [];
  const seen = new Map<string, number>();
  for (let c = 0; c < headers.length; c++) {
    const key = headers[c].toLowerCase();
    const n = (seen.get(key) ?? 0) + 1;
    seen.set(key, n);
    if (n > 1) {
      duplicates.push(headers[c]);
      headers[c] = `${headers[c]} (${n})`;
    }
  }

  const titleRows = nonBlank.filter((r) => r.row_number < firstHeader).length;
  return {
    header_rows: headerRows,
    headers,
    raw_headers: raw,
    multiline,
    merged,
    blank_named: blankNamed,
    duplicates,
    width,
    title_rows: headerRows.length ? titleRows : 0,
  };
}

function mergeAt(merges: MergeRange[], r: number, c: number): MergeRange | undefined {
  return merges.find((m) => r >= m.s.r && r <= m.e.r && c >= m.s.c && c <= m.e.c);
}

function allLabels(cells: string[]) {
  return !isBlank(cells) && !cells.some((c) => looksLikeValue(c));
}

/** Group rows above the column labels belong to the header when merged cells tie them to it. */
function extendUp(rows: number[], byNumber: Map<number, GridRow>, merges: MergeRange[]) {
  while (rows.length < 5) {
    const above = rows[0] - 1;
    const row = byNumber.get(above);
    if (!row || !allLabels(row.cells)) return;
    const idx = above - 1;
    const below = byNumber.get(rows[0])?.cells ?? [];
    const ties = merges.some((m) => m.s.r <= idx && m.e.r >= idx && (m.e.r > idx || groupsLabelsBelow(m, below)));
    if (!ties) return;
    rows.unshift(above);
  }
}

/** A horizontal merge is a group label when the row below has two or more labels under it. */
function groupsLabelsBelow(m: MergeRange, below: string[]): boolean {
  if (m.e.c === m.s.c) return false;
  let n = 0;
  for (let c = m.s.c; c <= m.e.c; c++) if (below[c] && below[c].trim() !== '') n++;
  return n >= 2;
}

/** A header whose cells are merged down into the next row, or that groups sub-labels below it. */
function extendDown(rows: number[], byNumber: Map<number, GridRow>, merges: MergeRange[]) {
  while (rows.length < 5) {
    const last = rows[rows.length - 1];
    const lastIdx = last - 1;
    const below = byNumber.get(last + 1);
    const spansDown = merges.some((m) => m.s.r <= lastIdx && m.e.r >= lastIdx + 1 && m.s.r >= rows[0] - 1);
    const groupsAcross =
      below !== undefined &&
      merges.some((m) => m.s.r === lastIdx && m.e.r === lastIdx && groupsLabelsBelow(m, below.cells));
    if (spansDown && (!below || isBlank(below.cells) || allLabels(below.cells))) {
      rows.push(last + 1);
      continue;
    }
    if (groupsAcross && below && allLabels(below.cells)) {
      rows.push(last + 1);
      continue;
    }
    return;
  }
}
