/**
 * planImport on the German Windows-1252 catalogue: SKUs, dossier values, entities, row errors and
 * duplicates planned; row validation as SKU creation; entity identity keys; and a formula-safe row errors
 * CSV.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { EntityCandidateCollector } from '@/lib/imports/entities';
import { entityIdentityKey, normalizeAddress, normalizeEntityName } from '@/lib/model/entity-names';
import { mapColumns } from '@/lib/imports/mapping';
import { ImportPlanner, planImport } from '@/lib/imports/plan';
import { readCatalogue, type CatalogueRead } from '@/lib/imports/read';

async function readFixture(): Promise<CatalogueRead> {
  const bytes = fs.readFileSync(path.resolve(process.cwd(), 'tests/fixtures/imports/katalog-de-windows1252.csv'));
  const r = await readCatalogue({ bytes, filename: 'katalog.csv' });
  if (!r.ok) throw new Error(r.error.message);
  return r;
}

function planOf(headers: string[], rows: string[][], explicit?: unknown) {
  const mapping = mapColumns({ headers, sampleRows: rows, explicit });
  return planImport({ headers, rows: rows.map((cells, i) => ({ row_number: i + 2, cells })), mapping });
}

describe('planImport on the German Windows-1252 catalogue', () => {
  it('plans SKUs, dossier values, entities, errors and the duplicate sku_code', async () => {
    const read = await readFixture();
    const mapping = mapColumns({ headers: read.headers, sampleRows: read.rows.map((r) => r.cells) });
    expect(mapping.unmapped.map((u) => u.header)).toEqual(['Preis']);
    const plan = planImport({ headers: read.headers, rows: read.rows, mapping });

    const [r2, r3, r4, r5] = plan.records;
    expect(r2.row_number).toBe(2);
    expect(r2.status).toBe('skipped'); // A-100 again in row 5, which wins
    expect(r2.warnings.map((w) => w.code)).toContain('duplicate_sku_code');
    expect(r5.status).toBe('valid');
    expect(r5.sku).toEqual({
      sku_code: 'A-100',
      product_name: 'Holzwürfel „Größe L“ – 6 Stück',
      gtin: '4006381333931',
      category_code: null,
      external_sku_id: null,
    });

    expect(r3.sku.gtin).toBe('042272005581');
    expect(r3.warnings.find((w) => w.code === 'gtin_leading_zeros_restored')?.column).toBe('EAN');
    expect(r3.dossier).toMatchObject({
      manufacturer_name: 'Müller Spielwaren G.m.b.H.',
      country_of_origin: 'DE',
      safety_warnings_de: 'Achtung: Nur unter Aufsicht Erwachsener verwenden.',
    });
    expect(r3.sources.gtin).toEqual({ column: 'EAN', column_index: 2 });

    // A wrong check digit flags the row and keeps the GTIN as written (the contract checks digits and length).
    expect(r4.status).toBe('valid');
    expect(r4.errors).toEqual([]);
    expect(r4.sku.gtin).toBe('4006381333932');
    expect(r4.warnings).toContainEqual({
      row: 4,
      column: 'EAN',
      code: 'gtin_invalid_check_digit',
      message: expect.stringContaining('check digit'),
    });
    expect(r4.dossier.country_of_origin).toBe('IT');
    expect(r4.dossier.safety_warnings_de).toBeUndefined(); // empty cell: nothing, never a blank

    expect(plan.summary).toMatchObject({ total_rows: 4, valid_rows: 3, invalid_rows: 0, skipped_rows: 1 });
    expect(plan.summary.warnings_by_code.gtin_invalid_check_digit).toBe(1);
    expect(plan.summary.duplicate_sku_codes).toEqual([{ sku_code: 'A-100', kept_row: 5, superseded_rows: [2] }]);
    expect(plan.errors).toHaveLength(0);
  });

  it('groups the manufacturer spellings under one identity and flags the email conflict', async () => {
    const read = await readFixture();
    const mapping = mapColumns({ headers: read.headers, sampleRows: read.rows.map((r) => r.cells) });
    const plan = planImport({ headers: read.headers, rows: read.rows, mapping });
    const mueller = plan.entity_candidates.filter((c) => c.proposed_values.name?.startsWith('Müller'));
    // "GmbH"/"G.m.b.H." and "Hauptstr."/"Hauptstraße" are one identity; the service@ email is another.
    expect(mueller).toHaveLength(2);
    const main = mueller.find((c) => c.proposed_values.email === 'info@mueller-spiel.de')!;
    expect(main.candidate_key).toBe('mueller spielwaren gmbh|hauptstrasse 5 10115 berlin|info@mueller-spiel.de');
    expect(main.source_rows).toEqual([2, 3]);
    expect(main.variants).toHaveLength(1);
    expect(main.country).toBeNull(); // the file gives the origin country, not the manufacturer's
    expect(main.has_conflicts).toBe(true);
    expect(main.conflicts.map((c) => c.type)).toEqual(['same_name_different_email']);
    const other = mueller.find((c) => c !== main)!;
    expect(other.source_rows).toEqual([5]);
    expect(other.conflicts[0].other_candidate_key).toBe(main.candidate_key);
    const italian = plan.entity_candidates.find((c) => c.proposed_values.name === 'Fabbrica Giocattoli S.p.A.');
    // Row 4 has a wrong GTIN check digit, a flag and not a failure: its manufacturer is proposed.
    expect(italian?.source_rows).toEqual([4]);
  });
});

describe('row validation matches the SKU create rules', () => {
  it('checks sku_code, product_name and gtin per row', () => {
    const plan = planOf(
      ['sku_code', 'product_name', 'gtin'],
      [
        ['OK_1-a', 'Ball', ''],
        ['has space', 'Ball', ''],
        ['x'.repeat(51), 'Ball', ''],
        ['B2', 'y'.repeat(201), ''],
        ['B3', '', ''],
        ['', 'Nameless', ''],
        ['B4', 'Ball', '4.00638E+12'],
        ['', '', ''],
      ],
    );
    const codes = plan.records.map((r) => [r.status, ...r.errors.map((e) => e.code)]);
    expect(codes).toEqual([
      ['valid'],
      ['invalid', 'sku_code_invalid'],
      ['invalid', 'sku_code_too_long'],
      ['invalid', 'product_name_too_long'],
      ['invalid', 'product_name_required'],
      ['invalid', 'sku_code_required'],
      ['invalid', 'gtin_scientific_notation'],
      ['skipped'],
    ]);
  });

  it('normalises dossier values and drops what cannot be read, with a warning', () => {
    const plan = planOf(
      [
        'SKU',
        'Name',
        'Ursprungsland',
        'Zielmärkte',
        'Datum des Inverkehrbringens',
        'CE-Kennzeichnung',
        'Hersteller E-Mail',
        'Kategorie',
      ],
      [
        ['A', 'Ball', 'Made in China', 'DE, FR; AT', '15/03/2024', 'ja', 'not-an-email', 'Spielzeug'],
        ['B', 'Modell 7', 'Atlantis', 'EU', '31.02.2024', 'oui', 'a@b.de', 'Neuheiten'],
      ],
    );
    const [a, b] = plan.records;
    expect(a.dossier).toEqual({
      country_of_origin: 'CN',
      target_markets: 'DE,FR,AT',
      placed_on_market_date: '2024-03-15',
      ce_marking: 'yes',
    });
    expect(a.sku.category_code).toBe('toys');
    expect(a.warnings.map((w) => [w.column, w.code])).toEqual([['Hersteller E-Mail', 'invalid_value']]);
    expect(b.dossier.target_markets.split(',')).toHaveLength(27);
    expect(b.dossier.country_of_origin).toBeUndefined();
    expect(b.warnings.map((w) => w.code)).toEqual(
      expect.arrayContaining(['unknown_country', 'invalid_date', 'category_unknown', 'entity_without_name']),
    );
    expect(b.sku.category_code).toBe('general');
  });

  it('works row by row for streaming and reports superseded rows', () => {
    const mapping = mapColumns({ headers: ['sku', 'name'] });
    const planner = new ImportPlanner(mapping, ['sku', 'name']);
    planner.add({ row_number: 2, cells: ['A', 'x'] });
    planner.add({ row_number: 3, cells: ['B', 'y'] });
    planner.add({ row_number: 4, cells: ['A', 'z'] });
    expect([...planner.supersededRows()]).toEqual([[2, 4]]);
    expect(planner.summary()).toMatchObject({ total_rows: 3, valid_rows: 2, skipped_rows: 1 });
  });
});

describe('entity identity keys', () => {
  it('normalises case, whitespace, punctuation and legal forms', () => {
    expect(normalizeEntityName('ACME Spielwaren G.m.b.H. & Co. KG')).toBe('acme spielwaren gmbh co kg');
    expect(normalizeEntityName('Acme  Spielwaren GmbH & Co KG')).toBe('acme spielwaren gmbh co kg');
    expect(normalizeEntityName('Jouets Dupont S.à r.l.')).toBe('jouets dupont sarl');
    expect(normalizeEntityName('Jouets Dupont SARL')).toBe('jouets dupont sarl');
    expect(normalizeEntityName('Widgets Limited')).toBe('widgets ltd');
    expect(normalizeEntityName('Widgets Ltd.')).toBe('widgets ltd');
    expect(normalizeEntityName('Juguetes Pérez S.L.')).toBe('juguetes perez sl');
    expect(normalizeEntityName('Giochi Rossi S.p.A.')).toBe('giochi rossi spa');
    expect(normalizeEntityName('Müller GmbH')).toBe(normalizeEntityName('Mueller GMBH'));
    // The legal form is kept: a GmbH and an AG of the same name are different companies.
    expect(normalizeEntityName('Acme GmbH')).not.toBe(normalizeEntityName('Acme AG'));
    expect(normalizeAddress('Hauptstr. 5, 10115 Berlin')).toBe(normalizeAddress('Hauptstraße 5 10115  BERLIN'));
  });

  it('gives the same key for the same identity and a bounded key for long addresses', () => {
    const k1 = entityIdentityKey({ name: 'Acme GmbH', address: 'Weg 1, Köln', email: 'Info@Acme.de' });
    const k2 = entityIdentityKey({ name: 'ACME G.m.b.H.', address: 'Weg 1 Köln', email: 'info@acme.de ' });
    expect(k1).toBe(k2);
    const long = entityIdentityKey({ name: 'Acme GmbH', address: 'Industriestraße 1, '.repeat(20), email: null });
    expect(long.length).toBeLessThanOrEqual(160);
    expect(long).toBe(entityIdentityKey({ name: 'Acme GmbH', address: 'Industriestraße 1, '.repeat(20), email: null }));
  });

  it('keeps roles apart and reports same-name address conflicts and country disagreements', () => {
    const c = new EntityCandidateCollector();
    c.add(2, { role: 'manufacturer', name: 'Acme GmbH', address: 'Weg 1, Köln', email: null, country: 'DE' });
    c.add(3, { role: 'manufacturer', name: 'Acme GmbH', address: 'Allee 9, Bonn', email: null, country: 'DE' });
    c.add(4, { role: 'importer', name: 'Acme GmbH', address: 'Weg 1, Köln', email: null, country: 'DE' });
    c.add(5, { role: 'manufacturer', name: 'ACME GMBH', address: 'Weg 1 Köln', email: null, country: 'AT' });
    const list = c.candidates();
    expect(list).toHaveLength(3);
    const koeln = list.find((x) => x.role === 'manufacturer' && x.proposed_values.address === 'Weg 1, Köln')!;
    expect(koeln.source_rows).toEqual([2, 5]);
    expect(koeln.conflicts.map((x) => x.type).sort()).toEqual([
      'same_identity_different_country',
      'same_name_different_address',
    ]);
    const importer = list.find((x) => x.role === 'importer')!;
    expect(importer.has_conflicts).toBe(false);
  });
});

describe('row errors CSV', () => {
  it('is formula-safe, quoted where needed, with a BOM', async () => {
    const { rowErrorsCsv } = await import('@/lib/imports/errors-csv');
    const csv = rowErrorsCsv([
      { row: 4, column: 'EAN', code: 'gtin_invalid_check_digit', message: 'bad, digit' },
      { row: 9, column: 'X', code: 'c', message: '=HYPERLINK("x")' },
    ] as any);
    expect(csv.startsWith('\ufeffrow,column,code,message\r\n')).toBe(true);
    const lines = csv.slice(1).split('\r\n');
    expect(lines[1]).toBe('4,EAN,gtin_invalid_check_digit,"bad, digit"');
    expect(lines[2]).toBe(`9,X,c,"'=HYPERLINK(""x"")"`);
  });
});
