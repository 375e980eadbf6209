/**
 * Requirement profiles as versioned data. A profile is the GPSR core plus, for a category, a pack of
 * extra rules; a pack rule with the id of a core rule replaces it. A new pack, or a new version of one,
 * is a new entry in PROFILE_DEFINITIONS (and, to make it current, in CURRENT_PROFILE_BY_CATEGORY):
 * the engine interprets a closed set of rule kinds and has no per-category code paths.
 */
import { DEFAULT_CATEGORY, matchCategory, type CategoryCode } from '@/lib/model/categories';
import { FACTS } from './facts';
import { CURRENT_PACKS, REGIME_PACKS } from './pack-registry';
import type { ProfileDefinition, RequirementRule } from './rule-types';

const GPSR = 'Regulation (EU) 2023/988 (GPSR)';

const GPSR_CORE_2026_04: ProfileDefinition = {
  id: 'gpsr-core@2026-04',
  corrected_by: 'gpsr-core@2026-11',
  category: 'general',
  title: 'GPSR core: every consumer product (Art. 9, 16, 19)',
  rules: [
    {
      id: 'core.manufacturer',
      code: 'MANUFACTURER_MISSING',
      severity: 'blocker',
      legal_basis: `${GPSR} Art. 9(6), Art. 19(a)`,
      message: 'No manufacturer is linked: its name, postal address and electronic address must be shown.',
      spec: { kind: 'operator_contact', role: 'manufacturer' },
    },
    {
      id: 'core.responsible_person',
      code: 'EU_RESPONSIBLE_PERSON_MISSING',
      severity: 'blocker',
      legal_basis: `${GPSR} Art. 16, Art. 19(b)`,
      message:
        'The manufacturer is not established in the EU, and no responsible person established in the EU (importer, authorised representative or responsible person) is linked.',
      spec: {
        kind: 'eu_responsible_person',
        accepted_roles: ['responsible_person', 'authorised_representative', 'importer'],
        check_contact: true,
      },
    },
    {
      id: 'core.identifier',
      code: 'PRODUCT_IDENTIFIER_MISSING',
      severity: 'blocker',
      legal_basis: `${GPSR} Art. 9(5), Art. 19(c)`,
      message: 'The product has no identifier: add a GTIN, a model/type number or a batch or serial number scheme.',
      spec: { kind: 'fields_any', fields: ['gtin', 'model_number', 'batch_or_serial_scheme'] },
    },
    {
      id: 'core.gtin_check_digit',
      code: 'GTIN_CHECK_DIGIT_INVALID',
      severity: 'warning',
      message: 'The GTIN has a wrong check digit; check it for a typo or a lost leading zero.',
      spec: { kind: 'gtin_check_digit' },
    },
    {
      id: 'core.picture',
      code: 'PRODUCT_IMAGE_MISSING',
      severity: 'blocker',
      legal_basis: `${GPSR} Art. 19(c)`,
      message: 'A picture of the product is missing; online offers must show one.',
      spec: { kind: 'fields_all', fields: ['product_image_url'] },
    },
    {
      id: 'core.target_markets',
      code: 'TARGET_MARKETS_MISSING',
      severity: 'blocker',
      legal_basis: `${GPSR} Art. 9(7)`,
      message: 'Target markets are not set, so the languages the safety information needs cannot be determined.',
      spec: { kind: 'target_markets' },
    },
    {
      id: 'core.warnings_languages',
      code: 'WARNINGS_MISSING_FOR_LANGUAGE',
      severity: 'blocker',
      legal_basis: `${GPSR} Art. 9(7), Art. 19(d)`,
      message: 'Safety warnings in {language} are missing (needed for {markets}).',
      spec: { kind: 'safety_info_languages', base: 'safety_warnings' },
    },
    {
      id: 'core.instructions_languages',
      code: 'INSTRUCTIONS_MISSING_FOR_LANGUAGE',
      severity: 'warning',
      legal_basis: `${GPSR} Art. 9(7)`,
      message: 'Instructions in {language} are missing (needed for {markets} where the product needs instructions).',
      spec: { kind: 'safety_info_languages', base: 'instructions' },
    },
    {
      id: 'core.risk_assessment',
      code: 'RISK_ASSESSMENT_MISSING',
      severity: 'blocker',
      legal_basis: `${GPSR} Art. 9(2)`,
      message:
        'No valid risk assessment is linked; the manufacturer must carry out an internal risk analysis before placing the product on the market.',
      spec: { kind: 'document', types: ['risk_assessment'] },
    },
    {
      id: 'core.technical_documentation',
      code: 'TECHNICAL_DOCUMENTATION_MISSING',
      severity: 'blocker',
      legal_basis: `${GPSR} Art. 9(2)`,
      message:
        'The technical documentation lacks a general description of the product and its essential safety characteristics.',
      spec: { kind: 'fields_all', fields: ['product_description'] },
    },
    {
      id: 'core.certificate_validity',
      code: 'CERTIFICATE_VALIDITY_EXPIRED',
      severity: 'blocker',
      message: 'The certificate validity date ({date}) has passed.',
      spec: { kind: 'field_date_not_past', field: 'certificate_valid_until' },
    },
  ],
};

