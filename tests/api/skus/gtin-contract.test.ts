/**
 * GTINs by the contract: every write path (POST /api/skus, its dry run, a dossier value, an import row)
 * accepts any digit string of 8, 12, 13 or 14 digits and keeps it as given. A wrong GS1 check digit is
 * the warning GTIN_CHECK_DIGIT_INVALID on the SKU (never a blocker, never a refusal), with the possible
 * correction when one fits, and a flag on the import row, which is imported.
 */
import { describe, expect, it } from 'vitest';
import * as skusRoute from '@/app/api/skus/route';
import * as skuRoute from '@/app/api/skus/[id]/route';
import * as fieldRoute from '@/app/api/skus/[id]/dossier/[fieldKey]/route';
import * as rowsRoute from '@/app/api/imports/[batchId]/rows/route';
import { call, expectEnvelope, makeUser, type TestUser } from '../../helpers/http';
import { useTestDatabase } from '../../helpers/db';
import { importAndRun, postImport } from '../imports/helpers';

useTestDatabase();

const create = (u: TestUser, body: unknown, query?: Record<string, string>) =>
  call(skusRoute, 'POST', '/api/skus', { cookie: u.cookie, body, query });
const read = (u: TestUser, id: string) =>
  call(skuRoute, 'GET', `/api/skus/${id}`, { cookie: u.cookie, params: { id } });
const gtinWarning = (blockers: any[]) => blockers.find((b) => b.code === 'GTIN_CHECK_DIGIT_INVALID');

describe('POST /api/skus with a wrong check digit', () => {
  it('answers 201 with the GTIN unchanged and the SKU carries the warning, not a blocker', async () => {
    const u = await makeUser();
    const res = await create(u, { sku_code: 'CD-1', product_name: 'Desk lamp', gtin: '4006381333932' });
    expect(res.status).toBe(201);
    expect(res.body.sku.gtin).toBe('4006381333932');
    const got = await read(u, res.body.sku.id);
    const w = gtinWarning(got.body.blockers);
    expect(w).toMatchObject({
      severity: 'warning',
      required_fields: ['gtin'],
      details: { gtin: '4006381333932', expected_check_digit: 1 },
    });
    expect(w.message).toContain('4006381333932');
    expect(got.body.sku.warning_count).toBeGreaterThanOrEqual(1);
    // The warning does not count as a blocker.
    expect(got.body.blockers.filter((b: any) => b.severity === 'blocker').map((b: any) => b.code)).not.toContain(
      'GTIN_CHECK_DIGIT_INVALID',
    );
  });

  it('names the correction when two adjacent digits were swapped', async () => {
    const u = await makeUser();
    // 4006381333931 with digits 6 and 7 swapped
    const res = await create(u, { sku_code: 'CD-2', product_name: 'Lamp', gtin: '4006318333931' });
    expect(res.status).toBe(201);
    const w = gtinWarning((await read(u, res.body.sku.id)).body.blockers);
    expect(w.details.likely_fixes).toContainEqual({
      kind: 'transposed_digits',
      value: '4006381333931',
      positions: [6, 7],
    });
    expect(w.message).toContain('4006381333931 (digits 6 and 7 swapped)');
  });

  it('accepts every contract length and zeros only; a valid GTIN has no warning; the dry run keeps it too', async () => {
    const u = await makeUser();
    for (const [code, gtin] of [
      ['L8', '96385075'],
      ['L12', '036000291453'],
      ['L14', '00012345600013'],
      ['Z13', '0000000000000'],
    ]) {
      const r = await create(u, { sku_code: code, product_name: 'x', gtin });
      expect(r.status, gtin).toBe(201);
      expect(r.body.sku.gtin).toBe(gtin);
      expect(gtinWarning((await read(u, r.body.sku.id)).body.blockers), gtin).toBeDefined();
    }
    const valid = await create(u, { sku_code: 'V13', product_name: 'x', gtin: '4006381333931' });
    expect(gtinWarning((await read(u, valid.body.sku.id)).body.blockers)).toBeUndefined();
    const dry = await create(u, { sku_code: 'DRY', product_name: 'x', gtin: '4006381333932' }, { dry_run: 'true' });
    expect(dry.status).toBe(200);
    expect(dry.body).toMatchObject({ can_create: true, normalized_sku: { gtin: '4006381333932' } });
    // Lengths and letters stay the contract's 400.
    for (const gtin of ['4006381', '400638133393123', '400638133393a'])
      expectEnvelope(await create(u, { sku_code: 'BAD', product_name: 'x', gtin }), 400, 'VALIDATION_FAILED');
  });
});

describe('dossier value', () => {
  it('PUT gtin with a wrong check digit stores it and warns', async () => {
    const u = await makeUser();
    const sku = (await create(u, { sku_code: 'DV-1', product_name: 'x' })).body.sku;
    const put = await call(fieldRoute, 'PUT', `/api/skus/${sku.id}/dossier/gtin`, {
      cookie: u.cookie,
      params: { id: sku.id, fieldKey: 'gtin' },
      body: { value: '4006381333932' },
    });
    expect(put.status).toBe(200);
    const w = gtinWarning((await read(u, sku.id)).body.blockers);
    expect(w).toMatchObject({ severity: 'warning', details: { gtin: '4006381333932' } });
  });
});

describe('import', () => {
  const file = ['sku_code;product_name;gtin', 'IM-1;Good;4006381333931', 'IM-2;Typo;4006381333932'].join('\n');

  it('the dry run flags the row and counts it as created, not failed', async () => {
    const u = await makeUser();
    const dry = await postImport(u, file, 'g.csv', { dryRun: true });
    expect(dry.status).toBe(200);
    expect(dry.body.counts).toMatchObject({ would_create: 2, would_fail: 0 });
    expect(dry.body.row_errors).toEqual([]);
    const row = dry.body.sample_rows.find((r: any) => r.row_number === 3);
    expect(row).toMatchObject({ status: 'valid', sku: { gtin: '4006381333932' } });
    expect(row.warnings.map((w: any) => w.code)).toEqual(['gtin_invalid_check_digit']);
  });

  it('the commit creates the SKU with the GTIN as written, the row flagged, the SKU warned', async () => {
    const u = await makeUser();
    const { batch } = await importAndRun(u, file, 'g.csv');
    expect(batch).toMatchObject({ created_rows: 2, failed_rows: 0 });
    const rows = await call(rowsRoute, 'GET', `/api/imports/${batch.id}/rows`, {
      cookie: u.cookie,
      params: { batchId: batch.id },
    });
    const row = rows.body.data.find((r: any) => r.row_number === 3);
    expect(row.outcome).toBe('created');
    expect(row.errors).toContainEqual(
      expect.objectContaining({ severity: 'warning', code: 'gtin_invalid_check_digit', column: 'gtin' }),
    );
    const w = gtinWarning((await read(u, row.sku_id)).body.blockers);
    expect(w).toMatchObject({ severity: 'warning', details: { gtin: '4006381333932' } });
  });
});
