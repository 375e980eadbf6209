/**
 * The current requirement packs (version 2026-11), each rule read against its legal text and citing
 * it as data (lib/requirements/legal.ts). Where a citation was written from knowledge of the text and
 * not re-read, the LegalRef says so in `unsure`; /docs/requirements shows it.
 *
 * Two readings shape every pack:
 * - GPSR Art. 2(1)(b): for products under Union harmonisation legislation (toys, electrical equipment,
 *   cosmetics, batteries, machinery) Chapter III Section 1 of the GPSR (Art. 9–18) does not apply, the
 *   sectoral act's operator duties do; Art. 19 (distance sales) still applies. So those packs replace
 *   the core rules' citations and, where the sectoral act differs, their conditions and severity.
 * - Severity from the law: mandatory for every product of the kind → blocker; mandatory only when a
 *   fact the dossier may not hold is true → a condition (`when`), whose unknown fact becomes a question;
 *   good practice → warning.
 */
import type { ProfileDefinition, RequirementRule } from './rule-types';
import type { LegalActCode, LegalRef } from './legal';

/** Art. `article`(`paragraph`)(`point`) of an act. */
export function art(act: LegalActCode, article: string, paragraph?: string, point?: string, unsure?: string): LegalRef {
  return {
    act,
    article,
    ...(paragraph ? { paragraph } : {}),
    ...(point ? { point } : {}),
    ...(unsure ? { unsure } : {}),
  };
}
export function annex(act: LegalActCode, which: string, unsure?: string): LegalRef {
  return { act, annex: which, ...(unsure ? { unsure } : {}) };
}
export const blueGuide = (section: string): LegalRef => ({ act: 'blue_guide', section });

// ----- economic-operator roles ----------------------------------------------------------------
//
// Each act gives each operator its own duties. The manufacturer draws up the technical documentation,
// the risk analysis and the declaration; an importer verifies them before placing the product and keeps
// the declaration (and the technical documentation available) for 10 years; a distributor verifies the
// marking, the instructions and safety information in the market's language and that the manufacturer
// and importer are identified, and provides documentation on a reasoned request; an authorised
// representative keeps the declaration and technical documentation at the authorities' disposal under
// its mandate; a fulfilment service provider responsible under Regulation (EU) 2019/1020 Art. 4 verifies
// they were drawn up. A seller putting its own name or trade mark on a product is its manufacturer
// (GPSR Art. 3(8); one who substantially modifies it becomes its manufacturer, Art. 13).

/** The articles of the other operators' duties under one act. */
export interface OperatorArticles {
  /** The importer's verification before placing (that the manufacturer met its duties). */
  importerVerify: LegalRef[];
  /** The importer's keeping of the declaration / making the technical documentation available. */
  importerDocs: LegalRef[];
  /** The distributor's verification before making available. */
  distributorVerify: LegalRef[];
  /** The distributor's documentation on a reasoned request. */
  distributorDocs: LegalRef[];
  /** The authorised representative's keeping of the documentation (mandate). */
  representativeDocs: LegalRef[];
}

export const NOT_REREAD = 'Paragraph number not re-read against the text.';
const MSR_FSP = [art('msr', '4', '3', 'a'), art('msr', '4', '2')];

const GPSR_OPS: OperatorArticles = {
  importerVerify: [art('gpsr', '11', '1', undefined, NOT_REREAD)],
  importerDocs: [art('gpsr', '11', '1', undefined, NOT_REREAD)],
  distributorVerify: [art('gpsr', '12', '1')],
  distributorDocs: [art('gpsr', '12', '3'), art('gpsr', '12', '4', undefined, NOT_REREAD)],
  representativeDocs: [art('gpsr', '10', '3', undefined, NOT_REREAD)],
};
const TSD_OPS: OperatorArticles = {
  importerVerify: [art('tsd', '6', '2')],
  importerDocs: [art('tsd', '6', '8')],
  distributorVerify: [art('tsd', '7', '2')],
  distributorDocs: [art('tsd', '7', '5', undefined, NOT_REREAD)],
  representativeDocs: [art('tsd', '5', '2', 'a')],
};
const LVD_OPS: OperatorArticles = {
  importerVerify: [art('lvd', '8', '2'), art('emc', '9', '2'), art('red', '12', '2')],
  importerDocs: [art('lvd', '8', '8'), art('emc', '9', '8'), art('red', '12', '8')],
  distributorVerify: [art('lvd', '9', '2'), art('emc', '10', '2'), art('red', '13', '2')],
  distributorDocs: [
    art('lvd', '9', '5', undefined, NOT_REREAD),
    art('emc', '10', '5', undefined, NOT_REREAD),
    art('red', '13', '5', undefined, NOT_REREAD),
  ],
  representativeDocs: [art('lvd', '7', '2', 'a'), art('emc', '8', '2', 'a'), art('red', '11', '2', 'a')],
};
const CPR_OPS: OperatorArticles = {
  // For an imported cosmetic the importer is the responsible person (Art. 4(3)) and holds the duties itself.
  importerVerify: [art('cpr', '4', '3')],
  importerDocs: [art('cpr', '4', '3'), art('cpr', '11', '1')],
  distributorVerify: [art('cpr', '6', '2')],
  distributorDocs: [art('cpr', '6', '5', undefined, NOT_REREAD)],
  representativeDocs: [art('cpr', '4', '5'), art('cpr', '11', '1')],
};
const BATT_NOTE = 'Article numbers of the operator duties of Regulation (EU) 2023/1542 not re-read.';
const BATT_OPS: OperatorArticles = {
  importerVerify: [art('batt', '41', undefined, undefined, BATT_NOTE)],
  importerDocs: [art('batt', '41', undefined, undefined, BATT_NOTE)],
  distributorVerify: [art('batt', '42', undefined, undefined, BATT_NOTE)],
  distributorDocs: [art('batt', '42', undefined, undefined, BATT_NOTE)],
  representativeDocs: [art('batt', '40', undefined, undefined, BATT_NOTE)],
};
const MR_OPS_NOTE =
  'Directive 2006/42/EC sets no importer or distributor duties; those of Regulation (EU) 2023/1230 (from 20 January 2027) were written from memory.';
const MACHINERY_OPS: OperatorArticles = {
  importerVerify: [art('mr', '12', undefined, undefined, MR_OPS_NOTE)],
  importerDocs: [art('mr', '12', undefined, undefined, MR_OPS_NOTE)],
  distributorVerify: [art('mr', '13', undefined, undefined, MR_OPS_NOTE)],
  distributorDocs: [art('mr', '13', undefined, undefined, MR_OPS_NOTE)],
  representativeDocs: [art('md', '2', undefined, 'j'), art('mr', '11', undefined, undefined, MR_OPS_NOTE)],
};

/**
 * A duty every role has, which an importer or distributor meets by verifying what the manufacturer did
 * (its identification, the marking, the instructions): the rule applies to every role, with their article.
 */
export function verifiedBy(
  ops: OperatorArticles | undefined,
  also: LegalRef[] = [],
): Pick<RequirementRule, 'role_legal'> {
  // A pack that does not name its act's operator articles yet: every role is cited to the rule's own articles.
  if (!ops) return {};
  return {
    role_legal: {
      importer: [...ops.importerVerify, ...also],
      distributor: [...ops.distributorVerify, ...also],
      fulfilment_service_provider: [...MSR_FSP, ...also],
    },
  };
}

/**
 * A document the manufacturer draws up (technical documentation, risk analysis, test reports). Roles that
 * keep it themselves hold it; the others confirm it is held by an operator linked to the SKU and available on
 * request. A distributor only provides it on a reasoned request: a warning for it, not a blocker.
 */
export function heldDocument(
  ops: OperatorArticles | undefined,
  holders: RequirementRule['roles'] = ['manufacturer', 'authorised_representative'],
): Pick<RequirementRule, 'roles' | 'other_roles' | 'role_legal' | 'role_severity'> {
  if (!ops) return { roles: holders, other_roles: 'held_by', role_severity: { distributor: 'warning' } };
  return {
    roles: holders,
    other_roles: 'held_by',
    role_legal: {
      importer: ops.importerDocs,
      distributor: ops.distributorDocs,
      authorised_representative: ops.representativeDocs,
      fulfilment_service_provider: MSR_FSP,
    },
    role_severity: { distributor: 'warning' },
  };
}

/** The declaration of conformity: the importer and the authorised representative keep a copy themselves. */
export const heldDeclaration = (ops: OperatorArticles | undefined) =>
  heldDocument(ops, ['manufacturer', 'importer', 'authorised_representative']);

