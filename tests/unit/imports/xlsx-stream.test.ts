/**
 * The streaming XLSX reader gives exactly what the SheetJS reader gives: the same shape, headers, warnings
 * and rows on two passes, for every XLSX fixture of the corpus and for workbooks written here (number and
 * date formats in both date systems, booleans, errors, rich and inline strings, rows and cells without
 * references, merges, hidden sheets, thousands of rows). Files it does not reproduce fall back to SheetJS;
 * hostile files still fail as before, because the zip is inspected before either reader runs.
 */
import fs from 'node:fs';
import path from 'node:path';
import JSZip from 'jszip';
import * as XLSX from '@e965/xlsx';
import { describe, expect, it } from 'vitest';
import { openCatalogue, openCatalogueWithSheetJs, type OpenCatalogueResult, type ReadInput } from '@/lib/imports/read';
import { loadXlsxStream } from '@/lib/imports/read/xlsx-stream';

const CORPUS = path.resolve(process.cwd(), 'tests/fixtures/corpus/spreadsheets');
const HOSTILE: Record<string, string> = {
  'xlsx-password-encrypted-cfb-container.xlsx': 'encrypted_workbook',
  'xlsx-xml-entity-expansion-bomb-in-sharedstrings.xlsx': 'unsafe_xml',
};

/** Everything a caller sees: the opened catalogue and two full passes over its rows. */
function observed(r: OpenCatalogueResult) {
  if (!r.ok) return r;
  const passes = [];
  for (let p = 0; p < 2; p++) {
    const rows = [];
    const it = r.rows();
    let step = it.next();
    for (; !step.done; step = it.next()) rows.push(step.value);
    passes.push({ rows, end: step.value });
  }
  return {
    shape: r.shape,
    headers: r.headers,
    raw_headers: r.raw_headers,
    passes,
    warnings: r.warnings,
  };
}

async function expectSame(input: ReadInput) {
  const streamed = observed(await openCatalogue(input));
  const reference = observed(await openCatalogueWithSheetJs(input));
  expect(streamed).toEqual(reference);
  return streamed;
}

/** true when the streaming reader reads the sheet openCatalogue chooses (no fallback to SheetJS). */
async function streams(bytes: Uint8Array, sheet: number) {
  const wb = await loadXlsxStream(bytes);
  return wb !== null && wb.grid(sheet) !== null;
}

function book(sheets: { name: string; ws: XLSX.WorkSheet; hidden?: 0 | 1 | 2 }[], date1904 = false): Buffer {
  const wb = XLSX.utils.book_new();
  for (const s of sheets) XLSX.utils.book_append_sheet(wb, s.ws, s.name);
  wb.Workbook = { ...wb.Workbook, WBProps: { date1904 }, Sheets: sheets.map((s) => ({ Hidden: s.hidden ?? 0 })) };
  return XLSX.write(wb, { type: 'buffer', bookType: 'xlsx', compression: true }) as Buffer;
}

function typedSheet(): XLSX.WorkSheet {
  const ws = XLSX.utils.aoa_to_sheet([
    ['Report generated 2024-05-01'],
    [],
    ['SKU', 'EAN', 'UPC', 'ZIP', 'Price', 'Ratio', 'Launch', 'Time', 'Stamp', 'Active', 'Error', 'Note'],
  ]);
  for (let i = 0; i < 60; i++) {
    XLSX.utils.sheet_add_aoa(
      ws,
      [
        [
          `SKU-${i}`,
          { t: 'n', v: 4006381333931 + i },
          { t: 'n', v: 42272005581 + i, z: '0\\-00000\\-00000\\-0' },
          { t: 'n', v: 1001 + i, z: '00000' },
          { t: 'n', v: 1337.5 + i, z: '_("$"* #,##0.00_)' },
          { t: 'n', v: 0.1 + i / 7, z: '0.00%' },
          { t: 'n', v: 45000 + i, z: 'yyyy-mm-dd' },
          { t: 'n', v: (i % 24) / 24 + 0.25 / 24, z: 'hh:mm:ss' },
          { t: 'n', v: 45000.5 + i, z: 'm/d/yy h:mm' },
          { t: 'b', v: i % 2 === 0 },
          { t: 'e', v: [0x2a, 0x07, 0x0f, 0x17][i % 4] },
          i % 5 === 0 ? `  leading spaces & <tags> ${'ü'.repeat(i % 3)}` : i % 5 === 1 ? 'two\nlines' : '',
        ],
      ],
      { origin: -1 },
    );
  }
  ws['!merges'] = [XLSX.utils.decode_range('A1:F1'), XLSX.utils.decode_range('A20:B21')];
  return ws;
}

/** Parts rewritten by hand where SheetJS does not write the case (rich text, inline strings, no r). */
async function rewrite(bytes: Buffer, parts: Record<string, string>): Promise<Buffer> {
  const zip = await JSZip.loadAsync(bytes);
  for (const [name, text] of Object.entries(parts)) zip.file(name, text);
  return zip.generateAsync({ type: 'nodebuffer', compression: 'DEFLATE' });
}

const NS = 'xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"';

