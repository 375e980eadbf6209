import * as XLSX from '@e965/xlsx';
import { openZip, type ZipArchive, type ZipEntryInfo } from '@/lib/extract/zip-reader';
import { detached } from './csv';
import { cellText, type CellLike } from './cell-text';
import type { GridRow, MergeRange } from './header';
import type { SheetInfo, SheetVisibility } from './types';
import type { LoadedWorkbook, SheetGrid } from './workbook';
import {
  decodeCell,
  decodeRange,
  encodeCell,
  ERROR_CODES,
  isoDateSerial,
  matchXmlNs,
  parseXmlBool,
  parseXmlTag,
  stringItemText,
  stripNs,
  TAG_RE,
  unescapeXml,
  utf8read,
} from './xlsx-xml';

/**
 * Reads an XLSX workbook without building it: shared strings and number formats are kept, each sheet is
 * inflated and cut into rows piece by piece, and a row becomes cell text only while it is read. Opening
 * makes one pass over every sheet (names, visibility, rows with values, merged ranges, and every check
 * below); each rows() pass of the chosen sheet inflates it again from the stored bytes.
 *
 * It gives what SheetJS gives for the same file: the per-row and per-cell logic is SheetJS's own
 * (xlsx-xml.ts), and cells become text through the same cellText(). Whatever it does not reproduce exactly
 * (rows out of order, unknown cell types, number formats SheetJS resolves lazily, parts in unusual
 * places) makes loadXlsxStream return null, and the caller reads the file with SheetJS instead.
 */

const CONTENT_TYPES_NS = 'http://schemas.openxmlformats.org/package/2006/content-types';
const WORKBOOK_TYPES = new Set([
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml',
  'application/vnd.ms-excel.sheet.macroEnabled.main+xml',
  'application/vnd.ms-excel.addin.macroEnabled.main+xml',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.template.main+xml',
]);
const SST_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sharedStrings+xml';
const STYLES_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.styles+xml';
const MAIN_NS = [
  'http://schemas.openxmlformats.org/spreadsheetml/2006/main',
  'http://purl.oclc.org/ooxml/spreadsheetml/main',
  'http://schemas.microsoft.com/office/excel/2006/main',
  'http://schemas.microsoft.com/office/excel/2006/2',
];
const WORKSHEET_RELS = [
  'http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet',
  'http://purl.oclc.org/ooxml/officeDocument/relationships/worksheet',
];
/** SheetJS's built-in format ids; any other id without a numFmt is resolved lazily there (see cellFormat). */
const BUILTIN_FORMAT_IDS = [0, 1, 2, 3, 4, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 37, 38, 39, 40];
BUILTIN_FORMAT_IDS.push(45, 46, 47, 48, 49, 56);
/** A row (or the text between two rows) longer than this is not cut here; SheetJS reads the file. */
const MAX_PIECE_CHARS = 32 * 1024 * 1024;

interface SheetPart {
  name: string;
  visibility: SheetVisibility;
  part: ZipEntryInfo;
}

interface Styles {
  /** numFmtId per cellXfs entry; null when styles.xml has no cellXfs (every cell is General) */
  xfFormats: (number | undefined)[] | null;
  formats: Map<number, string>;
}

interface ReadContext {
  strings: (string | undefined)[];
  styles: Styles;
  date1904: boolean;
}

/** One <row>: its 0-based index and its cells by column (sparse, as SheetJS's dense rows). */
interface ParsedRow {
  r: number;
  cells: CellLike[];
}

/** null: the file holds something this reader does not reproduce exactly; read it with SheetJS. */
export async function loadXlsxStream(bytes: Uint8Array): Promise<LoadedWorkbook | null> {
  try {
    return await loadUnchecked(bytes);
  } catch {
    return null;
  }
}

/** The workbook passed inspectWorkbookZip first; each part is read up to its declared size, no further. */
const UNCAPPED = { maxEntries: Infinity, maxEntryBytes: Infinity, maxRatio: Infinity, ratioGraceBytes: 0 };

