/**
 * The reader on generated and fixture inputs: encodings, delimiters, workbook cell rendering, hostile
 * files and limits. Workbooks are written with SheetJS / jszip inside the tests.
 */
import fs from 'node:fs';
import path from 'node:path';
import iconv from 'iconv-lite';
import JSZip from 'jszip';
import * as XLSX from '@e965/xlsx';
import { describe, expect, it } from 'vitest';
import {
  openCatalogue,
  readCatalogue,
  type CatalogueRead,
  type ReadCatalogueResult,
  type ReadInput,
} from '@/lib/imports/read';

const FIXTURES = path.resolve(process.cwd(), 'tests/fixtures/imports');

async function ok(input: ReadInput): Promise<CatalogueRead> {
  const r = await readCatalogue(input);
  if (!r.ok) throw new Error(`${r.error.code}: ${r.error.message}`);
  return r;
}

function failure(r: ReadCatalogueResult) {
  if (r.ok) throw new Error('expected a failure');
  return r.error;
}

function xlsx(
  rows: unknown[][],
  opts: { cellFormats?: Record<string, string>; date1904?: boolean; sheetName?: string } = {},
): Buffer {
  const ws = XLSX.utils.aoa_to_sheet(rows);
  for (const [ref, z] of Object.entries(opts.cellFormats ?? {})) {
    const cell = ws[ref] as XLSX.CellObject;
    cell.z = z;
  }
  const wb = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(wb, ws, opts.sheetName ?? 'Katalog');
  if (opts.date1904) wb.Workbook = { ...(wb.Workbook ?? {}), WBProps: { date1904: true } };
  return XLSX.write(wb, { type: 'buffer', bookType: 'xlsx' }) as Buffer;
}

/** The zip with a second central-directory record for `name`, called `alias`: both read the same bytes. */
function aliasEntry(zip: Buffer, name: string, alias: string): Buffer {
  const eocd = zip.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  for (let at = zip.readUInt32LE(eocd + 16); at < eocd;) {
    const n = zip.readUInt16LE(at + 28);
    const end = at + 46 + n + zip.readUInt16LE(at + 30) + zip.readUInt16LE(at + 32);
    if (zip.toString('latin1', at + 46, at + 46 + n) === name) {
      const record = Buffer.concat([zip.subarray(at, at + 46), Buffer.from(alias), zip.subarray(at + 46 + n, end)]);
      record.writeUInt16LE(alias.length, 28);
      const tail = Buffer.from(zip.subarray(eocd));
      tail.writeUInt16LE(tail.readUInt16LE(8) + 1, 8);
      tail.writeUInt16LE(tail.readUInt16LE(10) + 1, 10);
      tail.writeUInt32LE(tail.readUInt32LE(12) + record.length, 12);
      return Buffer.concat([zip.subarray(0, eocd), record, tail]);
    }
    at = end;
  }
  throw new Error(`no entry ${name}`);
}

