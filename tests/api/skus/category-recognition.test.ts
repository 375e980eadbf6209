/**
 * Categories from what the product is: a shop category path ("Leuchten > Tischleuchten") given to
 * POST /api/skus or an import selects the requirement profile of its kind, the product's name and values
 * decide where the path does not, and a product nothing recognises is never silently general: it carries
 * the warning CATEGORY_NOT_RECOGNISED, counts on the dashboard, and the import dry run lists every such
 * row (not only the preview's) until a person picks a category.
 */
import { describe, expect, it } from 'vitest';
import * as skusRoute from '@/app/api/skus/route';
import * as skuRoute from '@/app/api/skus/[id]/route';
import * as fieldRoute from '@/app/api/skus/[id]/dossier/[fieldKey]/route';
import * as bulkCategoryRoute from '@/app/api/skus/bulk/category/route';
import * as dashboardRoute from '@/app/api/dashboard/route';
import { call, makeUser, type TestUser } from '../../helpers/http';
import { useTestDatabase } from '../../helpers/db';
import { importAndRun, postImport } from '../imports/helpers';

useTestDatabase();

const create = (u: TestUser, body: unknown) => call(skusRoute, 'POST', '/api/skus', { cookie: u.cookie, body });
const read = (u: TestUser, id: string) =>
  call(skuRoute, 'GET', `/api/skus/${id}`, { cookie: u.cookie, params: { id } });
const codes = (blockers: any[], severity = 'blocker') =>
  blockers.filter((b) => b.severity === severity && !b.waived).map((b) => b.code);
const dashboard = async (u: TestUser) =>
  (await call(dashboardRoute, 'GET', '/api/dashboard', { cookie: u.cookie })).body;

const ELECTRICAL = [
  'ELECTRICAL_DOC_MISSING',
  'ELECTRICAL_TEST_REPORT_MISSING',
  'ELECTRICAL_CE_MARKING_MISSING',
  'ELECTRICAL_WEEE_SYMBOL_MISSING',
];

describe('POST /api/skus with a shop category path', () => {
  it('"Leuchten > Tischleuchten" for a 230 V lamp without any declaration: the electrical blockers (DoC under LVD/EMC/RoHS, WEEE)', async () => {
    const u = await makeUser();
    const res = await create(u, {
      sku_code: 'LAMP-1',
      product_name: 'Tischleuchte Nova 230 V',
      category_code: 'Leuchten > Tischleuchten',
    });
    expect(res.status).toBe(201);
    expect(res.body.sku).toMatchObject({
      category_code: 'electrical',
      category_defaulted: false,
      category_text: 'Leuchten > Tischleuchten',
      requirement_profile_id: 'electrical@2026-11',
      category_match: { source: 'path', reason: expect.stringContaining('Tischleuchten') },
    });
    const got = await read(u, res.body.sku.id);
    const open = codes(got.body.blockers);
    for (const code of ELECTRICAL) expect(open, code).toContain(code);
    const doc = got.body.blockers.find((b: any) => b.code === 'ELECTRICAL_DOC_MISSING');
    expect(doc.legal_basis).toMatch(/2014\/35\/EU/);
    expect(doc.legal_basis).toMatch(/2014\/30\/EU/);
    expect(doc.legal_basis).toMatch(/2011\/65\/EU/);
    expect(codes(got.body.blockers, 'warning')).not.toContain('CATEGORY_NOT_RECOGNISED');

    // The rated voltage as imported ("230 V~ 50 Hz") puts the lamp in the LVD range: no voltage question.
    await call(fieldRoute, 'PUT', `/api/skus/${res.body.sku.id}/dossier/rated_voltage`, {
      cookie: u.cookie,
      params: { id: res.body.sku.id, fieldKey: 'rated_voltage' },
      body: { value: '230 V~ 50 Hz' },
    });
    const after = await read(u, res.body.sku.id);
    for (const code of ELECTRICAL) expect(codes(after.body.blockers), code).toContain(code);
    expect(codes(after.body.blockers)).not.toContain('ELECTRICAL_RATED_VOLTAGE_MISSING');
  });

  it.each([
    ['Lampen', 'electrical'],
    ['Leuchtmittel', 'electrical'],
    ['Leuchten > Lichterketten', 'electrical'],
    ['Haarpflege', 'cosmetics'],
    ['Spielwaren | Plüschtiere', 'toys'],
  ])('"%s" selects the %s profile', async (path, category) => {
    const u = await makeUser();
    const res = await create(u, { sku_code: 'P-1', product_name: 'Artikel', category_code: path });
    expect(res.body.sku).toMatchObject({ category_code: category, category_defaulted: false });
  });

  it('where the path does not decide, the name does ("230V" lamp, shampoo); a rated voltage set later does too', async () => {
    const u = await makeUser();
    const lamp = await create(u, { sku_code: 'N-1', product_name: 'LED Stehlampe 230V', category_code: 'Neuheiten' });
    expect(lamp.body.sku).toMatchObject({ category_code: 'electrical', category_match: { source: 'voltage' } });
    expect(lamp.body.sku.category_match.reason).toContain('230V');
    const shampoo = await create(u, { sku_code: 'N-2', product_name: 'Kamillen Shampoo 250 ml' });
    expect(shampoo.body.sku).toMatchObject({ category_code: 'cosmetics', category_defaulted: false });

    const thing = await create(u, { sku_code: 'N-3', product_name: 'Modell 7', category_code: 'Neuheiten' });
    expect(thing.body.sku).toMatchObject({ category_code: 'general', category_defaulted: true });
    await call(fieldRoute, 'PUT', `/api/skus/${thing.body.sku.id}/dossier/rated_voltage`, {
      cookie: u.cookie,
      params: { id: thing.body.sku.id, fieldKey: 'rated_voltage' },
      body: { value: '230 V~ 50 Hz' },
    });
    const got = await read(u, thing.body.sku.id);
    expect(got.body.sku).toMatchObject({
      category_code: 'electrical',
      category_defaulted: false,
      requirement_profile_id: 'electrical@2026-11',
      category_match: { source: 'voltage' },
    });
    expect(codes(got.body.blockers)).toContain('ELECTRICAL_DOC_MISSING');
  });
});

