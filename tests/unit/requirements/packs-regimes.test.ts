/**
 * The regimes of issue 35 read against their legal texts, rule by rule and exception by exception:
 * light sources (Regulations (EU) 2019/2020 and 2019/2015 with EPREL), the EPR registers per country
 * (WEEE, batteries, packaging), PPE (Regulation (EU) 2016/425), the cosmetic labelling items of
 * Regulation (EC) No 1223/2009 Art. 19(1)(b)–(g); and the notices for regimes no pack covers and for
 * markets outside the EU/EEA. Each test starts from a product complete for its regime and changes the
 * one thing the article is about.
 */
import { describe, expect, it } from 'vitest';
import {
  evaluateRequirements,
  resolveProfile,
  type DocumentInput,
  type EntityInput,
  type RequirementInput,
} from '@/lib/requirements';
import { REGIME_PACKS } from '@/lib/requirements/pack-registry';
import { matchedTerm } from '@/lib/requirements/regimes';
import { normalizeFieldValue } from '@/lib/model/catalogue';

const NOW = '2026-11-29T12:00:00Z';
const EU_MAKER: EntityInput = {
  id: 'm',
  role: 'manufacturer',
  name: 'Lichtwerk GmbH',
  country: 'DE',
  has_postal_address: true,
  has_electronic_address: true,
};
const RISK: DocumentInput = { id: 'risk', name: 'Risk.pdf', type: 'risk_assessment' };
const doc = (id: string, type: DocumentInput['type'], ...references: string[]): DocumentInput => ({
  id,
  name: `${id}.pdf`,
  type,
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
};
type Over = Partial<RequirementInput> & { extra?: Record<string, string | null> };
function run(sku: RequirementInput['sku'], over: Over = {}) {
  const { extra, ...rest } = over;
  return evaluateRequirements({
    sku,
    fields: { ...CORE, ...(extra ?? {}) },
    entities: [EU_MAKER],
    documents: [RISK],
    now: NOW,
    ...rest,
  });
}
const codes = (r: ReturnType<typeof evaluateRequirements>) => r.blockers.filter((b) => !b.waived).map((b) => b.code);

// ----- light sources ----------------------------------------------------------------------------

describe('Light sources: Regulations (EU) 2019/2020, 2019/2015 and 2017/1369 (EPREL)', () => {
  const BULB = {
    rated_voltage: '230 V~ 50 Hz',
    ce_marking: 'yes',
    radio_equipment: 'no',
    other_marks: 'crossed-out wheeled bin',
    weee_registration_numbers: 'DE: WEEE-Reg.-Nr. DE 12345678; AT: ERA-1234',
    is_light_source: 'yes',
    eprel_registration_number: '1234567',
  };
  const bulbDocs = [
    RISK,
    doc('report', 'test_report'),
    doc('doc', 'declaration_of_conformity', '2014/35/EU', '2014/30/EU', '2011/65/EU', '(EU) 2019/2020'),
    doc('label', 'other', 'Energy label (EU) 2019/2015'),
    doc('pis', 'other', 'Product information sheet (EU) 2019/2015'),
  ];
  const bulb = (o: Over = {}) =>
    run(
      { category_code: null, category_text: 'Lampen > Leuchtmittel', product_name: 'LED-Leuchtmittel E27 8 W' },
      { documents: bulbDocs, ...o, extra: { ...BULB, ...(o.extra ?? {}) } },
    );

  it('baseline: a complete LED bulb has no blocker, and the light-source pack was applied', () => {
    const r = bulb();
    expect(r.blockers).toEqual([]);
    expect(r.category_code).toBe('electrical');
    expect(r.regime_packs).toContain('light-sources@2026-11');
  });

  it('Regulation 2017/1369 Art. 4(1): the EPREL registration number', () => {
    const r = bulb({ extra: { eprel_registration_number: null } });
    expect(codes(r)).toEqual(['LIGHT_SOURCE_EPREL_NUMBER_MISSING']);
    expect(r.blockers[0].legal_basis).toContain('Regulation (EU) 2017/1369 (Energy Labelling Regulation) Art. 4(1)');
    expect(r.blockers[0].legal_weight).toBe('market');
  });

  it('2019/2015 Art. 3(1)(a), Annex III: the energy label as a document', () => {
    expect(codes(bulb({ documents: bulbDocs.filter((d) => d.id !== 'label') }))).toEqual([
      'LIGHT_SOURCE_ENERGY_LABEL_MISSING',
    ]);
  });

  it('2019/2015 Art. 3(1)(b), Annex V: the product information sheet as a document', () => {
    expect(codes(bulb({ documents: bulbDocs.filter((d) => d.id !== 'pis') }))).toEqual([
      'LIGHT_SOURCE_INFORMATION_SHEET_MISSING',
    ]);
  });

  it('Directive 2009/125/EC Art. 5(1): the DoC names the ecodesign measure 2019/2020', () => {
    const docs = bulbDocs.map((d) =>
      d.id === 'doc' ? doc('doc', 'declaration_of_conformity', '2014/35/EU', '2014/30/EU', '2011/65/EU') : d,
    );
    const r = bulb({ documents: docs });
    expect(codes(r)).toEqual(['LIGHT_SOURCE_DOC_ECODESIGN_NOT_CITED']);
    expect(r.blockers[0].legal_basis).toContain('Directive 2009/125/EC (Ecodesign Directive) Art. 5(1)');
  });

  it('exception, 2019/2020 Art. 2: a luminaire that only contains a light source has none of these duties', () => {
    const r = bulb({
      extra: { is_light_source: 'no', eprel_registration_number: null },
      documents: [
        RISK,
        doc('report', 'test_report'),
        doc('doc', 'declaration_of_conformity', '2014/35/EU', '2014/30/EU', '2011/65/EU'),
      ],
    });
    expect(r.blockers).toEqual([]);
  });

  it('light source or luminaire unknown: one question, not four blockers', () => {
    const r = bulb({
      extra: { is_light_source: null, eprel_registration_number: null },
      documents: [bulbDocs[0], bulbDocs[1], bulbDocs[2]],
    });
    expect(r.blockers.map((b) => [b.code, b.severity])).toEqual([['QUESTION_IS_LIGHT_SOURCE', 'blocker']]);
  });

  it('exception, 2019/2015 Art. 11: before 1 September 2021 the Regulations did not apply', () => {
    expect(codes(bulb({ now: '2021-08-31T12:00:00Z', extra: { eprel_registration_number: null } }))).toEqual([]);
    expect(codes(bulb({ now: '2021-09-01T12:00:00Z', extra: { eprel_registration_number: null } }))).toEqual([
      'LIGHT_SOURCE_EPREL_NUMBER_MISSING',
    ]);
  });

  it('the pack applies by the words of a lamp in seven languages, and not to a hair dryer', () => {
    for (const text of ['Glühbirne', 'Tischleuchten', 'light bulbs', 'Ampoule LED', 'Lampadina', 'żarówki', 'lampy']) {
      expect(
        matchedTerm(REGIME_PACKS.find((p) => p.id === 'light-sources@2026-11')!.applies.terms!, text),
        text,
      ).not.toBeNull();
    }
    const dryer = run(
      { category_code: 'electrical', product_name: 'Haartrockner 2000 W' },
      { extra: { ...BULB, is_light_source: null } },
    );
    expect(dryer.regime_packs).not.toContain('light-sources@2026-11');
  });
});

// ----- EPR registers --------------------------------------------------------------------------------

describe('EPR registration per country: WEEE, batteries, packaging', () => {
  const LAMP = {
    rated_voltage: '230 V~',
    ce_marking: 'yes',
    radio_equipment: 'no',
    other_marks: 'crossed-out wheeled bin',
    weee_registration_numbers: 'DE: WEEE-Reg.-Nr. DE 12345678; AT: ERA-1234',
  };
  const docs = [
    RISK,
    doc('r', 'test_report'),
    doc('d', 'declaration_of_conformity', '2014/35/EU', '2014/30/EU', '2011/65/EU'),
  ];
  const kettleLike = (extra: Record<string, string | null>) =>
    run({ category_code: 'electrical' }, { documents: docs, extra: { ...LAMP, ...extra } });

  it('WEEE Art. 16(2): one blocker listing only the markets without a number', () => {
    const r = kettleLike({
      target_markets: 'DE,AT,FR,IT',
      safety_warnings_fr: 'x',
      safety_warnings_it: 'x',
      instructions_fr: 'x',
      instructions_it: 'x',
    });
    expect(r.blockers.map((b) => [b.code, b.severity, b.details?.markets])).toEqual([
      ['EPR_WEEE_REGISTRATION_MISSING', 'blocker', ['FR', 'IT']],
    ]);
    expect(r.blockers[0].message).toBe('The WEEE registration number is missing for FR and IT.');
    expect(r.blockers[0].legal_basis).toContain('Directive 2012/19/EU (WEEE) Art. 16(2)');
  });

  it('WEEE: applies to any product confirmed electrically powered (an electric toy), not to a wooden one', () => {
    const toyDocs = [
      RISK,
      doc('en71', 'test_report', 'EN 71-1'),
      doc('tsd', 'declaration_of_conformity', '2009/48/EC', '2014/30/EU', '2011/65/EU'),
    ];
    const toy = (extra: Record<string, string | null>) =>
      run(
        { category_code: 'toys' },
        {
          documents: toyDocs,
          extra: { age_grading: '3+', ce_marking: 'yes', radio_equipment: 'no', other_marks: 'WEEE bin', ...extra },
        },
      );
    expect(codes(toy({ electrically_powered: 'yes' }))).toEqual(['EPR_WEEE_REGISTRATION_MISSING']);
    expect(codes(toy({ electrically_powered: 'no' }))).toEqual([]);
  });

  it('Batteries Regulation Art. 55(1): batteries and products with a battery type need the battery registration', () => {
    const r = run(
      { category_code: 'batteries' },
      {
        documents: [RISK, doc('b', 'declaration_of_conformity', 'Regulation (EU) 2023/1542')],
        extra: {
          battery_type: 'Li-ion 3.7 V',
          ce_marking: 'yes',
          other_marks: 'crossed-out wheeled bin; QR code',
          battery_cd_pb_above_limit: 'no',
          battery_registration_numbers: 'DE: 21001234',
        },
      },
    );
    expect(r.blockers.map((b) => [b.code, b.details?.markets])).toEqual([['EPR_BATTERY_REGISTRATION_MISSING', ['AT']]]);
  });

  it('packaging: checked once any packaging registration is recorded; a warning naming the markets without one', () => {
    expect(codes(run({ category_code: 'general' }))).toEqual([]);
    const r = run({ category_code: 'general' }, { extra: { packaging_registration_numbers: 'DE: DE5123456789012' } });
    expect(r.blockers.map((b) => [b.code, b.severity, b.details?.markets])).toEqual([
      ['EPR_PACKAGING_REGISTRATION_MISSING', 'warning', ['AT']],
    ]);
  });

  it('the registration field names the country of each register', () => {
    expect(normalizeFieldValue('weee_registration_numbers', 'de: WEEE-Reg.-Nr. DE 12345678; fr = FR0123')).toEqual({
      ok: true,
      value: 'DE: WEEE-Reg.-Nr. DE 12345678; FR: FR0123',
    });
    expect(normalizeFieldValue('weee_registration_numbers', 'WEEE-Reg.-Nr. DE 12345678').ok).toBe(false);
  });
});

// ----- PPE ------------------------------------------------------------------------------------------

describe('PPE: Regulation (EU) 2016/425 (a bicycle helmet)', () => {
  const HELMET = {
    ce_marking: 'yes',
    ppe_category: 'ii',
    notified_body_number: '0197',
  };
  const helmetDocs = [
    RISK,
    doc('doc', 'declaration_of_conformity', 'Regulation (EU) 2016/425', 'EN 1078:2012+A1:2012'),
    {
      ...doc('cert', 'certificate', 'EU type-examination certificate', 'Regulation (EU) 2016/425'),
      valid_until: '2029-05-01',
    },
  ];
  const helmet = (o: Over = {}) =>
    run(
      { category_code: null, category_text: 'Sport > Radsport > Fahrradhelme', product_name: 'Fahrradhelm Urban M' },
      { documents: helmetDocs, ...o, extra: { ...HELMET, ...(o.extra ?? {}) } },
    );

  it('baseline: a complete category II bicycle helmet has no blocker; its category is PPE', () => {
    const r = helmet();
    expect(r.category_code).toBe('ppe');
    expect(r.profile_id).toBe('ppe@2026-11');
    expect(r.blockers).toEqual([]);
  });

  it('Art. 18, Annex I: the risk category is needed', () => {
    const r = helmet({ extra: { ppe_category: null } });
    // The category is asked by its own blocker; no separate question about the same field.
    expect(codes(r)).toEqual(['PPE_CATEGORY_MISSING']);
  });

  it('Art. 19(b), Annex V: categories II and III need an EU type-examination certificate; an expired one counts as missing', () => {
    expect(codes(helmet({ documents: helmetDocs.slice(0, 2) }))).toEqual(['PPE_TYPE_EXAMINATION_MISSING']);
    const expired = [helmetDocs[0], helmetDocs[1], { ...helmetDocs[2], valid_until: '2026-01-01' }];
    expect(codes(helmet({ documents: expired }))).toEqual(['PPE_TYPE_EXAMINATION_MISSING', 'DOCUMENT_EXPIRED']);
  });

  it('Art. 19(b), Annex IX: the notified body number for categories II and III', () => {
    expect(codes(helmet({ extra: { notified_body_number: null } }))).toEqual(['PPE_NOTIFIED_BODY_NUMBER_MISSING']);
  });

  it('exception, Art. 19(a): category I needs no type-examination and no notified body', () => {
    expect(
      helmet({ extra: { ppe_category: 'i', notified_body_number: null }, documents: helmetDocs.slice(0, 2) }).blockers,
    ).toEqual([]);
  });

  it('Art. 15, Annex IX: the EU declaration of conformity under 2016/425', () => {
    expect(codes(helmet({ documents: [RISK, helmetDocs[2]] }))).toEqual(['PPE_DOC_MISSING']);
  });

  it('Art. 16-17: CE marking', () => {
    expect(codes(helmet({ extra: { ce_marking: null } }))).toEqual(['PPE_CE_MARKING_MISSING']);
  });

  it('Art. 8(7), Annex II 1.4: instructions in each market language, with no "usable without" exception', () => {
    const r = helmet({ extra: { instructions_de: null, instructions_needed: 'no' } });
    expect(codes(r)).toEqual(['INSTRUCTIONS_MISSING_FOR_LANGUAGE']);
    expect(r.blockers[0].legal_basis).toContain(
      'Regulation (EU) 2016/425 (PPE Regulation) Art. 8(7), Annex II, point 1.4',
    );
  });

  it('Art. 8(2), Annex III: the risk assessment, cited to the PPE Regulation', () => {
    const r = helmet({ documents: helmetDocs.slice(1) });
    expect(codes(r)).toEqual(['RISK_ASSESSMENT_MISSING']);
    expect(r.blockers[0].legal_basis).toContain('2016/425');
  });

  it('a toy helmet (costume) stays a toy', () => {
    expect(run({ category_code: null, category_text: 'Spielzeug', product_name: 'Ritterhelm' }).category_code).toBe(
      'toys',
    );
  });
});

// ----- cosmetics labelling ----------------------------------------------------------------------------

describe('Cosmetics labelling: Regulation (EC) No 1223/2009 Art. 19(1)(b)-(g)', () => {
  const CREAM = {
    cpnp_number: '3456789',
    ingredients_inci: 'AQUA, GLYCERIN',
    nominal_content: '50 ml',
    minimum_durability_or_pao: '12M',
    batch_or_serial_scheme: 'LOT yyww',
    cosmetic_function: 'Moisturising day cream',
  };
  const cream = (extra: Record<string, string | null> = {}) =>
    run({ category_code: 'cosmetics' }, { documents: [doc('cpsr', 'cpsr')], extra: { ...CREAM, ...extra } });

  it('baseline: a complete face cream has no blocker', () => {
    expect(cream().blockers).toEqual([]);
    expect(cream().regime_packs).toContain('cosmetics-labelling@2026-11');
  });

  it('Art. 19(1)(b): nominal content; unknown exception → asked; answered "no" → blocker', () => {
    expect(codes(cream({ nominal_content: null }))).toEqual(['QUESTION_COSMETIC_SMALL_PACK']);
    const r = cream({ nominal_content: null, cosmetic_small_pack: 'no' });
    expect(codes(r)).toEqual(['COSMETIC_NOMINAL_CONTENT_MISSING']);
    expect(r.blockers[0].legal_basis).toBe('Regulation (EC) No 1223/2009 (Cosmetics Regulation) Art. 19(1)(b)');
  });

  it('exception, Art. 19(1)(b): packs under 5 g / 5 ml, free samples and single-application packs', () => {
    expect(cream({ nominal_content: null, cosmetic_small_pack: 'yes' }).blockers).toEqual([]);
  });

  it('Art. 19(1)(c): date of minimum durability or period after opening; waivable where neither is relevant', () => {
    expect(codes(cream({ minimum_durability_or_pao: null }))).toEqual(['COSMETIC_DURABILITY_MISSING']);
    const waived = run(
      { category_code: 'cosmetics' },
      {
        documents: [doc('cpsr', 'cpsr')],
        extra: { ...CREAM, minimum_durability_or_pao: null },
        waivers: [{ code: 'COSMETIC_DURABILITY_MISSING', reason: 'Single-use sachet', by: 'u', at: NOW }],
      },
    );
    expect(waived.open_blocker_count).toBe(0);
    expect(waived.waived_count).toBe(1);
  });

  it('Art. 19(1)(d): precautions are the warnings in each market language, cited to 19(1)(d)', () => {
    const r = cream({ safety_warnings_de: null });
    expect(codes(r)).toEqual(['WARNINGS_MISSING_FOR_LANGUAGE']);
    expect(r.blockers[0].legal_basis).toContain('Art. 19(1)(d)');
  });

  it('Art. 19(1)(e): a batch number; a GTIN does not replace it for a cosmetic', () => {
    expect(codes(cream({ batch_or_serial_scheme: null }))).toEqual(['COSMETIC_BATCH_NUMBER_MISSING']);
  });

  it('Art. 19(1)(f): the function, unless clear from the presentation (exception)', () => {
    expect(codes(cream({ cosmetic_function: null }))).toEqual(['QUESTION_COSMETIC_FUNCTION_EVIDENT']);
    expect(codes(cream({ cosmetic_function: null, cosmetic_function_evident: 'no' }))).toEqual([
      'COSMETIC_FUNCTION_MISSING',
    ]);
    expect(cream({ cosmetic_function: null, cosmetic_function_evident: 'yes' }).blockers).toEqual([]);
  });

  it('Art. 19(1)(g): the ingredient list', () => {
    expect(codes(cream({ ingredients_inci: null }))).toEqual(['COSMETIC_INCI_MISSING']);
  });

  it('a cosmetic pinned to the 2026-04 profile still gets the labelling items', () => {
    const r = run(
      { category_code: 'cosmetics' },
      {
        profile_id: 'cosmetics@2026-04',
        documents: [doc('cpsr', 'cpsr')],
        extra: { ...CREAM, nominal_content: null, cosmetic_small_pack: 'no' },
      },
    );
    expect(resolveProfile('cosmetics@2026-04')).not.toBeNull();
    expect(codes(r)).toContain('COSMETIC_NOMINAL_CONTENT_MISSING');
  });
});

// ----- what is not checked ------------------------------------------------------------------------------

describe('not checked by this workspace', () => {
  it('a mug is a food contact article: a warning names the regulation; a wooden toy gets none', () => {
    const r = run({ category_code: null, category_text: 'Küche > Becher', product_name: 'Kaffeebecher Steingut' });
    const n = r.blockers.filter((b) => b.code === 'REGIME_NOT_CHECKED');
    expect(n).toHaveLength(1);
    expect(n[0]).toMatchObject({ severity: 'warning', key: 'REGIME_NOT_CHECKED:food_contact' });
    expect(n[0].message).toMatch(
      /^Not checked by this workspace: materials and articles in contact with food \(Regulation \(EC\) No 1935\/2004/,
    );
    expect(codes(run({ category_code: 'toys', product_name: 'Holzturm' }))).not.toContain('REGIME_NOT_CHECKED');
  });

  it('a detergent in the chemicals pack: CLP is checked, the Detergents Regulation is reported as not checked', () => {
    const r = run({ category_code: null, category_text: 'Haushalt > Waschmittel' }, { extra: { clp_hazardous: 'no' } });
    expect(r.blockers.map((b) => [b.code, b.details?.regime])).toEqual([['REGIME_NOT_CHECKED', 'detergents']]);
  });

  it('CH and GB markets: a notice that the rules shown are EU law, not Swiss or UK law', () => {
    const r = run({ category_code: 'general' }, { extra: { target_markets: 'DE,AT,CH,GB' } });
    expect(r.blockers.map((b) => [b.code, b.severity, b.details?.markets])).toEqual([
      ['MARKETS_NOT_CHECKED', 'warning', ['CH', 'GB']],
    ]);
    expect(r.blockers[0].message).toContain('not the law of CH, GB');
    expect(r.blockers[0].message).toContain('Switzerland');
    expect(r.target_markets).toEqual(['DE', 'AT']);
  });
});

describe('documentation of the regime packs', () => {
  it('each regime pack has its section on /docs/requirements, and its blockers link to their rule there', async () => {
    const { requirementsDocumentation } = await import('@/lib/requirements/docs');
    const docs = requirementsDocumentation();
    for (const p of REGIME_PACKS) expect(docs.find((d) => d.category === p.section)?.profile_id).toBe(p.id);
    const r = run({ category_code: 'cosmetics' }, { documents: [doc('cpsr', 'cpsr')] });
    const b = r.blockers.find((x) => x.code === 'COSMETIC_DURABILITY_MISSING')!;
    const section = docs.find((d) => d.category === 'cosmetics-labelling')!;
    expect(b.doc_url).toBe(`/docs/requirements#${section.rules.find((x) => x.code === b.code)!.anchor}`);
  });
});
