/**
 * The 2026-11 packs read against their legal texts (issue 19): one test per rule and per exception,
 * each naming the article it checks. Every test starts from a product complete for its pack, then
 * removes or changes the one thing the article is about, so a test fails if the rule stops firing or
 * fires where the law does not ask for it.
 */
import { describe, expect, it } from 'vitest';
import {
  evaluateRequirements,
  formatLegalRefs,
  lvdVoltageRange,
  profileForCategory,
  resolveProfile,
  ruleAnchor,
  CATEGORY_CODES,
  CURRENT_PROFILE_BY_CATEGORY,
  type DocumentInput,
  type EntityInput,
  type RequirementInput,
} from '@/lib/requirements';
import { requirementsDocumentation } from '@/lib/requirements/docs';

const NOW = '2026-05-01T12:00:00Z';
const EU_MAKER: EntityInput = {
  id: 'm-eu',
  role: 'manufacturer',
  name: 'Holzwerk Müller GmbH',
  country: 'DE',
  has_postal_address: true,
  has_electronic_address: true,
};
const CN_MAKER: EntityInput = {
  id: 'm-cn',
  role: 'manufacturer',
  name: 'Shenzhen Bright Co., Ltd.',
  country: 'CN',
  has_postal_address: true,
  has_electronic_address: true,
};
const EU_IMPORTER: EntityInput = {
  id: 'imp',
  role: 'importer',
  name: 'Import GmbH',
  country: 'DE',
  has_postal_address: true,
  has_electronic_address: true,
};
const EU_AR: EntityInput = {
  id: 'ar',
  role: 'authorised_representative',
  name: 'AR Services B.V.',
  country: 'NL',
  has_postal_address: true,
  has_electronic_address: true,
};
const EU_RP: EntityInput = {
  id: 'rp',
  role: 'responsible_person',
  name: 'Cosmetic RP SARL',
  country: 'FR',
  has_postal_address: true,
  has_electronic_address: true,
};
const RISK: DocumentInput = { id: 'risk', name: 'Risk analysis.pdf', type: 'risk_assessment' };
const doc = (id: string, ...references: string[]): DocumentInput => ({
  id,
  name: `${id}.pdf`,
  type: 'declaration_of_conformity',
  references,
});
const report = (id: string, ...references: string[]): DocumentInput => ({
  id,
  name: `${id}.pdf`,
  type: 'test_report',
  references,
});

const CORE = {
  gtin: '4006381333931',
  model_number: 'M-1',
  product_image_url: 'https://cdn.example.com/m-1.jpg',
  product_description: 'Product with its essential safety characteristics.',
  target_markets: 'DE,AT',
  safety_warnings_de: 'Warnhinweis.',
  instructions_de: 'Anleitung.',
  // Read only where a producer register applies (electrical and electric products, batteries: issue 35).
  weee_registration_numbers: 'DE: WEEE-Reg.-Nr. DE 12345678; AT: ERA-1234; FR: FR012345_05ABCD; IT: IT19010000012345',
  battery_registration_numbers: 'DE: 21001234; AT: ERA-B-1234; FR: FR012345_08ABCD; IT: IT09060P00001234',
};

function run(category: string, over: Partial<RequirementInput> & { extra?: Record<string, string | null> } = {}) {
  const { extra, ...rest } = over;
  const fields: Record<string, string | null> = { ...CORE, ...(extra ?? {}) };
  return evaluateRequirements({
    sku: { category_code: category, gtin: null },
    fields,
    entities: [EU_MAKER],
    documents: [RISK],
    now: NOW,
    ...rest,
  });
}
const codes = (r: ReturnType<typeof evaluateRequirements>) => r.blockers.filter((b) => !b.waived).map((b) => b.code);

// ----- GPSR core -------------------------------------------------------------------------------