const CE = 'ce_marking';

const TOYS_2026_04: ProfileDefinition = {
  id: 'toys@2026-04',
  corrected_by: 'toys@2026-11',
  category: 'toys',
  extends: GPSR_CORE_2026_04.id,
  title: 'Toys: Directive 2009/48/EC (Toy Safety Directive) on top of the GPSR core',
  rules: [
    {
      id: 'toys.en71_report',
      code: 'TOY_EN71_REPORT_MISSING',
      severity: 'blocker',
      legal_basis: 'Directive 2009/48/EC Art. 18, EN 71 series',
      message: 'No valid EN 71 test report is linked.',
      spec: { kind: 'document', types: ['test_report'], references_any: ['EN 71'] },
    },
    {
      id: 'toys.doc',
      code: 'TOY_DOC_MISSING',
      severity: 'blocker',
      legal_basis: 'Directive 2009/48/EC Art. 15',
      message: 'No EU declaration of conformity under Directive 2009/48/EC is linked.',
      spec: {
        kind: 'document',
        types: ['declaration_of_conformity'],
        references_any: ['2009/48/EC', '2009/48/EG', '2009/48/CE'],
      },
    },
    {
      id: 'toys.age_grading',
      code: 'TOY_AGE_GRADING_MISSING',
      severity: 'blocker',
      legal_basis: 'Directive 2009/48/EC Art. 11, Annex V',
      message: 'The age grading of the toy is missing.',
      spec: { kind: 'fields_all', fields: ['age_grading'] },
    },
    {
      id: 'toys.ce_marking',
      code: 'TOY_CE_MARKING_MISSING',
      severity: 'blocker',
      legal_basis: 'Directive 2009/48/EC Art. 16–17',
      message: 'Toys must carry the CE marking; confirm "CE marking: yes".',
      spec: { kind: 'field_equals', field: CE, value: 'yes' },
    },
  ],
};

const ELECTRICAL_2026_04: ProfileDefinition = {
  id: 'electrical@2026-04',
  corrected_by: 'electrical@2026-11',
  category: 'electrical',
  extends: GPSR_CORE_2026_04.id,
  title: 'Electrical and electronic equipment: LVD 2014/35/EU, EMC 2014/30/EU, RoHS 2011/65/EU',
  rules: [
    {
      id: 'electrical.doc',
      code: 'ELECTRICAL_DOC_MISSING',
      severity: 'blocker',
      legal_basis: 'Directives 2014/35/EU, 2014/30/EU, 2011/65/EU',
      message: 'No EU declaration of conformity citing the Low Voltage, EMC or RoHS Directive is linked.',
      spec: {
        kind: 'document',
        types: ['declaration_of_conformity'],
        references_any: ['2014/35/EU', '2014/30/EU', '2011/65/EU', 'LVD', 'EMC', 'RoHS'],
      },
    },
    {
      id: 'electrical.test_report',
      code: 'ELECTRICAL_TEST_REPORT_MISSING',
      severity: 'blocker',
      legal_basis: 'Directive 2014/35/EU Annex III',
      message: 'No valid electrical safety or EMC test report is linked.',
      spec: { kind: 'document', types: ['test_report'] },
    },
    {
      id: 'electrical.rated_voltage',
      code: 'ELECTRICAL_RATED_VOLTAGE_MISSING',
      severity: 'blocker',
      message: 'The rated voltage is missing.',
      spec: { kind: 'fields_all', fields: ['rated_voltage'] },
    },
    {
      id: 'electrical.ce_marking',
      code: 'ELECTRICAL_CE_MARKING_MISSING',
      severity: 'blocker',
      legal_basis: 'Directive 2014/35/EU Art. 17',
      message: 'Electrical equipment must carry the CE marking; confirm "CE marking: yes".',
      spec: { kind: 'field_equals', field: CE, value: 'yes' },
    },
  ],
};

