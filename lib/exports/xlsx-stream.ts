/**
 * A streaming XLSX writer: rows go to the file as they are produced, so an export of any size holds
 * one chunk of rows at a time. SheetJS Community Edition builds the whole workbook in memory before
 * writing (its stream API writes CSV, HTML and JSON, not XLSX), which cost the 10,000-SKU catalogue
 * export over 100 MB. The workbook is the minimal SpreadsheetML package (content types, relationships,
 * workbook, styles, one part per sheet) with inline strings, zipped by yazl as it is written. The
 * first sheet streams straight into the ZIP; any further sheet is filled at the same time into a temp
 * file and added after it (ZIP entries follow one another).
 */
import fs from 'node:fs';
import { once } from 'node:events';
import { PassThrough } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import yazl from 'yazl';
import { fileWriter, type FileWriter } from './output';

export type XlsxCell = string | number | boolean | null | undefined;

const XML_HEAD = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\r\n';
const NS = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
const REL = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
const SHEET_START = `${XML_HEAD}<worksheet xmlns="${NS}" xmlns:r="${REL}"><sheetData>`;
const SHEET_END = '</sheetData></worksheet>';

// Characters XML 1.0 cannot carry (C0 controls but tab/LF/CR, lone surrogates, U+FFFE/U+FFFF).
const NOT_XML =
  /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;