describe('GPSR (EU) 2023/988 core', () => {
  it('baseline: a complete general product has no blocker', () => {
    expect(run('general').blockers).toEqual([]);
  });

  it('Art. 9(6), 19(a): the manufacturer with name, postal and electronic address is mandatory', () => {
    const r = run('general', { entities: [] });
    expect(r.blockers.map((b) => [b.code, b.severity])).toEqual([['MANUFACTURER_MISSING', 'blocker']]);
    expect(r.blockers[0].legal_basis).toBe('Regulation (EU) 2023/988 (GPSR) Art. 9(6), Art. 19(a)');
    expect(codes(run('general', { entities: [{ ...EU_MAKER, has_electronic_address: false }] }))).toEqual([
      'MANUFACTURER_ELECTRONIC_ADDRESS_MISSING',
    ]);
  });

  it('Art. 16(1), 19(b): a manufacturer outside the Union needs an economic operator established in it', () => {
    const r = run('general', { entities: [CN_MAKER] });
    expect(r.blockers.map((b) => [b.code, b.severity])).toEqual([['EU_RESPONSIBLE_PERSON_MISSING', 'blocker']]);
    expect(r.blockers[0].legal_basis).toContain('Art. 16(1)');
    expect(r.blockers[0].legal_basis).toContain('Regulation (EU) 2019/1020 (Market Surveillance Regulation) Art. 4(2)');
  });

  it('exception, Regulation 2019/1020 Art. 4(2)(b): the EU importer is the responsible operator by default', () => {
    expect(run('general', { entities: [CN_MAKER, EU_IMPORTER] }).blockers).toEqual([]);
  });

  it('exception, Regulation 2019/1020 Art. 4(2)(c): an authorised representative established in the Union', () => {
    expect(run('general', { entities: [CN_MAKER, EU_AR] }).blockers).toEqual([]);
  });

  it("Art. 19(b): the responsible person's postal and electronic address are both required", () => {
    expect(codes(run('general', { entities: [CN_MAKER, { ...EU_AR, has_electronic_address: false }] }))).toEqual([
      'RESPONSIBLE_PERSON_ELECTRONIC_ADDRESS_MISSING',
    ]);
    expect(codes(run('general', { entities: [CN_MAKER, { ...EU_AR, country: 'CH' }] }))).toEqual([
      'RESPONSIBLE_PERSON_NOT_IN_EU',
    ]);
  });

  it('Art. 9(5), 19(c): an identifier; a GTIN, a model number or a batch scheme each satisfies it', () => {
    const none = { gtin: null, model_number: null };
    expect(codes(run('general', { extra: none }))).toEqual(['PRODUCT_IDENTIFIER_MISSING']);
    expect(run('general', { extra: { ...none, batch_or_serial_scheme: 'LOT yyww' } }).blockers).toEqual([]);
  });

  it('GS1 (not law): a wrong GTIN check digit is only a warning', () => {
    const r = run('general', { extra: { gtin: '4006381333932' } });
    expect(r.blockers.map((b) => [b.code, b.severity])).toEqual([['GTIN_CHECK_DIGIT_INVALID', 'warning']]);
  });

  it('Art. 19(c): a picture in every online offer', () => {
    expect(run('general', { extra: { product_image_url: null } }).blockers.map((b) => [b.code, b.severity])).toEqual([
      ['PRODUCT_IMAGE_MISSING', 'blocker'],
    ]);
  });

  it('Art. 9(7), 19(d): warnings in the language of each market, one blocker listing the missing languages', () => {
    const r = run('general', { extra: { target_markets: 'DE,FR' } });
    const w = r.blockers.filter((b) => b.code === 'WARNINGS_MISSING_FOR_LANGUAGE');
    expect(w.map((b) => [b.key, b.severity])).toEqual([['WARNINGS_MISSING_FOR_LANGUAGE', 'blocker']]);
    expect(codes(run('general', { extra: { target_markets: null } }))).toEqual(['TARGET_MARKETS_MISSING']);
  });

  it('Art. 9(7): instructions missing and need unknown → one question, not a silent pass nor a blocker per language', () => {
    const r = run('general', { extra: { target_markets: 'DE,FR,IT' }, entities: [EU_MAKER] });
    const q = r.blockers.filter((b) => b.code === 'QUESTION_INSTRUCTIONS_NEEDED');
    expect(q).toHaveLength(1);
    expect(q[0]).toMatchObject({
      severity: 'blocker',
      required_fields: ['instructions_needed'],
      fix: { kind: 'field', target: 'instructions_needed' },
      details: { question: true },
    });
    expect(codes(r)).not.toContain('INSTRUCTIONS_MISSING_FOR_LANGUAGE');
  });

  it('Art. 9(7): instructions needed → one blocker listing the missing languages', () => {
    const r = run('general', {
      extra: { target_markets: 'DE,FR', safety_warnings_fr: 'Avertissement.', instructions_needed: 'yes' },
    });
    expect(r.blockers.map((b) => [b.key, b.severity])).toEqual([['INSTRUCTIONS_MISSING_FOR_LANGUAGE', 'blocker']]);
  });

  it('exception, Art. 9(7): a product usable safely without instructions needs none', () => {
    expect(
      run('general', {
        extra: { target_markets: 'DE,FR', safety_warnings_fr: 'Avertissement.', instructions_needed: 'no' },
      }).blockers,
    ).toEqual([]);
  });

  it('Art. 9(2): the internal risk analysis, and an expired one counts as missing', () => {
    expect(codes(run('general', { documents: [] }))).toEqual(['RISK_ASSESSMENT_MISSING']);
    expect(codes(run('general', { documents: [{ ...RISK, valid_until: '2026-04-30' }] }))).toEqual([
      'RISK_ASSESSMENT_MISSING',
      'DOCUMENT_EXPIRED',
    ]);
  });

  it('Art. 9(2): the technical documentation describes the product', () => {
    expect(codes(run('general', { extra: { product_description: null } }))).toEqual([
      'TECHNICAL_DOCUMENTATION_MISSING',
    ]);
  });

  it('Art. 9(2) (good practice): an expired certificate date is a warning for a GPSR-only product', () => {
    const r = run('general', { extra: { certificate_valid_until: '2026-04-30' } });
    expect(r.blockers.map((b) => [b.code, b.severity])).toEqual([['CERTIFICATE_VALIDITY_EXPIRED', 'warning']]);
  });
});