/** The electronic address: GPSR Art. 9(6) and 19(a); sectoral acts ask for a postal address only. */
const ELECTRONIC_ADDRESS_LEGAL: LegalRef[] = [art('gpsr', '9', '6'), art('gpsr', '19', undefined, 'a')];
const RP_ELECTRONIC_ADDRESS_LEGAL: LegalRef[] = [art('gpsr', '19', undefined, 'b')];

const CE = 'ce_marking';
const DOC: ['declaration_of_conformity'] = ['declaration_of_conformity'];

// Phrases a declaration of conformity uses to name each act (its number in the usual spellings, or its short name).
const CITES = {
  tsd: ['2009/48/EC', '2009/48/EG', '2009/48/CE', '2009/48/UE'],
  tsr: ['2025/2509'],
  lvd: ['2014/35/EU', '2014/35/EG', '2014/35/UE', 'Low Voltage Directive', 'Niederspannungsrichtlinie'],
  emc: ['2014/30/EU', '2014/30/EG', '2014/30/UE', 'EMC Directive', 'EMV-Richtlinie'],
  red: ['2014/53/EU', '2014/53/EG', '2014/53/UE', 'Radio Equipment Directive', 'Funkanlagenrichtlinie'],
  rohs: ['2011/65/EU', '2011/65/EG', '2011/65/UE', '2015/863', 'RoHS'],
  md: ['2006/42/EC', '2006/42/EG', '2006/42/CE'],
  mr: ['2023/1230'],
  batt: ['2023/1542'],
};

export const WEEE_SYMBOL = [
  'crossed out wheeled bin',
  'crossed-out wheeled bin',
  'wheelie bin',
  'wheeled bin',
  'weee',
  'mulltonne',
  'abfalltonne',
  'poubelle barree',
  'contenedor tachado',
  'bidone barrato',
  'cassonetto barrato',
];

// ----- GPSR core ------------------------------------------------------------------------------

const CORE_RULES: RequirementRule[] = [
  {
    id: 'core.manufacturer',
    code: 'MANUFACTURER_MISSING',
    severity: 'blocker',
    legal: [art('gpsr', '9', '6'), art('gpsr', '19', undefined, 'a')],
    ...verifiedBy(GPSR_OPS, [art('gpsr', '19', undefined, 'a')]),
    sub_legal: { MANUFACTURER_ELECTRONIC_ADDRESS_MISSING: ELECTRONIC_ADDRESS_LEGAL },
    message: 'No manufacturer is linked: its name, postal address and electronic address must be shown.',
    satisfied_by:
      'A linked manufacturer (or confirmed manufacturer fields) with name or trade mark, postal address and an email or contact website, and its country.',
    why: "Art. 9(6) requires the manufacturer's name, registered trade name or trade mark and its postal and electronic address on the product; Art. 19(a) requires the same in every online offer. Mandatory for every product: blocker. The country is asked because it decides whether an EU responsible person is needed.",
    spec: { kind: 'operator_contact', role: 'manufacturer' },
  },
  {
    id: 'core.responsible_person',
    code: 'EU_RESPONSIBLE_PERSON_MISSING',
    severity: 'blocker',
    legal: [
      art('gpsr', '16', '1'),
      art('gpsr', '16', '2', undefined, 'Paragraph number of the contact-details duty not re-read against the text.'),
      art('gpsr', '19', undefined, 'b'),
      art('msr', '4', '2'),
    ],
    sub_legal: { RESPONSIBLE_PERSON_ELECTRONIC_ADDRESS_MISSING: RP_ELECTRONIC_ADDRESS_LEGAL },
    message:
      'The manufacturer is not established in the EU, and no responsible person established in the EU (importer, authorised representative or responsible person) is linked.',
    satisfied_by:
      'A manufacturer established in the EU/EEA, or a linked importer, authorised representative (written mandate) or responsible person established there, with postal and electronic address (not a PO box, which marketplaces refuse).',
    why: 'Art. 16(1) allows no product on the market without an economic operator established in the Union for the tasks of Regulation (EU) 2019/1020 Art. 4(3); that operator is, in this order, the EU manufacturer, the importer, the authorised representative or a fulfilment service provider (Art. 4(2) of 2019/1020). Art. 19(b) requires its name, postal and electronic address in online offers. Fulfilment service providers are not an entity role of this product yet: record one as "responsible person".',
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
    legal: [art('gpsr', '9', '5'), art('gpsr', '19', undefined, 'c')],
    ...verifiedBy(GPSR_OPS, [art('gpsr', '19', undefined, 'c')]),
    message: 'The product has no identifier: add a GTIN, a model/type number or a batch or serial number scheme.',
    satisfied_by: 'A GTIN, a model/type number or a batch or serial number scheme.',
    why: 'Art. 9(5) requires a type, batch or serial number or other element identifying the product; Art. 19(c) requires its type and any other identifier in online offers. Mandatory for every product: blocker.',
    spec: { kind: 'fields_any', fields: ['gtin', 'model_number', 'batch_or_serial_scheme'] },
  },
  {
    id: 'core.gtin_check_digit',
    code: 'GTIN_CHECK_DIGIT_INVALID',
    severity: 'warning',
    legal: [{ act: 'gs1', section: '7.9' }],
    message: 'The GTIN has a wrong check digit; check it for a typo or a lost leading zero.',
    satisfied_by: 'A GTIN whose last digit matches the GS1 check digit, or no GTIN.',
    why: 'No law requires a GTIN; a wrong check digit usually means a typo that breaks marketplace listings. Good practice: warning.',
    spec: { kind: 'gtin_check_digit' },
  },
  {
    id: 'core.picture',
    code: 'PRODUCT_IMAGE_MISSING',
    severity: 'blocker',
    legal: [art('gpsr', '19', undefined, 'c')],
    message: 'A picture of the product is missing; online offers must show one.',
    satisfied_by: 'A product picture URL.',
    why: 'Art. 19(c) requires information identifying the product, including a picture of it, in every online or distance offer. Mandatory for every product sold at a distance: blocker.',
    spec: { kind: 'fields_all', fields: ['product_image_url'] },
  },
  {
    id: 'core.target_markets',
    code: 'TARGET_MARKETS_MISSING',
    severity: 'blocker',
    legal: [art('gpsr', '9', '7'), art('gpsr', '19', undefined, 'd')],
    message: 'Target markets are not set, so the languages the safety information needs cannot be determined.',
    satisfied_by: 'The target markets (ISO country codes).',
    why: 'The languages of warnings and instructions are those determined by each Member State where the product is made available (Art. 9(7), 19(d)); without the markets no language rule can be checked. A prerequisite of mandatory rules: blocker.',
    spec: { kind: 'target_markets' },
  },
  {
    id: 'core.warnings_languages',
    code: 'WARNINGS_MISSING_FOR_LANGUAGE',
    severity: 'blocker',
    legal: [art('gpsr', '9', '7'), art('gpsr', '19', undefined, 'd')],
    role_legal: {
      importer: [art('gpsr', '11', '4'), art('gpsr', '19', undefined, 'd')],
      distributor: [art('gpsr', '12', '1'), art('gpsr', '19', undefined, 'd')],
    },
    message: 'Safety warnings in {language} are missing (needed for {markets}).',
    satisfied_by: 'Safety warnings in a language of each target market (see the market language table).',
    why: 'Art. 19(d) requires warnings or safety information in a language easily understood by consumers, as determined by the Member State, in every online offer; Art. 9(7) on the product. Mandatory: blocker per missing language.',
    spec: { kind: 'safety_info_languages', base: 'safety_warnings' },
  },
  {
    id: 'core.instructions_languages',
    code: 'INSTRUCTIONS_MISSING_FOR_LANGUAGE',
    severity: 'blocker',
    legal: [art('gpsr', '9', '7')],
    role_legal: { importer: [art('gpsr', '11', '4')], distributor: [art('gpsr', '12', '1')] },
    when: [{ fact: 'instructions_needed', is: 'yes' }],
    message: 'Instructions in {language} are missing (needed for {markets}).',
    satisfied_by:
      'Instructions in a language of each target market, or the answer "Instructions needed: no" when the product can be used safely and as intended without them.',
    why: 'Art. 9(7) requires clear instructions in the market\'s language "except where the product can be used safely and as intended without such instructions". Whether that exception holds is a fact about the product: when instructions are missing and the dossier does not say, the user is asked; when they are needed, each missing language is a blocker.',
    spec: { kind: 'safety_info_languages', base: 'instructions' },
  },
  {
    id: 'core.risk_assessment',
    code: 'RISK_ASSESSMENT_MISSING',
    severity: 'blocker',
    legal: [art('gpsr', '9', '2')],
    ...heldDocument(GPSR_OPS),
    message:
      'No valid risk assessment is linked; the manufacturer must carry out an internal risk analysis before placing the product on the market.',
    satisfied_by:
      'A linked, unexpired risk assessment document; for a role that does not draw it up, a confirmation that the manufacturer (or another linked operator) holds it and makes it available on request.',
    why: 'Art. 9(2) requires an internal risk analysis before placing on the market, kept with the technical documentation for 10 years. Mandatory: blocker.',
    spec: { kind: 'document', types: ['risk_assessment'] },
  },
  {
    id: 'core.technical_documentation',
    code: 'TECHNICAL_DOCUMENTATION_MISSING',
    severity: 'blocker',
    legal: [art('gpsr', '9', '2')],
    ...heldDocument(GPSR_OPS),
    message:
      'The technical documentation lacks a general description of the product and its essential safety characteristics.',
    satisfied_by:
      'A product description with its essential safety characteristics; for a role that does not draw up the technical documentation, a confirmation that the manufacturer (or another linked operator) holds it and makes it available on request.',
    why: 'Art. 9(2) second subparagraph: the technical documentation contains at least a general description of the product and its essential properties relevant to safety. Mandatory: blocker.',
    spec: { kind: 'fields_all', fields: ['product_description'] },
  },
  {
    id: 'core.certificate_validity',
    code: 'CERTIFICATE_VALIDITY_EXPIRED',
    severity: 'warning',
    legal: [art('gpsr', '9', '2')],
    message: 'The certificate validity date ({date}) has passed.',
    satisfied_by: 'No certificate validity date, or one not in the past.',
    why: 'For a product under the GPSR alone no certificate is required by law; an expired one weakens the technical documentation (Art. 9(2)) but does not by itself make the product non-compliant. Good practice: warning. Packs whose law requires a valid certificate check it as a document.',
    spec: { kind: 'field_date_not_past', field: 'certificate_valid_until' },
  },
];

