/**
 * The requirement engine: versioned profiles for every category, the GPSR core's blockers and warnings
 * (manufacturer, identifier, picture, markets, risk assessment, Art. 16 responsible person, market
 * languages, expired evidence, open conflicts), waivers, and the category packs (toys, cosmetics,
 * electrical equipment, chemical mixtures, textiles, batteries).
 */
import { describe, expect, it } from 'vitest';
import {
  evaluateRequirements,
  profileForCategory,
  resolveProfile,
  allBlockerCodes,
  PROFILE_DEFINITIONS,
  CURRENT_PROFILE_BY_CATEGORY,
  CATEGORY_CODES,
  mentions,
  type DocumentInput,
  type EntityInput,
  type RequirementInput,
} from '@/lib/requirements';

const NOW = '2026-05-01T12:00:00Z';

// A German toy brand, complete for the general GPSR core and for DE/AT.
const EU_MANUFACTURER: EntityInput = {
  id: 'ent-m',
  role: 'manufacturer',
  name: 'Holzwerk Müller GmbH',
  country: 'DE',
  has_postal_address: true,
  has_electronic_address: true,
};
const CN_MANUFACTURER: EntityInput = {
  id: 'ent-cn',
  role: 'manufacturer',
  name: 'Shenzhen Bright Toys Co., Ltd.',
  country: 'CN',
  has_postal_address: true,
  has_electronic_address: true,
};
const EU_RP: EntityInput = {
  id: 'ent-rp',
  role: 'responsible_person',
  name: 'EU Rep Services B.V.',
  country: 'NL',
  has_postal_address: true,
  has_electronic_address: true,
};

const CORE_FIELDS = {
  gtin: '4006381333931',
  model_number: 'HW-200',
  product_image_url: 'https://cdn.example.com/hw-200.jpg',
  product_description: 'Wooden stacking tower, beech, water-based paint. 12 pieces.',
  target_markets: 'DE,AT',
  safety_warnings_de:
    'Achtung! Nicht für Kinder unter 36 Monaten geeignet. Erstickungsgefahr durch verschluckbare Kleinteile.',
  instructions_de: 'Mit einem feuchten Tuch reinigen.',
  // Read only where a producer register applies (electrical and electric products, batteries: issue 35).
  weee_registration_numbers: 'DE: WEEE-Reg.-Nr. DE 12345678; AT: ERA-1234',
  battery_registration_numbers: 'DE: 21001234; AT: ERA-B-1234',
};
const RISK: DocumentInput = { id: 'doc-risk', name: 'Risikoanalyse HW-200.pdf', type: 'risk_assessment' };

function base(overrides: Partial<RequirementInput> = {}): RequirementInput {
  return {
    sku: { category_code: 'general', gtin: '4006381333931' },
    fields: { ...CORE_FIELDS },
    entities: [EU_MANUFACTURER],
    documents: [RISK],
    now: NOW,
    ...overrides,
  };
}

const codes = (r: ReturnType<typeof evaluateRequirements>) => r.blockers.filter((b) => !b.waived).map((b) => b.code);