// ----- Toys -----------------------------------------------------------------------------------

describe('Toys: Directive 2009/48/EC and Regulation (EU) 2025/2509', () => {
  const TOY = { age_grading: '3+', ce_marking: 'yes', electrically_powered: 'no' };
  const toyDocs = [
    RISK,
    report('en71', 'EN 71-1:2014+A1:2018', 'EN 71-3:2019'),
    doc('tsd-doc', 'Directive 2009/48/EC'),
  ];
  const toy = (o: Partial<RequirementInput> & { extra?: Record<string, string | null> } = {}) =>
    run('toys', { documents: toyDocs, ...o, extra: { ...TOY, ...(o.extra ?? {}) } });

  it('baseline: a complete wooden toy has no blocker', () => {
    expect(toy().blockers).toEqual([]);
  });

  it("GPSR Art. 2(1)(b): a toy's responsible operator is cited from Regulation 2019/1020 Art. 4, not GPSR Art. 16", () => {
    const r = toy({ entities: [CN_MAKER] });
    expect(codes(r)).toEqual(['EU_RESPONSIBLE_PERSON_MISSING']);
    expect(r.blockers[0].legal_basis).toContain(
      'Regulation (EU) 2019/1020 (Market Surveillance Regulation) Art. 4(1), Art. 4(2)',
    );
    expect(r.blockers[0].legal_basis).not.toContain('2023/988 (GPSR) Art. 16');
    expect(toy({ entities: [CN_MAKER, EU_IMPORTER] }).blockers).toEqual([]);
  });

  it('TSD Art. 15, Annex III: a DoC naming Directive 2009/48/EC; one naming only other acts does not count', () => {
    expect(codes(toy({ documents: [toyDocs[0], toyDocs[1]] }))).toEqual(['TOY_DOC_MISSING']);
    expect(codes(toy({ documents: [toyDocs[0], toyDocs[1], doc('emc-only', '2014/30/EU')] }))).toEqual([
      'TOY_DOC_MISSING',
    ]);
  });

  it('TSD Art. 13, 19, Annex IV: EN 71 test reports', () => {
    expect(codes(toy({ documents: [toyDocs[0], toyDocs[2], report('other', 'EN IEC 62115:2020')] }))).toEqual([
      'TOY_EN71_REPORT_MISSING',
    ]);
  });

  it('TSD Art. 18, Annex IV: the safety assessment (cited instead of GPSR Art. 9(2))', () => {
    const r = toy({ documents: [toyDocs[1], toyDocs[2]] });
    expect(codes(r)).toEqual(['RISK_ASSESSMENT_MISSING']);
    expect(r.blockers[0].legal_basis).toContain('Directive 2009/48/EC (Toy Safety Directive) Art. 18');
  });

  it('TSD Art. 11(1), Annex V Part A: age grading', () => {
    expect(codes(toy({ extra: { age_grading: null } }))).toEqual(['TOY_AGE_GRADING_MISSING']);
  });

  it('TSD Art. 16-17: CE marking is a blocker for every toy', () => {
    const r = toy({ extra: { ce_marking: 'no' } });
    expect(r.blockers.map((b) => [b.code, b.severity])).toEqual([['TOY_CE_MARKING_MISSING', 'blocker']]);
  });

  it("EMC Art. 15(3), RoHS, WEEE Art. 14(4): an electric toy's single DoC names EMC and RoHS, and it carries the WEEE symbol", () => {
    const r = toy({ extra: { electrically_powered: 'yes', radio_equipment: 'no' } });
    expect(codes(r)).toEqual(['TOY_DOC_EMC_NOT_CITED', 'TOY_DOC_ROHS_NOT_CITED', 'TOY_WEEE_SYMBOL_MISSING']);
    const ok = toy({
      extra: { electrically_powered: 'yes', radio_equipment: 'no', other_marks: 'crossed-out wheeled bin' },
      documents: [toyDocs[0], toyDocs[1], doc('all', '2009/48/EC', '2014/30/EU', '2011/65/EU')],
    });
    expect(ok.blockers).toEqual([]);
  });

  it('RED Art. 3(1), 18(3): a radio toy names RED instead of EMC', () => {
    const r = toy({
      extra: { electrically_powered: 'yes', radio_equipment: 'yes', other_marks: 'WEEE' },
      documents: [toyDocs[0], toyDocs[1], doc('all', '2009/48/EC', '2014/30/EU', '2011/65/EU')],
    });
    expect(codes(r)).toEqual(['TOY_DOC_RED_NOT_CITED']);
  });

  it('a toy whose DoC names only the TSD and whose power source is unknown: asked once, not blocked per act', () => {
    const r = toy({ extra: { electrically_powered: null } });
    expect(r.blockers.map((b) => [b.code, b.severity])).toEqual([['QUESTION_ELECTRICALLY_POWERED', 'blocker']]);
  });

  it('Regulation (EU) 2025/2509 dates: on 31 July 2030 the TSD DoC suffices; from 1 August 2030 a DoC under the Regulation is needed', () => {
    expect(toy({ now: '2030-07-31T12:00:00Z' }).blockers).toEqual([]);
    const after = toy({ now: '2030-08-01T12:00:00Z' });
    expect(codes(after)).toEqual(['TOY_DOC_TSR_MISSING']);
    expect(
      toy({ now: '2030-08-01T12:00:00Z', documents: [...toyDocs, doc('tsr-doc', 'Regulation (EU) 2025/2509')] })
        .blockers,
    ).toEqual([]);
  });
});