/**
 * Core rules re-cited for products under Union harmonisation legislation (GPSR Art. 2(1)(b)): Art. 9
 * and 16 do not apply to them; the sectoral duties and Regulation (EU) 2019/1020 Art. 4 do, and Art. 19
 * (distance sales) still does.
 */
export function harmonisedCore(opts: {
  manufacturer: LegalRef[];
  identifier: LegalRef[];
  languages: LegalRef[];
  instructions: LegalRef[];
  /** True when the sectoral act requires instructions for every product (no "can be used safely without" exception). */
  instructionsAlwaysRequired: boolean;
  risk: LegalRef[];
  riskWhy: string;
  techDoc: LegalRef[];
  responsible: LegalRef[];
  act: string;
  /** The act's importer/distributor/representative articles; without them every role is cited to the rule's own. */
  ops?: OperatorArticles;
}): RequirementRule[] {
  const core = new Map(CORE_RULES.map((r) => [r.id, r]));
  const gpsrNote = `Under GPSR Art. 2(1)(b) the GPSR's Art. 9 and 16 do not apply to products under ${opts.act}; its own provisions do, and GPSR Art. 19 still governs online offers.`;
  return [
    {
      ...core.get('core.manufacturer')!,
      legal: [...opts.manufacturer, art('gpsr', '19', undefined, 'a')],
      ...verifiedBy(opts.ops, [art('gpsr', '19', undefined, 'a')]),
      why: `${gpsrNote} The manufacturer's name and contact address are mandatory on every product and in every online offer: blocker.`,
    },
    {
      ...core.get('core.responsible_person')!,
      legal: [...opts.responsible, art('gpsr', '19', undefined, 'b')],
      why: `${gpsrNote} Regulation (EU) 2019/1020 Art. 4(1)-(2) requires an economic operator established in the Union (EU manufacturer, importer, authorised representative with a written mandate, or fulfilment service provider) for products under this act, with its contact details on the product, packaging, parcel or an accompanying document (Art. 4(4)).`,
    },
    {
      ...core.get('core.identifier')!,
      legal: [...opts.identifier, art('gpsr', '19', undefined, 'c')],
      ...verifiedBy(opts.ops, [art('gpsr', '19', undefined, 'c')]),
      why: `${gpsrNote} An identifying type, batch or serial number is mandatory: blocker.`,
    },
    {
      ...core.get('core.warnings_languages')!,
      legal: [...opts.languages, art('gpsr', '19', undefined, 'd')],
      ...verifiedBy(opts.ops, [art('gpsr', '19', undefined, 'd')]),
    },
    opts.instructionsAlwaysRequired
      ? {
          ...core.get('core.instructions_languages')!,
          when: undefined,
          legal: opts.instructions,
          ...verifiedBy(opts.ops),
          satisfied_by: 'Instructions in a language of each target market.',
          why: `${opts.act} requires instructions and safety information in a language the Member State determines for every product, with no exception: blocker per missing language.`,
        }
      : { ...core.get('core.instructions_languages')!, legal: opts.instructions, ...verifiedBy(opts.ops) },
    { ...core.get('core.risk_assessment')!, legal: opts.risk, why: opts.riskWhy, ...heldDocument(opts.ops) },
    {
      ...core.get('core.technical_documentation')!,
      legal: opts.techDoc,
      ...heldDocument(opts.ops),
      why: `${gpsrNote} The technical documentation must describe the product's design and manufacture: blocker.`,
    },
  ];
}

export const GPSR_CORE_2026_11: ProfileDefinition = {
  id: 'gpsr-core@2026-11',
  category: 'general',
  title: 'GPSR core: every consumer product (Regulation (EU) 2023/988 Art. 9, 16, 19)',
  summary: 'Every consumer product without a more specific pack. Applies from 13 December 2024 (GPSR Art. 52).',
  rules: CORE_RULES,
};

// ----- Toys -----------------------------------------------------------------------------------

const TSR_APPLIES_FROM = '2030-08-01';
const TSR_DATE_NOTE =
  'Application date of Regulation (EU) 2025/2509 taken as 1 August 2030 from memory; check Art. of entry into force and application of the published text.';

