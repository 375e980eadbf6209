/**
 * The dossier catalogue holds exactly the canonical keys, each with a section, a label in every locale and help
 * text (German included).
 */
import { describe, expect, it } from 'vitest';
import {
  FIELD_CATALOGUE,
  FIELD_KIND_SCHEMAS,
  FIELD_SECTIONS,
  allFieldKeys,
  fieldDefinition,
  fieldHelp,
  fieldLabel,
  fieldValueSchema,
  isKnownFieldKey,
  isPublicField,
  localizedFieldKeys,
  normalizeFieldValue,
  parseFieldKey,
} from '@/lib/model/catalogue';
import { gtinCheckDigitValid } from '@/lib/gtin';
import { LOCALES } from '@/lib/i18n/locales';
import { EU_LANGUAGES } from '@/lib/i18n/languages';

// The canonical keys of the dossier catalogue, verbatim.
const CANONICAL = [
  'gtin',
  'model_number',
  'batch_or_serial_scheme',
  'product_image_url',
  'brand',
  'product_description',
  'manufacturer_name',
  'manufacturer_address',
  'manufacturer_country',
  'manufacturer_email',
  'manufacturer_url',
  'importer_name',
  'importer_address',
  'importer_country',
  'importer_email',
  'responsible_person_name',
  'responsible_person_address',
  'responsible_person_country',
  'responsible_person_email',
  'target_markets',
  'ce_marking',
  'other_marks',
  'applicable_legislation',
  'harmonised_standards',
  'country_of_origin',
  'hs_code',
  'age_grading',
  'placed_on_market_date',
  'doc_issue_date',
  'certificate_valid_until',
  'rated_voltage',
  'battery_type',
  'cpnp_number',
  'ingredients_inci',
  'ufi_code',
  'fibre_composition',
  // issue 19: facts that decide conditional requirements, and the textile label languages
  'instructions_needed',
  'electrically_powered',
  'radio_equipment',
  'fibre_label_languages',
  'contains_animal_parts',
  'clp_hazardous',
  'battery_cd_pb_above_limit',
  // issue 35: light sources, EPR registers, PPE, cosmetic labelling
  'eprel_registration_number',
  'is_light_source',
  'weee_registration_numbers',
  'battery_registration_numbers',
  'packaging_registration_numbers',
  'ppe_category',
  'notified_body_number',
  'nominal_content',
  'minimum_durability_or_pao',
  'cosmetic_function',
  'cosmetic_small_pack',
  'cosmetic_function_evident',
  // battery passport (issue 37)
  'battery_category',
  'battery_chemistry',
  'battery_rated_capacity_ah',
  'battery_nominal_voltage_v',
  'battery_weight_kg',
  'battery_manufacturing_date',
  'battery_manufacturing_place',
  'operator_identifier',
  'battery_carbon_footprint',
  'battery_carbon_footprint_class',
  'battery_recycled_content',
  'battery_due_diligence_report_url',
  'facility_identifier',
];

const ok = (value: string) => ({ ok: true, value });

