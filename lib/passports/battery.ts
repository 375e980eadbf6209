/**
 * The battery passport on the Battery Pass data model 1.2.0 (batterypass/BatteryPassDataModel, DIN DKE
 * SPEC 99100; its seven modules), for SKUs of the batteries category whose battery category Art. 77 of
 * Regulation (EU) 2023/1542 names (LMT, industrial, EV; stationary storage is an industrial battery).
 * Every field is declared once below with its Annex XIII point, its access tier and the dossier field it
 * comes from. What the approved dossier holds is filled; every mandatory field it lacks is a blocker of the
 * passport (never of the SKU's GPSR approval) naming the field and its Annex XIII point. Values the model
 * keeps per battery item (state of health, putting into service) cannot come from a model-level dossier:
 * they are blockers of their own kind, supplied per battery by the operator.
 *
 * The data model's JSON schemas have no room for provenance: it sits beside the modules, per field.
 */
import type { PassportBlocker } from '@/lib/db/schema';
import { provenanceRecorder, type ProvenanceRecorder } from './provenance';
import type { PassportSource, SourceEntity } from './source';
import { tier } from './tagged';
import type { PassportTier } from './tiers';

export const BATTERY_PASS_VERSION = '1.2.0';
export const BATTERY_MODULES = [
  'GeneralProductInformation',
  'CarbonFootprintForBatteries',
  'SupplyChainDueDiligence',
  'MaterialComposition',
  'Circularity',
  'PerformanceAndDurability',
  'Labeling',
] as const;
export type BatteryModule = (typeof BATTERY_MODULES)[number];

/** Categories of the dossier field battery_category; Art. 77(1) asks a passport of these. */
export const BATTERY_CATEGORIES = ['portable', 'lmt', 'sli', 'industrial', 'ev'] as const;
const PASSPORT_CATEGORIES: Record<string, 'lmt' | 'ev' | 'industrial'> = {
  lmt: 'lmt',
  ev: 'ev',
  industrial: 'industrial',
};

export function batteryPassportApplies(src: PassportSource): { applies: boolean; note: string | null } {
  if (src.sku.category_code !== 'batteries') return { applies: false, note: null };
  const cat = src.fields.battery_category?.value;
  if (cat && !PASSPORT_CATEGORIES[cat])
    return {
      applies: false,
      note: `Battery category "${cat}": Art. 77(1) of Regulation (EU) 2023/1542 asks a battery passport only of LMT, industrial (over 2 kWh) and electric-vehicle batteries.`,
    };
  // Unknown category: compiled, with the category as its first blocker.
  return { applies: true, note: null };
}

/** A number in a dossier text ("2,5 Ah" → 2.5), or null. */
export function numberIn(v: string | null | undefined): number | null {
  const m = /-?\d+(?:[.,]\d+)?/.exec(v ?? '');
  return m ? Number(m[0].replace(',', '.')) : null;
}

const RECYCLED = ['Cobalt', 'Nickel', 'Lithium', 'Lead'] as const;
/**
 * battery_recycled_content: "Cobalt 12/4; Lithium 6/0; Nickel 6/0; Lead 85/0" (pre-consumer/post-consumer
 * percent per material, Art. 8). Entries that do not read so are left out.
 */
export function parseRecycledContent(v: string) {
  const out: { recycledMaterial: string; preConsumerShare: number; postConsumerShare: number }[] = [];
  for (const part of v.split(/[;\n]/)) {
    const m = /^\s*([A-Za-z]+)\s*:?\s*(\d+(?:[.,]\d+)?)\s*%?\s*\/\s*(\d+(?:[.,]\d+)?)\s*%?\s*$/.exec(part);
    if (!m) continue;
    const mat = RECYCLED.find((r) => r.toLowerCase() === m[1].toLowerCase());
    if (!mat) continue;
    out.push({
      recycledMaterial: mat,
      preConsumerShare: Number(m[2].replace(',', '.')),
      postConsumerShare: Number(m[3].replace(',', '.')),
    });
  }
  return out;
}

const CHEMISTRIES: Record<string, string> = {
  LFP: 'Lithium iron phosphate',
  NMC: 'Lithium nickel manganese cobalt oxide',
  NCA: 'Lithium nickel cobalt aluminium oxide',
  LCO: 'Lithium cobalt oxide',
  LMO: 'Lithium manganese oxide',
  LTO: 'Lithium titanate',
  NIMH: 'Nickel-metal hydride',
  PBA: 'Lead-acid',
  NAION: 'Sodium-ion',
};