export const TOYS_2026_11: ProfileDefinition = {
  id: 'toys@2026-11',
  category: 'toys',
  extends: GPSR_CORE_2026_11.id,
  title: 'Toys: Directive 2009/48/EC (until the Toy Safety Regulation (EU) 2025/2509 applies)',
  summary:
    'Toys: products designed or intended for use in play by children under 14 (Directive 2009/48/EC Art. 2(1)). Regulation (EU) 2025/2509 repeals the Directive; its DoC and digital product passport rules are dated rules here.',
  rules: [
    ...harmonisedCore({
      act: 'Directive 2009/48/EC',
      manufacturer: [art('tsd', '4', '6')],
      identifier: [art('tsd', '4', '5')],
      languages: [
        art('tsd', '4', '7'),
        art(
          'tsd',
          '11',
          undefined,
          undefined,
          'Which paragraph of Art. 11 makes warnings visible before purchase online not re-read.',
        ),
      ],
      instructions: [art('tsd', '4', '7')],
      instructionsAlwaysRequired: false,
      risk: [art('tsd', '18'), annex('tsd', 'IV, point (b)', 'Point letter of Annex IV not re-read.')],
      riskWhy:
        'Art. 18 requires a safety assessment of the chemical, physical, mechanical, electrical, flammability, hygiene and radioactivity hazards before the toy is placed on the market; it is part of the technical documentation (Art. 21, Annex IV). Mandatory: blocker.',
      techDoc: [art('tsd', '21'), annex('tsd', 'IV, point (a)', 'Point letter of Annex IV not re-read.')],
      responsible: [art('msr', '4', '1'), art('msr', '4', '2')],
      ops: TSD_OPS,
    }),
    {
      id: 'toys.en71_report',
      code: 'TOY_EN71_REPORT_MISSING',
      severity: 'blocker',
      ...heldDocument(TSD_OPS),
      legal: [
        art('tsd', '13'),
        art('tsd', '19'),
        annex('tsd', 'IV, point (g)', 'Point letter of Annex IV not re-read.'),
      ],
      message: 'No valid EN 71 test report is linked.',
      satisfied_by: 'A linked, unexpired test report citing EN 71 (or one with no recorded references).',
      why: 'Under internal production control (Art. 19(2)) conformity rests on the harmonised standards (EN 71 series, Art. 13), and the technical documentation must contain the test reports (Annex IV). Without them the toy must go through EC type-examination instead; either way test evidence is mandatory: blocker.',
      spec: { kind: 'document', types: ['test_report'], references_any: ['EN 71'] },
    },
    {
      id: 'toys.doc',
      code: 'TOY_DOC_MISSING',
      severity: 'blocker',
      ...heldDeclaration(TSD_OPS),
      applies_until: '2030-07-31',
      legal: [art('tsd', '15'), annex('tsd', 'III'), blueGuide('4.4')],
      message: 'No EU declaration of conformity under Directive 2009/48/EC is linked.',
      satisfied_by: 'A linked, unexpired declaration of conformity citing Directive 2009/48/EC.',
      why: 'Art. 15 requires an EC declaration of conformity (model in Annex III) for every toy. Mandatory: blocker. Until the Toy Safety Regulation applies.',
      spec: { kind: 'document', types: DOC, references_any: CITES.tsd },
    },
    {
      id: 'toys.doc_tsr',
      code: 'TOY_DOC_TSR_MISSING',
      severity: 'blocker',
      ...heldDeclaration(TSD_OPS),
      applies_from: TSR_APPLIES_FROM,
      legal: [
        {
          act: 'tsr',
          unsure: `Article numbers of the DoC and digital product passport provisions not re-read. ${TSR_DATE_NOTE}`,
        },
      ],
      message:
        'No EU declaration of conformity under Regulation (EU) 2025/2509 (Toy Safety Regulation) is linked; the toy also needs its digital product passport.',
      satisfied_by: 'A linked declaration of conformity citing Regulation (EU) 2025/2509.',
      why: "From its application date the Toy Safety Regulation replaces Directive 2009/48/EC; the declaration of conformity becomes part of the toy's digital product passport. Mandatory for every toy placed on the market from then: blocker.",
      spec: { kind: 'document', types: DOC, references_any: CITES.tsr },
    },
    {
      id: 'toys.doc_emc',
      code: 'TOY_DOC_EMC_NOT_CITED',
      severity: 'blocker',
      when: [
        { fact: 'electrically_powered', is: 'yes' },
        { fact: 'radio_equipment', is: 'no' },
      ],
      legal: [art('emc', '15', '3'), art('tsd', '15'), blueGuide('4.4')],
      message: 'The declaration of conformity of this electric toy does not cite the EMC Directive 2014/30/EU.',
      satisfied_by:
        'A declaration of conformity that also names Directive 2014/30/EU (or, for radio toys, 2014/53/EU).',
      why: 'An electric toy is also apparatus under the EMC Directive; where several Union acts require a declaration, a single declaration names all of them (EMC Art. 15(3); Blue Guide 4.4). Conditional on the toy being electric: asked when unknown.',
      spec: { kind: 'document_cites', types: DOC, act: 'Directive 2014/30/EU (EMC)', any: CITES.emc },
    },
    {
      id: 'toys.doc_red',
      code: 'TOY_DOC_RED_NOT_CITED',
      severity: 'blocker',
      when: [
        { fact: 'electrically_powered', is: 'yes' },
        { fact: 'radio_equipment', is: 'yes' },
      ],
      legal: [art('red', '18', '3'), art('red', '3', '1'), blueGuide('4.4')],
      message:
        'The declaration of conformity of this radio toy does not cite the Radio Equipment Directive 2014/53/EU.',
      satisfied_by: 'A declaration of conformity that also names Directive 2014/53/EU.',
      why: 'A toy that emits or receives radio waves is radio equipment; RED Art. 3(1) covers its EMC requirements, and the single declaration must name it (RED Art. 18(3)). Conditional: asked when unknown.',
      spec: { kind: 'document_cites', types: DOC, act: 'Directive 2014/53/EU (RED)', any: CITES.red },
    },
    {
      id: 'toys.doc_rohs',
      code: 'TOY_DOC_ROHS_NOT_CITED',
      severity: 'blocker',
      when: [{ fact: 'electrically_powered', is: 'yes' }],
      legal: [
        art('rohs', '13', '3', undefined, 'Paragraph number not re-read.'),
        art('rohs', '2', '1'),
        blueGuide('4.4'),
      ],
      message: 'The declaration of conformity of this electric toy does not cite the RoHS Directive 2011/65/EU.',
      satisfied_by: 'A declaration of conformity that also names Directive 2011/65/EU.',
      why: 'Electric toys are electrical and electronic equipment (RoHS Annex I category 7); the single declaration must name RoHS. Conditional: asked when unknown.',
      spec: { kind: 'document_cites', types: DOC, act: 'Directive 2011/65/EU (RoHS)', any: CITES.rohs },
    },
    {
      id: 'toys.weee_symbol',
      code: 'TOY_WEEE_SYMBOL_MISSING',
      severity: 'blocker',
      when: [{ fact: 'electrically_powered', is: 'yes' }],
      legal: [art('weee', '14', '4'), annex('weee', 'IX')],
      message: 'Other marks do not mention the crossed-out wheeled bin required on electric toys.',
      satisfied_by: '"Other marks" mentioning the crossed-out wheeled bin (WEEE symbol).',
      why: 'Electrical and electronic equipment carries the separate collection symbol of Annex IX (Art. 14(4), transposed by each Member State). Conditional on the toy being electric.',
      spec: { kind: 'field_mentions', field: 'other_marks', any: WEEE_SYMBOL },
    },
    {
      id: 'toys.age_grading',
      code: 'TOY_AGE_GRADING_MISSING',
      severity: 'blocker',
      ...verifiedBy(TSD_OPS),
      legal: [art('tsd', '11', '1'), annex('tsd', 'V, Part A')],
      message: 'The age grading of the toy is missing.',
      satisfied_by: 'An age grading, e.g. "3+" or the warning "Not suitable for children under 36 months".',
      why: 'Art. 11(1) and Annex V Part A: where appropriate for safe use, warnings state user limitations including at least the minimum or maximum age; toys dangerous for under-36-month-olds carry the Annex V Part B warning. "Where appropriate" is read as always for marketplace offers (market surveillance and EN 71-1 expect an age indication); waive with a reason for a toy where no age limit is appropriate.',
      spec: { kind: 'fields_all', fields: ['age_grading'] },
    },
    {
      id: 'toys.ce_marking',
      code: 'TOY_CE_MARKING_MISSING',
      severity: 'blocker',
      ...verifiedBy(TSD_OPS),
      legal: [art('tsd', '16'), art('tsd', '17'), blueGuide('4.5.1')],
      message: 'Toys must carry the CE marking; confirm "CE marking: yes".',
      satisfied_by: '"CE marking: yes".',
      why: 'Art. 16–17: toys made available on the market bear the CE marking, affixed visibly on the toy, a label or the packaging. Mandatory for every toy: blocker.',
      spec: { kind: 'field_equals', field: CE, value: 'yes' },
    },
  ],
};

// ----- Electrical equipment -------------------------------------------------------------------

