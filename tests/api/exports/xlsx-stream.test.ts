/**
 * The streaming XLSX writer of exports, on real files read back with SheetJS: every cell type, text
 * XML cannot carry, a second sheet filled at the same time as the first, thousands of rows added in
 * many batches, and abort after a failure leaving no temp files behind.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import XLSX from '@e965/xlsx';
import { describe, expect, it } from 'vitest';
import { columnName, xlsxStreamWriter } from '@/lib/exports/xlsx-stream';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cw-xlsx-stream-'));

describe('xlsxStreamWriter', () => {
  it('column names run A..Z, AA.., like a spreadsheet', () => {
    expect([0, 25, 26, 51, 52, 701, 702].map(columnName)).toEqual(['A', 'Z', 'AA', 'AZ', 'BA', 'ZZ', 'AAA']);
  });

  it('writes two sheets in one pass; every cell reads back as written, hostile text made safe', async () => {
    const out = path.join(dir, 'two-sheets.xlsx');
    const book = xlsxStreamWriter(out, ['catalogue', 'docs & <more>']);
    const [a, b] = book.sheets;
    await a.addRows([['code', 'name', 'count', 'flag', 'empty', 'text']]);
    await b.addRows([['code', 'file']]);
    const long = 'x'.repeat(40_000);
    const hostile = [
      '<tag a="1">&amp;</tag>',
      '  spaced  ',
      'line one\r\nline two',
      'lone \uD800 surrogate and \uFFFE',
      'emoji 🧸 ok',
      long,
    ];
    for (let i = 0; i < 3000; i += 500) {
      await a.addRows(
        Array.from({ length: 500 }, (_, j) => [
          `SKU-${i + j}`,
          hostile[(i + j) % hostile.length],
          i + j,
          (i + j) % 2 === 0,
          null,
          '',
        ]),
      );
      await b.addRows([[`SKU-${i}`, `file-${i}.pdf`]]);
    }
    await book.close();

    const wb = XLSX.read(fs.readFileSync(out), { type: 'buffer' });
    expect(wb.SheetNames).toEqual(['catalogue', 'docs & <more>']);
    const rows = XLSX.utils.sheet_to_json<unknown[]>(wb.Sheets.catalogue, { header: 1, blankrows: false });
    expect(rows).toHaveLength(3001);
    expect(rows[0]).toEqual(['code', 'name', 'count', 'flag', 'empty', 'text']);
    expect(rows[1]).toEqual(['SKU-0', '<tag a="1">&amp;</tag>', 0, true]);
    expect(rows[2]).toEqual(['SKU-1', '  spaced  ', 1, false]);
    expect(rows[3][1]).toBe('line one\nline two'); // XML reads CRLF as LF, the line break spreadsheets store (as SheetJS's own writer gave)
    expect(rows[4][1]).toBe('lone  surrogate and ');
    expect(rows[5][1]).toBe('emoji 🧸 ok');
    expect(rows[6][1]).toBe('x'.repeat(32_767)); // Excel's limit per cell
    expect(rows[3000][0]).toBe('SKU-2999');
    const docs = XLSX.utils.sheet_to_json<unknown[]>(wb.Sheets['docs & <more>'], { header: 1 });
    expect(docs).toEqual([
      ['code', 'file'],
      ...[0, 500, 1000, 1500, 2000, 2500].map((i) => [`SKU-${i}`, `file-${i}.pdf`]),
    ]);
    expect(fs.readdirSync(dir).filter((f) => f.startsWith('two-sheets.xlsx.'))).toEqual([]); // the second sheet's temp file is gone
  });

  it('a sheet without rows is still a valid empty sheet', async () => {
    const out = path.join(dir, 'empty.xlsx');
    const book = xlsxStreamWriter(out, ['only']);
    await book.close();
    const wb = XLSX.read(fs.readFileSync(out), { type: 'buffer' });
    expect(wb.SheetNames).toEqual(['only']);
    expect(XLSX.utils.sheet_to_json(wb.Sheets.only, { header: 1 })).toEqual([]);
  });

  it('abort after a failure removes the temp files of the other sheets', async () => {
    const out = path.join(dir, 'aborted.xlsx');
    const book = xlsxStreamWriter(out, ['a', 'b', 'c']);
    await book.sheets[1].addRows([['x']]);
    await book.sheets[2].addRows([['y']]);
    await book.abort();
    expect(fs.readdirSync(dir).filter((f) => f.startsWith('aborted.xlsx.'))).toEqual([]);
  });
});