describe('profiles are versioned data', () => {
  it('maps every category to a current, resolvable profile; toys extend the core', () => {
    for (const c of CATEGORY_CODES) expect(resolveProfile(CURRENT_PROFILE_BY_CATEGORY[c]), c).not.toBeNull();
    const toys = resolveProfile('toys@2026-11')!;
    expect(toys.rules.map((r) => r.id)).toEqual(
      expect.arrayContaining(['core.manufacturer', 'core.warnings_languages', 'toys.en71_report', 'toys.doc']),
    );
    // The cosmetics pack replaces the core risk-assessment rule instead of adding a second one.
    const cosmetics = resolveProfile('cosmetics@2026-11')!;
    const risk = cosmetics.rules.filter((r) => r.id === 'core.risk_assessment');
    expect(risk).toHaveLength(1);
    // The CPSR is the cosmetic's safety assessment: one rule, one blocker (issue 35).
    expect(risk[0]).toMatchObject({ code: 'COSMETIC_CPSR_MISSING', spec: { types: ['cpsr'] } });
    expect(new Set(PROFILE_DEFINITIONS.map((p) => p.id)).size).toBe(PROFILE_DEFINITIONS.length);
    expect(allBlockerCodes()).toEqual(
      expect.arrayContaining([
        'TOY_EN71_REPORT_MISSING',
        'COSMETIC_CPSR_MISSING',
        'DOCUMENT_EXPIRED',
        'EXTRACTION_CONFLICT_OPEN',
      ]),
    );
  });

  it('matches free-text categories and says when it defaulted', () => {
    expect(profileForCategory('Spielzeug')).toEqual({ id: 'toys@2026-11', defaulted: false, category_code: 'toys' });
    expect(profileForCategory('Toys > Wooden toys').id).toBe('toys@2026-11');
    expect(profileForCategory('Holzspielzeug').id).toBe('toys@2026-11');
    expect(profileForCategory('electronics').id).toBe('electrical@2026-11');
    expect(profileForCategory('Unterhaltungselektronik').id).toBe('electrical@2026-11');
    expect(profileForCategory('Cosmétiques').id).toBe('cosmetics@2026-11');
    expect(profileForCategory('Akku').id).toBe('batteries@2026-11');
    expect(profileForCategory('abbigliamento').id).toBe('textiles@2026-11');
    expect(profileForCategory('Reinigungsmittel').id).toBe('chemicals@2026-11');
    expect(profileForCategory('electric toy').id).toBe('toys@2026-11'); // the more specific regime wins
    // Furniture is recognised as a product under the GPSR alone: general, but not a default.
    expect(profileForCategory('garden furniture')).toEqual({
      id: 'gpsr-core@2026-11',
      defaulted: false,
      category_code: 'general',
    });
    expect(profileForCategory('Neuheiten > Angebote')).toEqual({
      id: 'gpsr-core@2026-11',
      defaulted: true,
      category_code: 'general',
    });
    expect(profileForCategory(null)).toEqual({ id: 'gpsr-core@2026-11', defaulted: true, category_code: 'general' });
    expect(profileForCategory('general').defaulted).toBe(false);
  });

  it('matches references as token sequences', () => {
    expect(mentions('DIN EN 71-1:2014+A1:2018', 'EN 71')).toBe(true);
    expect(mentions('EN71-3', 'EN 71')).toBe(true);
    expect(mentions('EN 710', 'EN 71')).toBe(false);
    expect(mentions('Directive 2009/48/EC on the safety of toys', '2009/48/EC')).toBe(true);
  });
});