export const ELECTRICAL_2026_11: ProfileDefinition = {
  id: 'electrical@2026-11',
  category: 'electrical',
  extends: GPSR_CORE_2026_11.id,
  title: 'Electrical and electronic equipment: LVD 2014/35/EU, EMC 2014/30/EU, RED 2014/53/EU, RoHS 2011/65/EU',
  summary:
    'Which acts apply decides what the single declaration of conformity must name: mains-voltage equipment → LVD + EMC + RoHS; radio equipment → RED (its Art. 3(1) covers the LVD safety objectives without voltage limit and the EMC requirements) + RoHS; extra-low-voltage non-radio equipment → EMC + RoHS. Ecodesign and energy labelling (Regulation (EU) 2017/1369 and product regulations such as (EU) 2019/2015 for light sources) are not checked yet.',
  rules: [
    ...harmonisedCore({
      act: 'Directives 2014/35/EU, 2014/30/EU and 2014/53/EU',
      manufacturer: [art('lvd', '6', '6'), art('emc', '7', '6'), art('red', '10', '7')],
      identifier: [art('lvd', '6', '5'), art('emc', '7', '5'), art('red', '10', '6')],
      languages: [art('lvd', '6', '7'), art('red', '10', '8')],
      instructions: [
        art('lvd', '6', '7'),
        art('emc', '18', undefined, undefined, 'EMC Art. 18 (information on use) paragraph not re-read.'),
        art('red', '10', '8'),
      ],
      instructionsAlwaysRequired: true,
      risk: [
        annex('lvd', 'III, point 2'),
        annex('emc', 'II, point 2', 'Point of Annex II not re-read.'),
        annex('red', 'V', 'Point of Annex V not re-read.'),
      ],
      riskWhy:
        'The technical documentation under internal production control must include an adequate analysis and assessment of the risks (LVD Annex III point 2; EMC Annex II: electromagnetic compatibility assessment; RED Annex V). Mandatory: blocker.',
      techDoc: [annex('lvd', 'III, point 2'), annex('emc', 'II', 'Point of Annex II not re-read.')],
      responsible: [art('msr', '4', '1'), art('msr', '4', '2')],
      ops: LVD_OPS,
    }),
    {
      id: 'electrical.doc',
      code: 'ELECTRICAL_DOC_MISSING',
      severity: 'blocker',
      ...heldDeclaration(LVD_OPS),
      legal: [
        art('lvd', '15'),
        art('emc', '15'),
        art('red', '18'),
        art('rohs', '13', undefined, undefined, 'Article number of the RoHS DoC provision not re-read.'),
        blueGuide('4.4'),
      ],
      message: 'No EU declaration of conformity is linked.',
      satisfied_by: 'A linked, unexpired EU declaration of conformity (the rules below check which acts it names).',
      why: 'Every act that applies to electrical equipment (LVD or RED, EMC, RoHS) requires an EU declaration of conformity. Mandatory: blocker.',
      spec: { kind: 'document', types: DOC },
    },
    {
      id: 'electrical.doc_lvd',
      code: 'ELECTRICAL_DOC_LVD_NOT_CITED',
      severity: 'blocker',
      when: [
        { fact: 'radio_equipment', is: 'no' },
        { fact: 'lvd_voltage', is: 'yes' },
      ],
      legal: [art('lvd', '1'), art('lvd', '15', '3'), blueGuide('4.4')],
      message:
        'The declaration of conformity does not cite the Low Voltage Directive 2014/35/EU, which applies to this equipment (rated voltage in the LVD range).',
      satisfied_by: 'A declaration of conformity that names Directive 2014/35/EU.',
      why: 'The LVD applies to equipment rated 50–1000 V AC or 75–1500 V DC (Art. 1), e.g. a mains-powered lamp; where several acts require a declaration, a single declaration names all of them with their publication references (Art. 15(3)). A declaration citing only EMC or RoHS does not cover a mains lamp. Conditional on the voltage and on the product not being radio equipment: asked when unknown.',
      spec: { kind: 'document_cites', types: DOC, act: 'Directive 2014/35/EU (LVD)', any: CITES.lvd },
    },
    {
      id: 'electrical.doc_emc',
      code: 'ELECTRICAL_DOC_EMC_NOT_CITED',
      severity: 'blocker',
      when: [{ fact: 'radio_equipment', is: 'no' }],
      legal: [art('emc', '2', '1', undefined, 'Scope paragraph not re-read.'), art('emc', '15', '3'), blueGuide('4.4')],
      message: 'The declaration of conformity does not cite the EMC Directive 2014/30/EU.',
      satisfied_by: 'A declaration of conformity that names Directive 2014/30/EU.',
      why: 'Apparatus liable to generate or be affected by electromagnetic disturbance is under the EMC Directive whatever its voltage; the single declaration must name it (Art. 15(3)). Radio equipment meets EMC through RED Art. 3(1)(b) instead. Conditional on the product not being radio equipment: asked when unknown. Inherently benign items (e.g. a bare cable) are outside the EMC Directive: waive with that reason.',
      spec: { kind: 'document_cites', types: DOC, act: 'Directive 2014/30/EU (EMC)', any: CITES.emc },
    },
    {
      id: 'electrical.doc_red',
      code: 'ELECTRICAL_DOC_RED_NOT_CITED',
      severity: 'blocker',
      when: [{ fact: 'radio_equipment', is: 'yes' }],
      legal: [art('red', '3', '1'), art('red', '18', '3'), blueGuide('4.4')],
      message:
        'The declaration of conformity does not cite the Radio Equipment Directive 2014/53/EU, which applies to radio equipment.',
      satisfied_by: 'A declaration of conformity that names Directive 2014/53/EU.',
      why: 'Radio equipment is under RED, whose Art. 3(1)(a)-(b) cover the LVD safety objectives (without voltage limit) and the EMC requirements; the declaration must name RED (Art. 18(3)). Conditional: asked when unknown.',
      spec: { kind: 'document_cites', types: DOC, act: 'Directive 2014/53/EU (RED)', any: CITES.red },
    },
    {
      id: 'electrical.doc_rohs',
      code: 'ELECTRICAL_DOC_ROHS_NOT_CITED',
      severity: 'blocker',
      legal: [
        art('rohs', '2', '1'),
        art('rohs', '13', '3', undefined, 'Paragraph number not re-read.'),
        blueGuide('4.4'),
      ],
      message: 'The declaration of conformity does not cite the RoHS Directive 2011/65/EU.',
      satisfied_by: 'A declaration of conformity that names Directive 2011/65/EU (as amended by (EU) 2015/863).',
      why: 'RoHS applies to all electrical and electronic equipment (open scope, Art. 2(1) and Annex I category 11) and requires an EU declaration; the single declaration must name it. Mandatory for every product of the kind: blocker.',
      spec: { kind: 'document_cites', types: DOC, act: 'Directive 2011/65/EU (RoHS)', any: CITES.rohs },
    },
    {
      id: 'electrical.test_report',
      code: 'ELECTRICAL_TEST_REPORT_MISSING',
      severity: 'blocker',
      ...heldDocument(LVD_OPS),
      legal: [
        annex('lvd', 'III, point 2'),
        annex('emc', 'II, point 3', 'Point of Annex II not re-read.'),
        annex('red', 'V', 'Point of Annex V not re-read.'),
      ],
      message: 'No valid electrical safety or EMC test report is linked.',
      satisfied_by: 'A linked, unexpired test report.',
      why: 'Under internal production control the technical documentation includes the reports of tests carried out (LVD Annex III point 2, EMC Annex II, RED Annex V). Mandatory: blocker.',
      spec: { kind: 'document', types: ['test_report'] },
    },
    {
      id: 'electrical.rated_voltage',
      code: 'ELECTRICAL_RATED_VOLTAGE_MISSING',
      severity: 'blocker',
      legal: [annex('lvd', 'I, point 1(a)'), art('lvd', '1')],
      message: 'The rated voltage is missing.',
      satisfied_by: 'The rated voltage with AC/DC, e.g. "230 V~ 50 Hz".',
      why: 'The essential characteristics needed for safe use are marked on the equipment (LVD Annex I point 1(a)); the rated voltage also decides whether the LVD applies at all (Art. 1). Blocker.',
      spec: { kind: 'fields_all', fields: ['rated_voltage'] },
    },
    {
      id: 'electrical.ce_marking',
      code: 'ELECTRICAL_CE_MARKING_MISSING',
      severity: 'blocker',
      ...verifiedBy(LVD_OPS),
      legal: [
        art('lvd', '16'),
        art('lvd', '17'),
        art('emc', '16'),
        art('emc', '17'),
        art('red', '19'),
        art('red', '20'),
        art('rohs', '15', undefined, undefined, 'Article number of the RoHS CE provision not re-read.'),
        blueGuide('4.5.1'),
      ],
      message: 'Electrical equipment must carry the CE marking; confirm "CE marking: yes".',
      satisfied_by: '"CE marking: yes".',
      why: 'Every act that applies (LVD or RED, EMC, RoHS) requires the CE marking before the product is placed on the market. Mandatory: blocker.',
      spec: { kind: 'field_equals', field: CE, value: 'yes' },
    },
    {
      id: 'electrical.weee_symbol',
      code: 'ELECTRICAL_WEEE_SYMBOL_MISSING',
      severity: 'blocker',
      legal: [art('weee', '14', '4'), annex('weee', 'IX')],
      message: 'Other marks do not mention the crossed-out wheeled bin (WEEE symbol).',
      satisfied_by: '"Other marks" mentioning the crossed-out wheeled bin.',
      why: 'Producers mark electrical and electronic equipment with the separate collection symbol of Annex IX (Art. 14(4), in national law of each Member State); WEEE has an open scope since 15 August 2018. Mandatory: blocker.',
      spec: { kind: 'field_mentions', field: 'other_marks', any: WEEE_SYMBOL },
    },
  ],
};

// ----- Cosmetics ------------------------------------------------------------------------------