interface Ctx {
  src: PassportSource;
  prov: ProvenanceRecorder;
  manufacturer: SourceEntity | undefined;
  operator: SourceEntity | undefined;
}

export interface BatteryFieldSpec {
  /** Module and the path inside it (dots). */
  module: BatteryModule;
  path: string;
  annex_xiii: string;
  tier: PassportTier;
  /** The dossier field that holds it (null: the dossier has no field for it). */
  dossier: string | null;
  /** Per battery item (Annex XIII point 4 / dynamic data): never in a model-level dossier. */
  itemLevel?: boolean;
  value: (c: Ctx) => unknown;
}

const valueOf = (c: Ctx, key: string, path: string) => c.prov.take(key, path);
const nOf = (c: Ctx, key: string, path: string) => numberIn(valueOf(c, key, path));

function address(e: SourceEntity | undefined) {
  if (!e?.street || !e.postal_code || !e.country) return undefined;
  return {
    streetAddress: [e.street, e.city].filter(Boolean).join(', '),
    postalCode: e.postal_code,
    addressCountry: e.country,
  };
}

const doc = (c: Ctx, type: string) => c.src.documents.find((d) => d.type === type);

export const BATTERY_FIELDS: BatteryFieldSpec[] = [
  // GeneralProductInformation: Annex VI Part A and Annex XIII 1(a)
  {
    module: 'GeneralProductInformation',
    path: 'productIdentifier',
    annex_xiii: '1(a)',
    tier: 'public',
    dossier: 'gtin',
    value: (c) =>
      c.src.sku.gtin14 ?? valueOf(c, 'model_number', 'GeneralProductInformation.productIdentifier') ?? undefined,
  },
  {
    module: 'GeneralProductInformation',
    path: 'batteryPassportIdentifier',
    annex_xiii: '1(a)',
    tier: 'public',
    dossier: null,
    value: (c) => `urn:dpp:${c.src.public_id.toLowerCase().replace(/[^a-z0-9]/g, '')}v${c.src.version}`,
  },
  {
    module: 'GeneralProductInformation',
    path: 'batteryCategory',
    annex_xiii: '1(a)',
    tier: 'public',
    dossier: 'battery_category',
    value: (c) =>
      PASSPORT_CATEGORIES[valueOf(c, 'battery_category', 'GeneralProductInformation.batteryCategory') ?? ''],
  },
  {
    module: 'GeneralProductInformation',
    path: 'manufacturerInformation.contactName',
    annex_xiii: '1(a)',
    tier: 'public',
    dossier: 'manufacturer_name',
    value: (c) => c.manufacturer?.name,
  },
  {
    module: 'GeneralProductInformation',
    path: 'manufacturerInformation.postalAddress',
    annex_xiii: '1(a)',
    tier: 'public',
    dossier: 'manufacturer_address',
    value: (c) => address(c.manufacturer),
  },
  {
    module: 'GeneralProductInformation',
    path: 'manufacturerInformation.emailAddress',
    annex_xiii: '1(a)',
    tier: 'public',
    dossier: 'manufacturer_email',
    value: (c) => c.manufacturer?.email ?? undefined,
  },
  {
    module: 'GeneralProductInformation',
    path: 'manufacturerInformation.webAddress',
    annex_xiii: '1(a)',
    tier: 'public',
    dossier: 'manufacturer_url',
    value: (c) => c.manufacturer?.url ?? undefined,
  },
  // A unique operator identifier is not disclosed to the public (CIRPASS-2 battery public view).
  {
    module: 'GeneralProductInformation',
    path: 'manufacturerInformation.identifier',
    annex_xiii: '1(a)',
    tier: 'legitimate_interest',
    dossier: 'operator_identifier',
    value: (c) => valueOf(c, 'operator_identifier', 'GeneralProductInformation.manufacturerInformation.identifier'),
  },
  {
    module: 'GeneralProductInformation',
    path: 'manufacturingDate',
    annex_xiii: '1(a)',
    tier: 'public',
    dossier: 'battery_manufacturing_date',
    value: (c) => {
      // The model types it as xsd:dateTime; the dossier keeps a day.
      const d = valueOf(c, 'battery_manufacturing_date', 'GeneralProductInformation.manufacturingDate');
      return d ? `${d}T00:00:00Z` : undefined;
    },
  },
  {
    module: 'GeneralProductInformation',
    path: 'batteryStatus',
    annex_xiii: '4(b)',
    tier: 'legitimate_interest',
    dossier: null,
    itemLevel: true,
    value: () => undefined,
  },
  {
    module: 'GeneralProductInformation',
    path: 'batteryMass',
    annex_xiii: '1(a)',
    tier: 'public',
    dossier: 'battery_weight_kg',
    value: (c) => nOf(c, 'battery_weight_kg', 'GeneralProductInformation.batteryMass'),
  },
  {
    module: 'GeneralProductInformation',
    path: 'manufacturingPlace',
    annex_xiii: '1(a)',
    tier: 'public',
    dossier: 'battery_manufacturing_place',
    value: (c) => {
      const v = valueOf(c, 'battery_manufacturing_place', 'GeneralProductInformation.manufacturingPlace');
      const country = c.src.fields.country_of_origin?.value;
      const postal = /\b\d{4,6}\b/.exec(v ?? '')?.[0];
      return v && country && postal
        ? { streetAddress: v.replace(/\s*\n\s*/g, ', '), postalCode: postal, addressCountry: country }
        : undefined;
    },
  },
  {
    module: 'GeneralProductInformation',
    path: 'operatorInformation.contactName',
    annex_xiii: '1(a)',
    tier: 'public',
    dossier: 'importer_name',
    value: (c) => c.operator?.name,
  },
  {
    module: 'GeneralProductInformation',
    path: 'operatorInformation.postalAddress',
    annex_xiii: '1(a)',
    tier: 'public',
    dossier: 'importer_address',
    value: (c) => address(c.operator),
  },
  {
    module: 'GeneralProductInformation',
    path: 'operatorInformation.identifier',
    annex_xiii: '1(a)',
    tier: 'legitimate_interest',
    dossier: 'operator_identifier',
    value: (c) => (c.operator === c.manufacturer ? c.src.fields.operator_identifier?.value : undefined),
  },
  {
    module: 'GeneralProductInformation',
    path: 'puttingIntoService',
    annex_xiii: '4',
    tier: 'legitimate_interest',
    dossier: null,
    itemLevel: true,
    value: () => undefined,
  },
  {
    module: 'GeneralProductInformation',
    path: 'warrentyPeriod',
    annex_xiii: '1(m)',
    tier: 'public',
    dossier: null,
    value: () => undefined,
  },

  // CarbonFootprintForBatteries: Annex XIII 1(c), Art. 7
  {
    module: 'CarbonFootprintForBatteries',
    path: 'batteryCarbonFootprint',
    annex_xiii: '1(c)',
    tier: 'public',
    dossier: 'battery_carbon_footprint',
    value: (c) => nOf(c, 'battery_carbon_footprint', 'CarbonFootprintForBatteries.batteryCarbonFootprint'),
  },
  {
    module: 'CarbonFootprintForBatteries',
    path: 'carbonFootprintPerLifecycleStage',
    annex_xiii: '1(c)',
    tier: 'public',
    dossier: null,
    value: () => undefined,
  },
  {
    module: 'CarbonFootprintForBatteries',
    path: 'carbonFootprintPerformanceClass',
    annex_xiii: '1(c)',
    tier: 'public',
    dossier: 'battery_carbon_footprint_class',
    value: (c) =>
      valueOf(
        c,
        'battery_carbon_footprint_class',
        'CarbonFootprintForBatteries.carbonFootprintPerformanceClass',
      )?.toUpperCase(),
  },
  {
    module: 'CarbonFootprintForBatteries',
    path: 'carbonFootprintStudy',
    annex_xiii: '1(c)',
    tier: 'public',
    dossier: null,
    value: () => undefined,
  },

  // SupplyChainDueDiligence: Annex XIII 1(d), Art. 52(3)
  {
    module: 'SupplyChainDueDiligence',
    path: 'supplyChainDueDiligenceReport',
    annex_xiii: '1(d)',
    tier: 'public',
    dossier: 'battery_due_diligence_report_url',
    value: (c) =>
      valueOf(c, 'battery_due_diligence_report_url', 'SupplyChainDueDiligence.supplyChainDueDiligenceReport'),
  },

  // MaterialComposition: Annex XIII 1(b) (chemistry, hazardous substances), 2(a) (detailed composition)
  {
    module: 'MaterialComposition',
    path: 'batteryChemistry',
    annex_xiii: '1(b)',
    tier: 'public',
    dossier: 'battery_chemistry',
    value: (c) => {
      const v = valueOf(c, 'battery_chemistry', 'MaterialComposition.batteryChemistry');
      if (!v) return undefined;
      const short = v.trim().split(/[\s(/]/)[0];
      return { shortName: short, clearName: CHEMISTRIES[short.toUpperCase().replace(/[^A-Z]/g, '')] ?? v.trim() };
    },
  },
  {
    module: 'MaterialComposition',
    path: 'batteryMaterials',
    annex_xiii: '2(a)',
    tier: 'legitimate_interest',
    dossier: null,
    value: () => undefined,
  },
  {
    module: 'MaterialComposition',
    path: 'hazardousSubstances',
    annex_xiii: '1(b)',
    tier: 'public',
    dossier: null,
    value: () => undefined,
  },

  // Circularity: Annex XIII 1(e), 1(f), 1(s); 2(b), 2(c), 2(d)
  {
    module: 'Circularity',
    path: 'recycledContent',
    annex_xiii: '1(e)',
    tier: 'public',
    dossier: 'battery_recycled_content',
    value: (c) => {
      const v = valueOf(c, 'battery_recycled_content', 'Circularity.recycledContent');
      const parsed = v ? parseRecycledContent(v) : [];
      return parsed.length ? parsed : undefined;
    },
  },
  {
    module: 'Circularity',
    path: 'renewableContent',
    annex_xiii: '1(f)',
    tier: 'public',
    dossier: null,
    value: () => undefined,
  },
  {
    module: 'Circularity',
    path: 'endOfLifeInformation',
    annex_xiii: '1(s)',
    tier: 'public',
    dossier: null,
    value: () => undefined,
  },
  {
    module: 'Circularity',
    path: 'dismantlingAndRemovalInformation',
    annex_xiii: '2(c)',
    tier: 'legitimate_interest',
    dossier: null,
    value: () => undefined,
  },
  {
    module: 'Circularity',
    path: 'sparePartSources',
    annex_xiii: '2(b)',
    tier: 'legitimate_interest',
    dossier: null,
    value: () => undefined,
  },
  {
    module: 'Circularity',
    path: 'safetyMeasures',
    annex_xiii: '2(d)',
    tier: 'legitimate_interest',
    dossier: null,
    value: () => undefined,
  },

  // PerformanceAndDurability: Annex XIII 1(g)-(p); 4 (battery condition, per item)
  {
    module: 'PerformanceAndDurability',
    path: 'batteryTechicalProperties.ratedCapacity',
    annex_xiii: '1(g)',
    tier: 'public',
    dossier: 'battery_rated_capacity_ah',
    value: (c) =>
      nOf(c, 'battery_rated_capacity_ah', 'PerformanceAndDurability.batteryTechicalProperties.ratedCapacity'),
  },
  {
    module: 'PerformanceAndDurability',
    path: 'batteryTechicalProperties.nominalVoltage',
    annex_xiii: '1(h)',
    tier: 'public',
    dossier: 'battery_nominal_voltage_v',
    value: (c) =>
      nOf(c, 'battery_nominal_voltage_v', 'PerformanceAndDurability.batteryTechicalProperties.nominalVoltage'),
  },
  ...(
    [
      ['minimumVoltage', '1(h)'],
      ['maximumVoltage', '1(h)'],
      ['originalPowerCapability', '1(i)'],
      ['ratedMaximumPower', '1(i)'],
      ['powerCapabilityRatio', '1(i)'],
      ['ratedEnergy', '1(g)'],
      ['expectedLifetime', '1(j)'],
      ['expectedNumberOfCycles', '1(j)'],
      ['lifetimeReferenceTest', '1(j)'],
      ['cRateLifeCycleTest', '1(p)'],
      ['capacityThresholdForExhaustion', '1(k)'],
      ['temperatureRangeIdleState', '1(l)'],
      ['roundtripEfficiency', '1(n)'],
      ['initialSelfDischarge', '1(n)'],
      ['initialInternalResistance', '1(o)'],
    ] as const
  ).map(([p, annex]): BatteryFieldSpec => ({
    module: 'PerformanceAndDurability',
    path: `batteryTechicalProperties.${p}`,
    annex_xiii: annex,
    tier: 'public',
    dossier: null,
    value: () => undefined,
  })),
  {
    module: 'PerformanceAndDurability',
    path: 'batteryCondition',
    annex_xiii: '4(a)',
    tier: 'legitimate_interest',
    dossier: null,
    itemLevel: true,
    value: () => undefined,
  },

  // Labeling: Annex XIII 1(a) labels, 1(r) EU declaration of conformity, 3 test reports
  {
    module: 'Labeling',
    path: 'declarationOfConformity',
    annex_xiii: '1(r)',
    tier: 'public',
    dossier: null,
    value: (c) => doc(c, 'declaration_of_conformity')?.url,
  },
  {
    module: 'Labeling',
    path: 'resultOfTestReport',
    annex_xiii: '3',
    tier: 'authority',
    dossier: null,
    value: (c) => doc(c, 'test_report')?.url,
  },
  {
    module: 'Labeling',
    path: 'labels',
    annex_xiii: '1(a)',
    tier: 'public',
    dossier: 'other_marks',
    value: (c) => {
      const marks = valueOf(c, 'other_marks', 'Labeling.labels') ?? '';
      const labels: { labelingSymbol: string; labelingMeaning: Record<string, string>; labelingSubject: string }[] = [];
      if (/wheel|bin|separate|weee|mülltonne/i.test(marks))
        labels.push({
          labelingSymbol: 'https://eur-lex.europa.eu/eli/reg/2023/1542/oj#anx_VI',
          labelingMeaning: { en: 'Collect separately' },
          labelingSubject: 'SeparateCollection',
        });
      if (c.src.fields.battery_cd_pb_above_limit?.value === 'yes')
        labels.push({
          labelingSymbol: 'https://eur-lex.europa.eu/eli/reg/2023/1542/oj#anx_VI',
          labelingMeaning: { en: 'Contains cadmium or lead above the marking limit' },
          labelingSubject: 'HazardousMaterial',
        });
      return labels.length ? labels : undefined;
    },
  },
];

/** Documents the dossier accepted as evidence that no dossier field points to: named in the blocker. */
const DOCUMENT_HINT: Record<string, string> = {
  'Labeling.declarationOfConformity': 'Accept an EU declaration of conformity as evidence of this SKU.',
  'Labeling.resultOfTestReport': 'Accept a test report as evidence of this SKU.',
};

function setPath(obj: Record<string, unknown>, path: string, value: unknown) {
  const parts = path.split('.');
  let o = obj;
  for (const p of parts.slice(0, -1)) o = (o[p] ??= {}) as Record<string, unknown>;
  o[parts[parts.length - 1]] = value;
}

export function buildBatteryPassport(src: PassportSource) {
  const prov = provenanceRecorder(src);
  const manufacturer = src.entities.find((e) => e.role === 'manufacturer');
  const operator =
    src.entities.find((e) => e.role === 'importer') ??
    src.entities.find((e) => e.role === 'responsible_person') ??
    src.entities.find((e) => e.role === 'authorised_representative') ??
    manufacturer;
  const ctx: Ctx = { src, prov, manufacturer, operator };
  const modules = Object.fromEntries(BATTERY_MODULES.map((m) => [m, {} as Record<string, unknown>]));
  const blockers: PassportBlocker[] = [];
  for (const spec of BATTERY_FIELDS) {
    const v = spec.value(ctx);
    if (v === undefined || v === null || v === '') {
      if (spec.path.endsWith('emailAddress') || spec.path.endsWith('webAddress')) continue; // optional in the model
      const where = `${spec.module}.${spec.path}`;
      blockers.push({
        format: 'battery_pass',
        code: spec.itemLevel ? 'PASSPORT_ITEM_DATA' : 'PASSPORT_FIELD_MISSING',
        field: where,
        annex_xiii: spec.annex_xiii,
        dossier_field: spec.dossier,
        message: spec.itemLevel
          ? `${where} (Annex XIII point ${spec.annex_xiii}) is kept per battery item; a model-level dossier cannot supply it.`
          : `${where} (Annex XIII point ${spec.annex_xiii}) is missing: ${
              DOCUMENT_HINT[where] ??
              (spec.dossier ? `confirm the dossier field ${spec.dossier}.` : 'the dossier holds no value for it.')
            }`,
      });
      continue;
    }
    setPath(modules[spec.module], spec.path, spec.tier === 'public' ? v : tier(spec.tier, v));
  }
  const tree = {
    dataModel: `https://github.com/batterypass/BatteryPassDataModel/tree/main/BatteryPass (${BATTERY_PASS_VERSION})`,
    dataModelVersion: BATTERY_PASS_VERSION,
    passportUrl: `${src.base_url}/p/${src.public_id}/passport/${src.version}?format=battery_pass`,
    version: src.version,
    modules,
    provenance: prov.entries(),
  };
  return { tree, blockers };
}