describe('streaming XLSX reader: corpus', () => {
  const files = fs.readdirSync(CORPUS).filter((f) => f.endsWith('.xlsx'));

  it.each(files.filter((f) => !HOSTILE[f]))('%s: same result as SheetJS', async (file) => {
    const bytes = fs.readFileSync(path.join(CORPUS, file));
    const out = await expectSame({ bytes, filename: file });
    expect('ok' in out || (await streams(bytes, 0)) || file.includes('30-sheets')).toBe(true);
  });

  it.each(Object.entries(HOSTILE))('%s still fails with %s', async (file, code) => {
    const bytes = fs.readFileSync(path.join(CORPUS, file));
    const streamed = await openCatalogue({ bytes, filename: file });
    const reference = await openCatalogueWithSheetJs({ bytes, filename: file });
    expect(streamed.ok ? null : streamed.error.code).toBe(code);
    expect(streamed).toEqual(reference);
  });

  it('sheets of the 30-sheet workbook read alike, by name and by index', async () => {
    const file = 'xlsx-30-sheets-hidden-sheet-codes-as-text-full-width-range.xlsx';
    const bytes = fs.readFileSync(path.join(CORPUS, file));
    const wb = await loadXlsxStream(bytes);
    expect(wb?.sheets).toHaveLength(30);
    const names = wb!.sheets.map((s) => s.name);
    expect(names).toEqual(expect.arrayContaining(['Company Type', 'Country Master', 'KYC']));
    // the full-width range, the longest sheet, the one merge, and a few others
    for (const name of ['Company Type', 'Country Master', 'KYC', names[1], names[29]])
      await expectSame({ bytes, filename: file, sheet: names.indexOf(name) });
    await expectSame({ bytes, filename: file, sheet: 'Country Master (2)' });
  });
});