describe('GPSR core', () => {
  it('a complete general product has no blockers and no warnings', () => {
    const r = evaluateRequirements(base());
    expect(r.blockers).toEqual([]);
    expect(r).toMatchObject({
      profile_id: 'gpsr-core@2026-11',
      category_code: 'general',
      open_blocker_count: 0,
      open_warning_count: 0,
      target_markets: ['DE', 'AT'],
      required_languages: ['de'],
    });
  });

  it('nothing known: manufacturer, identifier, picture, markets, risk assessment and description are all blockers', () => {
    const r = evaluateRequirements({ sku: { category_code: null, gtin: null }, fields: {}, now: NOW });
    // Issue 35: ordered by legal weight: market duties, then the online offer (picture), then prerequisites.
    expect(codes(r)).toEqual([
      'MANUFACTURER_MISSING',
      'PRODUCT_IDENTIFIER_MISSING',
      'RISK_ASSESSMENT_MISSING',
      'TECHNICAL_DOCUMENTATION_MISSING',
      'PRODUCT_IMAGE_MISSING',
      'TARGET_MARKETS_MISSING',
      'CATEGORY_NOT_RECOGNISED', // never silently general: a warning until a person picks a category
    ]);
    expect(r.category_defaulted).toBe(true);
    expect(r.blockers.at(-1)).toMatchObject({ code: 'CATEGORY_NOT_RECOGNISED', severity: 'warning' });
    const m = r.blockers[0];
    expect(m).toMatchObject({
      severity: 'blocker',
      required_fields: ['manufacturer_name', 'manufacturer_address', 'manufacturer_email'],
      fix: { kind: 'entity', target: 'manufacturer' },
      legal_basis: expect.stringContaining('Art. 19'),
    });
    expect(r.open_blocker_count).toBe(6);
  });

  it('manufacturer with a name but no postal or electronic address', () => {
    const r = evaluateRequirements(
      base({
        entities: [
          {
            id: 'e1',
            role: 'manufacturer',
            name: 'ACME',
            country: 'FR',
            has_postal_address: false,
            has_electronic_address: false,
          },
        ],
      }),
    );
    expect(codes(r)).toEqual(['MANUFACTURER_ADDRESS_MISSING', 'MANUFACTURER_ELECTRONIC_ADDRESS_MISSING']);
    expect(r.blockers[0]).toMatchObject({
      required_fields: ['manufacturer_address'],
      fix: { kind: 'entity', target: 'e1' },
      message: "The manufacturer's postal address is missing.",
    });
  });

  it('confirmed manufacturer fields count when no entity is linked', () => {
    const r = evaluateRequirements(
      base({
        entities: [],
        fields: {
          ...CORE_FIELDS,
          manufacturer_name: 'Holzwerk Müller GmbH',
          manufacturer_address: 'Hauptstraße 5\n96450 Coburg',
          manufacturer_email: 'info@holzwerk.example',
          manufacturer_country: 'DE',
        },
      }),
    );
    expect(r.blockers).toEqual([]);
  });

  it('non-EU manufacturer without a responsible person is blocked; an EU importer or RP clears it', () => {
    const r = evaluateRequirements(base({ entities: [CN_MANUFACTURER] }));
    expect(codes(r)).toEqual(['EU_RESPONSIBLE_PERSON_MISSING']);
    expect(r.blockers[0]).toMatchObject({
      fix: { kind: 'entity', target: 'responsible_person' },
      required_fields: expect.arrayContaining(['responsible_person_name']),
    });
    expect(r.blockers[0].message).toMatch(/not established in the EU/);

    expect(evaluateRequirements(base({ entities: [CN_MANUFACTURER, EU_RP] })).blockers).toEqual([]);
    const importer: EntityInput = {
      id: 'imp',
      role: 'importer',
      name: 'Import GmbH',
      country: 'AT',
      has_postal_address: true,
      has_electronic_address: true,
    };
    expect(evaluateRequirements(base({ entities: [CN_MANUFACTURER, importer] })).blockers).toEqual([]);
  });

  it('a responsible person outside the EU, or one without address, does not satisfy Art. 16', () => {
    const ukRp: EntityInput = {
      id: 'uk',
      role: 'responsible_person',
      name: 'UK Rep Ltd',
      country: 'GB',
      has_postal_address: true,
      has_electronic_address: true,
    };
    expect(codes(evaluateRequirements(base({ entities: [CN_MANUFACTURER, ukRp] })))).toEqual([
      'RESPONSIBLE_PERSON_NOT_IN_EU',
    ]);
    const sparse: EntityInput = {
      id: 'rp2',
      role: 'responsible_person',
      name: 'Rep',
      country: 'NL',
      has_postal_address: false,
      has_electronic_address: true,
      is_po_box: true,
    };
    const r = evaluateRequirements(base({ entities: [CN_MANUFACTURER, sparse] }));
    expect(codes(r)).toEqual(['RESPONSIBLE_PERSON_ADDRESS_MISSING', 'RESPONSIBLE_PERSON_PO_BOX']);
    expect(r.blockers.map((b) => b.severity)).toEqual(['blocker', 'warning']);
    // Norway is in the EEA: an RP there is established "in the Union" for GPSR.
    const noRp: EntityInput = { ...EU_RP, country: 'NO' };
    expect(evaluateRequirements(base({ entities: [CN_MANUFACTURER, noRp] })).blockers).toEqual([]);
  });

  it('manufacturer country unknown is a blocker unless an EU operator is linked anyway', () => {
    const noCountry: EntityInput = { ...EU_MANUFACTURER, country: null };
    const r = evaluateRequirements(base({ entities: [noCountry] }));
    expect(r.blockers.map((b) => [b.code, b.severity])).toEqual([['MANUFACTURER_COUNTRY_MISSING', 'blocker']]);
    const r2 = evaluateRequirements(base({ entities: [noCountry, EU_RP] }));
    expect(r2.blockers.map((b) => [b.code, b.severity])).toEqual([['MANUFACTURER_COUNTRY_MISSING', 'warning']]);
  });

  it('warnings missing for target market languages: one blocker listing each language with only its markets', () => {
    // Issue 35: one blocker per obligation (it was one per language before).
    const r = evaluateRequirements(base({ fields: { ...CORE_FIELDS, target_markets: 'DE,AT,FR,BE' } }));
    const w = r.blockers.filter((b) => b.code === 'WARNINGS_MISSING_FOR_LANGUAGE');
    expect(w).toHaveLength(1);
    expect(w[0]).toMatchObject({
      key: 'WARNINGS_MISSING_FOR_LANGUAGE',
      severity: 'blocker',
      required_fields: ['safety_warnings_fr', 'safety_warnings_nl'],
      fix: { kind: 'field', target: 'safety_warnings_fr' },
      message: 'Safety warnings in French and Dutch are missing (needed for French: FR, BE; Dutch: BE).',
      details: {
        languages: ['fr', 'nl'],
        by_language: [
          { languages: ['fr'], markets: ['FR', 'BE'] },
          { languages: ['nl'], markets: ['BE'] },
        ],
      },
    });
    // Instructions depend on GPSR Art. 9(7)'s exception: with the answer unknown the user is asked once.
    expect(r.blockers.filter((b) => b.code === 'INSTRUCTIONS_MISSING_FOR_LANGUAGE')).toEqual([]);
    expect(r.blockers.filter((b) => b.code === 'QUESTION_INSTRUCTIONS_NEEDED')).toHaveLength(1);
    expect(r.required_languages.sort()).toEqual(['de', 'fr', 'nl']);
    expect(r.open_blocker_count).toBe(2);
  });

  it('either-or languages (Malta: Maltese or English) and explicit target markets', () => {
    const r = evaluateRequirements(base({ target_markets: ['MT', 'FI'] }));
    const w = r.blockers.filter((b) => b.code === 'WARNINGS_MISSING_FOR_LANGUAGE');
    expect(w.map((b) => b.key)).toEqual(['WARNINGS_MISSING_FOR_LANGUAGE']);
    expect(w[0].details?.by_language).toEqual([
      { languages: ['mt', 'en'], markets: ['MT'] },
      { languages: ['fi'], markets: ['FI'] },
      { languages: ['sv'], markets: ['FI'] },
    ]);
    expect(w[0].required_fields).toEqual([
      'safety_warnings_mt',
      'safety_warnings_en',
      'safety_warnings_fi',
      'safety_warnings_sv',
    ]);
    expect(w[0].message).toContain('Maltese or English');
    const withEnglish = evaluateRequirements(
      base({
        target_markets: ['MT'],
        fields: { ...CORE_FIELDS, safety_warnings_en: 'Warning: small parts.', instructions_en: 'Wipe clean.' },
      }),
    );
    expect(withEnglish.blockers).toEqual([]);
  });

  it('markets outside the EEA do not require languages; the notice says their law is not checked', () => {
    const r = evaluateRequirements(base({ fields: { ...CORE_FIELDS, target_markets: 'US,CH' } }));
    // Issue 35: a warning says the rules shown are EU law, not Swiss or US law.
    expect(r.blockers.map((b) => [b.code, b.severity, b.details?.markets])).toEqual([
      ['MARKETS_NOT_CHECKED', 'warning', ['US', 'CH']],
    ]);
    expect(r.target_markets).toEqual([]);
  });

  it('expired documents count as missing and are reported', () => {
    const expiredRisk: DocumentInput = { ...RISK, valid_until: '2026-04-30' };
    const r = evaluateRequirements(base({ documents: [expiredRisk] }));
    expect(codes(r)).toEqual(['RISK_ASSESSMENT_MISSING', 'DOCUMENT_EXPIRED']);
    expect(r.blockers[0].message).toContain('"Risikoanalyse HW-200.pdf" expired on 2026-04-30');
    expect(r.blockers[1]).toMatchObject({
      key: 'DOCUMENT_EXPIRED:doc-risk',
      severity: 'blocker',
      fix: { kind: 'document', target: 'doc-risk' },
    });
    // Valid through its last day.
    expect(evaluateRequirements(base({ documents: [{ ...RISK, valid_until: '2026-05-01' }] })).blockers).toEqual([]);
  });

  it('an expired document no requirement asks for never blocks; an expired one a rule asks for does, until replaced', () => {
    // Issue 35: a certificate the law does not ask of a GPSR-only product (a GS mark, a halal certificate)
    // shows its expiry on the document, not as a blocker of the SKU.
    const oldCert: DocumentInput = {
      id: 'c1',
      name: 'GS-Zertifikat 2021.pdf',
      type: 'certificate',
      valid_until: '2025-12-31',
    };
    const r = evaluateRequirements(base({ documents: [RISK, oldCert] }));
    expect(r.blockers).toEqual([]);
    // An expired risk assessment (asked for by GPSR Art. 9(2)) blocks; a current one beside it makes it a warning.
    const oldRisk: DocumentInput = { ...RISK, id: 'r-old', name: 'Risk 2019.pdf', valid_until: '2025-12-31' };
    const r1 = evaluateRequirements(base({ documents: [oldRisk] }));
    expect(r1.blockers.map((b) => [b.code, b.severity])).toEqual([
      ['RISK_ASSESSMENT_MISSING', 'blocker'],
      ['DOCUMENT_EXPIRED', 'blocker'],
    ]);
    expect(r1.blockers[1].message).toBe(
      '"Risk 2019.pdf" expired on 2025-12-31; an expired risk assessment counts as missing.',
    );
    const r2 = evaluateRequirements(base({ documents: [RISK, oldRisk] }));
    expect(r2.blockers.map((b) => [b.code, b.severity])).toEqual([['DOCUMENT_EXPIRED', 'warning']]);
    expect(r2.open_blocker_count).toBe(0);
    // The confirmed certificate_valid_until field is checked as well.
    const r3 = evaluateRequirements(base({ fields: { ...CORE_FIELDS, certificate_valid_until: '2026-01-15' } }));
    expect(codes(r3)).toEqual(['CERTIFICATE_VALIDITY_EXPIRED']);
  });

  it('open extraction conflicts and review issues are a blocker each and cannot be waived', () => {
    const r = evaluateRequirements(
      base({
        conflicts: [
          { id: 'cf1', field_key: 'manufacturer_address' },
          { id: 'cf2', field_key: null, message: 'Two GTINs found.' },
        ],
        review_issues: [
          { id: 'ri1', message: 'Warning text looks machine-translated.', field_key: 'safety_warnings_de' },
        ],
        waivers: [{ code: 'EXTRACTION_CONFLICT_OPEN', reason: 'later', by: 'u1', at: NOW }],
      }),
    );
    expect(r.blockers.map((b) => b.key)).toEqual([
      'EXTRACTION_CONFLICT_OPEN:cf1',
      'EXTRACTION_CONFLICT_OPEN:cf2',
      'REVIEW_ISSUE_OPEN:ri1',
    ]);
    expect(r.blockers[0]).toMatchObject({
      required_fields: ['manufacturer_address'],
      fix: { kind: 'review', target: 'cf1' },
      waivable: false,
    });
    expect(r.blockers.every((b) => !b.waived)).toBe(true);
    expect(r.unmatched_waivers).toHaveLength(1);
    expect(r.open_blocker_count).toBe(3);
  });

  it('a wrong GTIN check digit is a warning; identifiers other than GTIN are enough', () => {
    const r = evaluateRequirements(
      base({ sku: { category_code: 'general', gtin: '4006381333932' }, fields: { ...CORE_FIELDS, gtin: undefined } }),
    );
    expect(r.blockers.map((b) => [b.code, b.severity])).toEqual([['GTIN_CHECK_DIGIT_INVALID', 'warning']]);
    const noGtin = evaluateRequirements(
      base({ sku: { category_code: 'general', gtin: null }, fields: { ...CORE_FIELDS, gtin: undefined } }),
    );
    expect(noGtin.blockers).toEqual([]); // model_number identifies it
  });
});

