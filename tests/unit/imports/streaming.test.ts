/**
 * The import reader and planner over a file read in pieces (the import job's and the dry run's way):
 * the same planned file as from the bytes in memory, and a text file never held whole: the CSV is
 * parsed as its pieces arrive, on every pass, and the second pass keeps nothing per row.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import iconv from 'iconv-lite';
import { afterAll, describe, expect, it } from 'vitest';
import { mapColumns } from '@/lib/imports/mapping';
import { ImportPlanner, planImport, type PlannedRecord } from '@/lib/imports/plan';
import { openCatalogue, readCatalogue } from '@/lib/imports/read';
import { planFile, type PlannedFile } from '@/lib/imports/service-plan';
import { fileSource, PIECE_BYTES, type ByteSource } from '@/lib/storage/byte-source';

const CORPUS = path.resolve(process.cwd(), 'tests/fixtures/corpus/spreadsheets');
const FIXTURES = path.resolve(process.cwd(), 'tests/fixtures/imports');
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'import-stream-'));
afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }));

const HEADER = 'Artikelnummer;Bezeichnung;EAN;Hersteller;Herstelleradresse;Ursprungsland;Datum des Inverkehrbringens';

/** A German catalogue with multi-byte characters everywhere (so pieces cut through them) and repeated codes. */
function catalogue(rows: number): string {
  const lines = [HEADER];
  for (let i = 0; i < rows; i++) {
    const code = i % 97 === 5 ? `SKU-LANGER-ARTIKELCODE-${i - 3}` : `SKU-LANGER-ARTIKELCODE-${i}`;
    const m = i % 30;
    lines.push(
      [
        code,
        `"Holzspielzeug „Modell ${i}“ – Größe ${['S', 'M', 'L'][i % 3]}; für Kinder"`,
        i % 50 === 7 ? '4006381333932' : '4006381333931',
        `Hersteller ${m} GmbH – Spielwaren`,
        `Industriestraße ${m}, ${10000 + m} Berlin`,
        ['Deutschland', 'China', 'Polen', 'Atlantis'][i % 4],
        `${String((i % 28) + 1).padStart(2, '0')}.${String((i % 12) + 1).padStart(2, '0')}.2024`,
      ].join(';'),
    );
  }
  return lines.join('\r\n') + '\r\n';
}

function write(name: string, bytes: Uint8Array): string {
  const p = path.join(tmp, name);
  fs.writeFileSync(p, bytes);
  return p;
}

/** A file source that counts the pieces it hands out and refuses to give the whole file. */
function counted(filePath: string) {
  const inner = fileSource(filePath, fs.statSync(filePath).size);
  const stats = { passes: 0, pieces: 0 };
  const source: ByteSource = {
    size: inner.size,
    head: (n) => inner.head(n),
    *pieces() {
      stats.passes++;
      for (const piece of inner.pieces()) {
        stats.pieces++;
        yield piece;
      }
    },
    bytes: () => Promise.reject(new Error('a text file is never read whole')),
  };
  return { source, stats };
}

function allRecords(planned: PlannedFile): PlannedRecord[] {
  const out: PlannedRecord[] = [];
  const gen = planned.records();
  for (let s = gen.next(); ; s = gen.next()) {
    if (s.done) {
      expect(s.value.ok).toBe(true);
      return out;
    }
    out.push(s.value);
  }
}

async function planned(bytes: Uint8Array | ByteSource, filename: string): Promise<PlannedFile> {
  const r = await planFile({ bytes, filename, sampleSize: 20, maxErrors: 1000 });
  if (!r.ok) throw new Error(`${filename}: ${r.error.code}`);
  return r;
}

/** Everything planFile returns, records included, as plain data. */
async function whole(p: PlannedFile) {
  const { records: _records, ...rest } = p;
  return { ...rest, superseded: [...p.superseded], records: allRecords(p) };
}

const generated: [string, Uint8Array][] = [
  ['katalog-utf8.csv', Buffer.from(catalogue(3000))],
  ['katalog-utf8-bom.csv', Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(catalogue(1500))])],
  ['katalog-utf16le.csv', Buffer.concat([Buffer.from([0xff, 0xfe]), iconv.encode(catalogue(800), 'utf-16le')])],
  // ASCII for more than the encoding head, then a Windows-1252 "ä": only the whole file says it is not UTF-8.
  [
    'katalog-late-latin1.csv',
    Buffer.concat([
      Buffer.from(
        ['sku;name', ...Array.from({ length: 12000 }, (_, i) => `S-${i};Holz Modell Nummer ${i} aus Buche`)].join('\n'),
      ),
      iconv.encode('\nS-LAST;Holzwürfel ä\n', 'windows-1252'),
    ]),
  ],
];