// ----- Electrical -----------------------------------------------------------------------------

describe('Electrical equipment: LVD 2014/35/EU, EMC 2014/30/EU, RED 2014/53/EU, RoHS 2011/65/EU', () => {
  const LAMP = {
    rated_voltage: '230 V~ 50 Hz',
    ce_marking: 'yes',
    radio_equipment: 'no',
    other_marks: 'crossed-out wheeled bin',
  };
  const lampDocs = (...refs: string[]) => [RISK, report('lvd-report'), doc('doc', ...refs)];
  const lamp = (o: Partial<RequirementInput> & { extra?: Record<string, string | null> } = {}) =>
    run('electrical', {
      documents: lampDocs('2014/35/EU', '2014/30/EU', '2011/65/EU'),
      ...o,
      extra: { ...LAMP, ...(o.extra ?? {}) },
    });

  it('baseline: a mains lamp whose DoC names LVD, EMC and RoHS has no blocker', () => {
    expect(lamp().blockers).toEqual([]);
  });

  it("LVD Art. 15(3): a mains lamp's DoC citing only the EMC Directive does not cover it (LVD and RoHS not cited)", () => {
    const r = lamp({ documents: lampDocs('2014/30/EU') });
    expect(r.blockers.map((b) => [b.code, b.severity])).toEqual([
      ['ELECTRICAL_DOC_LVD_NOT_CITED', 'blocker'],
      ['ELECTRICAL_DOC_ROHS_NOT_CITED', 'blocker'],
    ]);
    expect(r.blockers[0].details).toMatchObject({ act: 'Directive 2014/35/EU (LVD)', document_ids: ['doc'] });
  });

  it('LVD Art. 15(3): two separate DoCs are each checked; the one that cites the act satisfies it', () => {
    expect(
      lamp({ documents: [RISK, report('r'), doc('a', '2014/35/EU'), doc('b', '2014/30/EU', '2011/65/EU')] }).blockers,
    ).toEqual([]);
  });

  it('EMC Art. 15(3): the EMC Directive must be named for non-radio apparatus', () => {
    expect(codes(lamp({ documents: lampDocs('2014/35/EU', '2011/65/EU') }))).toEqual(['ELECTRICAL_DOC_EMC_NOT_CITED']);
  });

  it('RoHS Art. 2(1): RoHS must be named for every electrical product', () => {
    expect(codes(lamp({ documents: lampDocs('2014/35/EU', '2014/30/EU') }))).toEqual(['ELECTRICAL_DOC_ROHS_NOT_CITED']);
  });

  it('exception, LVD Art. 1: 12 V DC equipment is outside the LVD; EMC + RoHS suffice', () => {
    expect(
      lamp({ extra: { rated_voltage: '12 V DC' }, documents: lampDocs('2014/30/EU', '2011/65/EU') }).blockers,
    ).toEqual([]);
  });

  it('RED Art. 3(1), 18(3): radio equipment names RED + RoHS; LVD and EMC are not required', () => {
    expect(
      lamp({ extra: { radio_equipment: 'yes' }, documents: lampDocs('2014/53/EU', '2011/65/EU') }).blockers,
    ).toEqual([]);
    expect(codes(lamp({ extra: { radio_equipment: 'yes' } }))).toEqual(['ELECTRICAL_DOC_RED_NOT_CITED']);
  });

  it('radio or not unknown → one question (QUESTION_RADIO_EQUIPMENT) instead of a guess', () => {
    const r = lamp({ extra: { radio_equipment: null }, documents: lampDocs('2011/65/EU') });
    expect(r.blockers.map((b) => [b.code, b.severity])).toEqual([['QUESTION_RADIO_EQUIPMENT', 'blocker']]);
  });

  it('LVD Art. 1: a rated voltage that does not show the range is asked; a missing one is only the missing-voltage blocker', () => {
    expect(codes(lamp({ extra: { rated_voltage: '60 V' }, documents: lampDocs('2014/30/EU', '2011/65/EU') }))).toEqual([
      'QUESTION_LVD_VOLTAGE_RANGE',
    ]);
    expect(codes(lamp({ extra: { rated_voltage: null }, documents: lampDocs('2014/30/EU', '2011/65/EU') }))).toEqual([
      'ELECTRICAL_RATED_VOLTAGE_MISSING',
    ]);
  });

  it('LVD Art. 1 voltage ranges: 50-1000 V AC, 75-1500 V DC', () => {
    expect(lvdVoltageRange('230 V~ 50 Hz')).toBe('yes');
    expect(lvdVoltageRange('12 V DC')).toBe('no');
    expect(lvdVoltageRange('48 V AC')).toBe('no');
    expect(lvdVoltageRange('50 V AC')).toBe('yes');
    expect(lvdVoltageRange('74 V DC')).toBe('no');
    expect(lvdVoltageRange('1.5 kV DC')).toBe('yes');
    expect(lvdVoltageRange('120 V')).toBe('yes');
    expect(lvdVoltageRange('60 V')).toBeNull();
    expect(lvdVoltageRange('5 V')).toBe('no');
    expect(lvdVoltageRange('USB powered')).toBeNull();
  });

  it('LVD Art. 15, EMC Art. 15, RED Art. 18: no DoC at all is one blocker, not one per act', () => {
    expect(codes(lamp({ documents: [RISK, report('r')] }))).toEqual(['ELECTRICAL_DOC_MISSING']);
  });

  it('LVD Annex III point 2: test reports in the technical documentation', () => {
    expect(codes(lamp({ documents: [RISK, doc('doc', '2014/35/EU', '2014/30/EU', '2011/65/EU')] }))).toEqual([
      'ELECTRICAL_TEST_REPORT_MISSING',
    ]);
  });

  it('LVD Art. 6(7): instructions are mandatory for electrical equipment; the GPSR exception does not apply', () => {
    const r = lamp({
      extra: { target_markets: 'DE,FR', safety_warnings_fr: 'Avertissement.', instructions_needed: 'no' },
    });
    expect(r.blockers.map((b) => [b.key, b.severity])).toEqual([['INSTRUCTIONS_MISSING_FOR_LANGUAGE', 'blocker']]);
    expect(r.blockers[0].legal_basis).toContain('Directive 2014/35/EU (LVD) Art. 6(7)');
  });

  it('LVD Art. 16-17: CE marking', () => {
    expect(codes(lamp({ extra: { ce_marking: null } }))).toEqual(['ELECTRICAL_CE_MARKING_MISSING']);
  });

  it('WEEE Art. 14(4), Annex IX: the crossed-out wheeled bin is a blocker like the CE marking', () => {
    expect(lamp({ extra: { other_marks: 'CE' } }).blockers.map((b) => [b.code, b.severity])).toEqual([
      ['ELECTRICAL_WEEE_SYMBOL_MISSING', 'blocker'],
    ]);
  });
});

