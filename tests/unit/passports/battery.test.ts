/**
 * The battery passport on the Battery Pass 1.2.0 model: what the dossier holds is filled and valid against
 * the project's schema of the published modules; every required field it lacks is a blocker of the passport
 * naming the field and its Annex XIII point; deliberately broken modules are refused.
 */
import { describe, expect, it } from 'vitest';
import {
  BATTERY_FIELDS,
  BATTERY_MODULES,
  batteryPassportApplies,
  buildBatteryPassport,
  parseRecycledContent,
} from '@/lib/passports/battery';
import { BATTERY_REQUIRED_KEYS, BatteryPassport } from '@/lib/passports/battery-schema';
import { compileDocuments } from '@/lib/passports/service';
import { project } from '@/lib/passports/tagged';
import { batterySource } from '@/lib/passports/sample-source';

describe('Battery Pass 1.2.0', () => {
  it('declares every required key of the seven published modules', () => {
    expect(Object.keys(BATTERY_REQUIRED_KEYS).sort()).toEqual([...BATTERY_MODULES].sort());
    for (const m of BATTERY_MODULES)
      for (const key of BATTERY_REQUIRED_KEYS[m])
        expect(
          BATTERY_FIELDS.some((f) => f.module === m && (f.path === key || f.path.startsWith(`${key}.`))),
          `${m}.${key}`,
        ).toBe(true);
  });

  it('fills what the dossier holds, valid in every tier', () => {
    const { tree } = buildBatteryPassport(batterySource());
    for (const t of ['public', 'legitimate_interest', 'authority'] as const) {
      const r = BatteryPassport.safeParse(project(tree, t));
      expect(r.error, t).toBeUndefined();
    }
    const d = project<any>(tree, 'authority').modules;
    expect(d.GeneralProductInformation).toMatchObject({
      productIdentifier: '04012345678901',
      batteryPassportIdentifier: 'urn:dpp:ab12cd34efv3',
      batteryCategory: 'lmt',
      batteryMass: 3.2,
      manufacturingDate: '2026-10-01T00:00:00Z',
      manufacturingPlace: { postalCode: '38100', addressCountry: 'DE' },
      manufacturerInformation: { contactName: 'Voltwerk GmbH', identifier: 'DE123456789' },
    });
    expect(d.MaterialComposition.batteryChemistry).toEqual({
      shortName: 'NMC',
      clearName: 'Lithium nickel manganese cobalt oxide',
    });
    expect(d.CarbonFootprintForBatteries).toMatchObject({
      batteryCarbonFootprint: 61.5,
      carbonFootprintPerformanceClass: 'B',
    });
    expect(d.Circularity.recycledContent).toContainEqual({
      recycledMaterial: 'Cobalt',
      preConsumerShare: 12,
      postConsumerShare: 4,
    });
    expect(d.PerformanceAndDurability.batteryTechicalProperties).toMatchObject({
      ratedCapacity: 14,
      nominalVoltage: 48,
    });
    expect(d.Labeling.labels[0].labelingSubject).toBe('SeparateCollection');
  });

  it('names every missing mandatory field as a blocker of the passport with its Annex XIII point', () => {
    const { tree, blockers } = buildBatteryPassport(
      batterySource({ fields: { battery_chemistry: null, battery_carbon_footprint_class: null } }),
    );
    const byField = Object.fromEntries(blockers.map((b) => [b.field, b]));
    expect(byField['MaterialComposition.batteryChemistry']).toMatchObject({
      code: 'PASSPORT_FIELD_MISSING',
      annex_xiii: '1(b)',
      dossier_field: 'battery_chemistry',
    });
    expect(byField['CarbonFootprintForBatteries.carbonFootprintPerformanceClass'].annex_xiii).toBe('1(c)');
    expect(byField['GeneralProductInformation.batteryStatus'].code).toBe('PASSPORT_ITEM_DATA');
    // Every required key is either in the document or named by a blocker.
    const doc = project<any>(tree, 'authority').modules;
    for (const m of BATTERY_MODULES)
      for (const key of BATTERY_REQUIRED_KEYS[m]) {
        const present = doc[m][key] !== undefined;
        const named = blockers.some((b) => b.field === `${m}.${key}` || b.field.startsWith(`${m}.${key}.`));
        expect(present || named, `${m}.${key}`).toBe(true);
      }
  });

  it('applies to LMT, industrial and EV batteries only; the SKU keeps its UNTP passport either way', () => {
    expect(batteryPassportApplies(batterySource()).applies).toBe(true);
    const portable = batteryPassportApplies(batterySource({ fields: { battery_category: 'portable' } }));
    expect(portable.applies).toBe(false);
    expect(portable.note).toContain('Art. 77');
    expect(batteryPassportApplies(batterySource({ category: 'toys' })).applies).toBe(false);
    const compiled = compileDocuments(batterySource({ fields: { battery_category: 'portable' } }));
    expect(compiled.formats).toEqual(['untp_dpp']);
    expect(compileDocuments(batterySource()).formats).toEqual(['untp_dpp', 'battery_pass']);
  });

  it('refuses deliberately broken modules', () => {
    const good = () => project<any>(buildBatteryPassport(batterySource()).tree, 'authority');
    const broken: Array<[string, (d: any) => void]> = [
      ['category outside the model', (d) => (d.modules.GeneralProductInformation.batteryCategory = 'portable')],
      ['passport id pattern', (d) => (d.modules.GeneralProductInformation.batteryPassportIdentifier = 'dpp-1')],
      ['mass as text', (d) => (d.modules.GeneralProductInformation.batteryMass = '3.2 kg')],
      ['unknown recycled material', (d) => (d.modules.Circularity.recycledContent[0].recycledMaterial = 'Copper')],
      ['share over 100', (d) => (d.modules.Circularity.recycledContent[0].preConsumerShare = 120)],
      ['unknown key', (d) => (d.modules.Labeling.ceMark = true)],
      ['chemistry without clear name', (d) => delete d.modules.MaterialComposition.batteryChemistry.clearName],
      ['address without postcode', (d) => delete d.modules.GeneralProductInformation.manufacturingPlace.postalCode],
      ['label subject', (d) => (d.modules.Labeling.labels[0].labelingSubject = 'Recycling')],
    ];
    for (const [name, breakIt] of broken) {
      const d = good();
      breakIt(d);
      expect(BatteryPassport.safeParse(d).success, name).toBe(false);
    }
  });

  it('reads recycled content as pre-/post-consumer shares', () => {
    expect(parseRecycledContent('Cobalt 16/0; lithium: 6 % / 1 %; Copper 5/5; junk')).toEqual([
      { recycledMaterial: 'Cobalt', preConsumerShare: 16, postConsumerShare: 0 },
      { recycledMaterial: 'Lithium', preConsumerShare: 6, postConsumerShare: 1 },
    ]);
  });
});