export const COSMETICS_2026_11: ProfileDefinition = {
  id: 'cosmetics@2026-11',
  category: 'cosmetics',
  extends: GPSR_CORE_2026_11.id,
  title: 'Cosmetics: Regulation (EC) No 1223/2009',
  summary:
    'The responsible person (Art. 4) is assigned by law: the EU manufacturer (Art. 4(3)), for an imported product each importer (Art. 4(5)), unless they designate another person established in the Union by written mandate (Art. 4(3)-(5)); a distributor becomes it when selling under its own name (Art. 4(6)).',
  rules: [
    ...harmonisedCore({
      act: 'Regulation (EC) No 1223/2009',
      manufacturer: [art('cpr', '19', '1', 'a')],
      identifier: [art('cpr', '19', '1', 'e')],
      languages: [art('cpr', '19', '1', 'd'), art('cpr', '19', '5')],
      instructions: [art('cpr', '19', '1', 'd'), art('cpr', '19', '5')],
      instructionsAlwaysRequired: false,
      risk: [art('cpr', '10'), annex('cpr', 'I')],
      riskWhy:
        'Art. 10 requires a safety assessment and a cosmetic product safety report (Annex I) before placing on the market; it replaces the GPSR risk analysis, so a CPSR satisfies this rule. Mandatory: blocker.',
      techDoc: [art('cpr', '11', '2', 'a')],
      responsible: [art('cpr', '4', '1'), art('cpr', '5')],
      ops: CPR_OPS,
    }).map((r) =>
      // One obligation, one blocker: the CPSR is the cosmetic's safety assessment (Art. 10), which takes
      // the place of the GPSR risk analysis; the 2026-11 pack asked for both (RISK_ASSESSMENT_MISSING and
      // COSMETIC_CPSR_MISSING) when the CPSR was missing. The rule keeps the core rule's id so it replaces it.
      r.id === 'core.risk_assessment'
        ? {
            ...r,
            code: 'COSMETIC_CPSR_MISSING',
            legal: [art('cpr', '10', '1'), annex('cpr', 'I'), art('cpr', '11', '2', 'b')],
            ...heldDocument(CPR_OPS, ['manufacturer', 'importer', 'authorised_representative']),
            message: 'No cosmetic product safety report (CPSR) is linked.',
            satisfied_by:
              'A linked, unexpired CPSR (it is also the safety assessment: no separate risk assessment is asked for); for a distributor, a confirmation that the responsible person holds it and makes it available on request.',
            why: 'Art. 10(1): the responsible person ensures the product has undergone a safety assessment and a CPSR per Annex I is set up; it is part of the product information file (Art. 11(2)(b)). Under GPSR Art. 2(1)(b) it takes the place of the GPSR risk analysis. Mandatory: blocker. The responsible person is the EU manufacturer or the importer (Art. 4(3)) or a person designated by mandate (recorded here as authorised representative).',
            spec: { kind: 'document' as const, types: ['cpsr' as const] },
          }
        : r,
    ),
    {
      id: 'cosmetics.cpnp',
      code: 'COSMETIC_CPNP_NUMBER_MISSING',
      severity: 'blocker',
      roles: ['manufacturer', 'importer', 'authorised_representative'],
      legal: [art('cpr', '13', '1')],
      message: 'The CPNP notification number is missing.',
      satisfied_by: 'The CPNP notification reference.',
      why: 'Art. 13(1): before placing the product on the market the responsible person notifies it through the CPNP. Mandatory: blocker; the reference is the evidence.',
      spec: { kind: 'fields_all', fields: ['cpnp_number'] },
    },
    {
      id: 'cosmetics.inci',
      code: 'COSMETIC_INCI_MISSING',
      severity: 'blocker',
      ...verifiedBy(CPR_OPS),
      legal: [
        art('cpr', '19', '1', 'g'),
        art('cpr', '19', '6', undefined, 'Paragraph on common ingredient names (INCI) not re-read.'),
      ],
      message: 'The ingredient list (INCI names) is missing.',
      satisfied_by: 'The ingredient list with common ingredient names, in descending order of weight.',
      why: 'Art. 19(1)(g): the container or packaging bears the list of ingredients, preceded by "ingredients", in common ingredient names. Mandatory: blocker.',
      spec: { kind: 'fields_all', fields: ['ingredients_inci'] },
    },
    {
      id: 'cosmetics.responsible_person',
      code: 'COSMETIC_RESPONSIBLE_PERSON_MISSING',
      severity: 'blocker',
      legal: [art('cpr', '4', '3'), art('cpr', '4', '4'), art('cpr', '4', '5')],
      message:
        'A cosmetic made outside the EU needs a responsible person established in the EU: its EU importer (by default, Art. 4(5)) or a person designated by written mandate.',
      satisfied_by:
        'A manufacturer established in the EU (Art. 4(3)), or a linked EU importer (Art. 4(5)) or designated responsible person (Art. 4(4)-(5)).',
      why: 'Art. 4(1) allows only cosmetics with a responsible person established in the Union. The law assigns it by default: the EU manufacturer (Art. 4(3)); for an imported product, each importer for the products it places on the market (Art. 4(5)); another person only by written mandate (Art. 4(3)-(5)). The 2026-04 pack accepted only a separately designated person: corrected.',
      spec: { kind: 'eu_responsible_person', accepted_roles: ['responsible_person', 'importer'], check_contact: false },
    },
  ],
};

// ----- Chemical mixtures ----------------------------------------------------------------------

export const CHEMICALS_2026_11: ProfileDefinition = {
  id: 'chemicals@2026-11',
  category: 'chemicals',
  extends: GPSR_CORE_2026_11.id,
  title: 'Chemical mixtures: REACH (EC) No 1907/2006 and CLP (EC) No 1272/2008 on top of the GPSR core',
  summary: 'What applies depends on the CLP classification of the mixture, which the dossier is asked for.',
  rules: [
    {
      id: 'chemicals.sds',
      code: 'CHEMICAL_SDS_MISSING',
      severity: 'blocker',
      when: [{ fact: 'clp_hazardous', is: 'yes' }],
      legal: [art('reach', '31', '1', 'a'), annex('reach', 'II')],
      message: 'No valid safety data sheet (SDS) is linked.',
      satisfied_by: 'A linked, unexpired safety data sheet.',
      why: 'Art. 31(1)(a): a supplier provides an SDS (Annex II) for a mixture classified as hazardous under CLP; for sales to the general public it need not be handed to consumers (Art. 31(4)) but must exist for distributors and downstream users on request. Conditional on the classification: asked when unknown.',
      spec: { kind: 'document', types: ['safety_data_sheet'] },
    },
    {
      id: 'chemicals.ufi',
      code: 'CHEMICAL_UFI_MISSING',
      severity: 'blocker',
      when: [{ fact: 'clp_hazardous', is: 'yes' }],
      legal: [art('clp', '45'), annex('clp', 'VIII, Part A, section 5', 'Section number of Annex VIII not re-read.')],
      message:
        'The unique formula identifier (UFI) is missing; a mixture classified as hazardous needs one on its label.',
      satisfied_by: 'A UFI (16 characters).',
      why: 'Art. 45 and Annex VIII: importers and downstream users placing hazardous mixtures (health or physical hazards) on the market submit information to the poison centres and print the UFI on the label. Conditional on the classification: asked when unknown. (The 2026-04 pack blocked every mixture and asked for a waiver.)',
      spec: { kind: 'fields_all', fields: ['ufi_code'] },
    },
    {
      id: 'chemicals.clp',
      code: 'CHEMICAL_CLP_LABEL_MISSING',
      severity: 'blocker',
      when: [{ fact: 'clp_hazardous', is: 'yes' }],
      legal: [art('clp', '17', '1'), art('clp', '17', '2')],
      message:
        "Applicable legislation does not list the CLP Regulation (EC) No 1272/2008; a hazardous mixture needs a CLP label (pictograms, signal word, H and P statements) in the market's languages.",
      satisfied_by:
        '"Applicable legislation" naming Regulation (EC) No 1272/2008 (CLP), with the label elements in the safety warnings.',
      why: 'Art. 17(1): a hazardous mixture in packaging bears a label with the hazard pictograms, signal word, hazard and precautionary statements; Art. 17(2): in the official language(s) of the Member State. Mandatory for every hazardous mixture: blocker (the 2026-04 pack had it as a warning).',
      spec: { kind: 'field_mentions', field: 'applicable_legislation', any: ['1272/2008', 'CLP'] },
    },
  ],
};

// ----- Textiles -------------------------------------------------------------------------------