describe('dossier catalogue keys', () => {
  it('holds exactly the canonical keys plus the two per-language bases', () => {
    const plain = FIELD_CATALOGUE.filter((d) => !d.localized)
      .map((d) => d.key)
      .sort();
    expect(plain).toEqual([...CANONICAL].sort());
    expect(
      FIELD_CATALOGUE.filter((d) => d.localized)
        .map((d) => d.key)
        .sort(),
    ).toEqual(['instructions', 'safety_warnings']);
  });

  it('has a section, a label in every locale and help text for each key', () => {
    for (const d of FIELD_CATALOGUE) {
      expect(FIELD_SECTIONS).toContain(d.section);
      for (const l of LOCALES) expect(d.labels[l], `${d.key} ${l}`).toMatch(/\S/);
      expect(d.help.length).toBeGreaterThan(10);
    }
    // German labels are real translations, not copies of the English ones.
    expect(fieldLabel('manufacturer_address', 'de')).toBe('Postanschrift des Herstellers');
    expect(fieldLabel('rated_voltage', 'it')).toBe('Tensione nominale');
  });

  it('has a German help text for each key, and fieldHelp picks it by UI language', () => {
    for (const d of FIELD_CATALOGUE) {
      expect(d.helpDe, d.key).toMatch(/\S/);
      expect(d.helpDe, d.key).not.toBe(d.help);
      expect(fieldHelp(d, 'de')).toBe(d.helpDe);
      expect(fieldHelp(d, 'en')).toBe(d.help);
    }
    const address = fieldDefinition('manufacturer_address')!;
    expect(fieldHelp(address, 'en')).toBe(
      'Postal address of the manufacturer: street and number, postcode, city (a PO box is not enough).',
    );
    expect(fieldHelp(address, 'de')).toBe(
      'Postanschrift des Herstellers: Straße und Hausnummer, PLZ, Ort (ein Postfach genügt nicht).',
    );
    expect(fieldHelp(fieldDefinition('responsible_person_email')!, 'de')).toBe(
      'Elektronische Adresse der verantwortlichen Person in der EU für Verbraucher und Behörden.',
    );
    expect(fieldHelp(fieldDefinition('safety_warnings_fr')!, 'de')).toMatch(/^Warnhinweise/);
  });

  it('expands and parses per-language keys for the 24 EU languages', () => {
    const keys = localizedFieldKeys('safety_warnings');
    for (const l of EU_LANGUAGES) expect(keys).toContain(`safety_warnings_${l}`);
    expect(EU_LANGUAGES).toHaveLength(24);
    expect(parseFieldKey('instructions_fr')).toMatchObject({
      language: 'fr',
      definition: { key: 'instructions', section: 'safety' },
    });
    expect(parseFieldKey('safety_warnings_xx')).toBeNull();
    expect(parseFieldKey('safety_warnings')).toBeNull(); // the base alone is not a concrete key
    expect(isKnownFieldKey('safety_warnings_de')).toBe(true);
    expect(isKnownFieldKey('manufacturer_phone')).toBe(false);
    expect(isKnownFieldKey('__proto__')).toBe(false);
    expect(allFieldKeys(['de', 'fr'])).toContain('instructions_fr');
    expect(fieldLabel('safety_warnings_fr', 'de')).toBe('Sicherheitshinweise (Französisch)');
    expect(fieldLabel('safety_warnings_de', 'en')).toBe('Safety warnings (German)');
  });

  it('marks the Art. 19 fields public and internal ones not', () => {
    for (const k of [
      'manufacturer_name',
      'manufacturer_address',
      'manufacturer_email',
      'responsible_person_name',
      'gtin',
      'model_number',
      'product_image_url',
      'safety_warnings_it',
    ]) {
      expect(isPublicField(k), k).toBe(true);
    }
    for (const k of ['hs_code', 'target_markets', 'cpnp_number', 'certificate_valid_until'])
      expect(isPublicField(k), k).toBe(false);
  });
});

