/**
 * The battery passport of a battery SKU through publication: the LMT battery's approved dossier fills the
 * Battery Pass modules, the mandatory fields it lacks are blockers of the passport (naming the field and
 * its Annex XIII point) while the SKU's GPSR approval and publication go through; a portable battery gets
 * the UNTP passport only.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import * as listRoute from '@/app/api/skus/[id]/passports/route';
import * as publicLatest from '@/app/p/[publicId]/passport/route';
import { BatteryPassport } from '@/lib/passports/battery-schema';
import { call, makeUser, type TestUser } from '../../helpers/http';
import { useTestDatabase } from '../../helpers/db';
import { withTempBlobStore } from '../skus/fixtures';
import { publishedBatterySku } from './fixtures';

useTestDatabase();
withTempBlobStore();

let u: TestUser;

beforeAll(async () => {
  u = await makeUser({ plan: 'pro' });
});

describe('battery passport', () => {
  it('fills what the approved dossier holds and names what it lacks, without blocking the SKU', async () => {
    const sku = await publishedBatterySku(u, {
      battery_category: 'lmt',
      battery_chemistry: 'NMC',
      battery_rated_capacity_ah: '14 Ah',
      battery_nominal_voltage_v: '48 V',
      battery_weight_kg: '3.2',
      battery_carbon_footprint_class: 'B',
      battery_recycled_content: 'Cobalt 12/4; Lithium 6/0',
      battery_due_diligence_report_url: 'https://voltwerk.example/dd-2026.pdf',
    });
    const list = await call(listRoute, 'GET', `/api/skus/${sku.id}/passports`, {
      cookie: u.cookie,
      params: { id: sku.id },
    });
    const v1 = list.body.passports[0];
    expect(v1.formats).toEqual(['untp_dpp', 'battery_pass']);
    expect(v1.complete).toBe(false);
    const fields = v1.blockers.map((b: { field: string }) => b.field);
    expect(fields).toContain('CarbonFootprintForBatteries.batteryCarbonFootprint');
    expect(fields).not.toContain('MaterialComposition.batteryChemistry');
    expect(
      v1.blockers.find((b: { field: string }) => b.field === 'CarbonFootprintForBatteries.batteryCarbonFootprint'),
    ).toMatchObject({
      code: 'PASSPORT_FIELD_MISSING',
      annex_xiii: '1(c)',
      dossier_field: 'battery_carbon_footprint',
    });

    const res = await call(publicLatest, 'GET', `/p/${sku.publicId}/passport`, {
      params: { publicId: sku.publicId },
      query: { format: 'battery_pass' },
    });
    expect(res.status, res.text).toBe(200);
    expect(res.headers.get('content-type')).toContain('application/json');
    expect(BatteryPassport.safeParse(res.body).error).toBeUndefined();
    const m = res.body.modules;
    expect(m.GeneralProductInformation.batteryCategory).toBe('lmt');
    expect(m.MaterialComposition.batteryChemistry.clearName).toContain('nickel manganese cobalt');
    expect(m.PerformanceAndDurability.batteryTechicalProperties).toMatchObject({
      ratedCapacity: 14,
      nominalVoltage: 48,
    });
    expect(m.Labeling.declarationOfConformity).toMatch(/\/documents\//);
    expect(m.SupplyChainDueDiligence.supplyChainDueDiligenceReport).toBe('https://voltwerk.example/dd-2026.pdf');
  });

  it('a portable battery has the UNTP passport only (Art. 77 asks none of it)', async () => {
    const sku = await publishedBatterySku(u, { battery_category: 'portable' });
    const list = await call(listRoute, 'GET', `/api/skus/${sku.id}/passports`, {
      cookie: u.cookie,
      params: { id: sku.id },
    });
    expect(list.body.passports[0].formats).toEqual(['untp_dpp']);
    const res = await call(publicLatest, 'GET', `/p/${sku.publicId}/passport`, {
      params: { publicId: sku.publicId },
      query: { format: 'battery_pass' },
    });
    expect(res.status).toBe(404);
  });
});