// ----- Cosmetics ------------------------------------------------------------------------------

describe('Cosmetics: Regulation (EC) No 1223/2009', () => {
  // The Art. 19(1)(b), (c), (e), (f) labelling items (issue 35) are part of a complete cosmetic.
  const COS = {
    cpnp_number: '3456789',
    ingredients_inci: 'AQUA, GLYCERIN',
    nominal_content: '50 ml',
    minimum_durability_or_pao: '12M',
    batch_or_serial_scheme: 'LOT yyww',
    cosmetic_function: 'Moisturising day cream',
  };
  const cpsr: DocumentInput = { id: 'cpsr', name: 'CPSR.pdf', type: 'cpsr' };
  const cos = (o: Partial<RequirementInput> & { extra?: Record<string, string | null> } = {}) =>
    run('cosmetics', { documents: [cpsr], ...o, extra: { ...COS, ...(o.extra ?? {}) } });

  it('Art. 4(3): the manufacturer established in the Union is the responsible person', () => {
    expect(cos().blockers).toEqual([]);
  });

  it('Art. 4(5): for an imported cosmetic the importer is the responsible person by default', () => {
    expect(cos({ entities: [CN_MAKER, EU_IMPORTER] }).blockers).toEqual([]);
  });

  it('Art. 4(4): a person designated by written mandate', () => {
    expect(cos({ entities: [CN_MAKER, EU_RP] }).blockers).toEqual([]);
  });

  it('Art. 4(1): a product made outside the Union with no EU importer or designated person is blocked', () => {
    const r = cos({ entities: [CN_MAKER] });
    expect(codes(r)).toEqual(['EU_RESPONSIBLE_PERSON_MISSING', 'COSMETIC_RESPONSIBLE_PERSON_MISSING']);
    expect(r.blockers[1].legal_basis).toBe(
      'Regulation (EC) No 1223/2009 (Cosmetics Regulation) Art. 4(3), Art. 4(4), Art. 4(5)',
    );
  });

  it('Art. 4(1): an authorised representative under other law is not a cosmetics responsible person without designation', () => {
    expect(codes(cos({ entities: [CN_MAKER, EU_AR] }))).toEqual(['COSMETIC_RESPONSIBLE_PERSON_MISSING']);
  });

  it('Art. 10(1), Annex I: the CPSR is the safety assessment: one obligation, one blocker', () => {
    expect(codes(cos({ documents: [RISK] }))).toEqual(['COSMETIC_CPSR_MISSING']);
    // Issue 35: not RISK_ASSESSMENT_MISSING and COSMETIC_CPSR_MISSING for one obligation.
    expect(codes(cos({ documents: [] }))).toEqual(['COSMETIC_CPSR_MISSING']);
  });

  it('Art. 13(1): CPNP notification', () => {
    expect(codes(cos({ extra: { cpnp_number: null } }))).toEqual(['COSMETIC_CPNP_NUMBER_MISSING']);
  });

  it('Art. 19(1)(g): the ingredient list', () => {
    expect(codes(cos({ extra: { ingredients_inci: null } }))).toEqual(['COSMETIC_INCI_MISSING']);
  });
});