const COSMETICS_2026_04: ProfileDefinition = {
  id: 'cosmetics@2026-04',
  corrected_by: 'cosmetics@2026-11',
  category: 'cosmetics',
  extends: GPSR_CORE_2026_04.id,
  title: 'Cosmetics: Regulation (EC) No 1223/2009 on top of the GPSR core',
  rules: [
    // The CPSR is the cosmetic product's safety assessment, so it also satisfies the core risk analysis.
    {
      id: 'core.risk_assessment',
      code: 'RISK_ASSESSMENT_MISSING',
      severity: 'blocker',
      legal_basis: `${GPSR} Art. 9(2); Regulation (EC) No 1223/2009 Art. 10`,
      message: 'No valid risk assessment or cosmetic product safety report is linked.',
      spec: { kind: 'document', types: ['risk_assessment', 'cpsr'] },
    },
    {
      id: 'cosmetics.cpsr',
      code: 'COSMETIC_CPSR_MISSING',
      severity: 'blocker',
      legal_basis: 'Regulation (EC) No 1223/2009 Art. 10, Annex I',
      message: 'No cosmetic product safety report (CPSR) is linked.',
      spec: { kind: 'document', types: ['cpsr'] },
    },
    {
      id: 'cosmetics.cpnp',
      code: 'COSMETIC_CPNP_NUMBER_MISSING',
      severity: 'blocker',
      legal_basis: 'Regulation (EC) No 1223/2009 Art. 13',
      message: 'The CPNP notification number is missing.',
      spec: { kind: 'fields_all', fields: ['cpnp_number'] },
    },
    {
      id: 'cosmetics.inci',
      code: 'COSMETIC_INCI_MISSING',
      severity: 'blocker',
      legal_basis: 'Regulation (EC) No 1223/2009 Art. 19(1)(g)',
      message: 'The ingredient list (INCI names) is missing.',
      spec: { kind: 'fields_all', fields: ['ingredients_inci'] },
    },
    {
      id: 'cosmetics.responsible_person',
      code: 'COSMETIC_RESPONSIBLE_PERSON_MISSING',
      severity: 'blocker',
      legal_basis: 'Regulation (EC) No 1223/2009 Art. 4',
      message:
        'A cosmetic made outside the EU needs a designated responsible person established in the EU; an importer alone is not enough.',
      spec: { kind: 'eu_responsible_person', accepted_roles: ['responsible_person'], check_contact: false },
    },
  ],
};

const CHEMICALS_2026_04: ProfileDefinition = {
  id: 'chemicals@2026-04',
  corrected_by: 'chemicals@2026-11',
  category: 'chemicals',
  extends: GPSR_CORE_2026_04.id,
  title: 'Chemical mixtures: REACH (EC) No 1907/2006 and CLP (EC) No 1272/2008',
  rules: [
    {
      id: 'chemicals.sds',
      code: 'CHEMICAL_SDS_MISSING',
      severity: 'blocker',
      legal_basis: 'Regulation (EC) No 1907/2006 Art. 31',
      message: 'No valid safety data sheet (SDS) is linked.',
      spec: { kind: 'document', types: ['safety_data_sheet'] },
    },
    {
      id: 'chemicals.ufi',
      code: 'CHEMICAL_UFI_MISSING',
      severity: 'blocker',
      legal_basis: 'Regulation (EC) No 1272/2008 Annex VIII',
      message:
        'The unique formula identifier (UFI) is missing; a mixture classified as hazardous needs one on its label (waive with a reason if it is not classified).',
      spec: { kind: 'fields_all', fields: ['ufi_code'] },
    },
    {
      id: 'chemicals.clp',
      code: 'CHEMICAL_CLP_LABEL_MISSING',
      severity: 'warning',
      legal_basis: 'Regulation (EC) No 1272/2008 Art. 17',
      message:
        'Applicable legislation does not list the CLP Regulation (EC) No 1272/2008; the hazard labelling (pictograms, H and P statements) belongs in the safety warnings.',
      spec: { kind: 'field_mentions', field: 'applicable_legislation', any: ['1272/2008', 'CLP'] },
    },
  ],
};

const TEXTILES_2026_04: ProfileDefinition = {
  id: 'textiles@2026-04',
  corrected_by: 'textiles@2026-11',
  category: 'textiles',
  extends: GPSR_CORE_2026_04.id,
  title: 'Textiles: Regulation (EU) No 1007/2011 on top of the GPSR core',
  rules: [
    {
      id: 'textiles.fibre_composition',
      code: 'TEXTILE_FIBRE_COMPOSITION_MISSING',
      severity: 'blocker',
      legal_basis: 'Regulation (EU) No 1007/2011 Art. 14',
      message: 'The fibre composition is missing.',
      spec: { kind: 'fields_all', fields: ['fibre_composition'] },
    },
  ],
};

