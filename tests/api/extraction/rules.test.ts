/**
 * The pure rules behind the evidence path: address parts and countries in any EU language, the one
 * GTIN rule, and the conflict rule (what is and is not a disagreement).
 */
import { describe, expect, it } from 'vitest';
import { countryCode } from '@/lib/address/country';
import { parseAddress, sameAddress } from '@/lib/address/parse';
import { extractFacts } from '@/lib/extract/facts';
import { checkGtin, gtin14 } from '@/lib/gtin';
import { valuesAgree } from '@/lib/evidence/value-conflicts';

describe('addresses and countries', () => {
  it.each([
    [
      'Hauptstr. 5, 10115 Berlin, Germany',
      { street: 'Hauptstr. 5', postal_code: '10115', city: 'Berlin', country: 'DE' },
    ],
    [
      "Room 1203, Building A\nBao'an District, 518000 Shenzhen\nP.R. China",
      { street: "Room 1203, Building A, Bao'an District", postal_code: '518000', city: 'Shenzhen', country: 'CN' },
    ],
    [
      '12 Rue de la Paix, F-75001 Paris',
      { street: '12 Rue de la Paix', postal_code: '75001', city: 'Paris', country: 'FR' },
    ],
    ['1 High St, London SW1A 1AA, UK', { street: '1 High St', postal_code: 'SW1A 1AA', city: 'London', country: 'GB' }],
    [
      'No. 88 Industrial Road, Shenzhen, Guangdong 518000, China',
      { street: 'No. 88 Industrial Road', postal_code: '518000', city: 'Shenzhen', region: 'Guangdong', country: 'CN' },
    ],
    [
      'ul. Prosta 1, 00-950 Warszawa, Polska',
      { street: 'ul. Prosta 1', postal_code: '00-950', city: 'Warszawa', country: 'PL' },
    ],
    [
      '500 Howard St, San Francisco, CA 94105, USA',
      { street: '500 Howard St', postal_code: '94105', city: 'San Francisco', region: 'CA', country: 'US' },
    ],
    [
      'Vodičkova 20, 110 00 Praha 1, Česko',
      { street: 'Vodičkova 20', postal_code: '110 00', city: 'Praha 1', country: 'CZ' },
    ],
  ])('%s', (raw, parts) => expect(parseAddress(raw)).toMatchObject(parts));

  it('country names in EU languages and ISO codes, via the country data library', () => {
    for (const [name, code] of [
      ['Deutschland', 'DE'],
      ['Allemagne', 'DE'],
      ['Chine', 'CN'],
      ['Volksrepublik China', 'CN'],
      ['Cina', 'CN'],
      ['Niederlande', 'NL'],
      ['Hiszpania', 'ES'],
      ['Ιταλία', 'IT'],
      ['DEU', 'DE'],
      ['cn', 'CN'],
      ['UK', 'GB'],
      ['Atlantis', null],
    ] as const)
      expect(countryCode(name), name).toBe(code);
  });

  it('the same address with other line breaks, commas and case is the same address', () => {
    expect(
      sameAddress(
        "Room 1203, Building A\nBao'an District\n518000 Shenzhen, China",
        "ROOM 1203, BUILDING A, BAO'AN DISTRICT, 518000 SHENZHEN, P.R. CHINA",
      ),
    ).toBe(true);
    expect(sameAddress('Hafenstraße 12, 20457 Hamburg, Germany', 'Hafenstraße 12\n20457 Hamburg\nDeutschland')).toBe(
      true,
    );
    expect(sameAddress('Hafenstraße 12, 20457 Hamburg', 'Hafenstraße 14, 20457 Hamburg')).toBe(false);
  });
});

describe('one GTIN rule', () => {
  it('lengths, check digit, zeros, separators; GTIN-14 equality', () => {
    expect(checkGtin('4006381333931')).toEqual({ ok: true, value: '4006381333931' });
    expect(checkGtin('4006381 333931')).toEqual({ ok: true, value: '4006381333931' });
    expect(checkGtin('4006381333932')).toMatchObject({ ok: false, problem: 'invalid_check_digit' });
    expect(checkGtin('00000000')).toMatchObject({ ok: false, problem: 'all_zeros' });
    expect(checkGtin('12345')).toMatchObject({ ok: false, problem: 'invalid_length' });
    expect(checkGtin('40063813339A1')).toMatchObject({ ok: false, problem: 'not_numeric' });
    expect(gtin14('4006381333931')).toBe(gtin14('04006381333931'));
  });
  it('extraction takes only GTINs with a valid check digit', () => {
    expect(extractFacts({ text: 'EAN: 4006381333932' }).find((f) => f.field_key === 'gtin')).toBeUndefined();
    expect(extractFacts({ text: 'GTIN: 4006381333931' }).find((f) => f.field_key === 'gtin')?.value).toBe(
      '4006381333931',
    );
  });
});

describe('conflict rule', () => {
  it.each([
    ['harmonised_standards', 'EN 71-1:2014+A1:2018; EN 71-2:2020; EN 71-3:2019+A1:2021', 'EN 71-3:2019+A1:2021', true],
    ['harmonised_standards', 'EN 71-3:2019', 'EN 71-3:2013', false],
    ['harmonised_standards', 'EN 71-1:2014', 'EN 62368-1:2014', false],
    ['applicable_legislation', 'Directive 2009/48/EC; Regulation (EU) 2023/988', 'Directive 2009/48/EC', true],
    ['doc_issue_date', '2025-03-14', '14.03.2025', true],
    ['doc_issue_date', '2025-03-14', '2025-03-15', false],
    [
      'manufacturer_address',
      "Room 1203, Building A\nBao'an District\n518000 Shenzhen, China",
      "Room 1203, Building A, Bao'an District, 518000 Shenzhen, China",
      true,
    ],
    ['manufacturer_name', 'Müller Spielwaren G.m.b.H.', 'MÜLLER SPIELWAREN GMBH', true],
    ['manufacturer_name', 'Acme Toys GmbH', 'Beta Spielwaren GmbH', false],
    ['manufacturer_country', 'CN', 'China', true],
    ['manufacturer_country', 'CN', 'HK', false],
    ['model_number', 'GN-HS18, GN-HS18-S', 'GN-HS18', true],
    ['model_number', 'BL-FL40-USB', 'KT-RB7', false],
    ['gtin', '4006381333931', '04006381333931', true],
    ['manufacturer_email', 'Export@Brightlux.example', 'export@brightlux.example', true],
  ])('%s: %j vs %j agree=%s', (key, a, b, agree) => expect(valuesAgree(key, a, b)).toBe(agree));
});

describe('section-aware extraction', () => {
  it('the e-mail after the responsible person block is never the manufacturer e-mail; a heading that mentions 2019/1020 declares nothing', () => {
    const facts = Object.fromEntries(
      extractFacts({
        text: 'Manufacturer: Foo Ltd, 1 Road, 518000 Shenzhen, China\nEU responsible person (Art. 4 Regulation (EU) 2019/1020): Bar GmbH, Weg 1, 10115 Berlin, Germany\nE-mail: rp@bar.example\nDirective 2014/30/EU',
      }).map((f) => [f.field_key, f.value]),
    );
    expect(facts.manufacturer_email).toBeUndefined();
    expect(facts.responsible_person_email).toBe('rp@bar.example');
    expect(facts.applicable_legislation).toBe('Directive 2014/30/EU');
    expect(facts.manufacturer_country).toBe('CN');
  });
});