export const TEXTILES_2026_11: ProfileDefinition = {
  id: 'textiles@2026-11',
  category: 'textiles',
  extends: GPSR_CORE_2026_11.id,
  title: 'Textiles: Regulation (EU) No 1007/2011 (fibre names and labelling) on top of the GPSR core',
  summary:
    'Fibre composition labelling with the fibre names of Annex I, visible before purchase including online, in the official language(s) of each market.',
  rules: [
    {
      id: 'textiles.fibre_composition',
      code: 'TEXTILE_FIBRE_COMPOSITION_MISSING',
      severity: 'blocker',
      legal: [art('textile', '14', '1'), art('textile', '9'), annex('textile', 'I'), art('textile', '16', '1')],
      message: 'The fibre composition is missing.',
      satisfied_by: 'The fibre composition with Annex I fibre names and percentages by weight.',
      why: 'Art. 14(1): textile products are labelled or marked with their fibre composition when made available; Art. 9 and Annex I fix the names and percentages; Art. 16(1) requires the composition to be visible before purchase, including online. Mandatory: blocker.',
      spec: { kind: 'fields_all', fields: ['fibre_composition'] },
    },
    {
      id: 'textiles.label_languages',
      code: 'TEXTILE_LABEL_LANGUAGE_MISSING',
      severity: 'blocker',
      legal: [art('textile', '16', '3')],
      message: 'The fibre composition label is not given in {language} (needed for {markets}).',
      satisfied_by: '"Fibre label languages" listing a language of each target market (ISO 639-1 codes).',
      why: 'Art. 16(3): labelling and marking are in the official language(s) of the Member State where the product is made available to the consumer, unless that Member State provides otherwise. The market language table of this product is used as that list. Mandatory: blocker per missing language.',
      spec: { kind: 'languages_listed', field: 'fibre_label_languages' },
    },
    {
      id: 'textiles.animal_parts',
      code: 'TEXTILE_ANIMAL_PARTS_STATEMENT_MISSING',
      severity: 'blocker',
      when: [{ fact: 'animal_parts', is: 'yes' }],
      legal: [art('textile', '12')],
      message: 'The fibre composition does not state "Contains non-textile parts of animal origin".',
      satisfied_by:
        'The fibre composition including the phrase "Contains non-textile parts of animal origin" (in the label languages).',
      why: 'Art. 12: products containing non-textile parts of animal origin state it on the label. Conditional on such parts: asked when unknown.',
      spec: {
        kind: 'field_mentions',
        field: 'fibre_composition',
        any: [
          'non-textile parts of animal origin',
          'nichttextile teile tierischen ursprungs',
          'parties non textiles d origine animale',
          'partes no textiles de origen animal',
          'parti non tessili di origine animale',
        ],
      },
    },
  ],
};

// ----- Batteries ------------------------------------------------------------------------------

/** Regulation (EU) 2023/1542 Art. 96: Art. 17 and Chapter VI (DoC, CE marking) apply from 18 August 2024. */
const BATT_CONFORMITY_FROM = '2024-08-18';
/** Art. 13(3) separate collection symbol from 18 August 2025, when Directive 2006/66/EC is repealed (Art. 95). */
const BATT_COLLECTION_FROM = '2025-08-18';
/** Art. 13(6) QR code from 18 February 2027. */
const BATT_QR_FROM = '2027-02-18';
const BATT_DATES_NOTE =
  'Dates from Regulation (EU) 2023/1542 Art. 13 and 96 as remembered; Art. 13(1) also says "or 18 months after the implementing act", whichever is later — check the published text and the implementing act.';