const BATTERIES_2026_04: ProfileDefinition = {
  id: 'batteries@2026-04',
  corrected_by: 'batteries@2026-11',
  category: 'batteries',
  extends: GPSR_CORE_2026_04.id,
  title: 'Batteries: Regulation (EU) 2023/1542 on top of the GPSR core',
  rules: [
    {
      id: 'batteries.type',
      code: 'BATTERY_TYPE_MISSING',
      severity: 'blocker',
      legal_basis: 'Regulation (EU) 2023/1542 Art. 13',
      message: 'The battery type (chemistry, voltage, capacity) is missing.',
      spec: { kind: 'fields_all', fields: ['battery_type'] },
    },
    {
      id: 'batteries.conformity',
      code: 'BATTERY_CONFORMITY_EVIDENCE_MISSING',
      severity: 'blocker',
      legal_basis: 'Regulation (EU) 2023/1542 Art. 18',
      message: 'No valid EU declaration of conformity or test report for the battery is linked.',
      spec: {
        kind: 'document',
        types: ['declaration_of_conformity', 'test_report'],
        references_any: ['2023/1542', '2006/66/EC', 'IEC 62133', 'UN 38.3', 'EN 62133', 'IEC 62660'],
      },
    },
    {
      id: 'batteries.ce_marking',
      code: 'BATTERY_CE_MARKING_MISSING',
      severity: 'blocker',
      legal_basis: 'Regulation (EU) 2023/1542 Art. 19–20',
      message: 'Batteries must carry the CE marking; confirm "CE marking: yes".',
      spec: { kind: 'field_equals', field: CE, value: 'yes' },
    },
    {
      id: 'batteries.collection_mark',
      code: 'BATTERY_COLLECTION_MARK_MISSING',
      severity: 'warning',
      legal_basis: 'Regulation (EU) 2023/1542 Art. 13(1), Annex VI',
      message: 'Other marks do not mention the separate collection symbol (crossed-out wheeled bin).',
      spec: {
        kind: 'field_mentions',
        field: 'other_marks',
        any: [
          'bin',
          'wheelie',
          'mulltonne',
          'abfalltonne',
          'poubelle',
          'contenedor',
          'cassonetto',
          'bidone',
          'weee',
          'separate collection',
          'getrennte sammlung',
          'collecte separee',
          'recogida selectiva',
          'raccolta differenziata',
        ],
      },
    },
  ],
};

/** Every profile version ever shipped; keep old versions so SKUs pinned to them still evaluate. */
export const PROFILE_DEFINITIONS: readonly ProfileDefinition[] = [
  GPSR_CORE_2026_04,
  TOYS_2026_04,
  ELECTRICAL_2026_04,
  COSMETICS_2026_04,
  CHEMICALS_2026_04,
  TEXTILES_2026_04,
  BATTERIES_2026_04,
  ...CURRENT_PACKS,
];

/** The current profile of each category. */
export const CURRENT_PROFILE_BY_CATEGORY: Readonly<Record<CategoryCode, string>> = {
  general: 'gpsr-core@2026-11',
  toys: 'toys@2026-11',
  electrical: 'electrical@2026-11',
  cosmetics: 'cosmetics@2026-11',
  chemicals: 'chemicals@2026-11',
  textiles: 'textiles@2026-11',
  batteries: 'batteries@2026-11',
  machinery: 'machinery@2026-11',
  ppe: 'ppe@2026-11',
};

const BY_ID = new Map(PROFILE_DEFINITIONS.map((p) => [p.id, p]));

export interface ResolvedProfile {
  id: string;
  category: CategoryCode;
  title: string;
  summary?: string;
  /** Inherited rules first (with replacements in place), then the pack's own. */
  rules: RequirementRule[];
}

/** The version that replaces a corrected one (itself when it was not corrected; unknown ids unchanged). */
export function correctedProfileId(id: string): string {
  let cur = id;
  for (let i = 0; i < 8; i++) {
    const next = BY_ID.get(cur)?.corrected_by;
    if (!next || !BY_ID.has(next)) break;
    cur = next;
  }
  return cur;
}

/**
 * Flattens a profile with the profiles it extends. Null for an unknown id. A corrected version
 * resolves to its correction (see ProfileDefinition.corrected_by).
 */
