/**
 * Wrong values met on real documents (issue 34, precision), each family reproduced on text written for
 * this project (tests/fixtures/extract/precision-families): a test report's standards beyond the ones it
 * states it tested (equipment, methods, clauses), a data sheet's standards beside the declaration printed
 * with it, a list of parts cut short ("EN61000-3-2,-3"), and acts only mentioned (see…, a recommendation,
 * an article of an act, across a line wrap).
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { extractFacts } from '@/lib/extract/facts';
import { legislationIn, standardsIn } from '@/lib/extract/facts/references';

const dir = path.join(__dirname, '../../fixtures/extract/precision-families');
/** A fixture's pages (form feeds between them), as the extraction job passes a PDF's pages. */
const pagesOf = (name: string) =>
  readFileSync(path.join(dir, name), 'utf8')
    .split('\f')
    .map((text, i) => ({ page: i + 1, text }));
const fact = (name: string, documentType: string, key: string) =>
  extractFacts({ pages: pagesOf(name), documentType }).find((f) => f.field_key === key);

describe('a test report: the standards it states it tested', () => {
  it('the cover\'s "Standard: …" list (with the lines below it), at the confidence of a certain value', () => {
    const standards = fact('report-stated-standards.txt', 'test_report', 'harmonised_standards');
    expect(standards?.value.split('; ').sort()).toEqual(
      [
        'EN 55032:2015/A1:2020',
        'EN IEC 61000-3-2:2019/A1:2021',
        'EN 61000-3-3:2013/A2:2021',
        'EN 55035:2017/A11:2020',
      ].sort(),
    );
    expect(standards?.confidence).toBe(0.8);
  });

  it('never the standards of its equipment, methods and clauses', () => {
    const value = fact('report-stated-standards.txt', 'test_report', 'harmonised_standards')?.value ?? '';
    for (const cited of ['60068-2-6', '60068-2-27', '55016-1-2', '62368-1']) expect(value).not.toContain(cited);
  });

  it('"The tests were performed according to the following standards:" lists them, one per line', () => {
    const text = [
      '1. TEST STANDARDS',
      'The tests were performed according to the following standards:',
      'ETSI EN 301 489-1 V2.2.3: 2019-11 - ElectroMagnetic Compatibility (EMC) standard for radio equipment and',
      'services; Part 1: Common technical requirements',
      'ETSI EN 301 489-17 V3.2.4: 2020-09 - Specific conditions for Broadband Data Transmission Systems',
      '',
      '2. TEST EQUIPMENT',
      'Antenna calibrated to IEC 61000-4-3:2020',
    ].join('\n');
    const standards = extractFacts({ text, documentType: 'test_report' }).find(
      (f) => f.field_key === 'harmonised_standards',
    );
    expect(standards?.value).toBe('EN 301 489-1 V2.2.3:2019; EN 301 489-17 V3.2.4:2020');
    expect(standards?.confidence).toBe(0.8);
  });

  it('a report that states none: its cover page only, below the confidence of a certain value', () => {
    const standards = extractFacts({
      pages: [
        { page: 1, text: 'TEST REPORT\nEN 71-1:2014+A1:2018 Mechanical and physical properties: Pass' },
        { page: 2, text: 'Sampling to ISO 2859-1:1999\nThickness gauge to EN 12345:2001' },
      ],
      documentType: 'test_report',
    }).find((f) => f.field_key === 'harmonised_standards');
    expect(standards?.value).toBe('EN 71-1:2014+A1:2018');
    expect(standards?.confidence).toBeLessThan(0.8);
  });
});

describe('a declaration printed with a data sheet, the document filed as something else', () => {
  it("only the declaration page's standards, whatever the document's type", () => {
    for (const type of ['certificate', 'other', 'declaration_of_conformity']) {
      const value = fact('datasheet-with-declaration.txt', type, 'harmonised_standards')?.value ?? '';
      expect(value.split('; ').sort()).toEqual(
        [
          'EN 60950-1:2006+A11+A1+A12+A2',
          'EN 55032:2015',
          'EN 61000-3-2:2014',
          'EN 61000-3-3:2013',
          'EN 55024:2010+A1:2015',
        ].sort(),
      );
    }
  });
});

describe('a list of parts of one standard', () => {
  it('"EN61000-3-2,-3" goes on with the last part: EN 61000-3-3, never "EN 61000-3"', () => {
    expect(standardsIn('EN61000-3-2,-3')).toEqual(['EN 61000-3-2', 'EN 61000-3-3']);
    expect(standardsIn('EN 455-1, -2, -3:2000')).toEqual(['EN 455-1:2000', 'EN 455-2:2000', 'EN 455-3:2000']);
    expect(standardsIn('EN 60335-1, -2-54')).toEqual(['EN 60335-1', 'EN 60335-2-54']);
  });
});

