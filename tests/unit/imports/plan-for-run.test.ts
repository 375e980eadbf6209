/**
 * planFileForRun (the import job's planning: pass 1 reads only the SKU columns, the summary and the
 * entity candidates are taken in pass 2) against planFile (the dry run's: every row planned in pass 1):
 * for every corpus spreadsheet and a catalogue with repeated codes, invalid rows among the repeats,
 * rows without a code and entity columns, the records, the summary and the candidates are the same.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { PlannedRecord } from '@/lib/imports/plan';
import { planFile, planFileForRun } from '@/lib/imports/service-plan';

const CORPUS = path.resolve(process.cwd(), 'tests/fixtures/corpus/spreadsheets');
const FIXTURES = path.resolve(process.cwd(), 'tests/fixtures/imports');

const HEADER = 'Artikelnummer;Bezeichnung;EAN;Hersteller;Herstelleradresse;Hersteller E-Mail;Ursprungsland';

/**
 * Repeated codes: a valid row repeated by a valid one (superseded), by an invalid one (not superseded:
 * an EAN with a letter; a wrong check digit is only a flag), three times over, and a code repeated with a different case; rows with no code, with
 * only dossier values, and empty.
 */
function catalogue(rows: number): string {
  const lines = [HEADER];
  for (let i = 0; i < rows; i++) {
    let code = `SKU-${i}`;
    if (i % 13 === 4) code = `SKU-${i - 2}`; // repeats an earlier valid row
    if (i % 29 === 7) code = `SKU-${i - 1}`; // repeats it with a bad EAN below
    if (i % 41 === 9) code = `sku-${i - 5}`; // another code (codes are case-sensitive)
    if (i % 37 === 11) code = '';
    const ean = i % 29 === 7 || i % 31 === 3 ? '4006381X33931' : i % 43 === 5 ? '4006381333932' : '4006381333931';
    const m = i % 7;
    const cells =
      i % 53 === 17
        ? ['', '', '', `Hersteller ${m} GmbH`, '', '', '']
        : i % 59 === 19
          ? ['', '', '', '', '', '', '']
          : [
              code,
              `Spielzeug ${i}`,
              ean,
              i % 5 === 0 ? '' : `Hersteller ${m} GmbH`,
              i % 3 === 0 ? `Industriestraße ${m}, 1000${m} Berlin, Germany` : `Industriestr. ${m}, 1000${m} Berlin`,
              i % 4 === 0 ? `info@h${m}.example` : '',
              ['Deutschland', 'China', 'Atlantis'][i % 3],
            ];
    lines.push(cells.join(';'));
  }
  return lines.join('\r\n') + '\r\n';
}

async function both(bytes: Uint8Array, filename: string) {
  const full = await planFile({ bytes, filename, sampleSize: 0, maxErrors: 0 });
  const run = await planFileForRun({ bytes, filename });
  return { full, run };
}

function all(gen: Generator<PlannedRecord, unknown, void>): PlannedRecord[] {
  const out: PlannedRecord[] = [];
  for (let s = gen.next(); !s.done; s = gen.next()) out.push(s.value);
  return out;
}

describe('planFileForRun', () => {
  it('plans a catalogue with repeated and invalid rows as planFile does', async () => {
    const { full, run } = await both(new TextEncoder().encode(catalogue(1500)), 'katalog.csv');
    if (!full.ok || !run.ok) throw new Error('not planned');
    expect(full.summary.duplicate_sku_codes.length).toBeGreaterThan(50);
    expect(full.summary.invalid_rows).toBeGreaterThan(50);
    expect(full.candidates.length).toBeGreaterThan(3);
    expect(run.totalRows).toBe(full.summary.total_rows);
    const records = all(run.records());
    expect(records).toEqual(all(full.records()));
    const totals = run.totals();
    expect(totals.summary).toEqual(full.summary);
    expect(totals.candidates).toEqual(full.candidates);
    // The invalid repeat of a valid row does not supersede it.
    const invalidRepeat = records.find((r) => r.row_number === 2 + 7 && r.status === 'invalid');
    expect(invalidRepeat).toBeDefined();
    expect(records.find((r) => r.row_number === 2 + 6)?.status).toBe('valid');
  });

  it('plans every corpus spreadsheet as planFile does', async () => {
    const files = [
      ...fs.readdirSync(CORPUS).map((f) => path.join(CORPUS, f)),
      ...fs
        .readdirSync(FIXTURES)
        .filter((f) => !f.endsWith('.md'))
        .map((f) => path.join(FIXTURES, f)),
    ];
    let planned = 0;
    for (const file of files) {
      const { full, run } = await both(new Uint8Array(fs.readFileSync(file)), path.basename(file));
      expect(run.ok, file).toBe(full.ok);
      if (!full.ok || !run.ok) continue;
      planned++;
      expect(all(run.records()), file).toEqual(all(full.records()));
      expect(run.totals().summary, file).toEqual(full.summary);
      expect(run.totals().candidates, file).toEqual(full.candidates);
    }
    expect(planned).toBeGreaterThan(20);
  });

  it('counts as it plans, so its records are read once', async () => {
    const run = await planFileForRun({ bytes: new TextEncoder().encode(catalogue(10)), filename: 'k.csv' });
    if (!run.ok) throw new Error('not planned');
    all(run.records());
    expect(() => run.records().next()).toThrow(/read once/);
  });
});