// ----- Chemicals ------------------------------------------------------------------------------

describe('Chemical mixtures: REACH and CLP', () => {
  const sds: DocumentInput = { id: 'sds', name: 'SDS.pdf', type: 'safety_data_sheet' };

  it('classification unknown: one question instead of three blanket blockers', () => {
    expect(codes(run('chemicals'))).toEqual(['QUESTION_CLP_HAZARDOUS']);
  });

  it('exception: a mixture not classified as hazardous needs no SDS, UFI or CLP label', () => {
    expect(run('chemicals', { extra: { clp_hazardous: 'no' } }).blockers).toEqual([]);
  });

  it('REACH Art. 31(1)(a): SDS for a hazardous mixture', () => {
    expect(
      codes(
        run('chemicals', {
          documents: [RISK],
          extra: { clp_hazardous: 'yes', ufi_code: 'N1QV-R02N-F00K-4CNX', applicable_legislation: 'CLP' },
        }),
      ),
    ).toEqual(['CHEMICAL_SDS_MISSING']);
  });

  it('CLP Art. 45, Annex VIII: UFI for a hazardous mixture', () => {
    expect(
      codes(
        run('chemicals', {
          documents: [RISK, sds],
          extra: { clp_hazardous: 'yes', applicable_legislation: '1272/2008' },
        }),
      ),
    ).toEqual(['CHEMICAL_UFI_MISSING']);
  });

  it('CLP Art. 17: the CLP label of a hazardous mixture is a blocker, not a warning', () => {
    const r = run('chemicals', {
      documents: [RISK, sds],
      extra: { clp_hazardous: 'yes', ufi_code: 'N1QV-R02N-F00K-4CNX' },
    });
    expect(r.blockers.map((b) => [b.code, b.severity])).toEqual([['CHEMICAL_CLP_LABEL_MISSING', 'blocker']]);
  });
});

// ----- Textiles -------------------------------------------------------------------------------

describe('Textiles: Regulation (EU) No 1007/2011', () => {
  const TEX = { fibre_composition: '100% Baumwolle', fibre_label_languages: 'de', contains_animal_parts: 'no' };
  const tex = (extra: Record<string, string | null> = {}) => run('textiles', { extra: { ...TEX, ...extra } });

  it('baseline: complete', () => {
    expect(tex().blockers).toEqual([]);
  });

  it('Art. 14(1), 16(1): fibre composition, visible before purchase online', () => {
    expect(codes(tex({ fibre_composition: null }))).toEqual(['TEXTILE_FIBRE_COMPOSITION_MISSING']);
  });

  it('Art. 16(3): the label in the official language of each market', () => {
    const r = tex({
      target_markets: 'DE,FR,IT',
      safety_warnings_fr: 'x',
      safety_warnings_it: 'x',
      instructions_fr: 'x',
      instructions_it: 'x',
      fibre_label_languages: 'de; fr',
    });
    expect(r.blockers.map((b) => [b.key, b.severity, b.required_fields])).toEqual([
      ['TEXTILE_LABEL_LANGUAGE_MISSING', 'blocker', ['fibre_label_languages']],
    ]);
  });

  it('Art. 12: non-textile parts of animal origin must be stated when present', () => {
    expect(codes(tex({ contains_animal_parts: 'yes' }))).toEqual(['TEXTILE_ANIMAL_PARTS_STATEMENT_MISSING']);
    expect(
      tex({
        contains_animal_parts: 'yes',
        fibre_composition: '100% Baumwolle. Contains non-textile parts of animal origin.',
      }).blockers,
    ).toEqual([]);
    expect(codes(tex({ contains_animal_parts: null }))).toEqual(['QUESTION_CONTAINS_ANIMAL_PARTS']);
  });
});

// ----- Batteries ------------------------------------------------------------------------------