describe('acts only mentioned are not declared', () => {
  it('"see Directive" at the end of the line above', () => {
    expect(legislationIn('2011/65/eu.', 'electronic equipment is restricted within the eu: see directive')).toEqual([]);
  });
  it('a recommendation or a decision is no act a product conforms to', () => {
    expect(legislationIn('european council recommendation 1999/519/ec')).toEqual([]);
    expect(legislationIn('decision no 768/2008/ec')).toEqual([]);
  });
  it('an article of an act, written "article 3.1(b) of Directive", on this line or the one above', () => {
    expect(legislationIn('2014/53/eu', 'covering the essential requirements of article 3.1(b) of directive')).toEqual(
      [],
    );
    expect(legislationIn('requirements of article 3.1(b) of directive 2014/53/eu')).toEqual([]);
  });
  it('a declared act stays declared, whatever the line above says', () => {
    expect(legislationIn('15(2) of directive 2012/19/eu (weee)', 'marking in accordance with article')).toEqual([
      'Directive 2012/19/EU',
    ]);
    expect(legislationIn('directive 2014/53/eu', 'see the list below')).toEqual(['Directive 2014/53/EU']);
  });
  it('in a test report, the acts its notes mention are not offered', () => {
    const legislation = fact('report-stated-standards.txt', 'test_report', 'applicable_legislation');
    expect(legislation).toBeUndefined();
  });
});

describe('operator blocks in the layouts real documents use', () => {
  const all = (name: string, documentType: string) =>
    Object.fromEntries(extractFacts({ pages: pagesOf(name), documentType }).map((f) => [f.field_key, f.value]));

  it('a double-spaced page (a blank line after every line): the blank lines are its spacing', () => {
    const f = all('doc-double-spaced.txt', 'declaration_of_conformity');
    expect(f.manufacturer_name).toBe('Halvorsen Messtechnik GmbH');
    expect(f.manufacturer_address).toBe('Kranichweg 14b, 22529 Hamburg, Germany');
    expect(f.manufacturer_country).toBe('DE');
  });

  it('an "Address ：" row left empty, the address below a blank line; "Trade Mark ：:" is a label', () => {
    const f = all('cert-layouts.txt', 'certificate');
    expect(f.manufacturer_name).toBe('Ningbo Qiaolu Appliance Co., Ltd.');
    expect(f.manufacturer_address).toBe('Floor 2, Building C, No. 88 Jinhai Road, Beilun District, Ningbo, China');
    expect(f.manufacturer_country).toBe('CN');
  });

  it('a company with its role after its name: "Brightfield Toys, Inc. (Manufacturer)"', () => {
    const f = all('cpc-role-after-name.txt', 'certificate');
    expect(f.manufacturer_name).toBe('Brightfield Toys, Inc.');
    expect(f.manufacturer_address).toBe('12 Elm St, Somerville, MA 02143, United States');
    expect(f.manufacturer_country).toBe('US');
    expect(f.manufacturer_email).toBe('hello@brightfieldtoys.example');
  });

  it('a lone company name under a bare heading, Czech "a.s.", its address after a blank line', () => {
    const f = all('doc-lone-name-cz.txt', 'declaration_of_conformity');
    expect(f.manufacturer_name).toBe('VLTAVA SENSORS a.s.');
    expect(f.manufacturer_address).toBe('Na Poříčí 1047/26, 110 00 Praha, Czech Republic');
    expect(f.manufacturer_country).toBe('CZ');
  });
});

describe('rated voltage and model lists under their labels', () => {
  const get = (text: string, key: string, documentType = 'test_report') =>
    extractFacts({ text, documentType }).find((f) => f.field_key === key)?.value;

  it('the voltage as written, on the label line or at the start of the next', () => {
    expect(get('Power supply: DC 3.6V', 'rated_voltage')).toBe('DC 3.6V');
    expect(get('Ratings ........: Internal non-rechargeable battery 3.6Vd.c, 7.7 Ah.', 'rated_voltage')).toBe(
      '3.6Vd.c',
    );
    expect(get('Power Supply :\n100-240V~, 8.0A Max, 1920W Max, 50/60Hz', 'rated_voltage')).toBe('100-240V~');
  });

  it('never a voltage from a sentence or a value that is no voltage', () => {
    expect(get('Power Supply :\nThe EUT was powered by 230 V mains.', 'rated_voltage')).toBeUndefined();
    expect(get('Input: USB-C port', 'rated_voltage')).toBeUndefined();
    expect(get('Over voltage category (OVC) ....: OVC II', 'rated_voltage')).toBeUndefined();
  });

  it('"Product Model (S) ：" with its list on the lines below', () => {
    const models = get(
      'Product Name ： Smart watch\nProduct Model (S) ：\nQW-M5, QW-M1,\nQW-Q2, QW-K2\n',
      'model_number',
      'certificate',
    );
    expect(models?.split(', ')).toEqual(['QW-M5', 'QW-M1', 'QW-Q2', 'QW-K2']);
  });
});