const ESCAPE = /[&<>]/g;
const ENTITY: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;' };
const escapeText = (s: string) => s.replace(NOT_XML, '').replace(ESCAPE, (c) => ENTITY[c]);
const escapeAttr = (s: string) => escapeText(s).replace(/"/g, '&quot;');

/** Column letters A, B, ..., Z, AA, ... for a 0-based index. */
export function columnName(i: number): string {
  let s = '';
  for (let n = i + 1; n > 0; n = Math.floor((n - 1) / 26)) s = String.fromCharCode(65 + ((n - 1) % 26)) + s;
  return s;
}

/** Excel keeps at most 32,767 characters in a cell. */
const MAX_CELL = 32_767;

class SheetRows {
  private row = 0;
  private readonly columns: string[] = [];
  constructor(readonly name: string) {}

  /** The XML of these rows (empty cells are left out, as a spreadsheet stores them). */
  xml(rows: readonly XlsxCell[][]): string {
    let out = '';
    for (const cells of rows) {
      const r = ++this.row;
      out += `<row r="${r}">`;
      for (let j = 0; j < cells.length; j++) {
        const v = cells[j];
        if (v === null || v === undefined || v === '') continue;
        const ref = (this.columns[j] ??= columnName(j)) + r;
        if (typeof v === 'number') {
          if (Number.isFinite(v)) out += `<c r="${ref}"><v>${v}</v></c>`;
        } else if (typeof v === 'boolean') out += `<c r="${ref}" t="b"><v>${v ? 1 : 0}</v></c>`;
        else {
          const s = v.length > MAX_CELL ? v.slice(0, MAX_CELL) : v;
          const space = /^\s|\s$/.test(s) ? ' xml:space="preserve"' : '';
          out += `<c r="${ref}" t="inlineStr"><is><t${space}>${escapeText(s)}</t></is></c>`;
        }
      }
      out += '</row>';
    }
    return out;
  }
}

export interface XlsxSheet {
  /** Appends rows; resolves when the output can take more (backpressure). */
  addRows(rows: readonly XlsxCell[][]): Promise<void>;
}

/** A workbook written to outPath as rows arrive; call close() once every row is added. */
export function xlsxStreamWriter(outPath: string, sheetNames: readonly string[], options: { mtime?: Date } = {}) {
  const zip = new yazl.ZipFile();
  const done = pipeline(zip.outputStream, fs.createWriteStream(outPath));
  done.catch(() => undefined); // awaited in close() or abort(); this only keeps an early failure from being unhandled
  const mtime = options.mtime ?? new Date();
  const add = (name: string, text: string) => zip.addBuffer(Buffer.from(text, 'utf8'), name, { mtime, compress: true });
  const sheetPart = (i: number) => `xl/worksheets/sheet${i + 1}.xml`;

  add(
    '[Content_Types].xml',
    `${XML_HEAD}<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/><Override PartName="/xl/styles.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.styles+xml"/>${sheetNames
      .map(
        (_, i) =>
          `<Override PartName="/${sheetPart(i)}" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/>`,
      )
      .join('')}</Types>`,
  );
  add(
    '_rels/.rels',
    `${XML_HEAD}<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="${REL}/officeDocument" Target="xl/workbook.xml"/></Relationships>`,
  );
  add(
    'xl/workbook.xml',
    `${XML_HEAD}<workbook xmlns="${NS}" xmlns:r="${REL}"><sheets>${sheetNames.map((n, i) => `<sheet name="${escapeAttr(n)}" sheetId="${i + 1}" r:id="rId${i + 1}"/>`).join('')}</sheets></workbook>`,
  );
  add(
    'xl/_rels/workbook.xml.rels',
    `${XML_HEAD}<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">${sheetNames
      .map((_, i) => `<Relationship Id="rId${i + 1}" Type="${REL}/worksheet" Target="worksheets/sheet${i + 1}.xml"/>`)
      .join(
        '',
      )}<Relationship Id="rId${sheetNames.length + 1}" Type="${REL}/styles" Target="styles.xml"/></Relationships>`,
  );
  add(
    'xl/styles.xml',
    `${XML_HEAD}<styleSheet xmlns="${NS}"><fonts count="1"><font><sz val="11"/><name val="Calibri"/></font></fonts><fills count="2"><fill><patternFill patternType="none"/></fill><fill><patternFill patternType="gray125"/></fill></fills><borders count="1"><border><left/><right/><top/><bottom/><diagonal/></border></borders><cellStyleXfs count="1"><xf numFmtId="0" fontId="0" fillId="0" borderId="0"/></cellStyleXfs><cellXfs count="1"><xf numFmtId="0" fontId="0" fillId="0" borderId="0" xfId="0"/></cellXfs><cellStyles count="1"><cellStyle name="Normal" xfId="0" builtinId="0"/></cellStyles></styleSheet>`,
  );

  // Sheet 1 streams into its ZIP entry; the others into temp files, zipped at close.
  const first = new PassThrough();
  zip.addReadStream(first, sheetPart(0), { mtime, compress: true });
  const firstOut: FileWriter = {
    async write(text) {
      if (!first.write(text)) await Promise.race([once(first, 'drain'), done]);
    },
    async close() {
      first.end();
    },
  };
  const tempPaths = sheetNames.map((_, i) => (i === 0 ? '' : `${outPath}.sheet${i + 1}.xml`));
  const outs = sheetNames.map((_, i) => (i === 0 ? firstOut : fileWriter(tempPaths[i])));
  const rows = sheetNames.map((n) => new SheetRows(n));
  const started = sheetNames.map(() => false);

  async function write(i: number, text: string) {
    if (!started[i]) {
      started[i] = true;
      text = SHEET_START + text;
    }
    await outs[i].write(text);
  }

  const sheets: XlsxSheet[] = sheetNames.map((_, i) => ({ addRows: (r) => write(i, rows[i].xml(r)) }));
  return {
    sheets,
    async close() {
      try {
        for (let i = 0; i < outs.length; i++) {
          await write(i, SHEET_END);
          await outs[i].close();
          if (i > 0) zip.addFile(tempPaths[i], sheetPart(i), { mtime, compress: true });
        }
        zip.end();
        await done;
      } finally {
        await Promise.all(tempPaths.filter(Boolean).map((p) => fs.promises.rm(p, { force: true })));
      }
    },
    /** Stops writing after a failure: the partial file is left for the caller to remove. */
    async abort() {
      first.destroy();
      (zip.outputStream as unknown as import('node:stream').Readable).destroy();
      await done.catch(() => undefined);
      await Promise.all(outs.slice(1).map((o) => o.close().catch(() => undefined)));
      await Promise.all(tempPaths.filter(Boolean).map((p) => fs.promises.rm(p, { force: true })));
    },
  };
}