describe('Batteries: Regulation (EU) 2023/1542 and Directive 2006/66/EC, with their dates', () => {
  const BATT = {
    battery_type: 'Li-ion 3.7 V 2000 mAh',
    ce_marking: 'yes',
    other_marks: 'crossed-out wheeled bin; QR code',
    battery_cd_pb_above_limit: 'no',
  };
  const bDocs = [RISK, doc('bdoc', 'Regulation (EU) 2023/1542')];
  const batt = (now: string, extra: Record<string, string | null> = {}, documents = bDocs) =>
    run('batteries', { now, documents, extra: { ...BATT, ...extra } });

  it('baseline: complete on 2027-03-01', () => {
    expect(batt('2027-03-01').blockers).toEqual([]);
  });

  it('Art. 18, 96: no DoC is needed on 17 August 2024; from 18 August 2024 it is a blocker', () => {
    const before = batt('2024-08-17', { ce_marking: null }, [RISK]);
    expect(before.blockers.map((b) => [b.code, b.severity])).toEqual([
      ['BATTERY_CONFORMITY_EVIDENCE_MISSING', 'warning'],
    ]);
    expect(codes(batt('2024-08-18', {}, [RISK]))).toEqual(['BATTERY_DOC_MISSING']);
  });

  it('Art. 19-20, 96: the CE marking applies from 18 August 2024', () => {
    expect(batt('2024-08-17', { ce_marking: null }, [RISK, report('t', 'IEC 62133-2')]).blockers).toEqual([]);
    expect(codes(batt('2024-08-18', { ce_marking: null }))).toEqual(['BATTERY_CE_MARKING_MISSING']);
  });

  it('Directive 2006/66/EC Art. 21(1) until 17 August 2025, Regulation Art. 13(3) from 18 August 2025: the collection symbol is a blocker on both sides', () => {
    const before = batt('2025-08-17', { other_marks: 'CE' });
    expect(before.blockers.map((b) => [b.code, b.severity, b.rule_id])).toEqual([
      ['BATTERY_COLLECTION_MARK_MISSING', 'blocker', 'batteries.collection_mark_dir'],
    ]);
    expect(before.blockers[0].legal_basis).toContain('Directive 2006/66/EC');
    const after = batt('2025-08-18', { other_marks: 'CE' });
    expect(after.blockers.map((b) => [b.code, b.severity, b.rule_id])).toEqual([
      ['BATTERY_COLLECTION_MARK_MISSING', 'blocker', 'batteries.collection_mark'],
    ]);
    expect(after.blockers[0].legal_basis).toContain('Regulation (EU) 2023/1542 (Batteries Regulation) Art. 13(3)');
  });

  it('Art. 13(6): the QR code from 18 February 2027, not the day before', () => {
    expect(batt('2027-02-17', { other_marks: 'crossed-out wheeled bin' }).blockers).toEqual([]);
    expect(codes(batt('2027-02-18', { other_marks: 'crossed-out wheeled bin' }))).toEqual(['BATTERY_QR_CODE_MISSING']);
  });

  it('Art. 13(1), Annex VI Part A: the battery type', () => {
    expect(codes(batt('2026-05-01', { battery_type: null }))).toEqual(['BATTERY_TYPE_MISSING']);
  });

  it('Art. 13 / 2006/66/EC Art. 21(3): Cd or Pb symbol above the limits; unknown content is asked', () => {
    expect(codes(batt('2026-05-01', { battery_cd_pb_above_limit: 'yes' }))).toEqual(['BATTERY_CD_PB_SYMBOL_MISSING']);
    expect(
      batt('2026-05-01', { battery_cd_pb_above_limit: 'yes', other_marks: 'crossed-out wheeled bin; Pb' }).blockers,
    ).toEqual([]);
    expect(codes(batt('2026-05-01', { battery_cd_pb_above_limit: null }))).toEqual(['QUESTION_BATTERY_CD_PB']);
  });
});

// ----- Machinery ------------------------------------------------------------------------------