describe('waivers', () => {
  it('keep the blocker in the output, marked waived, and not counted as open', () => {
    const waiver = {
      code: 'RISK_ASSESSMENT_MISSING',
      reason: 'Second-hand book: no risk analysis needed beyond the core check.',
      by: 'anna@example.com',
      at: '2026-04-20T09:00:00Z',
    };
    const r = evaluateRequirements(base({ documents: [], waivers: [waiver] }));
    expect(r.blockers).toHaveLength(1);
    expect(r.blockers[0]).toMatchObject({
      code: 'RISK_ASSESSMENT_MISSING',
      waived: { by: 'anna@example.com', at: '2026-04-20T09:00:00Z', reason: waiver.reason },
    });
    expect(r).toMatchObject({ open_blocker_count: 0, waived_count: 1, unmatched_waivers: [] });
  });

  it('a key waiver targets one language only; waived ones sort after open ones; stale waivers are reported', () => {
    const r = evaluateRequirements(
      base({
        fields: { ...CORE_FIELDS, target_markets: 'DE,FR,IT' },
        waivers: [
          { code: 'WARNINGS_MISSING_FOR_LANGUAGE:fr', reason: 'FR listing paused', by: 'u', at: NOW },
          { code: 'TOY_EN71_REPORT_MISSING', reason: 'not a toy', by: 'u', at: NOW },
        ],
      }),
    );
    const w = r.blockers.filter((b) => b.code === 'WARNINGS_MISSING_FOR_LANGUAGE');
    // Issue 35: the open languages are one blocker keyed by the code; the waived language keeps its key.
    expect(w.map((b) => [b.key, !!b.waived])).toEqual([
      ['WARNINGS_MISSING_FOR_LANGUAGE', false],
      ['WARNINGS_MISSING_FOR_LANGUAGE:fr', true],
    ]);
    expect(r.blockers[r.blockers.length - 1].key).toBe('WARNINGS_MISSING_FOR_LANGUAGE:fr');
    expect(r.unmatched_waivers.map((w) => w.code)).toEqual(['TOY_EN71_REPORT_MISSING']);
  });
});

