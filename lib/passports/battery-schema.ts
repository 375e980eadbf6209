/**
 * The project's own structural schema of the Battery Pass data model 1.2.0 modules as this workspace
 * emits them, written from the published JSON schemas (batterypass/BatteryPassDataModel,
 * BatteryPass/io.BatteryPass.<Module>/1.2.0/gen/*-schema.json): types, enumerations and patterns of the
 * fields, and each module's required keys (BATTERY_REQUIRED_KEYS). A field may be absent only when the
 * passport names it as a blocker; tests/unit/passports/battery.test.ts checks both.
 *
 * Differences from the published files, on purpose (the same overlay scripts/validate-passports.ts applies):
 * the e-mail pattern of GeneralProductInformation lacks its backslashes (`^[w.-]+@…`) and refuses real
 * addresses, so the correct pattern is used; `warrentyPeriod` keeps the model's spelling.
 */
import { z } from 'zod';
import type { BatteryModule } from './battery';

export const BATTERY_REQUIRED_KEYS: Record<BatteryModule, readonly string[]> = {
  GeneralProductInformation: [
    'productIdentifier',
    'batteryPassportIdentifier',
    'batteryCategory',
    'manufacturerInformation',
    'manufacturingDate',
    'batteryStatus',
    'batteryMass',
    'manufacturingPlace',
    'operatorInformation',
    'puttingIntoService',
    'warrentyPeriod',
  ],
  CarbonFootprintForBatteries: [
    'batteryCarbonFootprint',
    'carbonFootprintPerLifecycleStage',
    'carbonFootprintPerformanceClass',
    'carbonFootprintStudy',
  ],
  SupplyChainDueDiligence: ['supplyChainDueDiligenceReport'],
  MaterialComposition: ['batteryChemistry', 'batteryMaterials', 'hazardousSubstances'],
  Circularity: [
    'dismantlingAndRemovalInformation',
    'sparePartSources',
    'recycledContent',
    'safetyMeasures',
    'endOfLifeInformation',
    'renewableContent',
  ],
  PerformanceAndDurability: ['batteryTechicalProperties', 'batteryCondition'],
  Labeling: ['declarationOfConformity', 'resultOfTestReport', 'labels'],
};

const Address = z.strictObject({
  addressCountry: z.string().min(1),
  postalCode: z.string().min(1),
  streetAddress: z.string().min(1),
});
const Email = z.string().regex(/^[\w.+-]+@[\w.-]+\.[A-Za-z]{2,}$/);
const Party = z.strictObject({
  contactName: z.string().min(1).optional(),
  postalAddress: Address.optional(),
  identifier: z.string().min(1).optional(),
  emailAddress: Email.optional(),
  webAddress: z.string().optional(),
});
const XsdDateTime = z.string().regex(/^-?\d{4,}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})?$/);

export const BatteryModules = z.strictObject({
  GeneralProductInformation: z.strictObject({
    productIdentifier: z.string().min(1).optional(),
    batteryPassportIdentifier: z
      .string()
      .regex(/^urn:[a-z0-9]+:[a-z0-9]+$/)
      .optional(),
    batteryCategory: z.enum(['lmt', 'ev', 'industrial', 'stationary']).optional(),
    manufacturerInformation: Party.optional(),
    manufacturingDate: z.string().min(1).optional(),
    batteryStatus: z.enum(['Original', 'Repurposed', 'Reused', 'Remanufactured', 'Waste']).optional(),
    batteryMass: z.number().positive().optional(),
    manufacturingPlace: Address.optional(),
    operatorInformation: Party.optional(),
    puttingIntoService: XsdDateTime.optional(),
    warrentyPeriod: z.string().optional(),
  }),
  CarbonFootprintForBatteries: z.strictObject({
    batteryCarbonFootprint: z.number().optional(),
    carbonFootprintPerLifecycleStage: z
      .array(
        z.strictObject({
          lifecycleStage: z.enum(['RawMaterialExtraction', 'MainProduction', 'Distribution', 'Recycling']),
          carbonFootprint: z.number(),
        }),
      )
      .optional(),
    carbonFootprintPerformanceClass: z.string().min(1).optional(),
    carbonFootprintStudy: z.string().min(1).optional(),
    absoluteCarbonFootprint: z.number().optional(),
  }),
  SupplyChainDueDiligence: z.strictObject({
    supplyChainDueDiligenceReport: z.string().min(1).optional(),
    thirdPartyAussurances: z.string().optional(),
    supplyChainIndicies: z.number().optional(),
  }),
  MaterialComposition: z.strictObject({
    batteryChemistry: z.strictObject({ shortName: z.string().min(1), clearName: z.string().min(1) }).optional(),
    batteryMaterials: z.array(z.record(z.string(), z.unknown())).optional(),
    hazardousSubstances: z.array(z.record(z.string(), z.unknown())).optional(),
  }),
  Circularity: z.strictObject({
    dismantlingAndRemovalInformation: z.array(z.record(z.string(), z.unknown())).optional(),
    sparePartSources: z.array(z.record(z.string(), z.unknown())).optional(),
    recycledContent: z
      .array(
        z.strictObject({
          preConsumerShare: z.number().min(0).max(100),
          recycledMaterial: z.enum(['Cobalt', 'Nickel', 'Lithium', 'Lead']),
          postConsumerShare: z.number().min(0).max(100),
        }),
      )
      .optional(),
    safetyMeasures: z.record(z.string(), z.unknown()).optional(),
    endOfLifeInformation: z.record(z.string(), z.unknown()).optional(),
    renewableContent: z.number().optional(),
  }),
  PerformanceAndDurability: z.strictObject({
    batteryTechicalProperties: z.record(z.string(), z.union([z.number(), z.string(), z.array(z.unknown())])).optional(),
    batteryCondition: z.record(z.string(), z.unknown()).optional(),
  }),
  Labeling: z.strictObject({
    declarationOfConformity: z.string().min(1).optional(),
    resultOfTestReport: z.string().min(1).optional(),
    labels: z
      .array(
        z.strictObject({
          labelingSymbol: z.string().min(1),
          labelingMeaning: z.record(z.string(), z.string()),
          labelingSubject: z.enum(['SeparateCollection', 'HazardousMaterial', 'CarbonFootPrint', 'ExtinguishingAgent']),
        }),
      )
      .optional(),
  }),
});

export const BatteryPassport = z.strictObject({
  dataModel: z.string(),
  dataModelVersion: z.literal('1.2.0'),
  passportUrl: z.string().url(),
  version: z.number().int().min(1),
  modules: BatteryModules,
  provenance: z.array(z.record(z.string(), z.unknown())),
});