describe('Machinery: Directive 2006/42/EC until 19 January 2027, Regulation (EU) 2023/1230 from 20 January 2027', () => {
  const DRILL = {
    ce_marking: 'yes',
    electrically_powered: 'yes',
    radio_equipment: 'no',
    other_marks: 'crossed-out wheeled bin',
  };
  const drill = (now: string, documents: DocumentInput[], extra: Record<string, string | null> = {}) =>
    run('machinery', { now, documents, extra: { ...DRILL, ...extra } });
  const mdDoc = [RISK, doc('md', '2006/42/EC', '2014/30/EU', '2011/65/EU')];
  const mrDoc = [RISK, doc('mr', 'Regulation (EU) 2023/1230', '2014/30/EU', '2011/65/EU')];

  it('power tools are matched to the machinery pack; household appliances are not (2006/42/EC Art. 1(2)(k))', () => {
    expect(profileForCategory('Akkuschrauber').id).toBe('machinery@2026-11');
    expect(profileForCategory('cordless drill').id).toBe('machinery@2026-11');
    expect(profileForCategory('Elektrowerkzeuge').id).toBe('machinery@2026-11');
    expect(profileForCategory('washing machine').id).not.toBe('machinery@2026-11');
  });

  it('2006/42/EC Art. 5(1)(e), Annex II 1.A: on 19 January 2027 a DoC under the Directive; one under the Regulation alone does not count', () => {
    expect(drill('2027-01-19', mdDoc).blockers).toEqual([]);
    expect(codes(drill('2027-01-19', mrDoc))).toEqual(['MACHINERY_DOC_MISSING']);
  });

  it("Regulation (EU) 2023/1230 (applies from 20 January 2027): a DoC under the Regulation; the Directive's no longer counts", () => {
    expect(drill('2027-01-20', mrDoc).blockers).toEqual([]);
    const r = drill('2027-01-20', mdDoc);
    expect(r.blockers.map((b) => [b.code, b.rule_id])).toEqual([['MACHINERY_DOC_MISSING', 'machinery.doc_mr']]);
  });

  it("EMC Art. 15(3), RoHS: the electric tool's single DoC names EMC and RoHS; the LVD is not required", () => {
    expect(codes(drill('2026-05-01', [RISK, doc('md', '2006/42/EC')]))).toEqual([
      'MACHINERY_DOC_EMC_NOT_CITED',
      'MACHINERY_DOC_ROHS_NOT_CITED',
    ]);
  });

  it('exception: a non-electric machine needs neither EMC, RoHS nor the WEEE symbol', () => {
    expect(
      drill('2026-05-01', [RISK, doc('md', '2006/42/EC')], { electrically_powered: 'no', other_marks: null }).blockers,
    ).toEqual([]);
  });

  it('WEEE Art. 14(4): the crossed-out wheeled bin on an electric tool', () => {
    expect(codes(drill('2026-05-01', mdDoc, { other_marks: null }))).toEqual(['MACHINERY_WEEE_SYMBOL_MISSING']);
  });

  it('2006/42/EC Annex I 1.7.4: instructions in the market language are mandatory (no GPSR exception)', () => {
    const r = drill('2026-05-01', mdDoc, { instructions_de: null, instructions_needed: 'no' });
    expect(r.blockers.map((b) => [b.code, b.severity])).toEqual([['INSTRUCTIONS_MISSING_FOR_LANGUAGE', 'blocker']]);
    expect(r.blockers[0].legal_basis).toContain(
      'Directive 2006/42/EC (Machinery Directive) Art. 5(1)(c), Annex I, section 1.7.4',
    );
  });

  it('2006/42/EC Art. 5(1)(f), 16: CE marking', () => {
    expect(codes(drill('2026-05-01', mdDoc, { ce_marking: 'no' }))).toEqual(['MACHINERY_CE_MARKING_MISSING']);
  });

  it('2006/42/EC Annex VII Part A: the risk assessment in the technical file', () => {
    const r = drill('2026-05-01', [doc('md', '2006/42/EC', '2014/30/EU', '2011/65/EU')]);
    expect(codes(r)).toEqual(['RISK_ASSESSMENT_MISSING']);
    expect(r.blockers[0].legal_basis).toContain('Annex VII, Part A');
  });
});

// ----- Structure of the packs and their documentation -----------------------------------------

describe('every current rule cites its article and is documented', () => {
  it('each rule has structured citations, what satisfies it and why; anchors are unique', () => {
    const anchors = new Set<string>();
    for (const c of CATEGORY_CODES) {
      const profile = resolveProfile(CURRENT_PROFILE_BY_CATEGORY[c])!;
      for (const r of profile.rules) {
        expect(r.legal?.length, `${c} ${r.id}`).toBeGreaterThan(0);
        expect(
          r.legal!.every((l) => l.article || l.annex || l.section || l.unsure),
          `${c} ${r.id}`,
        ).toBe(true);
        expect(r.satisfied_by, `${c} ${r.id}`).toBeTruthy();
        expect(r.why, `${c} ${r.id}`).toBeTruthy();
        const a = ruleAnchor(c, r.id);
        expect(anchors.has(a), a).toBe(false);
        anchors.add(a);
      }
    }
  });

  it("a blocker's legal_basis is rendered from its rule's citations and links to the rule's anchor", () => {
    const r = run('toys', { documents: [RISK] });
    const b = r.blockers.find((x) => x.code === 'TOY_DOC_MISSING')!;
    const rule = resolveProfile('toys@2026-11')!.rules.find((x) => x.id === 'toys.doc')!;
    expect(b.legal_basis).toBe(formatLegalRefs(rule.legal!));
    expect(b.doc_url).toBe('/docs/requirements#rule-toys-toys-doc');
    const docs = requirementsDocumentation();
    const entry = docs.find((d) => d.category === 'toys')!.rules.find((x) => x.rule_id === 'toys.doc')!;
    expect(entry.anchor).toBe('rule-toys-toys-doc');
    expect(entry).toMatchObject({ severity: 'blocker', applies_until: '2030-07-31', legal_basis: b.legal_basis });
    expect(docs.map((d) => d.category)).toEqual(expect.arrayContaining([...CATEGORY_CODES]));
  });
});