describe('category packs', () => {
  const toyDocs: DocumentInput[] = [
    RISK,
    {
      id: 'tr',
      name: 'EN 71 Prüfbericht TÜV.pdf',
      type: 'test_report',
      valid_until: '2027-06-30',
      references: ['EN 71-1:2014+A1:2018', 'EN 71-2:2020', 'EN 71-3:2019'],
    },
    {
      id: 'doc',
      name: 'EU-Konformitätserklärung.pdf',
      type: 'declaration_of_conformity',
      references: ['Directive 2009/48/EC'],
    },
  ];
  // A wooden toy: not electric, so EMC/RoHS/WEEE do not apply (issue 19 asks this instead of assuming it).
  const toyFields = { ...CORE_FIELDS, age_grading: '3+', ce_marking: 'yes', electrically_powered: 'no' };

  it('toy: complete → no blockers; without EN 71 report → TOY_EN71_REPORT_MISSING', () => {
    expect(
      evaluateRequirements(
        base({ sku: { category_code: 'Spielzeug', gtin: '4006381333931' }, fields: toyFields, documents: toyDocs }),
      ).blockers,
    ).toEqual([]);

    const r = evaluateRequirements(
      base({
        sku: { category_code: 'toys', gtin: '4006381333931' },
        fields: toyFields,
        documents: [toyDocs[0], toyDocs[2]],
      }),
    );
    expect(r.profile_id).toBe('toys@2026-11');
    expect(codes(r)).toEqual(['TOY_EN71_REPORT_MISSING']);
    expect(r.blockers[0]).toMatchObject({
      required_document_types: ['test_report'],
      fix: { kind: 'document', target: 'test_report' },
    });
  });

  it('toy: a test report citing only other standards does not count; nor does an expired EN 71 report', () => {
    const electricalReport: DocumentInput = {
      id: 'tr2',
      name: 'report.pdf',
      type: 'test_report',
      references: ['EN IEC 62115:2020'],
    };
    const r = evaluateRequirements(
      base({ sku: { category_code: 'toys' }, fields: toyFields, documents: [RISK, electricalReport, toyDocs[2]] }),
    );
    expect(codes(r)).toEqual(['TOY_EN71_REPORT_MISSING']);
    const expired = { ...toyDocs[1], valid_until: '2025-06-30' };
    const r2 = evaluateRequirements(
      base({ sku: { category_code: 'toys' }, fields: toyFields, documents: [RISK, expired, toyDocs[2]] }),
    );
    expect(codes(r2)).toEqual(['TOY_EN71_REPORT_MISSING', 'DOCUMENT_EXPIRED']);
    expect(r2.blockers[0].details).toEqual({ expired_document_ids: ['tr'] });
  });

  it('toy: missing age grading, CE marking and DoC', () => {
    const r = evaluateRequirements(
      base({ sku: { category_code: 'toy' }, fields: CORE_FIELDS, documents: [RISK, toyDocs[1]] }),
    );
    // Whether the toy is electric is unknown: the WEEE-symbol rule asks instead of blocking (2012/19/EU Art. 14(4)).
    expect(codes(r)).toEqual([
      'TOY_DOC_MISSING',
      'TOY_AGE_GRADING_MISSING',
      'TOY_CE_MARKING_MISSING',
      'QUESTION_ELECTRICALLY_POWERED',
    ]);
  });

  it('cosmetic without CPSR; a CPSR also satisfies the risk analysis; the EU importer is the RP by default (1223/2009 Art. 4(5))', () => {
    // The Art. 19(1)(b), (c), (e), (f) labelling items belong to a complete cosmetic since issue 35.
    const cosmeticFields = {
      ...CORE_FIELDS,
      cpnp_number: '3456789',
      ingredients_inci: 'AQUA, GLYCERIN, PARFUM',
      nominal_content: '75 ml',
      minimum_durability_or_pao: '12M',
      batch_or_serial_scheme: 'LOT yyww',
      cosmetic_function: 'Hand cream',
    };
    const r = evaluateRequirements(
      base({ sku: { category_code: 'cosmetics' }, fields: cosmeticFields, documents: [RISK] }),
    );
    expect(codes(r)).toEqual(['COSMETIC_CPSR_MISSING']);
    expect(r.blockers[0].required_document_types).toEqual(['cpsr']);

    const cpsr: DocumentInput = { id: 'cpsr', name: 'CPSR Handcreme.pdf', type: 'cpsr' };
    expect(
      evaluateRequirements(base({ sku: { category_code: 'Kosmetik' }, fields: cosmeticFields, documents: [cpsr] }))
        .blockers,
    ).toEqual([]);

    const importer: EntityInput = {
      id: 'imp',
      role: 'importer',
      name: 'Import GmbH',
      country: 'DE',
      has_postal_address: true,
      has_electronic_address: true,
    };
    const r3 = evaluateRequirements(
      base({
        sku: { category_code: 'cosmetics' },
        fields: cosmeticFields,
        documents: [cpsr],
        entities: [CN_MANUFACTURER, importer],
      }),
    );
    expect(codes(r3)).toEqual([]); // Art. 4(5): each importer is the responsible person for the products it imports
    expect(
      codes(
        evaluateRequirements(
          base({
            sku: { category_code: 'cosmetics' },
            fields: cosmeticFields,
            documents: [cpsr],
            entities: [CN_MANUFACTURER],
          }),
        ),
      ),
    ).toContain('COSMETIC_RESPONSIBLE_PERSON_MISSING');
    expect(
      evaluateRequirements(
        base({
          sku: { category_code: 'cosmetics' },
          fields: cosmeticFields,
          documents: [cpsr],
          entities: [CN_MANUFACTURER, EU_RP],
        }),
      ).blockers,
    ).toEqual([]);

    const r4 = evaluateRequirements(
      base({ sku: { category_code: 'cosmetics' }, fields: CORE_FIELDS, documents: [cpsr] }),
    );
    // Issue 35: the labelling items of Art. 19(1)(c), (e) are blockers; (b) and (f) first ask their exception.
    expect(codes(r4)).toEqual([
      'COSMETIC_CPNP_NUMBER_MISSING',
      'COSMETIC_INCI_MISSING',
      'COSMETIC_DURABILITY_MISSING',
      'COSMETIC_BATCH_NUMBER_MISSING',
      'QUESTION_COSMETIC_SMALL_PACK',
      'QUESTION_COSMETIC_FUNCTION_EVIDENT',
    ]);
  });

  it('electrical equipment: DoC (LVD/EMC/RoHS), test report, rated voltage, CE', () => {
    const r = evaluateRequirements(base({ sku: { category_code: 'Elektronik' }, documents: [RISK] }));
    expect(codes(r)).toEqual([
      'ELECTRICAL_DOC_MISSING',
      'ELECTRICAL_TEST_REPORT_MISSING',
      'ELECTRICAL_RATED_VOLTAGE_MISSING',
      'ELECTRICAL_CE_MARKING_MISSING',
      'ELECTRICAL_WEEE_SYMBOL_MISSING',
    ]);
    const docs: DocumentInput[] = [
      RISK,
      {
        id: 'd',
        name: 'DoC.pdf',
        type: 'declaration_of_conformity',
        references: ['2014/35/EU', '2014/30/EU', '2011/65/EU'],
      },
      { id: 't', name: 'LVD report.pdf', type: 'test_report' },
    ];
    expect(
      evaluateRequirements(
        base({
          sku: { category_code: 'electrical' },
          documents: docs,
          fields: {
            ...CORE_FIELDS,
            rated_voltage: '230 V~ 50 Hz',
            ce_marking: 'yes',
            radio_equipment: 'no',
            other_marks: 'crossed-out wheeled bin',
          },
        }),
      ).blockers,
    ).toEqual([]);
  });

  it('chemical mixtures: classification unknown → asked; hazardous → SDS, UFI and CLP label are blockers (REACH Art. 31, CLP Art. 17, 45)', () => {
    const unknown = evaluateRequirements(base({ sku: { category_code: 'Reinigungsmittel' } }));
    // Issue 35: a cleaning agent is also a detergent (Regulation (EC) No 648/2004), which no pack checks: said so.
    expect(unknown.blockers.map((b) => [b.code, b.severity])).toEqual([
      ['QUESTION_CLP_HAZARDOUS', 'blocker'],
      ['REGIME_NOT_CHECKED', 'warning'],
    ]);
    const r = evaluateRequirements(
      base({ sku: { category_code: 'Reinigungsmittel' }, fields: { ...CORE_FIELDS, clp_hazardous: 'yes' } }),
    );
    expect(r.blockers.map((b) => [b.code, b.severity])).toEqual([
      ['CHEMICAL_SDS_MISSING', 'blocker'],
      ['CHEMICAL_UFI_MISSING', 'blocker'],
      ['CHEMICAL_CLP_LABEL_MISSING', 'blocker'],
      ['REGIME_NOT_CHECKED', 'warning'],
    ]);
    const ok = evaluateRequirements(
      base({
        sku: { category_code: 'chemicals' },
        fields: {
          ...CORE_FIELDS,
          clp_hazardous: 'yes',
          ufi_code: 'N1QV-R02N-F00K-4CNX',
          applicable_legislation: 'Regulation (EC) No 1272/2008; Regulation (EC) No 648/2004',
        },
        documents: [RISK, { id: 'sds', name: 'SDS.pdf', type: 'safety_data_sheet', valid_until: null }],
      }),
    );
    expect(ok.blockers).toEqual([]);
  });

  it('textiles need the fibre composition; batteries need type, evidence, CE and the collection mark', () => {
    expect(codes(evaluateRequirements(base({ sku: { category_code: 'Bekleidung' } })))).toEqual([
      'TEXTILE_FIBRE_COMPOSITION_MISSING',
      'TEXTILE_LABEL_LANGUAGE_MISSING',
      'QUESTION_CONTAINS_ANIMAL_PARTS',
    ]);
    expect(
      evaluateRequirements(
        base({
          sku: { category_code: 'textiles' },
          fields: {
            ...CORE_FIELDS,
            fibre_composition: '100% Baumwolle',
            fibre_label_languages: 'de',
            contains_animal_parts: 'no',
          },
        }),
      ).blockers,
    ).toEqual([]);

    const r = evaluateRequirements(base({ sku: { category_code: 'batteries' } }));
    // On 2026-05-01: DoC and CE since 18 Aug 2024, collection symbol under 2023/1542 since 18 Aug 2025 (all blockers).
    expect(codes(r)).toEqual([
      'BATTERY_TYPE_MISSING',
      'BATTERY_DOC_MISSING',
      'BATTERY_CE_MARKING_MISSING',
      'BATTERY_COLLECTION_MARK_MISSING',
      'QUESTION_BATTERY_CD_PB',
    ]);
    const full = evaluateRequirements(
      base({
        sku: { category_code: 'batteries' },
        fields: {
          ...CORE_FIELDS,
          battery_type: 'Li-ion 3.7 V 2000 mAh',
          ce_marking: 'yes',
          other_marks: 'Crossed-out wheeled bin; Li-ion',
          battery_cd_pb_above_limit: 'no',
        },
        documents: [
          RISK,
          { id: 't', name: 'UN38.3.pdf', type: 'test_report', references: ['UN 38.3', 'IEC 62133-2:2017'] },
          { id: 'bd', name: 'DoC.pdf', type: 'declaration_of_conformity', references: ['Regulation (EU) 2023/1542'] },
        ],
      }),
    );
    expect(full.blockers).toEqual([]);
  });

  it('a pinned profile id wins over the category; a corrected version resolves to its correction', () => {
    const r = evaluateRequirements(base({ sku: { category_code: 'toys' }, profile_id: 'gpsr-core@2026-11' }));
    expect(r.profile_id).toBe('gpsr-core@2026-11');
    expect(r.blockers).toEqual([]);
    // The 2026-04 packs misread the law (issue 19): SKUs pinned to them are evaluated with the 2026-11 correction.
    const old = evaluateRequirements(base({ sku: { category_code: 'toys' }, profile_id: 'gpsr-core@2026-04' }));
    expect(old.profile_id).toBe('gpsr-core@2026-11');
  });
});