async function loadUnchecked(bytes: Uint8Array): Promise<LoadedWorkbook | null> {
  // No repair: this reader must read the parts SheetJS would read.
  const zip = await openZip(bytes, UNCAPPED, { repair: false });
  if (!zip.ok) return null;
  zip.close(); // pieces() reads the bytes in memory
  const names = new Set<string>();
  const byLowerName = new Map<string, ZipEntryInfo>();
  for (const p of zip.entries) {
    const name = p.name.replace(/\\/g, '/');
    // Two parts of one name: which of them SheetJS reads is its choice, so this reader does not guess.
    if (names.has(name)) throw new Error(`duplicate zip entry ${name}`);
    names.add(name);
    byLowerName.set(name.toLowerCase(), p);
  }
  const find = (name: string) => byLowerName.get(name.toLowerCase().replace(/\\/g, '/'));
  const text = (p: ZipEntryInfo) => {
    const s = Buffer.concat([...zip.pieces(p)]).toString('latin1');
    // SheetJS converts UTF-16 parts; they do not occur in practice, so they stay with it.
    if (s.startsWith('\xff\xfe') || s.startsWith('\xfe\xff', 1)) throw new Error('UTF-16 part');
    return s;
  };

  const ctPart = find('[Content_Types].xml');
  if (!ctPart) return null;
  const ct = contentTypes(text(ctPart));
  const workbookName = ct.workbook ?? (find('xl/workbook.xml') ? '/xl/workbook.xml' : null);
  if (workbookName?.replace(/^\//, '') !== 'xl/workbook.xml') return null;
  const wbPart = find('xl/workbook.xml');
  if (!wbPart) return null;

  const styles = ct.styles ? readStyles(text(requirePart(find, ct.styles))) : { xfFormats: null, formats: new Map() };
  const strings = ct.sst ? readSharedStrings(zip, requirePart(find, ct.sst)) : [];
  const wb = readWorkbookXml(text(wbPart));
  const relsPart = find('xl/_rels/workbook.xml.rels');
  if (!relsPart) return null;
  const rels = readRels(text(relsPart));

  const sheetParts: SheetPart[] = wb.sheets.map((s) => {
    const rel = s.id !== undefined ? rels.get(s.id) : undefined;
    if (!rel || !WORKSHEET_RELS.includes(rel.type)) throw new Error('sheet without a worksheet relationship');
    let part = find('xl/' + rel.target.replace(/[/]?xl\//, ''));
    if (!part) part = find(rel.target);
    if (!part) part = find('xl/' + rel.target);
    if (!part) throw new Error('sheet part missing');
    return { name: s.name, visibility: s.visibility, part };
  });
  if (new Set(sheetParts.map((s) => s.name)).size !== sheetParts.length) return null;

  const ctx: ReadContext = { strings, styles, date1904: wb.date1904 };
  const scans = sheetParts.map((s) => scanSheet(zip, s.part, ctx));
  const sheets: SheetInfo[] = sheetParts.map((s, i) => ({
    name: s.name,
    visibility: s.visibility,
    has_data: scans[i].nonEmpty > 0,
    non_empty_rows: scans[i].nonEmpty,
  }));

  return {
    ok: true,
    kind: 'xlsx',
    detail: 'ooxml',
    date1904: wb.date1904,
    sheets,
    grid(index: number): SheetGrid | null {
      const scan = scans[index];
      // Number cells with a format id SheetJS fills in on first use read differently for the first cell.
      if (scan.lazyFormat) return null;
      const part = sheetParts[index].part;
      const textRows = function* (): Generator<GridRow, void, void> {
        for (const row of sheetRows(zip, part, ctx, null)) yield { row_number: row.r + 1, cells: rowText(row, ctx) };
      };
      return {
        rowCount: scan.rowCount,
        merges: scan.merges,
        head(count: number): GridRow[] {
          const out: GridRow[] = [];
          for (const row of textRows()) {
            if (row.row_number > count) break;
            while (out.length < row.row_number - 1) out.push({ row_number: out.length + 1, cells: [] });
            out.push(row);
          }
          while (out.length < count) out.push({ row_number: out.length + 1, cells: [] });
          return out;
        },
        dataRows(from: number, max: number) {
          return function* () {
            let n = 0;
            for (const row of textRows()) {
              if (row.row_number <= from || isBlankCells(row.cells)) continue;
              if (n++ >= max) return;
              yield row;
            }
          };
        },
      };
    },
  };
}

function requirePart(find: (name: string) => ZipEntryInfo | undefined, name: string): ZipEntryInfo {
  const p = find(name.replace(/^\//, ''));
  if (!p) throw new Error(`part ${name} missing`);
  return p;
}

function isBlankCells(cells: string[]): boolean {
  for (const c of cells) if (c !== undefined && c.trim() !== '') return false;
  return true;
}

function rowText(row: ParsedRow, ctx: ReadContext): string[] {
  const cells: string[] = [];
  // forEach skips the holes of a sparse row, as SheetJS's own grid does.
  row.cells.forEach((cell, c) => {
    const t = cellText(cell, ctx.date1904);
    if (t !== '') {
      while (cells.length < c) cells.push('');
      cells[c] = detached(t);
    }
  });
  return cells;
}

// -------------------------------------------------------------------------------------- small parts

function contentTypes(data: string): { workbook: string | null; sst: string | null; styles: string | null } {
  let xmlns: string | undefined;
  const workbooks: string[] = [];
  const sst: string[] = [];
  const styles: string[] = [];
  for (const tag of data.match(TAG_RE) ?? []) {
    const y = parseXmlTag(tag);
    switch (y[0].replace(/<\w*:/, '<')) {
      case '<Types':
        xmlns = y['xmlns' + (y[0].match(/<(\w+):/) ?? ['', ''])[1]];
        break;
      case '<Override':
        if (WORKBOOK_TYPES.has(y.ContentType)) workbooks.push(y.PartName);
        else if (y.ContentType === 'application/vnd.ms-excel.sheet.binary.macroEnabled.main')
          workbooks.push(y.PartName);
        else if (y.ContentType === SST_TYPE) sst.push(y.PartName);
        else if (y.ContentType === STYLES_TYPE) styles.push(y.PartName);
        break;
    }
  }
  if (xmlns !== CONTENT_TYPES_NS) throw new Error('unknown content-types namespace');
  return { workbook: workbooks[0] ?? null, sst: sst[0] ?? null, styles: styles[0] ?? null };
}

function readWorkbookXml(data: string): {
  date1904: boolean;
  sheets: { name: string; visibility: SheetVisibility; id?: string }[];
} {
  let xmlns: string | undefined;
  let date1904 = false;
  const sheets: { name: string; visibility: SheetVisibility; id?: string }[] = [];
  for (const tag of data.match(TAG_RE) ?? []) {
    const y = parseXmlTag(tag);
    switch (stripNs(y[0])) {
      case '<workbook':
        if (/<\w+:workbook/.test(tag)) throw new Error('prefixed workbook element');
        xmlns = y.xmlns;
        break;
      case '<workbookPr':
      case '<workbookPr/>':
        if (y.date1904 != null) date1904 = parseXmlBool(y.date1904);
        break;
      case '<sheet':
        sheets.push({
          name: unescapeXml(utf8read(y.name)),
          visibility: y.state === 'hidden' ? 'hidden' : y.state === 'veryHidden' ? 'very_hidden' : 'visible',
          id: y.id || y.strRelID,
        });
        break;
    }
  }
  if (!xmlns || !MAIN_NS.includes(xmlns)) throw new Error('unknown workbook namespace');
  return { date1904, sheets };
}

function readRels(data: string): Map<string, { type: string; target: string }> {
  const out = new Map<string, { type: string; target: string }>();
  for (const tag of data.match(TAG_RE) ?? []) {
    const y = parseXmlTag(tag);
    if (y[0] === '<Relationship') out.set(y.Id, { type: y.Type, target: unescapeXml(y.Target) });
  }
  return out;
}

function readStyles(raw: string): Styles {
  const data = removeComments(raw);
  if (data.slice(0, 1024).includes('<!DOCTYPE')) throw new Error('doctype in styles');
  const formats = new Map<number, string>();
  const table = (XLSX.SSF as unknown as { _table: Record<number, string> })._table;
  for (const id of BUILTIN_FORMAT_IDS) formats.set(id, table[id]);
  const numFmts = matchXmlNs(data, 'numFmts');
  if (numFmts) {
    for (const tag of numFmts[0].match(TAG_RE) ?? []) {
      const y = parseXmlTag(tag);
      if (stripNs(y[0]) !== '<numFmt') continue;
      const f = unescapeXml(utf8read(y.formatCode));
      const j = parseInt(y.numFmtId, 10);
      if (!(j <= 0x188)) throw new Error('number format id beyond the table');
      // SheetJS corrects the format Google Sheets writes for day.month.
      if (j > 0) formats.set(j, f === 'd.m' ? 'd\\.m' : f);
    }
  }
  let xfFormats: (number | undefined)[] | null = null;
  const cellXfs = matchXmlNs(data, 'cellXfs');
  if (cellXfs) {
    xfFormats = [];
    for (const tag of cellXfs[0].match(TAG_RE) ?? []) {
      const y = parseXmlTag(tag);
      const name = stripNs(y[0]);
      if (name !== '<xf' && name !== '<xf/>' && name !== '<xf>') continue;
      const id = y.numFmtId ? parseInt(y.numFmtId, 10) : undefined;
      if (id !== undefined && !(id >= 0 && id <= 0x188)) throw new Error('unusual numFmtId');
      xfFormats.push(id);
    }
  }
  return { xfFormats, formats };
}

function removeComments(s: string): string {
  let si = s.indexOf('<!--');
  if (si === -1) return s;
  const out: string[] = [];
  let last = 0;
  while (si > -1) {
    out.push(s.slice(last, si));
    const ei = s.indexOf('-->', si + 4);
    if (ei === -1) break;
    last = ei + 3;
    si = s.indexOf('<!--', last);
    if (si === -1) out.push(s.slice(last));
  }
  return out.join('');
}

// ------------------------------------------------------------------------------------ shared strings

const SST_OPEN = /<(?:\w+:)?sst\b[^<>]*>/g;
const SI_END = /<\/(?:\w+:)?(?:si|sstItem|(sst))>/g;
const SI_OPEN = /<(?:\w+:)?(?:si|sstItem)>/g;

function readSharedStrings(zip: ZipArchive, part: ZipEntryInfo): (string | undefined)[] {
  const out: (string | undefined)[] = [];
  const cutter = new Cutter();
  let inside = false;
  let closed = false;
  for (const piece of zip.pieces(part)) {
    cutter.push(piece.toString('latin1'));
    for (;;) {
      if (closed) break;
      if (!inside) {
        if (!cutter.next(SST_OPEN)) break;
        inside = true;
        continue;
      }
      const m = cutter.next(SI_END);
      if (!m) break;
      out.push(stringItemText(m.before.replace(SI_OPEN, '').trim()));
      if (m.match[1]) closed = true;
    }
    cutter.drop();
  }
  // SheetJS finds no table when <sst> is never closed.
  return closed ? out : [];
}

/**
 * Cuts a stream of text at the matches of one regular expression at a time. Every pattern used with it
 * starts with "<" and holds no other "<", so a match that is not complete yet starts at the last "<".
 */
class Cutter {
  private buf = '';
  private pos = 0;
  private searchedTo = 0;

  push(text: string) {
    this.buf = this.pos > 0 ? this.buf.slice(this.pos) + text : this.buf + text;
    this.searchedTo = Math.max(0, this.searchedTo - this.pos);
    this.pos = 0;
    if (this.buf.length > MAX_PIECE_CHARS) throw new Error('piece too large');
  }

  /** The text before the next match and the match; null when there is none yet. */
  next(re: RegExp): { before: string; match: RegExpExecArray } | null {
    re.lastIndex = Math.max(this.pos, this.searchedTo);
    const match = re.exec(this.buf);
    if (!match) {
      this.searchedTo = Math.max(this.pos, this.buf.lastIndexOf('<'));
      return null;
    }
    const before = this.buf.slice(this.pos, match.index);
    this.pos = re.lastIndex;
    this.searchedTo = this.pos;
    return { before, match };
  }

  /** Text that no match can reach any more (before the last "<"), given up and returned. */
  release(): string {
    const safe = Math.max(this.pos, this.buf.lastIndexOf('<'));
    const out = this.buf.slice(this.pos, safe);
    this.pos = safe;
    this.searchedTo = Math.max(this.searchedTo, safe);
    return out;
  }

  rest(): string {
    const out = this.buf.slice(this.pos);
    this.pos = this.buf.length;
    return out;
  }

  /** Forgets consumed text (called between pieces, so the buffer holds about one row). */
  drop() {
    if (this.pos > 0) {
      this.buf = this.buf.slice(this.pos);
      this.searchedTo = Math.max(0, this.searchedTo - this.pos);
      this.pos = 0;
    }
  }
}

// ------------------------------------------------------------------------------------------- sheets

const SHEETDATA_OPEN = /<(?:\w+:)?sheetData\b[^<>]*>/g;
const ROW_END = /<\/(?:\w+:)?(row|sheetData)>/g;
const SHEETDATA_CLOSE = /<\/(?:\w+:)?sheetData>/;
const MERGE = /<(?:\w+:)?mergeCell ref=["'][A-Z0-9:]+['"]\s*[/]?>/g;

interface SheetScan {
  rowCount: number;
  nonEmpty: number;
  merges: MergeRange[];
  /** a number cell uses a format id that is neither built in nor defined in styles.xml */
  lazyFormat: boolean;
}

function scanSheet(zip: ZipArchive, part: ZipEntryInfo, ctx: ReadContext): SheetScan {
  const scan: SheetScan = { rowCount: 0, nonEmpty: 0, merges: [], lazyFormat: false };
  let last = -1;
  for (const row of sheetRows(zip, part, ctx, scan)) {
    // Rows out of order (or one row in two <row> elements) are merged by SheetJS; this reader streams.
    if (row.r <= last) throw new Error('rows out of order');
    last = row.r;
    scan.rowCount = row.r + 1;
    let hasValue = false;
    row.cells.forEach((cell) => {
      if (!hasValue && cell.v !== undefined && cell.v !== null && String(cell.v).trim() !== '') hasValue = true;
    });
    if (hasValue) scan.nonEmpty++;
  }
  return scan;
}

/**
 * The rows of one sheet in file order. With `scan` the pass also collects the merged ranges (SheetJS reads
 * them after <sheetData>, or anywhere when there is none) and notes lazily resolved formats.
 */
function* sheetRows(
  zip: ZipArchive,
  part: ZipEntryInfo,
  ctx: ReadContext,
  scan: SheetScan | null,
): Generator<ParsedRow, void, void> {
  // SheetJS gives up on an empty sheet part (and converts UTF-16 ones); both stay with it.
  if (part.uncompressedSize === 0) throw new Error('empty sheet part');
  const cutter = new Cutter();
  const rowParser = new RowParser(ctx, scan);
  let first = true;
  let state = 'pre' as 'pre' | 'rows' | 'post' | 'selfclosed';
  const before: MergeRange[] = [];
  const after: MergeRange[] = [];
  const merges = (text: string, into: MergeRange[]) => {
    if (!scan) return;
    for (const m of text.match(MERGE) ?? []) into.push(decodeRange(m.slice(m.indexOf('=') + 2)));
  };
  const sideText = (text: string) => {
    if (state === 'selfclosed' && SHEETDATA_CLOSE.test(text)) throw new Error('sheetData closed twice');
    merges(text, state === 'pre' ? before : after);
  };
  for (const piece of zip.pieces(part)) {
    if (first && ((piece[0] === 0xff && piece[1] === 0xfe) || (piece[1] === 0xfe && piece[2] === 0xff)))
      throw new Error('UTF-16 sheet');
    first = false;
    cutter.push(piece.toString('latin1'));
    for (;;) {
      if (state === 'pre') {
        const m = cutter.next(SHEETDATA_OPEN);
        if (!m) {
          sideText(cutter.release());
          break;
        }
        merges(m.before, before);
        state = m.match[0].endsWith('/>') ? 'selfclosed' : 'rows';
        continue;
      }
      if (state === 'rows') {
        const m = cutter.next(ROW_END);
        if (!m) break;
        const row = rowParser.piece(m.before);
        if (row) yield row;
        if (m.match[1] === 'sheetData') state = 'post';
        continue;
      }
      sideText(cutter.release());
      break;
    }
    cutter.drop();
  }
  if (state === 'rows') throw new Error('sheetData not closed');
  sideText(cutter.rest());
  if (scan) scan.merges = state === 'post' ? after : [...before, ...after];
}

const CELL_SPLIT = /<(?:\w+:)?c[ />]/;
const CELL_REF = /r=["']([^"']*)["']/;

/** One row's XML (the text before its </row>) into cells, step by step as SheetJS's parse_ws_xml_data. */
class RowParser {
  private tagr = 0;
  private stopped = false;

  constructor(
    private ctx: ReadContext,
    private scan: SheetScan | null,
  ) {}

  piece(raw: string): ParsedRow | null {
    if (this.stopped) return null;
    let x = raw.trim();
    const xlen = x.length;
    if (xlen === 0) return null;
    let rstarti = 0;
    let ri = 0;
    outer: for (ri = 0; ri < xlen; ++ri) {
      switch (x[ri]) {
        case '>':
          if (x[ri - 1] !== '/') {
            ++ri;
            break outer;
          }
          break;
        case '<':
          rstarti = ri;
          break;
      }
    }
    if (rstarti >= ri) {
      this.stopped = true;
      return null;
    }
    const rowTag = parseXmlTag(x.slice(rstarti, ri));
    this.tagr = rowTag.r != null ? parseInt(rowTag.r, 10) : this.tagr + 1;
    let tagc = -1;

    let cells = x.slice(ri).split(CELL_SPLIT);
    let rslice = 0;
    for (; rslice !== cells.length; ++rslice) if (cells[rslice].trim().charAt(0) !== '<') break;
    cells = cells.slice(rslice);

    let rowIndex = -1;
    const out: CellLike[] = [];
    for (let k = 0; k !== cells.length; ++k) {
      x = cells[k].trim();
      if (x.length === 0) continue;
      const cref = x.match(CELL_REF);
      if (cref != null && cref.length === 2) {
        let idx = 0;
        const d = cref[1];
        for (let i = 0; i !== d.length; ++i) {
          const cc = d.charCodeAt(i) - 64;
          if (cc < 1 || cc > 26) break;
          idx = 26 * idx + cc;
        }
        tagc = idx - 1;
      } else ++tagc;
      x = '<c ' + (x.slice(0, 1) === '<' ? '>' : '') + x;
      let i = 0;
      for (; i !== x.length; ++i) if (x.charCodeAt(i) === 62) break;
      ++i;
      const tag = parseXmlTag(x.slice(0, i));
      if (!tag.r) tag.r = encodeCell(this.tagr - 1, tagc);
      const cell = this.cell(tag, x.slice(i));
      if (!cell) continue;
      const at = decodeCell(tag.r);
      if (at.c < 0 || at.r < 0 || !Number.isSafeInteger(at.r)) throw new Error('cell reference out of range');
      if (rowIndex === -1) rowIndex = at.r;
      else if (rowIndex !== at.r) throw new Error('cells of one <row> in two rows');
      out[at.c] = cell;
    }
    return rowIndex === -1 ? null : { r: rowIndex, cells: out };
  }

  /** The stored cell, or null where SheetJS stores none. */
  private cell(tag: Record<string, string>, d: string): CellLike | null {
    const vm = matchXmlNs(d, 'v');
    const raw = vm != null && vm[1] !== '' ? unescapeXml(vm[1]) : undefined;
    if (tag.t == null && raw === undefined) return null;
    const t = tag.t || 'n';
    switch (t) {
      case 'n': {
        if (raw === undefined || raw === '') return null;
        return this.number(parseFloat(raw), tag.s);
      }
      case 's': {
        if (raw === undefined) return null;
        const idx = parseInt(raw, 10);
        if (!(idx >= 0 && idx < this.ctx.strings.length)) throw new Error('shared string index out of range');
        const v = this.ctx.strings[idx];
        if (v === undefined) throw new Error('shared string without text');
        return { t: 's', v };
      }
      case 'str':
        return { t: 's', v: raw != null ? unescapeXml(utf8read(raw), true) : '' };
      case 'inlineStr': {
        const is = matchXmlNs(d, 'is');
        if (!is) return { t: 's', v: '' };
        // SheetJS also renders an inline string's rich runs as HTML and gives up on the sheet at a run
        // property it does not know; rich inline strings are rare, so they stay with it.
        if (/<(?:\w+:)?r\b[^<>]*>/.test(is[1])) throw new Error('rich inline string');
        const v = stringItemText(is[1]);
        if (v === undefined) throw new Error('inline string without text');
        return { t: 's', v };
      }
      case 'b':
        return { t: 'b', v: parseXmlBool(raw) };
      case 'e':
        return { t: 'e', v: raw === undefined ? undefined : ERROR_CODES[raw], w: raw || undefined };
      case 'd':
        if (raw === undefined) throw new Error('date cell without value');
        return this.number(isoDateSerial(raw, this.ctx.date1904), tag.s);
      default:
        throw new Error(`cell type ${t}`);
    }
  }

  private number(v: number, s: string | undefined): CellLike {
    if (!Number.isFinite(v)) throw new Error('number cell that is not finite');
    let id = 0;
    const xfs = this.ctx.styles.xfFormats;
    // SheetJS looks the style up as an array index: "01" or "1.0" find no style.
    if (xfs && s !== undefined && /^(0|[1-9]\d*)$/.test(s)) id = xfs[Number(s)] ?? 0;
    const z = this.ctx.styles.formats.get(id);
    if (z === undefined && this.scan) this.scan.lazyFormat = true;
    return new NumberCell(v, z);
  }
}

/** A number cell; its displayed text is computed only when cellText asks for it (code formats). */
class NumberCell implements CellLike {
  readonly t = 'n';
  constructor(
    readonly v: number,
    readonly z: string | undefined,
  ) {}

  get w(): string | undefined {
    try {
      return XLSX.SSF.format(this.z ?? 'General', this.v);
    } catch {
      return undefined;
    }
  }
}