export const BATTERIES_2026_11: ProfileDefinition = {
  id: 'batteries@2026-11',
  category: 'batteries',
  extends: GPSR_CORE_2026_11.id,
  title: 'Batteries: Regulation (EU) 2023/1542 (and Directive 2006/66/EC before it) on top of the GPSR core',
  summary:
    'Staged dates: DoC and CE marking from 18 August 2024; the collection symbol under the Regulation from 18 August 2025 (under the Directive before); the general information label from 18 August 2026; the QR code from 18 February 2027.',
  rules: [
    {
      id: 'batteries.type',
      code: 'BATTERY_TYPE_MISSING',
      severity: 'blocker',
      legal: [
        art('batt', '13', '1', undefined, BATT_DATES_NOTE),
        annex('batt', 'VI, Part A'),
        art('batt_dir', '21', '2'),
      ],
      message: 'The battery type (chemistry, voltage, capacity) is missing.',
      satisfied_by: 'The battery type: chemistry, voltage and capacity.',
      why: 'The capacity was required on portable rechargeable and automotive batteries by Directive 2006/66/EC Art. 21(2); Regulation (EU) 2023/1542 Art. 13(1) and Annex VI Part A require the chemistry, capacity and other general information on the label from 18 August 2026. It also decides which battery rules apply. Blocker.',
      spec: { kind: 'fields_all', fields: ['battery_type'] },
    },
    {
      id: 'batteries.evidence',
      code: 'BATTERY_CONFORMITY_EVIDENCE_MISSING',
      severity: 'warning',
      ...heldDocument(BATT_OPS),
      applies_until: '2024-08-17',
      legal: [art('batt_dir', '4'), art('batt_dir', '21')],
      message: 'No valid declaration of conformity or test report for the battery is linked.',
      satisfied_by: 'A linked test report (e.g. IEC 62133, UN 38.3) or declaration.',
      why: 'Before Regulation (EU) 2023/1542 Chapter VI applied, the Batteries Directive required no declaration of conformity; test evidence was good practice. Warning (the 2026-04 pack had a blocker without a date).',
      spec: {
        kind: 'document',
        types: ['declaration_of_conformity', 'test_report'],
        references_any: ['2023/1542', '2006/66/EC', 'IEC 62133', 'UN 38.3', 'EN 62133', 'IEC 62660'],
      },
    },
    {
      id: 'batteries.doc',
      code: 'BATTERY_DOC_MISSING',
      severity: 'blocker',
      ...heldDeclaration(BATT_OPS),
      applies_from: BATT_CONFORMITY_FROM,
      legal: [
        art('batt', '18'),
        annex('batt', 'IX', 'Annex number of the DoC model not re-read.'),
        art('batt', '96', undefined, undefined, BATT_DATES_NOTE),
      ],
      message: 'No EU declaration of conformity under Regulation (EU) 2023/1542 is linked.',
      satisfied_by:
        'A linked, unexpired EU declaration of conformity citing Regulation (EU) 2023/1542 (or one with no recorded references).',
      why: 'Art. 18: the manufacturer draws up an EU declaration of conformity after the conformity assessment of Art. 17; both apply from 18 August 2024 (Art. 96). Mandatory for every battery placed on the market from then: blocker.',
      spec: { kind: 'document', types: DOC, references_any: CITES.batt },
    },
    {
      id: 'batteries.ce_marking',
      code: 'BATTERY_CE_MARKING_MISSING',
      severity: 'blocker',
      ...verifiedBy(BATT_OPS),
      applies_from: BATT_CONFORMITY_FROM,
      legal: [art('batt', '19'), art('batt', '20'), art('batt', '96', undefined, undefined, BATT_DATES_NOTE)],
      message: 'Batteries must carry the CE marking; confirm "CE marking: yes".',
      satisfied_by: '"CE marking: yes".',
      why: 'Art. 19–20: batteries bear the CE marking before being placed on the market; Chapter VI applies from 18 August 2024. Before that date batteries carried no CE marking under Directive 2006/66/EC.',
      spec: { kind: 'field_equals', field: CE, value: 'yes' },
    },
    {
      id: 'batteries.collection_mark_dir',
      code: 'BATTERY_COLLECTION_MARK_MISSING',
      severity: 'blocker',
      applies_until: '2025-08-17',
      legal: [art('batt_dir', '21', '1'), annex('batt_dir', 'II')],
      message: 'Other marks do not mention the separate collection symbol (crossed-out wheeled bin).',
      satisfied_by: '"Other marks" mentioning the crossed-out wheeled bin.',
      why: 'Directive 2006/66/EC Art. 21(1) and Annex II: every battery is marked with the crossed-out wheeled bin. Mandatory for every battery: blocker (the 2026-04 pack had it as a warning while the CE marking of the same battery was a blocker).',
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
    {
      id: 'batteries.collection_mark',
      code: 'BATTERY_COLLECTION_MARK_MISSING',
      severity: 'blocker',
      applies_from: BATT_COLLECTION_FROM,
      legal: [art('batt', '13', '3', undefined, BATT_DATES_NOTE), annex('batt', 'VI, Part B')],
      message: 'Other marks do not mention the separate collection symbol (crossed-out wheeled bin).',
      satisfied_by: '"Other marks" mentioning the crossed-out wheeled bin.',
      why: 'Regulation (EU) 2023/1542 Art. 13(3) and Annex VI Part B: every battery is marked with the separate collection symbol from 18 August 2025. Mandatory for every battery: blocker.',
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
    {
      id: 'batteries.cd_pb_symbol',
      code: 'BATTERY_CD_PB_SYMBOL_MISSING',
      severity: 'blocker',
      when: [{ fact: 'battery_cd_pb', is: 'yes' }],
      legal: [
        art('batt', '13', '4', undefined, 'Paragraph number of the Cd/Pb symbol duty not re-read.'),
        art('batt_dir', '21', '3'),
      ],
      message: 'Other marks do not mention the chemical symbol Cd or Pb required for this battery.',
      satisfied_by: '"Other marks" mentioning "Cd" or "Pb" (below the collection symbol).',
      why: 'Batteries with more than 0.002 % cadmium or 0.004 % lead are marked with the chemical symbol Cd or Pb (Directive 2006/66/EC Art. 21(3); Regulation (EU) 2023/1542 Art. 13). Conditional on the content: asked when unknown.',
      spec: { kind: 'field_mentions', field: 'other_marks', any: ['Cd', 'Pb', 'cadmium', 'lead'] },
    },
    {
      id: 'batteries.qr_code',
      code: 'BATTERY_QR_CODE_MISSING',
      severity: 'blocker',
      applies_from: BATT_QR_FROM,
      legal: [
        art('batt', '13', '6', undefined, BATT_DATES_NOTE),
        annex('batt', 'VI, Part D', 'Annex part of the QR code not re-read.'),
      ],
      message: 'Other marks do not mention the QR code the battery must carry.',
      satisfied_by: '"Other marks" mentioning the QR code.',
      why: 'Art. 13(6): from 18 February 2027 batteries are marked with a QR code giving access to the required information. Mandatory from that date: blocker.',
      spec: { kind: 'field_mentions', field: 'other_marks', any: ['QR', 'QR code', 'QR-Code'] },
    },
  ],
};

// ----- Machinery (power tools) ----------------------------------------------------------------

/** Regulation (EU) 2023/1230 applies from 20 January 2027 (Art. 54); Directive 2006/42/EC until the day before. */
const MR_APPLIES_FROM = '2027-01-20';
const MD_APPLIES_UNTIL = '2027-01-19';
const MR_NOTE = 'Article numbers of Regulation (EU) 2023/1230 written from memory; re-read against the published text.';

export const MACHINERY_2026_11: ProfileDefinition = {
  id: 'machinery@2026-11',
  category: 'machinery',
  extends: GPSR_CORE_2026_11.id,
  title:
    'Machinery and power tools: Directive 2006/42/EC until 19 January 2027, Regulation (EU) 2023/1230 from 20 January 2027',
  summary:
    'Power tools are machinery; their electrical safety is covered by the machinery act (LVD safety objectives through Annex I 1.5.1), so the single declaration names the machinery act, EMC and RoHS, not the LVD. Household appliances are excluded from the machinery act (2006/42/EC Art. 1(2)(k)) and belong in the electrical pack.',
  rules: [
    ...harmonisedCore({
      act: 'Directive 2006/42/EC / Regulation (EU) 2023/1230',
      manufacturer: [annex('md', 'I, section 1.7.3'), annex('mr', 'III, section 1.7.3', MR_NOTE)],
      identifier: [annex('md', 'I, section 1.7.3'), annex('mr', 'III, section 1.7.3', MR_NOTE)],
      languages: [annex('md', 'I, section 1.7.4.1'), art('mr', '10', '7', undefined, MR_NOTE)],
      instructions: [
        art('md', '5', '1', 'c'),
        annex('md', 'I, section 1.7.4'),
        art('mr', '10', '7', undefined, MR_NOTE),
        annex('mr', 'III, section 1.7.4', MR_NOTE),
      ],
      instructionsAlwaysRequired: true,
      risk: [
        annex('md', 'I, General principles, point 1'),
        annex('md', 'VII, Part A, point 1(a)'),
        annex('mr', 'III, General principles, point 1', MR_NOTE),
        annex('mr', 'IV, Part A', MR_NOTE),
      ],
      riskWhy:
        'The manufacturer carries out a risk assessment to determine the applicable essential health and safety requirements (Annex I general principles) and keeps its documentation in the technical file (2006/42/EC Annex VII Part A; 2023/1230 Annex IV). Mandatory: blocker.',
      techDoc: [art('md', '5', '1', 'b'), annex('md', 'VII, Part A'), annex('mr', 'IV', MR_NOTE)],
      responsible: [art('msr', '4', '1'), art('msr', '4', '2')],
      ops: MACHINERY_OPS,
    }),
    {
      id: 'machinery.doc_md',
      code: 'MACHINERY_DOC_MISSING',
      severity: 'blocker',
      ...heldDeclaration(MACHINERY_OPS),
      applies_until: MD_APPLIES_UNTIL,
      legal: [art('md', '5', '1', 'e'), annex('md', 'II, Part 1, Section A'), blueGuide('4.4')],
      message: 'No EC declaration of conformity under the Machinery Directive 2006/42/EC is linked.',
      satisfied_by: 'A linked declaration of conformity citing Directive 2006/42/EC.',
      why: 'Art. 5(1)(e): before placing machinery on the market the manufacturer draws up the EC declaration of conformity (Annex II 1.A). Mandatory: blocker, until 19 January 2027.',
      spec: { kind: 'document', types: DOC, references_any: CITES.md },
    },
    {
      id: 'machinery.doc_mr',
      code: 'MACHINERY_DOC_MISSING',
      severity: 'blocker',
      ...heldDeclaration(MACHINERY_OPS),
      applies_from: MR_APPLIES_FROM,
      legal: [
        art('mr', '10', '8', undefined, MR_NOTE),
        art('mr', '21', undefined, undefined, MR_NOTE),
        annex('mr', 'V', MR_NOTE),
        art('mr', '54', undefined, undefined, MR_NOTE),
      ],
      message: 'No EU declaration of conformity under the Machinery Regulation (EU) 2023/1230 is linked.',
      satisfied_by: 'A linked declaration of conformity citing Regulation (EU) 2023/1230.',
      why: 'From 20 January 2027 machinery placed on the market needs an EU declaration of conformity under Regulation (EU) 2023/1230 (model in Annex V); a declaration under the repealed Directive no longer covers new placements. Mandatory: blocker.',
      spec: { kind: 'document', types: DOC, references_any: CITES.mr },
    },
    {
      id: 'machinery.doc_emc',
      code: 'MACHINERY_DOC_EMC_NOT_CITED',
      severity: 'blocker',
      when: [
        { fact: 'electrically_powered', is: 'yes' },
        { fact: 'radio_equipment', is: 'no' },
      ],
      legal: [art('emc', '15', '3'), blueGuide('4.4')],
      message: 'The declaration of conformity of this electric machine does not cite the EMC Directive 2014/30/EU.',
      satisfied_by: 'A declaration of conformity that also names Directive 2014/30/EU.',
      why: 'An electric power tool is apparatus under the EMC Directive; the single declaration must name every act that applies. Conditional on electric drive: asked when unknown.',
      spec: { kind: 'document_cites', types: DOC, act: 'Directive 2014/30/EU (EMC)', any: CITES.emc },
    },
    {
      id: 'machinery.doc_rohs',
      code: 'MACHINERY_DOC_ROHS_NOT_CITED',
      severity: 'blocker',
      when: [{ fact: 'electrically_powered', is: 'yes' }],
      legal: [
        art('rohs', '2', '1'),
        art('rohs', '13', '3', undefined, 'Paragraph number not re-read.'),
        blueGuide('4.4'),
      ],
      message: 'The declaration of conformity of this electric machine does not cite the RoHS Directive 2011/65/EU.',
      satisfied_by: 'A declaration of conformity that also names Directive 2011/65/EU.',
      why: 'Electric power tools are electrical and electronic equipment (RoHS Annex I category 6); the single declaration must name RoHS. Conditional on electric drive: asked when unknown.',
      spec: { kind: 'document_cites', types: DOC, act: 'Directive 2011/65/EU (RoHS)', any: CITES.rohs },
    },
    {
      id: 'machinery.weee_symbol',
      code: 'MACHINERY_WEEE_SYMBOL_MISSING',
      severity: 'blocker',
      when: [{ fact: 'electrically_powered', is: 'yes' }],
      legal: [art('weee', '14', '4'), annex('weee', 'IX')],
      message: 'Other marks do not mention the crossed-out wheeled bin (WEEE symbol).',
      satisfied_by: '"Other marks" mentioning the crossed-out wheeled bin.',
      why: 'Electric power tools are electrical and electronic equipment and carry the separate collection symbol (Art. 14(4), Annex IX). Conditional on electric drive.',
      spec: { kind: 'field_mentions', field: 'other_marks', any: WEEE_SYMBOL },
    },
    {
      id: 'machinery.ce_marking',
      code: 'MACHINERY_CE_MARKING_MISSING',
      severity: 'blocker',
      ...verifiedBy(MACHINERY_OPS),
      legal: [
        art('md', '5', '1', 'f'),
        art('md', '16'),
        annex('md', 'III'),
        art('mr', '24', undefined, undefined, MR_NOTE),
        blueGuide('4.5.1'),
      ],
      message: 'Machinery must carry the CE marking; confirm "CE marking: yes".',
      satisfied_by: '"CE marking: yes".',
      why: '2006/42/EC Art. 5(1)(f) and 16 (Annex III); Regulation (EU) 2023/1230 from 20 January 2027. Mandatory for every machine: blocker.',
      spec: { kind: 'field_equals', field: CE, value: 'yes' },
    },
  ],
};
