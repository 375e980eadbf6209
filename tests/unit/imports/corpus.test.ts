/**
 * One test per real-world spreadsheet of the shared corpus, asserting what tests/fixtures/corpus/MANIFEST.md
 * says a correct reader does with it (sheet, header row, exact cell values, typed errors).
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { readCatalogue, type CatalogueRead, type ReadCatalogueResult } from '@/lib/imports/read';
import { normalizeGtin } from '@/lib/imports/normalize';

const DIR = path.resolve(process.cwd(), 'tests/fixtures/corpus/spreadsheets');

const tested = new Set<string>();

async function read(
  file: string,
  extra: { sheet?: string | number; headerRow?: number } = {},
): Promise<ReadCatalogueResult> {
  tested.add(file);
  return readCatalogue({ bytes: fs.readFileSync(path.join(DIR, file)), filename: file, ...extra });
}

async function ok(file: string, extra: { sheet?: string | number; headerRow?: number } = {}): Promise<CatalogueRead> {
  const r = await read(file, extra);
  if (!r.ok) throw new Error(`${file}: ${r.error.code} ${r.error.message}`);
  return r;
}

const cell = (r: CatalogueRead, rowNumber: number, header: string) => {
  const row = r.rows.find((x) => x.row_number === rowNumber);
  const col = r.headers.indexOf(header);
  if (!row || col < 0) throw new Error(`no cell ${header}${rowNumber}`);
  return row.cells[col];
};

describe('corpus spreadsheets', () => {
  it('csv-apple-numbers-quoted-newlines-in-header.csv: 24 rows x 9 columns, header cells with line breaks', async () => {
    const r = await ok('csv-apple-numbers-quoted-newlines-in-header.csv');
    expect(r.shape.format).toBe('csv');
    expect(r.shape.delimiter).toBe(',');
    expect(r.headers).toHaveLength(9);
    expect(r.rows).toHaveLength(24);
    expect(r.shape.multiline_header).toBe(true);
    expect(r.raw_headers.filter((h) => h.includes('\n'))).toHaveLength(2);
    expect(r.headers[1]).toBe('Ben Ashley');
    expect(r.rows[0].cells[0]).toBe('10/1');
    expect(r.rows[0].cells[1]).toBe('FALSE');
  });

  it('csv-excel-mac-cr-only-line-endings.csv: CR-only records are split, 13 rows x 10 columns', async () => {
    const r = await ok('csv-excel-mac-cr-only-line-endings.csv');
    expect(r.shape.line_ending).toBe('cr');
    expect(r.headers).toHaveLength(10);
    expect(r.rows).toHaveLength(13);
    expect(r.rows[0].cells.slice(0, 3)).toEqual(['#NULL!', '#NULL!', '#NULL?']);
    expect(r.rows.map((x) => x.cells[0])).toContain('#N/A');
  });

  it('csv-excel-utf8-bom-quoted-multiline-cells.csv: BOM stripped, 3 records x 2 columns, 2 multi-line cells', async () => {
    const r = await ok('csv-excel-utf8-bom-quoted-multiline-cells.csv');
    expect(r.shape.bom).toBe(true);
    expect(r.shape.encoding).toBe('utf-8');
    expect(r.raw_headers[0]).toBe('Normal'); // no U+FEFF left on the first header
    expect(r.rows).toHaveLength(2); // + header = 3 records
    expect(r.raw_headers[1]).toBe('abc\ndef');
    expect(r.rows[0].cells[1]).toBe('abc\r\ndef');
  });

  it('csv-semicolon-codes-with-leading-zeros-istat.csv: ";" and codes stay strings with their zeros', async () => {
    const r = await ok('csv-semicolon-codes-with-leading-zeros-istat.csv');
    expect(r.shape.delimiter).toBe(';');
    expect(r.headers).toHaveLength(7);
    expect(r.rows).toHaveLength(5);
    expect(cell(r, 2, 'comune')).toBe('030151360');
    expect(cell(r, 2, 'codice_regione')).toBe('03');
    expect(cell(r, 2, 'codice_provincia')).toBe('015');
    expect(cell(r, 3, 'codice_comune')).toBe('0530');
    expect(cell(r, 2, 'data_entrata_in_carica')).toBe('13/10/2021');
  });

  it('csv-semicolon-decimal-comma-euribor-blank-first-header.csv: blank first header named, decimal commas kept', async () => {
    const r = await ok('csv-semicolon-decimal-comma-euribor-blank-first-header.csv');
    expect(r.shape.delimiter).toBe(';');
    expect(r.headers).toHaveLength(7);
    expect(r.rows).toHaveLength(6);
    expect(r.headers[0]).toBe('Column A');
    expect(r.warnings.map((w) => w.code)).toContain('blank_header_named');
    expect(r.headers[2]).toBe('EURIBOR à 1 mois');
    expect(r.rows[0].cells.slice(0, 2)).toEqual(['18/04/2018', '-0,368']);
  });

  it('csv-semicolon-latin1-decimal-comma-hotel-stats.csv: single-byte encoding detected, 638 rows x 8 columns', async () => {
    const r = await ok('csv-semicolon-latin1-decimal-comma-hotel-stats.csv');
    expect(['iso-8859-1', 'windows-1252']).toContain(r.shape.encoding);
    expect(r.shape.delimiter).toBe(';');
    expect(r.shape.line_ending).toBe('crlf');
    expect(r.headers).toEqual([
      'Classement',
      'Quartier',
      'Date',
      'Année',
      'Occupancy rate',
      'Average Price',
      'RevPAR',
      'Source',
    ]);
    expect(r.rows).toHaveLength(638);
    expect(r.rows[0].cells[4]).toBe('0,611553068');
    expect(r.rows[0].cells[2]).toBe('01-01-13');
  });

  it('csv-semicolon-utf8-quoted-dates-trailing-delimiter.csv: trailing ";" gives no phantom column, umlauts intact', async () => {
    const r = await ok('csv-semicolon-utf8-quoted-dates-trailing-delimiter.csv');
    expect(r.headers).toEqual(['Zeit [MEZ]', 'Wasserstand', 'Status']);
    expect(r.rows).toHaveLength(7);
    expect(r.rows[0].cells).toEqual(['09.07.2013 12:00:00', '146', 'nicht qualitätsgesichert']);
    expect(r.rows[1].cells[0]).toBe('10.07.2013');
  });

  it('csv-us-gov-equipment-inventory-nsn-codes.csv: 1,575 rows x 14 columns, NSN as text', async () => {
    const r = await ok('csv-us-gov-equipment-inventory-nsn-codes.csv');
    expect(r.headers).toHaveLength(14);
    expect(r.rows).toHaveLength(1575);
    expect(cell(r, 2, 'nsn')).toBe('1005-00-073-9421');
    expect(cell(r, 2, 'ship_date')).toBe('5/19/2006 0:00:00');
    expect(r.rows[r.rows.length - 1].row_number).toBe(1576);
  });

  it('csv-usda-ndb-ids-with-leading-zeros.csv: 199 rows x 51 columns, NDB_No "01001"', async () => {
    const r = await ok('csv-usda-ndb-ids-with-leading-zeros.csv');
    expect(r.headers).toHaveLength(51);
    expect(r.rows).toHaveLength(199);
    expect(cell(r, 2, 'NDB_No')).toBe('01001');
    expect(cell(r, 2, 'Shrt_Desc')).toBe('BUTTER,WITH SALT');
  });

  it('csv-utf16le-bom-comma-separated.csv: UTF-16LE by BOM, 2 rows x 3 columns', async () => {
    const r = await ok('csv-utf16le-bom-comma-separated.csv');
    expect(r.shape.encoding).toBe('utf-16le');
    expect(r.shape.bom).toBe(true);
    expect(r.headers).toEqual(['a', 'b', 'c']);
    expect(r.rows.map((x) => x.cells)).toEqual([
      ['1', '2', '3'],
      ['4', '5', 'ʤ'],
    ]);
  });

  it('ods-hidden-sheets.ods: the visible sheet is read, the 2 hidden ones are flagged', async () => {
    const r = await ok('ods-hidden-sheets.ods');
    expect(r.shape.format).toBe('ods');
    expect(r.shape.sheet).toBe('Visible');
    expect(r.shape.sheets.map((s) => [s.name, s.visibility])).toEqual([
      ['Visible', 'visible'],
      ['Hidden', 'hidden'],
      ['VeryHidden', 'hidden'],
    ]);
    expect(r.warnings.find((w) => w.code === 'hidden_sheets_skipped')?.details?.sheets).toHaveLength(2);
    expect(r.rows[0].cells).toEqual(['118', '105', '115', '105', '98', '108', '101']);
  });

  it('ods-merged-cells.ods: 5 merges reported, values only in the top-left cell', async () => {
    const r = await ok('ods-merged-cells.ods');
    expect(r.shape.merges.sort()).toEqual(['A1:B2', 'A3:B3', 'A4:B4', 'C1:C2', 'D1:D2']);
    const row3 = r.rows.find((x) => x.row_number === 3)!;
    expect(row3.cells.slice(0, 3)).toEqual(['A3:B3', '', 'C3']);
  });

  it('ods-two-sheets-currency-date-boolean.ods: Films, D2 2012-03-28, E2 10000000, H2 FALSE', async () => {
    const r = await ok('ods-two-sheets-currency-date-boolean.ods');
    expect(r.shape.sheet).toBe('Films');
    expect(r.shape.sheets.map((s) => [s.name, s.has_data])).toEqual([
      ['Films', true],
      ['Sheet3', false],
    ]);
    expect(r.headers).toHaveLength(8);
    expect(r.rows).toHaveLength(4);
    expect(cell(r, 2, 'Release Date')).toBe('2012-03-28');
    expect(cell(r, 2, 'Gross')).toBe('10000000');
    expect(cell(r, 2, 'Good?')).toBe('FALSE');
  });

  it('tsv-apple-numbers-export-cell-types.tsv: 15 rows x 2 columns', async () => {
    const r = await ok('tsv-apple-numbers-export-cell-types.tsv');
    expect(r.shape.format).toBe('tsv');
    expect(r.shape.delimiter).toBe('\t');
    expect(r.headers).toHaveLength(2);
    expect(r.rows).toHaveLength(15);
    expect(r.rows.find((x) => x.cells[0] === 'Currency')?.cells[1]).toBe('$12.34');
  });

  it('tsv-latin1-ddmmyyyy-dates-as-text.tsv: 2 rows, "02042003" stays text, accents decoded', async () => {
    const r = await ok('tsv-latin1-ddmmyyyy-dates-as-text.tsv');
    expect(r.shape.encoding).toBe('iso-8859-1');
    expect(r.rows).toHaveLength(2);
    expect(cell(r, 2, 'Start')).toBe('02042003');
    expect(cell(r, 2, 'Location')).toContain('Béjaïa');
  });

  it('tsv-utf16le-bom.tsv: 2 rows, ragged trailing TAB tolerated', async () => {
    const r = await ok('tsv-utf16le-bom.tsv');
    expect(r.shape.encoding).toBe('utf-16le');
    expect(r.headers).toHaveLength(11);
    expect(r.rows).toHaveLength(2);
    expect(cell(r, 3, 'Id')).toBe('2002-0752');
    expect(r.warnings.map((w) => w.code)).not.toContain('extra_cells_ignored');
  });

  it('txt-excel-unicode-text-utf16le-tab-hebrew.txt: UTF-16 + tab, blank rows 3 and 5 skipped, Hebrew intact', async () => {
    const r = await ok('txt-excel-unicode-text-utf16le-tab-hebrew.txt');
    expect(r.shape.format).toBe('txt');
    expect(r.shape.encoding).toBe('utf-16le');
    expect(r.shape.delimiter).toBe('\t');
    expect(r.rows.map((x) => x.row_number)).toEqual([2, 4]);
    expect(r.rows[0].cells).toEqual(['Hebrew', 'שלום', 'עולם']);
    expect(r.rows[1].cells[2]).toBe(' $1,337.00 ');
  });

  it('xls-biff5-excel5-french-three-sheets.xls: BIFF5, title skipped, 15 number/square rows', async () => {
    const r = await ok('xls-biff5-excel5-french-three-sheets.xls');
    expect(r.shape.format).toBe('xls');
    expect(r.shape.format_detail).toBe('biff5');
    expect(r.shape.sheets.map((s) => s.name)).toEqual(['Feuil1', 'Feuil2', 'Feuil3']);
    expect(r.shape.sheet).toBe('Feuil1');
    expect(r.shape.title_rows_skipped).toBe(1);
    const squares = r.rows.filter((x) => /^\d+$/.test(x.cells[1]));
    expect(squares).toHaveLength(15);
    expect(squares.map((x) => [x.cells[1], x.cells[2]]).slice(0, 3)).toEqual([
      ['1', '1'],
      ['2', '4'],
      ['3', '9'],
    ]);
    expect(squares[14].cells.slice(1)).toEqual(['15', '225']);
  });

  it('xls-biff5-hebrew-degraded-to-question-marks.xls: B2 is "????" (lost at save time)', async () => {
    const r = await ok('xls-biff5-hebrew-degraded-to-question-marks.xls');
    expect(r.shape.format_detail).toBe('biff5');
    expect(cell(r, 2, 'Hello')).toBe('????');
    expect(r.rows.find((x) => x.row_number === 4)?.cells).toEqual(['1337', '13.37', '1337']);
  });

  it('xls-biff5-merged-cells-record-absent.xls: 4x4 text, no merges inferred', async () => {
    const r = await ok('xls-biff5-merged-cells-record-absent.xls');
    expect(r.shape.merges).toEqual([]);
    expect(r.shape.column_count).toBe(4);
    expect(r.rows.find((x) => x.row_number === 4)?.cells[0]).toBe('… are merged separately');
  });

  it('xls-biff8-cp1251-book-price-list-ean-header-on-row-10.xls: header on row 10, 98 rows x 21 columns, EAN as text', async () => {
    const r = await ok('xls-biff8-cp1251-book-price-list-ean-header-on-row-10.xls');
    expect(r.shape.format_detail).toBe('biff8');
    expect(r.shape.header_row).toBe(10);
    expect(r.shape.title_rows_skipped).toBeGreaterThan(0);
    expect(r.headers).toHaveLength(21);
    expect(r.rows).toHaveLength(98);
    expect(r.headers[1]).toBe('Категория'); // "Кате-\nгория" joined
    expect(r.shape.multiline_header).toBe(true);
    expect(cell(r, 12, 'EAN')).toBe('9785170671823');
    expect(cell(r, 11, 'Цена (руб.)')).toBe('168.75');
  });

  it('xls-biff8-dates-bools-three-sheets.xls: dates read as dates, booleans as TRUE/FALSE, 3 sheets', async () => {
    const first = await ok('xls-biff8-dates-bools-three-sheets.xls');
    expect(first.shape.sheets).toHaveLength(3);
    expect(first.rows[0].cells[0]).toBe('2021-04-18');
    const r = await ok('xls-biff8-dates-bools-three-sheets.xls', { sheet: 'Test Sheet 1' });
    const row1 = r.rows.find((x) => x.row_number === 1)!;
    expect(row1.cells.slice(0, 5)).toEqual(['0', 'TRUE', '2021-04-18', '2021-04-18', ' Row 0 Col 5']);
    expect(r.rows.find((x) => x.row_number === 2)?.cells[1]).toBe('FALSE');
  });

  it('xls-biff8-mac-excel-merged-cells.xls: MacRoman text decoded, 5 merges', async () => {
    const r = await ok('xls-biff8-mac-excel-merged-cells.xls');
    expect(r.shape.merges).toHaveLength(5);
    expect(r.rows.find((x) => x.row_number === 4)?.cells[0]).toBe('… are merged separately');
  });

  it('xls-biff8-turkish-product-listing-broken-cfb-directory.xls: tolerant read, 2 product rows', async () => {
    const r = await ok('xls-biff8-turkish-product-listing-broken-cfb-directory.xls');
    expect(r.shape.sheet).toBe('Sayfa1');
    expect(r.headers).toHaveLength(30);
    expect(r.rows).toHaveLength(2);
    expect(cell(r, 2, 'Başlık')).toBe('Çelik Alyans CA 0300');
    expect(cell(r, 2, 'Stok No')).toBe('1346');
  });

  it('xls-biff8-upc-stored-as-number-leading-zero-lost-hidden-sheets.xls: hidden data sheets flagged; UPC rebuilt to 12 digits', async () => {
    const def = await ok('xls-biff8-upc-stored-as-number-leading-zero-lost-hidden-sheets.xls');
    expect(def.shape.sheet).toBe('Template');
    expect(def.shape.sheets.map((s) => [s.name, s.visibility])).toEqual([
      ['Item Info', 'hidden'],
      ['Instructions', 'hidden'],
      ['Template', 'visible'],
    ]);
    expect(def.warnings.find((w) => w.code === 'hidden_sheet_has_more_data')?.details?.sheet).toBe('Item Info');

    const r = await ok('xls-biff8-upc-stored-as-number-leading-zero-lost-hidden-sheets.xls', { sheet: 'Item Info' });
    expect(r.rows).toHaveLength(175);
    expect(cell(r, 2, '12 UPC')).toBe('0-42272-00558-1'); // what Excel shows, zero included
    expect(normalizeGtin(cell(r, 2, '12 UPC'))).toEqual({ ok: true, value: '042272005581' });
    expect(cell(r, 2, 'NB')).toBe('033-795');
    expect(cell(r, 2, 'UPC')).toBe('42272-00558');
  });

  it('xls-biff8-xor-password-protected.xls: encrypted_workbook', async () => {
    const r = await read('xls-biff8-xor-password-protected.xls');
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.error.code).toBe('encrypted_workbook');
  });

  it('xlsx-15-digit-numbers-scientific-notation.xlsx: raw 15-16 digit values, never 1.23457E+14', async () => {
    const r = await ok('xlsx-15-digit-numbers-scientific-notation.xlsx');
    expect(r.shape.header_rows).toEqual([]); // numbers only: no header row
    expect(r.rows.map((x) => x.cells)).toEqual([
      ['123456789012345', '123456789012346'],
      ['1234567890123450', '1234567890123451'],
    ]);
  });

  it('xlsx-1904-date-system.xlsx: serials 1..11111 in the 1904 system are 1904-01-02 .. 1934-06-03', async () => {
    const r = await ok('xlsx-1904-date-system.xlsx');
    expect(r.shape.date1904).toBe(true);
    expect(r.rows.map((x) => x.cells[1])).toEqual([
      '1904-01-02',
      '1904-01-12',
      '1904-04-21',
      '1907-01-16',
      '1934-06-03',
    ]);
    expect(r.rows.map((x) => x.cells[2])).toEqual(r.rows.map((x) => x.cells[1])); // the text copies agree
  });

  it('xlsx-30-sheets-hidden-sheet-codes-as-text-full-width-range.xlsx: 29 visible + 1 hidden, A1:XFD not iterated, codes as text', async () => {
    const started = Date.now();
    const r = await ok('xlsx-30-sheets-hidden-sheet-codes-as-text-full-width-range.xlsx');
    expect(r.shape.sheets).toHaveLength(30);
    expect(r.shape.sheets.filter((s) => s.visibility === 'visible')).toHaveLength(29);
    expect(r.shape.sheets.find((s) => s.visibility !== 'visible')?.name).toBe('Country Master (2)');
    const codes = await ok('xlsx-30-sheets-hidden-sheet-codes-as-text-full-width-range.xlsx', {
      sheet: 'KYC Update Type',
    });
    expect(codes.rows.map((x) => x.cells[0]).slice(0, 3)).toEqual(['01', '02', '03 ']);
    const wide = await ok('xlsx-30-sheets-hidden-sheet-codes-as-text-full-width-range.xlsx', { sheet: 'Company Type' });
    expect(wide.shape.column_count).toBeLessThan(50); // used range says 16,384
    expect(Date.now() - started).toBeLessThan(5000);
  });

  it('xlsx-hebrew-text-and-accounting-format-number.xlsx: C4 is 1337, not " $1,337.00 "', async () => {
    const r = await ok('xlsx-hebrew-text-and-accounting-format-number.xlsx');
    expect(r.shape.sheet).toBe('Sheet1');
    expect(cell(r, 2, 'Hello')).toBe('שלום');
    expect(r.rows.find((x) => x.row_number === 4)?.cells).toEqual(['1337', '13.37', '1337']);
  });

  it('xlsx-merged-cells.xlsx: merges A1:B2, C1:C2, A3:B3, D1:D2, A4:B4 reported', async () => {
    const r = await ok('xlsx-merged-cells.xlsx');
    expect(r.shape.merges.sort()).toEqual(['A1:B2', 'A3:B3', 'A4:B4', 'C1:C2', 'D1:D2']);
    expect(r.rows.find((x) => x.row_number === 3)?.cells.slice(0, 2)).toEqual(['A3:B3', '']);
  });

  it('xlsx-password-encrypted-cfb-container.xlsx: encrypted_workbook (not parse_failed)', async () => {
    const r = await read('xlsx-password-encrypted-cfb-container.xlsx');
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.error.code).toBe('encrypted_workbook');
  });

  it('xlsx-title-rows-merged-multirow-header-ipc-export.xlsx: rows 1-9 skipped, header rows 10-12 flattened, data 13-64', async () => {
    const r = await ok('xlsx-title-rows-merged-multirow-header-ipc-export.xlsx');
    expect(r.shape.header_rows).toEqual([10, 11, 12]);
    expect(r.shape.merged_header).toBe(true);
    expect(r.shape.title_rows_skipped).toBe(3);
    expect(r.headers[0]).toBe('Country');
    expect(r.headers[7]).toBe('Current / Population Analysed / #');
    expect(r.headers).toContain('First Projection / Phase 3 / %');
    expect(r.rows[0].row_number).toBe(13);
    expect(r.rows[r.rows.length - 1].row_number).toBe(64);
    expect(r.rows.filter((x) => x.cells[0] === 'Afghanistan')).toHaveLength(45);
    expect(cell(r, 14, 'Area ID')).toBe('24380613');
    expect(cell(r, 14, 'Date of Analysis')).toBe('Oct 2021');
  });

  it('xlsx-visible-hidden-veryhidden-sheets.xlsx: visible sheet read, hidden and very hidden flagged', async () => {
    const r = await ok('xlsx-visible-hidden-veryhidden-sheets.xlsx');
    expect(r.shape.sheet).toBe('Visible');
    expect(r.shape.sheet_reason).toBe('first_visible_with_data');
    expect(r.shape.sheets.map((s) => s.visibility)).toEqual(['visible', 'hidden', 'very_hidden']);
    const hidden = await ok('xlsx-visible-hidden-veryhidden-sheets.xlsx', { sheet: 'VeryHidden' });
    expect(hidden.shape.sheet_reason).toBe('requested');
    expect(hidden.raw_headers.join('')).toBe('VeryHidden');
  });

  it('xlsx-xml-entity-expansion-bomb-in-sharedstrings.xlsx: refused quickly with bounded memory', async () => {
    const before = process.memoryUsage().rss;
    const started = Date.now();
    const r = await read('xlsx-xml-entity-expansion-bomb-in-sharedstrings.xlsx');
    expect(Date.now() - started).toBeLessThan(2000);
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.error.code).toBe('unsafe_xml');
    expect(process.memoryUsage().rss - before).toBeLessThan(100 * 1024 * 1024);
  });

  it('has a test for every file of the corpus folder', () => {
    expect([...tested].sort()).toEqual(fs.readdirSync(DIR).sort());
  });
});
