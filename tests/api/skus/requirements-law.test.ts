/**
 * The audited packs through the database (issue 19): stored blockers carry their rule and the link to
 * its documentation, a SKU pinned to a corrected 2026-04 pack is re-evaluated with the correction,
 * and the law's default roles and "every act" DoC rule hold for linked entities and extracted references.
 */
import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import * as skuRoute from '@/app/api/skus/[id]/route';
import { getDb } from '@/lib/db/client';
import { skus } from '@/lib/db/schema';
import { recomputeSku } from '@/lib/skus/evaluate';
import { call, makeUser, type TestUser } from '../../helpers/http';
import { useTestDatabase } from '../../helpers/db';
import {
  addDocument,
  CN_MANUFACTURER,
  createEntity,
  createSku,
  EU_MANUFACTURER,
  link,
  setFields,
  uniqueGtin,
  withTempBlobStore,
} from './fixtures';

useTestDatabase();
withTempBlobStore();

const detail = async (u: TestUser, id: string) =>
  (await call(skuRoute, 'GET', `/api/skus/${id}`, { cookie: u.cookie, params: { id } })).body;
const openBlockers = (d: any) =>
  d.blockers.filter((b: any) => b.severity === 'blocker' && !b.waived).map((b: any) => b.code);

const CORE = {
  model_number: 'X-1',
  product_image_url: 'https://images.example/x-1.jpg',
  product_description: 'Product with its essential safety characteristics.',
  target_markets: 'DE',
  safety_warnings_de: 'Warnhinweis.',
  instructions_de: 'Anleitung.',
};

describe('audited packs on the database', () => {
  it('stored blockers carry rule_id, the rendered legal basis and the docs anchor (TSD Art. 15)', async () => {
    const u = await makeUser();
    const toy = await createSku(u, {
      sku_code: 'TOY-DOC',
      product_name: 'Stacking tower',
      gtin: uniqueGtin(),
      category_code: 'toys',
    });
    const d = await detail(u, toy.id);
    expect(d.sku.requirement_profile_id).toBe('toys@2026-11');
    const b = d.blockers.find((x: any) => x.code === 'TOY_DOC_MISSING');
    expect(b).toMatchObject({
      rule_id: 'toys.doc',
      doc_url: '/docs/requirements#rule-toys-toys-doc',
      legal_basis: expect.stringContaining('Directive 2009/48/EC (Toy Safety Directive) Art. 15, Annex III'),
    });
  });

  it('a SKU pinned to a corrected 2026-04 pack is re-evaluated with the 2026-11 correction (Regulation 1223/2009 Art. 4(5))', async () => {
    const u = await makeUser();
    const sku = await createSku(u, {
      sku_code: 'COS-IMP',
      product_name: 'Hand cream',
      gtin: uniqueGtin(),
      category_code: 'cosmetics',
    });
    await setFields(u, sku.id, {
      ...CORE,
      cpnp_number: '1234567',
      ingredients_inci: 'AQUA, GLYCERIN',
      // The Art. 19(1)(b), (c), (e), (f) labelling items are checked since issue 35.
      nominal_content: '75 ml',
      minimum_durability_or_pao: '12M',
      batch_or_serial_scheme: 'LOT yyww',
      cosmetic_function: 'Hand cream',
    });
    await link(u, sku.id, 'manufacturer', (await createEntity(u, CN_MANUFACTURER)).id);
    await link(u, sku.id, 'importer', (await createEntity(u, { ...EU_MANUFACTURER, name: 'Import GmbH' })).id);
    await addDocument(u, { skuIds: [sku.id], type: 'cpsr', filename: 'CPSR.pdf' });
    const db = await getDb();
    await db.update(skus).set({ requirementProfileId: 'cosmetics@2026-04' }).where(eq(skus.id, sku.id));
    const evaluation = await recomputeSku(db, { workspaceId: u.workspaceId, skuId: sku.id });
    expect(evaluation.profile_id).toBe('cosmetics@2026-11');
    // The 2026-04 pack refused the importer; Art. 4(5) makes it the responsible person.
    expect(evaluation.blockers.filter((b) => b.severity === 'blocker' && !b.waived)).toEqual([]);
    const [row] = await db.select().from(skus).where(eq(skus.id, sku.id));
    expect(row.requirementProfileId).toBe('cosmetics@2026-11');
    expect(row.blockerCount).toBe(0);
  });

  it('LVD Art. 15(3): a mains lamp whose extracted DoC references name only EMC is blocked until LVD and RoHS are named', async () => {
    const u = await makeUser();
    const lamp = await createSku(u, {
      sku_code: 'LAMP-1',
      product_name: 'Table lamp 230 V',
      gtin: uniqueGtin(),
      category_code: 'electrical',
    });
    await setFields(u, lamp.id, {
      ...CORE,
      rated_voltage: '230 V~ 50 Hz',
      ce_marking: 'yes',
      radio_equipment: 'no',
      other_marks: 'crossed-out wheeled bin',
      // Since issue 35: a table lamp is a luminaire (no EPREL, label or sheet of its own), and electrical
      // equipment needs the WEEE registration of each market.
      is_light_source: 'no',
      weee_registration_numbers: 'DE: WEEE-Reg.-Nr. DE 12345678; AT: ERA-1234; FR: FR012345_05ABCD',
    });
    await link(u, lamp.id, 'manufacturer', (await createEntity(u, EU_MANUFACTURER)).id);
    await addDocument(u, { skuIds: [lamp.id], type: 'risk_assessment' });
    await addDocument(u, { skuIds: [lamp.id], type: 'test_report', filename: 'EN 60598 report.pdf' });
    await addDocument(u, {
      skuIds: [lamp.id],
      type: 'declaration_of_conformity',
      filename: 'DoC EMC only.pdf',
      references: ['Directive 2014/30/EU'],
    });
    expect(openBlockers(await detail(u, lamp.id))).toEqual([
      'ELECTRICAL_DOC_LVD_NOT_CITED',
      'ELECTRICAL_DOC_ROHS_NOT_CITED',
    ]);
    await addDocument(u, {
      skuIds: [lamp.id],
      type: 'declaration_of_conformity',
      filename: 'DoC full.pdf',
      references: ['Directive 2014/35/EU', 'Directive 2014/30/EU', 'Directive 2011/65/EU'],
    });
    expect(openBlockers(await detail(u, lamp.id))).toEqual([]);
  });
});