describe('a file read in pieces plans the same as the file in memory', () => {
  const files = [
    ...fs.readdirSync(CORPUS).map((f) => path.join(CORPUS, f)),
    ...fs
      .readdirSync(FIXTURES)
      .filter((f) => f.endsWith('.csv'))
      .map((f) => path.join(FIXTURES, f)),
    ...generated.map(([name, bytes]) => write(name, bytes)),
  ];

  it.each(files.map((f) => [path.basename(f), f]))('%s', async (name, file) => {
    const bytes = fs.readFileSync(file);
    const fromBytes = await planFile({ bytes, filename: name, sampleSize: 20, maxErrors: 1000 });
    const fromSource = await planFile({
      bytes: fileSource(file, bytes.length),
      filename: name,
      sampleSize: 20,
      maxErrors: 1000,
    });
    if (!fromBytes.ok || !fromSource.ok) {
      expect(fromSource).toEqual(fromBytes);
      return;
    }
    expect(await whole(fromSource)).toEqual(await whole(fromBytes));
  });

  it('decodes the multi-byte text cut between pieces and reads the late non-UTF-8 byte as Latin-1', async () => {
    const late = path.join(tmp, 'katalog-late-latin1.csv');
    const p = await planned(fileSource(late, fs.statSync(late).size), 'x.csv');
    expect(p.shape.encoding).toBe('iso-8859-1');
    expect(allRecords(p).at(-1)?.sku.product_name).toBe('Holzwürfel ä');
    const utf8 = await planned(fileSource(path.join(tmp, 'katalog-utf8.csv'), generated[0][1].length), 'x.csv');
    expect(utf8.shape.encoding).toBe('utf-8');
    const names = allRecords(utf8).map((r) => r.sku.product_name);
    expect(names[2999]).toBe('Holzspielzeug „Modell 2999“ – Größe L; für Kinder');
    expect(names.every((n) => n && !n.includes('\ufffd'))).toBe(true);
  });

  it('the second pass gives the records the first pass planned, duplicates and their winners marked', async () => {
    const read = await readCatalogue({ bytes: generated[0][1], filename: 'k.csv' });
    if (!read.ok) throw new Error(read.error.code);
    const mapping = mapColumns({ headers: read.headers, sampleRows: read.rows.slice(0, 300).map((r) => r.cells) });
    // planImport plans every row through add(), as the second pass once did with a planner of its own.
    const expected = planImport({ headers: read.headers, rows: read.rows, mapping }).records;
    const p = await planned(generated[0][1], 'k.csv');
    expect(p.summary.duplicate_sku_codes.length).toBeGreaterThan(10);
    expect(allRecords(p)).toEqual(expected);
  });
});

describe('bounded memory: the CSV is never held whole', () => {
  it('each pass reads the pieces as it parses them, and never asks for the whole file', async () => {
    const file = path.join(tmp, 'katalog-utf8.csv');
    const size = fs.statSync(file).size;
    const perPass = Math.ceil(size / PIECE_BYTES);
    expect(perPass).toBeGreaterThan(8);
    const { source, stats } = counted(file);
    const p = await planned(source, 'k.csv');
    const beforePass2 = { ...stats };

    // Pass 2 yields its first record after a piece or two, not after the whole file.
    const gen = p.records();
    const first = gen.next();
    expect(first.done).toBe(false);
    expect(stats.passes).toBe(beforePass2.passes + 1);
    expect(stats.pieces - beforePass2.pieces).toBeLessThanOrEqual(2);
    let n = 1;
    for (let s = gen.next(); !s.done; s = gen.next()) n++;
    expect(n).toBe(3000);
    expect(stats.pieces - beforePass2.pieces).toBe(perPass);
  });

  it('rows() yields the first row before the rest of the file is read', async () => {
    const { source, stats } = counted(path.join(tmp, 'katalog-utf8.csv'));
    const opened = await openCatalogue({ bytes: source, filename: 'k.csv' });
    if (!opened.ok) throw new Error(opened.error.code);
    const at = stats.pieces;
    const rows = opened.rows();
    expect(rows.next().value).toMatchObject({ row_number: 2 });
    expect(stats.pieces - at).toBe(1);
  });

  it('after the first pass the planner counts nothing more: replanning a row adds to no total', async () => {
    const read = await readCatalogue({ bytes: generated[0][1], filename: 'k.csv' });
    if (!read.ok) throw new Error(read.error.code);
    const mapping = mapColumns({ headers: read.headers, sampleRows: read.rows.slice(0, 300).map((r) => r.cells) });
    const planner = new ImportPlanner(mapping, read.headers);
    const first = read.rows.map((r) => planner.add(r));
    const summary = planner.summary();
    const candidates = planner.entityCandidates();
    planner.endFirstPass();
    expect(read.rows.map((r) => planner.replan(r))).toEqual(first);
    expect(planner.summary()).toEqual(summary);
    // The entity groups are the first pass's; the second pass collects none.
    expect(candidates.length).toBeGreaterThan(0);
    expect(planner.entityCandidates()).toEqual([]);
  });
});
