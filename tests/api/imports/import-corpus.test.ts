/**
 * POST /api/import (dry run and commit) over real catalogue files: the corpus spreadsheets of
 * tests/fixtures/corpus/spreadsheets and the German Windows-1252 catalogue fixture. Values must arrive in
 * SKUs and dossier values exactly: leading zeros, umlauts and 1252-only characters intact.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { makeUser } from '../../helpers/http';
import { useTestDatabase } from '../../helpers/db';
import { CORPUS, blobFiles, corpus, counts, fixture, importAndRun, postImport, skuWithValues } from './helpers';

useTestDatabase();

describe('German Windows-1252 catalogue (umlauts, „“ – ‰ €, semicolons, UPC lost its zero)', () => {
  it('dry run shows shape, mapping, stored values, errors, counts and entity candidates; writes nothing', async () => {
    const u = await makeUser();
    const before = await counts(u.workspaceId);
    const blobsBefore = blobFiles().length;
    const res = await postImport(u, fixture('katalog-de-windows1252.csv'), 'katalog.csv', { dryRun: true });
    expect(res.status).toBe(200);
    const b = res.body;
    expect(b.dry_run).toBe(true);
    expect(b.file).toMatchObject({
      filename: 'katalog.csv',
      format: 'csv',
      encoding: 'windows-1252',
      delimiter: ';',
      sheets: [],
      sheet: null,
      header_row: 1,
      title_rows_skipped: 0,
    });
    expect(b.columns.find((c: any) => c.header === 'EAN')).toMatchObject({
      index: 2,
      field_key: 'gtin',
      sample_values: ['4006381333931', '42272005581', '4006381333932'],
    });
    expect(b.columns.find((c: any) => c.header === 'Artikelnummer').field_key).toBe('sku_code');
    expect(b.unmapped_columns.map((c: any) => c.header)).toEqual(['Preis']);
    const row3 = b.sample_rows.find((r: any) => r.row_number === 3);
    expect(row3.sku).toEqual({
      sku_code: 'A-101',
      product_name: 'Bälle-Set ‰ Qualität',
      gtin: '042272005581',
      category_code: null,
      external_sku_id: null,
    });
    expect(row3.dossier).toMatchObject({
      manufacturer_name: 'Müller Spielwaren G.m.b.H.',
      manufacturer_address: 'Hauptstraße 5, 10115 Berlin',
      country_of_origin: 'DE',
    });
    expect(row3.warnings.map((w: any) => w.code)).toContain('gtin_leading_zeros_restored');
    // A wrong GTIN check digit flags row 4 and keeps its GTIN as written; it fails nothing.
    expect(b.row_errors).toEqual([]);
    expect(b.row_errors_total).toBe(0);
    const row4 = b.sample_rows.find((r: any) => r.row_number === 4);
    expect(row4).toMatchObject({ status: 'valid', sku: { gtin: '4006381333932' } });
    expect(row4.warnings).toContainEqual({
      column: 'EAN',
      code: 'gtin_invalid_check_digit',
      message: expect.stringContaining('check digit'),
    });
    expect(b.counts).toEqual({ total_rows: 4, would_create: 3, would_update: 0, would_skip: 1, would_fail: 0 });
    expect(b.plan_limit).toEqual({ plan: 'trial', limit: 100, current_count: 0 });
    const mueller = b.entity_candidates.filter(
      (c: any) => c.role === 'manufacturer' && c.proposed_values.name.startsWith('Müller'),
    );
    expect(mueller).toHaveLength(2);
    expect(mueller.every((c: any) => c.has_conflicts)).toBe(true);
    expect(mueller[0]).toMatchObject({
      existing_entity_id: null,
      conflicts: expect.any(Array),
      source_rows: expect.any(Array),
    });
    // Nothing written: no batch, SKU, value, job, audit record or stored file.
    expect(await counts(u.workspaceId)).toEqual(before);
    expect(blobFiles().length).toBe(blobsBefore);
  });

  it('commit stores every value exactly, with import provenance (batch, row, column)', async () => {
    const u = await makeUser();
    const { commit, batch } = await importAndRun(u, fixture('katalog-de-windows1252.csv'), 'katalog.csv');
    expect(commit.batch).toMatchObject({
      filename: 'katalog.csv',
      status: 'queued',
      job_id: commit.job_id,
      errors_url: `/api/imports/${commit.batch.id}/errors.csv`,
    });
    expect(batch).toMatchObject({
      status: 'completed',
      total_rows: 4,
      processed_rows: 4,
      created_rows: 3,
      updated_rows: 0,
      skipped_rows: 1,
      failed_rows: 0,
      error_rows: 0,
      file_format: 'csv',
      error_message: null,
    });
    expect(batch.started_at).toEqual(expect.any(String));
    expect(batch.completed_at).toEqual(expect.any(String));

    const a100 = (await skuWithValues(u.workspaceId, 'A-100'))!;
    expect(a100.sku).toMatchObject({
      productName: 'Holzwürfel „Größe L“ – 6 Stück',
      gtin: '4006381333931',
      categoryCode: 'general',
    }); // row 5 wins over row 2
    expect(a100.values.manufacturer_email).toEqual({
      value: 'service@mueller-spiel.de',
      source: 'import',
      provenance: { batch_id: batch.id, row: 5, column: 'Hersteller E-Mail' },
    });
    expect(a100.values.safety_warnings_de.value).toBe('Nicht für Kinder unter 3 Jahren geeignet.');
    const a101 = (await skuWithValues(u.workspaceId, 'A-101'))!;
    expect(a101.sku).toMatchObject({ productName: 'Bälle-Set ‰ Qualität', gtin: '042272005581' });
    expect(Object.fromEntries(Object.entries(a101.values).map(([k, v]) => [k, v.value]))).toEqual({
      manufacturer_name: 'Müller Spielwaren G.m.b.H.',
      manufacturer_address: 'Hauptstraße 5, 10115 Berlin',
      manufacturer_email: 'info@mueller-spiel.de',
      country_of_origin: 'DE',
      safety_warnings_de: 'Achtung: Nur unter Aufsicht Erwachsener verwenden.',
    });
    expect(a101.values.country_of_origin.provenance).toEqual({ batch_id: batch.id, row: 3, column: 'Ursprungsland' });
    // A wrong check digit: created with the GTIN as written and the warning GTIN_CHECK_DIGIT_INVALID.
    const a102 = (await skuWithValues(u.workspaceId, 'A-102'))!;
    expect(a102.sku.gtin).toBe('4006381333932');
    expect(a102.sku.blockers).toContainEqual(
      expect.objectContaining({ code: 'GTIN_CHECK_DIGIT_INVALID', severity: 'warning' }),
    );
    expect(a101.sku.blockerCount).toBeGreaterThan(0); // blockers were computed
  });
});

describe('corpus: semicolon CSV with codes that keep their leading zeros (ISTAT)', () => {
  it('codes stay strings ("030151360", "00", "015"), dd/mm/yyyy dates become ISO', async () => {
    const u = await makeUser();
    const mapping = JSON.stringify({
      comune: 'sku_code',
      denominazione_comune: 'product_name',
      codice_regione: 'external_sku_id',
      codice_provincia: 'model_number',
      data_entrata_in_carica: 'placed_on_market_date',
      codice_comune: null,
      sigla_provincia: null,
    });
    const dry = await postImport(u, corpus('csv-semicolon-codes-with-leading-zeros-istat.csv'), 'istat.csv', {
      dryRun: true,
      fields: { mapping },
    });
    expect(dry.status).toBe(200);
    expect(dry.body.file).toMatchObject({ delimiter: ';', encoding: 'utf-8' });
    expect(dry.body.sample_rows[1]).toMatchObject({
      row_number: 3,
      sku: { sku_code: '030120530', product_name: 'CAROBBIO DEGLI ANGELI', external_sku_id: '00' },
      dossier: { model_number: '012', placed_on_market_date: '2021-10-04' },
    });
    expect(dry.body.counts).toEqual({ total_rows: 5, would_create: 5, would_update: 0, would_skip: 0, would_fail: 0 });

    const { batch } = await importAndRun(u, corpus('csv-semicolon-codes-with-leading-zeros-istat.csv'), 'istat.csv', {
      mapping,
    });
    expect(batch).toMatchObject({ status: 'completed', created_rows: 5, failed_rows: 0 });
    const expected: [string, string, string, string, string][] = [
      ['030151360', 'POLPENAZZE DEL GARDA', '03', '015', '2021-10-13'],
      ['030120530', 'CAROBBIO DEGLI ANGELI', '00', '012', '2021-10-04'],
      ['020040580', 'SAINT-DENIS', '02', '004', '2020-09-23'],
      ['030150870', 'LOSINE', '03', '015', '2021-10-04'],
      ['190480090', "CAPO D'ORLANDO", '19', '048', '2021-10-27'],
    ];
    for (const [code, name, region, province, date] of expected) {
      const s = (await skuWithValues(u.workspaceId, code))!;
      expect(s.sku).toMatchObject({ skuCode: code, productName: name, externalSkuId: region });
      expect(s.values.model_number.value).toBe(province);
      expect(s.values.placed_on_market_date.value).toBe(date);
    }
  });
});

describe('corpus: USDA CSV, ids with leading zeros, quoted names with commas', () => {
  it('199 SKUs, NDB_No "01001" kept, "BUTTER,WITH SALT" intact', async () => {
    const u = await makeUser({ plan: 'pro' });
    const mapping = JSON.stringify({ NDB_No: 'sku_code', Shrt_Desc: 'product_name' });
    const { batch } = await importAndRun(u, corpus('csv-usda-ndb-ids-with-leading-zeros.csv'), 'food.csv', { mapping });
    expect(batch).toMatchObject({ status: 'completed', total_rows: 199, created_rows: 199 });
    expect((await skuWithValues(u.workspaceId, '01001'))!.sku.productName).toBe('BUTTER,WITH SALT');
    expect((await skuWithValues(u.workspaceId, '01002'))!.sku.productName).toBe('BUTTER,WHIPPED,WITH SALT');
    expect((await counts(u.workspaceId)).skus).toBe(199);
  });
});

describe('corpus: XLS with UPCs stored as numbers on a hidden sheet', () => {
  it('the chosen hidden sheet imports; "0-42272-00558-1" becomes the GTIN 042272005581', async () => {
    const u = await makeUser({ plan: 'pro' });
    const fields = {
      sheet: 'Item Info',
      mapping: JSON.stringify({
        UNFI: 'sku_code',
        'Long Description': 'product_name',
        '12 UPC': 'gtin',
        UPC: null,
        NB: null,
      }),
    };
    const dry = await postImport(
      u,
      corpus('xls-biff8-upc-stored-as-number-leading-zero-lost-hidden-sheets.xls'),
      'order.xls',
      { dryRun: true, fields },
    );
    expect(dry.status).toBe(200);
    expect(dry.body.file).toMatchObject({ format: 'xls', sheet: 'Item Info' });
    expect(dry.body.file.sheets).toEqual(
      expect.arrayContaining([
        { name: 'Item Info', visible: false, rows: expect.any(Number) },
        { name: 'Template', visible: true, rows: expect.any(Number) },
      ]),
    );
    expect(dry.body.sample_rows[0].sku).toMatchObject({
      sku_code: '20278',
      product_name: 'LIS Refried Black Beans',
      gtin: '042272005581',
    });
    const { batch } = await importAndRun(
      u,
      corpus('xls-biff8-upc-stored-as-number-leading-zero-lost-hidden-sheets.xls'),
      'order.xls',
      fields,
    );
    expect(batch).toMatchObject({
      status: expect.stringMatching(/^completed/),
      total_rows: 175,
      processed_rows: 175,
      file_format: 'xls',
    });
    expect((await skuWithValues(u.workspaceId, '20278'))!.sku.gtin).toBe('042272005581');
    expect((await skuWithValues(u.workspaceId, '20279'))!.sku.gtin).toBe('042272005895');
  });
});

describe('corpus: XLSX and ODS', () => {
  it('XLSX with title rows and a merged three-row header: area ids stay text', async () => {
    const u = await makeUser();
    const fields = { mapping: JSON.stringify({ 'Area ID': 'sku_code', Area: 'product_name', Country: null }) };
    const dry = await postImport(u, corpus('xlsx-title-rows-merged-multirow-header-ipc-export.xlsx'), 'ipc.xlsx', {
      dryRun: true,
      fields,
    });
    expect(dry.status).toBe(200);
    expect(dry.body.file).toMatchObject({
      format: 'xlsx',
      sheet: 'IPC',
      header_row: 12,
      title_rows_skipped: expect.any(Number),
    });
    const { batch } = await importAndRun(
      u,
      corpus('xlsx-title-rows-merged-multirow-header-ipc-export.xlsx'),
      'ipc.xlsx',
      fields,
    );
    // The country total rows have neither area nor id: skipped (no mapped value), not failed.
    expect(batch).toMatchObject({ status: 'completed', failed_rows: 0, skipped_rows: expect.any(Number) });
    expect(batch.skipped_rows).toBeGreaterThan(0);
    expect(batch.processed_rows).toBe(batch.total_rows);
    expect(batch.created_rows).toBeGreaterThan(30);
    expect((await skuWithValues(u.workspaceId, '24380613'))!.sku.productName).toBe('Badakhshan');
  });

  it('ODS with typed cells: a date cell becomes the ISO date', async () => {
    const u = await makeUser();
    const fields = {
      mapping: JSON.stringify({
        Rank: 'sku_code',
        Title: 'product_name',
        'Release Date': 'placed_on_market_date',
        Category: null,
        Director: null,
        Gross: null,
        Rating: null,
        'Good?': null,
      }),
    };
    const { batch } = await importAndRun(u, corpus('ods-two-sheets-currency-date-boolean.ods'), 'films.ods', fields);
    expect(batch).toMatchObject({ file_format: 'ods', total_rows: 4, processed_rows: 4 });
    const first = (await skuWithValues(u.workspaceId, '1'))!;
    expect(first.sku.productName).toBe('2 Days In New York');
    expect(first.values.placed_on_market_date.value).toBe('2012-03-28');
  });
});

describe('unreadable files', () => {
  it('encrypted workbook: dry run 422 ENCRYPTED_WORKBOOK; commit fails the batch with the reason', async () => {
    const { expectEnvelope } = await import('../../helpers/http');
    const u = await makeUser();
    const dry = await postImport(u, corpus('xlsx-password-encrypted-cfb-container.xlsx'), 'locked.xlsx', {
      dryRun: true,
    });
    const err = expectEnvelope(dry, 422, 'ENCRYPTED_WORKBOOK');
    expect(err.message).toMatch(/password/);
    expect(err.details.reason).toBe('encrypted_workbook');
    const xor = await postImport(u, corpus('xls-biff8-xor-password-protected.xls'), 'locked.xls', { dryRun: true });
    expectEnvelope(xor, 422, 'ENCRYPTED_WORKBOOK');
    const { batch } = await importAndRun(u, corpus('xlsx-password-encrypted-cfb-container.xlsx'), 'locked.xlsx');
    expect(batch).toMatchObject({
      status: 'failed',
      error_message: expect.stringMatching(/password-protected/),
      processed_rows: 0,
      created_rows: 0,
    });
    expect((await counts(u.workspaceId)).skus).toBe(0);
  });

  it('XML entity bomb: refused quickly as UNREADABLE_FILE', async () => {
    const { expectEnvelope } = await import('../../helpers/http');
    const u = await makeUser();
    const t0 = Date.now();
    const res = await postImport(u, corpus('xlsx-xml-entity-expansion-bomb-in-sharedstrings.xlsx'), 'bomb.xlsx', {
      dryRun: true,
    });
    expect(Date.now() - t0).toBeLessThan(10_000);
    const err = expectEnvelope(res, 422, 'UNREADABLE_FILE');
    expect(err.details.reason).toEqual(expect.any(String));
  });

  it('every corpus spreadsheet gets a dry run answer (200 or a clean 4xx envelope), never a 500', async () => {
    const u = await makeUser({ plan: 'pro' });
    const files = fs.readdirSync(CORPUS).sort();
    expect(files.length).toBe(35);
    const statuses: Record<string, number> = {};
    for (const f of files) {
      const res = await postImport(u, fs.readFileSync(path.join(CORPUS, f)), f, { dryRun: true });
      statuses[f] = res.status;
      expect([200, 400, 422], `${f}: ${res.text.slice(0, 300)}`).toContain(res.status);
      if (res.status === 200) {
        expect(res.body.counts.total_rows, f).toBe(
          res.body.counts.would_create +
            res.body.counts.would_update +
            res.body.counts.would_skip +
            res.body.counts.would_fail,
        );
      } else {
        expect(res.body.error.code, f).toMatch(/^(UNREADABLE_FILE|ENCRYPTED_WORKBOOK|VALIDATION_FAILED)$/);
      }
    }
    expect(statuses['xlsx-password-encrypted-cfb-container.xlsx']).toBe(422);
    expect(statuses['csv-usda-ndb-ids-with-leading-zeros.csv']).toBe(200);
    expect((await counts(u.workspaceId)).batches).toBe(0);
  });
});