describe('streaming XLSX reader: generated workbooks', () => {
  it('numbers, code formats, dates and times (1900), booleans, errors, text, merges', async () => {
    const bytes = book([{ name: 'Items', ws: typedSheet() }]);
    expect(await streams(bytes, 0)).toBe(true);
    const out = await expectSame({ bytes, filename: 'typed.xlsx' });
    if (!('passes' in out)) throw new Error('expected rows');
    const first = out.passes[0].rows[0].cells;
    expect(first.slice(1, 4)).toEqual(['4006381333931', '0-42272-00558-1', '01001']);
    expect(first.slice(6, 11)).toEqual(['2023-03-15', '00:15:00', '2023-03-15 12:00:00', 'TRUE', '#N/A']);
  });

  it('the 1904 date system, a requested header row and a hidden sheet with more rows', async () => {
    const big = XLSX.utils.aoa_to_sheet(Array.from({ length: 200 }, (_, i) => [`h${i}`, i]));
    const bytes = book(
      [
        { name: 'Secret', ws: big, hidden: 1 },
        { name: 'Items', ws: typedSheet() },
        { name: 'Very', ws: XLSX.utils.aoa_to_sheet([['x']]), hidden: 2 },
        { name: 'Empty', ws: XLSX.utils.aoa_to_sheet([]) },
      ],
      true,
    );
    expect(await streams(bytes, 1)).toBe(true);
    const out = await expectSame({ bytes, filename: 'dates1904.xlsx' });
    if (!('shape' in out)) throw new Error('expected a catalogue');
    expect(out.shape.date1904).toBe(true);
    expect(out.warnings.map((w) => w.code)).toContain('hidden_sheet_has_more_data');
    await expectSame({ bytes, filename: 'dates1904.xlsx', headerRow: 3 });
    await expectSame({ bytes, filename: 'dates1904.xlsx', sheet: 'secret' });
    await expectSame({ bytes, filename: 'dates1904.xlsx', sheet: 3 });
    await expectSame({ bytes, filename: 'dates1904.xlsx', sheet: 'Nope' });
  });

  it('2,500 rows, with the row limit and the column limit', async () => {
    const rows: unknown[][] = [['SKU', 'Name', 'EAN', 'Extra']];
    for (let i = 0; i < 2500; i++) rows.push([`SKU-${i}`, `Name ${i}`, 4006381000000 + i, i % 100 === 0 ? 'x' : '']);
    rows[7].push('beyond the header');
    const ws = XLSX.utils.aoa_to_sheet(rows);
    const bytes = book([{ name: 'Big', ws }]);
    expect(await streams(bytes, 0)).toBe(true);
    const out = await expectSame({ bytes, filename: 'big.xlsx' });
    if (!('passes' in out)) throw new Error('expected rows');
    expect(out.passes[1].rows).toHaveLength(2500);
    await expectSame({ bytes, filename: 'big.xlsx', limits: { maxRows: 1000 } });
    await expectSame({ bytes, filename: 'big.xlsx', limits: { maxColumns: 3 } });
  });

  it('rich text, inline strings, escapes, formula strings, ISO date cells, rows and cells without r', async () => {
    const base = book([{ name: 'Sheet1', ws: XLSX.utils.aoa_to_sheet([['a']]) }]);
    const sst =
      `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<sst ${NS} count="6" uniqueCount="6">` +
      '<si><t>Artikel</t></si>' +
      '<si><r><rPr><b/><sz val="11"/></rPr><t>Bez</t></r><r><t xml:space="preserve">eich nung </t></r></si>' +
      '<si><t xml:space="preserve">  Carriage_x000D_\r\nreturn &amp; &lt;tag&gt; &#233;&#x20AC; </t></si>' +
      '<si><r><t>Kan</t></r><rPh sb="0" eb="1"><t>カン</t></rPh><phoneticPr fontId="1"/></si>' +
      '<si><t>Preis</t><phoneticPr fontId="1"/></si>' +
      '<si><t>Größe ✓</t></si>' +
      '</sst>';
    const sheet =
      `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<worksheet ${NS}><dimension ref="A1:F9"/><sheetData>` +
      '<row r="2"><c r="A2" t="s"><v>0</v></c><c r="B2" t="s"><v>1</v></c><c r="C2" t="s"><v>4</v></c><c r="D2" t="s"><v>3</v></c><c t="s"><v>5</v></c></row>' +
      '<row r="3" spans="1:6"><c r="A3" t="inlineStr"><is><t>Inline &amp; more</t></is></c><c r="B3" t="s"><v>2</v></c><c r="C3"><v>12.5</v></c><c r="D3" t="str"><f>A1</f><v>from &amp;amp; formula</v></c></row>' +
      '<row><c t="inlineStr"><is><t xml:space="preserve"> spaced </t></is></c><c><v>7</v></c><c t="b"><v>0</v></c><c t="e"><v>#DIV/0!</v></c><c t="d"><v>2024-02-29</v></c></row>' +
      '<row r="6"/><row r="7"><c r="A7" s="0"/><c r="B7" t="s"/><c r="C7"><f>1+1</f></c></row>' +
      '<row r="9"><c r="C9" t="d"><v>2024-02-29T13:45:00</v></c><c r="A9" t="str"><v>sorted by column</v></c><c r="F9"><v>1E+21</v></c></row>' +
      '</sheetData><mergeCells count="1"><mergeCell ref="A2:A3"/></mergeCells></worksheet>';
    const bytes = await rewrite(base, { 'xl/sharedStrings.xml': sst, 'xl/worksheets/sheet1.xml': sheet });
    const ct = await (await JSZip.loadAsync(bytes)).file('[Content_Types].xml')!.async('string');
    const withSst = ct.includes('sharedStrings')
      ? bytes
      : await rewrite(bytes, {
          '[Content_Types].xml': ct.replace(
            '</Types>',
            '<Override PartName="/xl/sharedStrings.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sharedStrings+xml"/></Types>',
          ),
        });
    expect(await streams(withSst, 0)).toBe(true);
    const out = await expectSame({ bytes: withSst, filename: 'hand.xlsx' });
    if (!('passes' in out)) throw new Error('expected rows');
    expect(out.headers.slice(0, 5)).toEqual(['Artikel', 'Bezeich nung', 'Preis', 'Kan', 'Größe ✓']);
    await expectSame({ bytes: withSst, filename: 'hand.xlsx', headerRow: 4 });
  });

  it('files it does not reproduce (rows out of order, lazily resolved formats) read through SheetJS', async () => {
    const base = book([{ name: 'Sheet1', ws: XLSX.utils.aoa_to_sheet([['a']]) }]);
    const unordered = await rewrite(base, {
      'xl/worksheets/sheet1.xml':
        `<worksheet ${NS}><sheetData><row r="3"><c r="A3" t="inlineStr"><is><t>late</t></is></c></row>` +
        '<row r="1"><c r="A1" t="inlineStr"><is><t>SKU</t></is></c><c r="B1" t="inlineStr"><is><t>Name</t></is></c></row>' +
        '<row r="3"><c r="B3"><v>5</v></c></row></sheetData></worksheet>',
    });
    expect(await loadXlsxStream(unordered)).toBeNull();
    await expectSame({ bytes: unordered, filename: 'unordered.xlsx' });

    const styles = await (await JSZip.loadAsync(base)).file('xl/styles.xml')!.async('string');
    const lazy = await rewrite(base, {
      'xl/styles.xml': styles.replace(
        /<cellXfs[^>]*>/,
        (m) => `${m}<xf numFmtId="30" fontId="0" fillId="0" borderId="0" xfId="0" applyNumberFormat="1"/>`,
      ),
      'xl/worksheets/sheet1.xml':
        `<worksheet ${NS}><sheetData><row r="1"><c r="A1" t="inlineStr"><is><t>When</t></is></c><c r="B1" t="inlineStr"><is><t>Qty</t></is></c></row>` +
        '<row r="2"><c r="A2" s="0"><v>45000</v></c><c r="B2"><v>3</v></c></row>' +
        '<row r="3"><c r="A3" s="0"><v>45001</v></c><c r="B3"><v>4</v></c></row></sheetData></worksheet>',
    });
    const wb = await loadXlsxStream(lazy);
    expect(wb?.grid(0)).toBeNull();
    await expectSame({ bytes: lazy, filename: 'lazy.xlsx' });
  });
});