describe('normalizeFieldValue', () => {
  it('checks GTINs by the contract (digits, 8/12/13/14 of them); a wrong check digit is kept; numbers from spreadsheets are accepted', () => {
    expect(normalizeFieldValue('gtin', ' 4006381 333931 ')).toEqual(ok('4006381333931'));
    expect(normalizeFieldValue('gtin', 4006381333931)).toEqual(ok('4006381333931'));
    expect(normalizeFieldValue('gtin', '96385074')).toEqual(ok('96385074')); // EAN-8
    expect(normalizeFieldValue('gtin', '036000291452')).toEqual(ok('036000291452')); // UPC-A
    // The SKU carries the warning GTIN_CHECK_DIGIT_INVALID instead (engine rule core.gtin_check_digit).
    expect(normalizeFieldValue('gtin', '4006381333932')).toEqual(ok('4006381333932'));
    expect(normalizeFieldValue('gtin', '12345')).toMatchObject({
      ok: false,
      message: expect.stringContaining('8, 12, 13 or 14'),
    });
    expect(normalizeFieldValue('gtin', '40063813339AB')).toMatchObject({ ok: false });
    expect(normalizeFieldValue('gtin', 1.23457e25)).toMatchObject({ ok: false });
    expect(gtinCheckDigitValid('00012345600012')).toBe(true);
  });

  it('normalises countries, country lists and the EU shorthand', () => {
    expect(normalizeFieldValue('manufacturer_country', 'cn')).toEqual(ok('CN'));
    expect(normalizeFieldValue('manufacturer_country', 'Deutschland')).toEqual(ok('DE'));
    expect(normalizeFieldValue('manufacturer_country', 'Allemagne')).toEqual(ok('DE'));
    expect(normalizeFieldValue('manufacturer_country', 'UK')).toEqual(ok('GB'));
    expect(normalizeFieldValue('manufacturer_country', 'Atlantis')).toMatchObject({ ok: false });
    expect(normalizeFieldValue('target_markets', 'de, fr;AT')).toEqual(ok('DE,FR,AT'));
    expect(normalizeFieldValue('target_markets', 'DE FR DE')).toEqual(ok('DE,FR'));
    expect(normalizeFieldValue('target_markets', 'Österreich, Italien')).toEqual(ok('AT,IT'));
    const eu = normalizeFieldValue('target_markets', 'EU');
    expect(eu.ok && eu.value.split(',')).toHaveLength(27);
    expect(normalizeFieldValue('target_markets', 'DE, XX')).toMatchObject({
      ok: false,
      message: expect.stringContaining('XX'),
    });
  });

  it('normalises dates to YYYY-MM-DD and refuses ambiguous or impossible ones', () => {
    expect(normalizeFieldValue('placed_on_market_date', '2025-3-7')).toEqual(ok('2025-03-07'));
    expect(normalizeFieldValue('placed_on_market_date', '07.03.2025')).toEqual(ok('2025-03-07'));
    expect(normalizeFieldValue('doc_issue_date', new Date(Date.UTC(2024, 11, 13)))).toEqual(ok('2024-12-13'));
    expect(normalizeFieldValue('doc_issue_date', '2024-12-13T10:00:00Z')).toEqual(ok('2024-12-13'));
    expect(normalizeFieldValue('doc_issue_date', '03/07/2025')).toMatchObject({ ok: false });
    expect(normalizeFieldValue('doc_issue_date', '2025-02-30')).toMatchObject({
      ok: false,
      message: 'Not a valid calendar date.',
    });
  });

  it('validates emails, URLs, yes/no, lists and codes', () => {
    expect(normalizeFieldValue('manufacturer_email', ' mailto:Safety@Example.COM ')).toEqual(ok('Safety@example.com'));
    expect(normalizeFieldValue('manufacturer_email', 'not-an-email')).toMatchObject({ ok: false });
    expect(normalizeFieldValue('manufacturer_url', 'www.example.com/contact')).toEqual(
      ok('https://www.example.com/contact'),
    );
    expect(normalizeFieldValue('product_image_url', 'javascript:alert(1)')).toMatchObject({ ok: false });
    expect(normalizeFieldValue('product_image_url', 'https://user:pw@example.com/a.jpg')).toMatchObject({ ok: false });
    expect(normalizeFieldValue('ce_marking', 'Ja')).toEqual(ok('yes'));
    expect(normalizeFieldValue('ce_marking', false)).toEqual(ok('no'));
    expect(normalizeFieldValue('ce_marking', 'maybe')).toMatchObject({ ok: false });
    expect(
      normalizeFieldValue('harmonised_standards', 'EN 71-1:2014+A1:2018;EN 71-2:2020\nEN 71-1:2014+A1:2018'),
    ).toEqual(ok('EN 71-1:2014+A1:2018; EN 71-2:2020'));
    expect(normalizeFieldValue('hs_code', '9503 00.70')).toEqual(ok('95030070'));
    expect(normalizeFieldValue('hs_code', '95')).toMatchObject({ ok: false });
    expect(normalizeFieldValue('ufi_code', 'ufi: n1qv r02n f00k 4cnx')).toEqual(ok('N1QV-R02N-F00K-4CNX'));
  });

  it('cleans text: control characters removed, whitespace collapsed, length bounded, no throw on odd input', () => {
    expect(normalizeFieldValue('brand', '  Ürün\u0000  Größe\t ')).toEqual(ok('Ürün Größe'));
    expect(
      normalizeFieldValue('safety_warnings_de', 'Achtung!\r\n\r\n\r\n\r\nNicht für Kinder unter 3 Jahren.  '),
    ).toEqual(ok('Achtung!\n\nNicht für Kinder unter 3 Jahren.'));
    expect(normalizeFieldValue('brand', 'x'.repeat(501))).toMatchObject({ ok: false });
    expect(normalizeFieldValue('brand', '   ')).toMatchObject({ ok: false, message: 'The value is empty.' });
    expect(normalizeFieldValue('brand', { toString: () => 'x' })).toMatchObject({ ok: false });
    expect(normalizeFieldValue('brand', null)).toMatchObject({ ok: false });
    expect(normalizeFieldValue('unknown_key', 'x')).toMatchObject({
      ok: false,
      message: expect.stringContaining('Unknown dossier field'),
    });
  });

  it('exposes the same rules as zod schemas', () => {
    expect(FIELD_KIND_SCHEMAS.country.parse('fr')).toBe('FR');
    const r = fieldValueSchema('gtin').safeParse('123');
    expect(r.success).toBe(false);
    expect(r.error?.issues[0].message).toContain('8, 12, 13 or 14');
  });
});