describe('an unrecognised category', () => {
  it('is a warning (not a blocker) on the SKU, counted on the dashboard, until a person picks a category', async () => {
    const u = await makeUser();
    const res = await create(u, { sku_code: 'U-1', product_name: 'Modell 7', category_code: 'Neuheiten > Angebote' });
    expect(res.status).toBe(201);
    expect(res.body.sku).toMatchObject({ category_code: 'general', category_defaulted: true });
    const got = await read(u, res.body.sku.id);
    const w = got.body.blockers.find((b: any) => b.code === 'CATEGORY_NOT_RECOGNISED');
    expect(w).toMatchObject({
      severity: 'warning',
      message: expect.stringContaining('Category not recognised: only the general rules were checked'),
      details: { category_text: 'Neuheiten > Angebote' },
    });
    expect(codes(got.body.blockers)).not.toContain('CATEGORY_NOT_RECOGNISED');
    expect((await dashboard(u)).totals.category_not_recognised).toBe(1);

    // A person picks "general" (the product is under the GPSR alone): the warning goes, the count too.
    const pick = await call(bulkCategoryRoute, 'POST', '/api/skus/bulk/category', {
      cookie: u.cookie,
      body: { ids: [res.body.sku.id], category_code: 'general' },
    });
    expect(pick.status).toBe(200);
    const after = await read(u, res.body.sku.id);
    expect(after.body.sku).toMatchObject({ category_defaulted: false, category_match: { source: 'person' } });
    expect(after.body.blockers.map((b: any) => b.code)).not.toContain('CATEGORY_NOT_RECOGNISED');
    expect((await dashboard(u)).totals.category_not_recognised).toBe(0);
  });
});

describe('import', () => {
  // 30 rows: more than the 20 preview rows; rows 25-31 have a category nothing recognises.
  const file = () => {
    const lines = ['Artikelnummer;Bezeichnung;Kategorie'];
    for (let i = 0; i < 23; i++) lines.push(`L-${i};Tischleuchte ${i};Leuchten > Tischleuchten`);
    for (let i = 0; i < 7; i++) lines.push(`X-${i};Modell ${i};Neuheiten`);
    return lines.join('\n');
  };

  it('the dry run lists every row whose category is not recognised, beyond the preview', async () => {
    const u = await makeUser();
    const dry = await postImport(u, file(), 'k.csv', { dryRun: true });
    expect(dry.status).toBe(200);
    expect(dry.body.sample_rows.length).toBeLessThan(30);
    expect(dry.body.unrecognised_categories).toEqual({
      row_count: 7,
      groups: [{ category_text: 'Neuheiten', row_count: 7, rows: [25, 26, 27, 28, 29, 30, 31] }],
      groups_truncated: false,
    });
    const lamp = dry.body.sample_rows.find((r: any) => r.row_number === 2);
    expect(lamp.sku.category_code).toBe('electrical');
  });

  it('the commit creates lamps under the electrical profile and flags the unrecognised rows and SKUs', async () => {
    const u = await makeUser();
    const { batch } = await importAndRun(u, file(), 'k.csv');
    expect(batch).toMatchObject({ created_rows: 30, failed_rows: 0 });
    const d = await dashboard(u);
    expect(d.totals.category_not_recognised).toBe(7);
    const lamps = await call(skusRoute, 'GET', '/api/skus', {
      cookie: u.cookie,
      query: { category_code: 'electrical', limit: '100' },
    });
    expect(lamps.body.data).toHaveLength(23);
    expect(lamps.body.data[0]).toMatchObject({
      category_text: 'Leuchten > Tischleuchten',
      requirement_profile_id: 'electrical@2026-11',
    });
    const lamp = await read(u, lamps.body.data[0].id);
    for (const code of ELECTRICAL) expect(codes(lamp.body.blockers), code).toContain(code);
  });
});