describe('text files', () => {
  it('reads the Windows-1252 catalogue with its 1252-only characters exactly', async () => {
    const bytes = fs.readFileSync(path.join(FIXTURES, 'katalog-de-windows1252.csv'));
    const r = await ok({ bytes, filename: 'katalog.csv' });
    expect(r.shape.encoding).toBe('windows-1252');
    expect(r.shape.delimiter).toBe(';');
    expect(r.shape.line_ending).toBe('crlf');
    expect(r.headers[0]).toBe('Artikelnummer');
    expect(r.rows[0].cells[1]).toBe('Holzwürfel „Größe L“ – 5 Stück');
    expect(r.rows[1].cells[1]).toBe('Bälle-Set ‰ Qualität');
    expect(r.rows[0].cells[8]).toBe('12,50 €');
    expect(r.rows[1].cells[2]).toBe('42272005581');
    expect(r.warnings.map((w) => w.code)).toContain('encoding_guessed');
  });

  it('round-trips a semicolon CSV value by value', async () => {
    const source = [
      ['sku_code', 'product_name', 'gtin'],
      ['X-1', 'Tasse; blau', '04012345678901'],
      ['X-2', 'Becher "groß"', '4012345678901'],
    ];
    const csv = source
      .map((r) => r.map((c) => (/[;"\n]/.test(c) ? `"${c.replace(/"/g, '""')}"` : c)).join(';'))
      .join('\n');
    const r = await ok({ bytes: Buffer.from(csv, 'utf8'), filename: 'x.csv' });
    expect([r.headers, ...r.rows.map((x) => x.cells)]).toEqual(source);
  });

  it('decodes UTF-16BE with BOM and UTF-16LE without BOM', async () => {
    const text = 'Artikel\tName\r\nA1\tKöln ☂\r\n';
    const be = Buffer.concat([Buffer.from([0xfe, 0xff]), iconv.encode(text, 'utf-16be')]);
    const rBe = await ok({ bytes: be, filename: 'x.txt' });
    expect(rBe.shape.encoding).toBe('utf-16be');
    expect(rBe.rows[0].cells).toEqual(['A1', 'Köln ☂']);
    const le = iconv.encode(text, 'utf-16le');
    const rLe = await ok({ bytes: le, filename: 'x.csv' });
    expect(rLe.shape.encoding).toBe('utf-16le');
    expect(rLe.shape.format).toBe('tsv');
    expect(rLe.rows[0].cells).toEqual(['A1', 'Köln ☂']);
  });

  it('sniffs "|" and prefers "," over decimal commas inside quotes', async () => {
    const pipe = await ok({ bytes: Buffer.from('a|b|c\n1|2|3\n4|5|6\n'), filename: 'x.csv' });
    expect(pipe.shape.delimiter).toBe('|');
    const quoted = await ok({ bytes: Buffer.from('sku,price,name\nA,"1,50",x\nB,"2,75",y\n'), filename: 'x.csv' });
    expect(quoted.shape.delimiter).toBe(',');
    expect(quoted.rows[0].cells).toEqual(['A', '1,50', 'x']);
  });

  it('skips title rows above a CSV header and keeps source row numbers', async () => {
    const csv = 'Preisliste Sommer 2025\n\nsku;name;ean\nA;Ball;4006381333931\n\nB;Puppe;4006381333931\n';
    const r = await ok({ bytes: Buffer.from(csv), filename: 'x.csv' });
    expect(r.shape.header_row).toBe(3);
    expect(r.shape.title_rows_skipped).toBe(1);
    expect(r.rows.map((x) => x.row_number)).toEqual([4, 6]);
  });

  it('honours an explicit header row', async () => {
    const csv = 'a;b\nsku;name\nA;Ball\n';
    const r = await ok({ bytes: Buffer.from(csv), filename: 'x.csv', headerRow: 2 });
    expect(r.headers).toEqual(['sku', 'name']);
    expect(r.shape.header_row_reason).toBe('requested');
    expect(r.rows.map((x) => x.cells)).toEqual([['A', 'Ball']]);
    expect(failure(await readCatalogue({ bytes: Buffer.from(csv), filename: 'x.csv', headerRow: 40 })).code).toBe(
      'header_row_out_of_range',
    );
  });

  it('reports an unterminated quote instead of failing', async () => {
    const r = await ok({ bytes: Buffer.from('sku,name\nA,"never closed\nB,x\n'), filename: 'x.csv' });
    expect(r.rows).toHaveLength(1);
    expect(r.rows[0].cells[1]).toBe('never closed\nB,x\n');
    expect(r.warnings.map((w) => w.code)).toContain('unterminated_quote');
  });

  it('names a column of values without header, and warns about values beyond the sampled width', async () => {
    const small = await ok({ bytes: Buffer.from('sku,name\nA,Ball\nB,Puppe,EXTRA\n'), filename: 'x.csv' });
    expect(small.headers).toEqual(['sku', 'name', 'Column C']);
    expect(small.rows[1].cells).toEqual(['B', 'Puppe', 'EXTRA']);
    const lines = ['sku,name', ...Array.from({ length: 1500 }, (_, i) => `S${i},N${i}`)];
    lines[1400] += ',LATE';
    const big = await ok({ bytes: Buffer.from(lines.join('\n')), filename: 'x.csv' });
    expect(big.headers).toEqual(['sku', 'name']);
    const w = big.warnings.find((x) => x.code === 'extra_cells_ignored');
    expect(w?.row).toBe(1401);
    expect(w?.details?.values).toEqual(['LATE']);
  });

  it('streams rows and can iterate twice', async () => {
    const lines = ['sku,name', ...Array.from({ length: 5000 }, (_, i) => `S-${i},Name ${i}`)];
    const opened = await openCatalogue({ bytes: Buffer.from(lines.join('\n')), filename: 'big.csv' });
    if (!opened.ok) throw new Error(opened.error.message);
    const count = (gen: ReturnType<typeof opened.rows>) => {
      let n = 0;
      let last = '';
      for (let s = gen.next(); !s.done; s = gen.next()) {
        n++;
        last = s.value.cells[0];
      }
      return [n, last];
    };
    expect(count(opened.rows())).toEqual([5000, 'S-4999']);
    expect(count(opened.rows())).toEqual([5000, 'S-4999']);
  });
});

describe('workbooks', () => {
  it('renders numeric codes, dates and booleans as the user sees them, never in scientific notation', async () => {
    const bytes = xlsx(
      [
        ['Artikelnummer', 'EAN', 'UPC', 'PLZ', 'Datum', 'Preis', 'Aktiv', 'Text-EAN'],
        ['0012', 4006381333931, 42272005581, 1067, 45292, 1234.5, true, '0042272005581'],
        ['A-2', 40063813339310, 7, 80331, 45293.75, 0.1 + 0.2, false, '4006381333931'],
      ],
      {
        cellFormats: { C2: '000000000000', D2: '00000', E2: 'dd.mm.yyyy', E3: 'yyyy-mm-dd hh:mm', F2: '#,##0.00 "€"' },
      },
    );
    const r = await ok({ bytes, filename: 'k.xlsx' });
    expect(r.shape.format).toBe('xlsx');
    expect(r.rows[0].cells).toEqual([
      '0012',
      '4006381333931',
      '042272005581',
      '01067',
      '2024-01-01',
      '1234.5',
      'TRUE',
      '0042272005581',
    ]);
    expect(r.rows[1].cells).toEqual([
      'A-2',
      '40063813339310',
      '7',
      '80331',
      '2024-01-02 18:00:00',
      '0.3',
      'FALSE',
      '4006381333931',
    ]);
  });

  it('uses the 1904 date system when the workbook says so', async () => {
    const bytes = xlsx([['Datum'], [1]], { cellFormats: { A2: 'yyyy-mm-dd' }, date1904: true });
    const r = await ok({ bytes, filename: 'k.xlsx' });
    expect(r.shape.date1904).toBe(true);
    expect(r.rows[0].cells[0]).toBe('1904-01-02');
  });

  it('reads XLS (BIFF8) and ODS written by SheetJS', async () => {
    const ws = XLSX.utils.aoa_to_sheet([
      ['SKU', 'Name'],
      ['A1', 'Würfel'],
    ]);
    const wb = XLSX.utils.book_new();
    XLSX.utils.book_append_sheet(wb, ws, 'S');
    for (const bookType of ['biff8', 'ods'] as const) {
      const bytes = XLSX.write(wb, { type: 'buffer', bookType }) as Buffer;
      const r = await ok({ bytes, filename: bookType === 'ods' ? 'k.ods' : 'k.xls' });
      expect(r.shape.format).toBe(bookType === 'ods' ? 'ods' : 'xls');
      expect(r.rows[0].cells).toEqual(['A1', 'Würfel']);
    }
  });

  it('reports a missing sheet with the sheet names', async () => {
    const e = failure(await readCatalogue({ bytes: xlsx([['a'], ['b']]), filename: 'k.xlsx', sheet: 'Nope' }));
    expect(e.code).toBe('sheet_not_found');
    expect(e.details?.sheets).toEqual(['Katalog']);
  });

  it('refuses a DTD in any workbook part (entity expansion, XXE)', async () => {
    const zip = await JSZip.loadAsync(xlsx([['a'], ['b']]));
    const wbXml = await zip.file('xl/workbook.xml')!.async('string');
    zip.file('xl/workbook.xml', wbXml.replace('?>', '?><!DOCTYPE x [<!ENTITY e SYSTEM "file:///etc/passwd">]>'));
    const bytes = await zip.generateAsync({ type: 'nodebuffer', compression: 'DEFLATE' });
    expect(failure(await readCatalogue({ bytes, filename: 'k.xlsx' })).code).toBe('unsafe_xml');
  });

  it('refuses an archive that expands beyond the limit, before SheetJS inflates it', async () => {
    const zip = await JSZip.loadAsync(xlsx([['a'], ['b']]));
    zip.file('xl/media/zeros.bin', Buffer.alloc(24 * 1024 * 1024));
    const bytes = await zip.generateAsync({ type: 'nodebuffer', compression: 'DEFLATE' });
    expect(bytes.length).toBeLessThan(200 * 1024);
    const e = failure(
      await readCatalogue({ bytes, filename: 'k.xlsx', limits: { maxUncompressedBytes: 8 * 1024 * 1024 } }),
    );
    expect(e.code).toBe('archive_limits_exceeded');
  });

  it('refuses a workbook whose parts overlap (the construction of a zip bomb), unread', async () => {
    const ws = XLSX.utils.aoa_to_sheet([['SKU'], ['A1']]);
    const wb = XLSX.utils.book_new();
    XLSX.utils.book_append_sheet(wb, ws, 'S');
    for (const [bookType, part] of [
      ['xlsx', 'xl/worksheets/sheet1.xml'],
      ['ods', 'content.xml'],
    ] as const) {
      const bytes = aliasEntry(XLSX.write(wb, { type: 'buffer', bookType }) as Buffer, part, 'extra/copy.xml');
      // SheetJS reads it: only the zip reader's overlap check stands in the way.
      expect(XLSX.read(bytes).SheetNames).toEqual(['S']);
      expect(failure(await readCatalogue({ bytes, filename: `k.${bookType}` }))).toEqual({
        code: 'archive_limits_exceeded',
        message: "The workbook's parts overlap each other, the construction of a zip bomb; such files are refused.",
      });
    }
  });
});

describe('hostile or wrong input never throws', () => {
  const cases: [string, Buffer, string, string][] = [
    ['empty', Buffer.alloc(0), 'x.csv', 'empty_file'],
    ['blank text', Buffer.from('\n\n  \n'), 'x.csv', 'no_data'],
    ['a PDF', Buffer.from('%PDF-1.7\n%âãÏÓ\n1 0 obj'), 'x.csv', 'unsupported_format'],
    [
      'HTML saved as .xls',
      Buffer.from('<html><body><table><tr><td>1</td></tr></table></body></html>'),
      'export.xls',
      'unsupported_format',
    ],
    [
      'binary noise',
      Buffer.from(Array.from({ length: 4000 }, (_, i) => (i * 7919) % 256)),
      'x.xlsx',
      'unsupported_format',
    ],
    ['a truncated zip', Buffer.concat([Buffer.from('PK\u0003\u0004'), Buffer.alloc(200, 1)]), 'x.xlsx', 'parse_failed'],
    [
      'a CFB that is not a workbook',
      Buffer.concat([Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]), Buffer.alloc(600)]),
      'x.xls',
      'parse_failed',
    ],
  ];
  for (const [name, bytes, filename, code] of cases) {
    it(`${name} -> ${code}`, async () => {
      const r = await readCatalogue({ bytes, filename });
      expect(failure(r).code).toBe(code);
    });
  }

  it('a zip that is a Word document -> unsupported_format', async () => {
    const zip = new JSZip();
    zip.file('[Content_Types].xml', '<Types/>');
    zip.file('word/document.xml', '<w:document/>');
    const bytes = await zip.generateAsync({ type: 'nodebuffer' });
    expect(failure(await readCatalogue({ bytes, filename: 'x.xlsx' })).code).toBe('unsupported_format');
  });

  it('enforces row and column limits', async () => {
    const rows = ['a,b', ...Array.from({ length: 50 }, (_, i) => `${i},x`)].join('\n');
    expect(
      failure(await readCatalogue({ bytes: Buffer.from(rows), filename: 'x.csv', limits: { maxRows: 10 } })).code,
    ).toBe('too_many_rows');
    const wide =
      Array.from({ length: 30 }, (_, i) => `h${i}`).join(',') + '\n' + Array.from({ length: 30 }, () => 'v').join(',');
    expect(
      failure(await readCatalogue({ bytes: Buffer.from(wide), filename: 'x.csv', limits: { maxColumns: 20 } })).code,
    ).toBe('too_many_columns');
    const big = `a,b\n"${'x'.repeat(5000)}",1\n`;
    expect(
      failure(await readCatalogue({ bytes: Buffer.from(big), filename: 'x.csv', limits: { maxCellChars: 1000 } })).code,
    ).toBe('cell_too_large');
  });
});

describe('delimiter sniffing with commas inside cells and an often-empty last column', () => {
  it('reads a German semicolon export whose addresses contain commas', async () => {
    const { readCatalogue } = await import('@/lib/imports/read');
    const bytes = new Uint8Array(
      fs.readFileSync(path.resolve('tests/fixtures/imports/katalog-de-semicolon-empty-last-column.csv')),
    );
    const r = await readCatalogue({ bytes, filename: 'katalog.csv' });
    if (!r.ok) throw new Error(r.error.message);
    expect(r.shape.delimiter).toBe(';');
    expect(r.headers[0]).toBe('Artikelnummer');
    expect(r.rows[0].cells[4]).toBe('Hauptstraße 5, 96450 Coburg');
  });
});