export function resolveProfile(requested: string): ResolvedProfile | null {
  // Profiles are fixed data: each is resolved once (every SKU evaluation asks for one), and shared, frozen.
  // Only ids of known profiles resolve, so only they are kept: an unknown id cannot grow the map.
  const known = resolvedProfiles.get(requested);
  if (known) return known;
  const resolved = buildProfile(requested);
  if (resolved) {
    Object.freeze(resolved.rules);
    resolvedProfiles.set(requested, resolved);
  }
  return resolved;
}

const resolvedProfiles = new Map<string, ResolvedProfile>();

function buildProfile(requested: string): ResolvedProfile | null {
  const id = correctedProfileId(requested);
  const chain: ProfileDefinition[] = [];
  for (let cur = BY_ID.get(id); cur && chain.length < 8; cur = cur.extends ? BY_ID.get(cur.extends) : undefined)
    chain.unshift(cur);
  if (chain.length === 0) return null;
  const rules: RequirementRule[] = [];
  for (const p of chain) {
    for (const rule of p.rules) {
      const i = rules.findIndex((r) => r.id === rule.id);
      if (i >= 0) rules[i] = rule;
      else rules.push(rule);
    }
  }
  const top = chain[chain.length - 1];
  return {
    id: top.id,
    category: top.category,
    title: top.title,
    ...(top.summary ? { summary: top.summary } : {}),
    rules,
  };
}

/**
 * The profile a SKU of this category gets. Accepts a canonical code or free text ("Spielzeug");
 * `defaulted` is true when the category was absent or unrecognised and the general profile applies.
 */
export function profileForCategory(code: string | null | undefined): {
  id: string;
  defaulted: boolean;
  category_code: CategoryCode;
} {
  const match = matchCategory(code);
  const category = match.defaulted ? DEFAULT_CATEGORY : match.code;
  return { id: CURRENT_PROFILE_BY_CATEGORY[category], defaulted: match.defaulted, category_code: category };
}

/** Every blocker code the profiles can emit (for documentation and the UI's filter list). */
export const FIXED_SUB_CODES = [
  'MANUFACTURER_NAME_MISSING',
  'MANUFACTURER_ADDRESS_MISSING',
  'MANUFACTURER_ELECTRONIC_ADDRESS_MISSING',
  'MANUFACTURER_COUNTRY_MISSING',
  'RESPONSIBLE_PERSON_NOT_IN_EU',
  'RESPONSIBLE_PERSON_COUNTRY_MISSING',
  'RESPONSIBLE_PERSON_ADDRESS_MISSING',
  'RESPONSIBLE_PERSON_ELECTRONIC_ADDRESS_MISSING',
  'RESPONSIBLE_PERSON_PO_BOX',
  'DOCUMENT_EXPIRED',
  'CATEGORY_NOT_RECOGNISED',
  'DOCUMENT_ABOUT_ANOTHER_PRODUCT',
  'EXTRACTION_CONFLICT_OPEN',
  'REVIEW_ISSUE_OPEN',
  'REGIME_NOT_CHECKED',
  'MARKETS_NOT_CHECKED',
] as const;

export function allBlockerCodes(): string[] {
  const codes = new Set<string>();
  for (const p of PROFILE_DEFINITIONS) for (const r of p.rules) codes.add(r.code);
  for (const p of REGIME_PACKS) for (const r of p.rules) codes.add(r.code);
  for (const c of FIXED_SUB_CODES) codes.add(c);
  for (const f of Object.values(FACTS)) codes.add(f.code);
  return [...codes].sort();
}

/** Every dossier field that answers a fact some rule of any profile is conditioned on. */
export const FACT_FIELDS: ReadonlySet<string> = new Set(Object.values(FACTS).map((f) => f.field));

/**
 * The fact fields whose answer changes an obligation of the category's current profile: only these are
 * asked of its products (a face cream is not asked "Electrically powered?", since no cosmetics rule depends
 * on it). A fact field that is itself a category field (the rated voltage) is the pack's business.
 */
export function profileFactFields(category: string | null | undefined): ReadonlySet<string> {
  const match = matchCategory(category);
  const id = CURRENT_PROFILE_BY_CATEGORY[match.defaulted ? DEFAULT_CATEGORY : match.code];
  let fields = factFieldsByProfile.get(id);
  if (!fields) {
    fields = new Set<string>();
    for (const rule of resolveProfile(id)?.rules ?? [])
      for (const c of rule.when ?? []) fields.add(FACTS[c.fact].field);
    factFieldsByProfile.set(id, fields);
  }
  return fields;
}
const factFieldsByProfile = new Map<string, Set<string>>();
