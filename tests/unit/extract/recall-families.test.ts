/**
 * Facts the bench (bench/evidence.ts) found missed on real documents (issue 34, recall), each family
 * reproduced on text written for this project (tests/fixtures/extract/recall-families, MANIFEST.md).
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { extractFacts } from '@/lib/extract/facts';
import { legislationIn } from '@/lib/extract/facts/references';

const dir = path.join(__dirname, '../../fixtures/extract/recall-families');
const read = (name: string) => readFileSync(path.join(dir, name), 'utf8');
const facts = (text: string, documentType: string | null = 'declaration_of_conformity') =>
  Object.fromEntries(extractFacts({ text, documentType }).map((f) => [f.field_key, f.value]));

describe('UK statutory instruments by their number', () => {
  it('"2016 No. 1101 The … Regulations 2016" (the list form, the title over a line wrap too) and "S.I. 2010/2617"', () => {
    expect(facts(read('doc-ukca-si.txt')).applicable_legislation?.split('; ')).toEqual([
      'UK SI 2016/1101',
      'UK SI 2016/1091',
      'UK SI 2012/3032',
      'UK SI 2010/2617',
    ]);
  });

  it('"SI 2016 No. 1091"; a regulation named by its title alone, or an act number in prose, is not taken', () => {
    expect(legislationIn('emc: si 2016 no. 1091')).toEqual(['UK SI 2016/1091']);
    expect(legislationIn('electromagnetic compatibility regulations 2016')).toEqual([]);
    expect(legislationIn('2016 no. 12 units were sampled')).toEqual([]);
    expect(legislationIn('see si 2016/1101 for the transitional period')).toEqual([]);
  });
});

describe('REACH named by its name alone', () => {
  it('"REACH" in a declaration\'s directive column is Regulation (EC) No 1907/2006', () => {
    expect(facts(read('doc-reach-column.txt')).applicable_legislation?.split('; ')).toEqual([
      'Directive 2014/35/EU',
      'Directive 2011/65/EU',
      'Regulation (EC) No 1907/2006',
    ]);
  });

  it('not the verb, not in a test report, not a mention', () => {
    expect(facts('Keep out of reach of children.\nDirective 2014/35/EU').applicable_legislation).toBe(
      'Directive 2014/35/EU',
    );
    expect(facts('REACH SVHC screening: pass', 'test_report').applicable_legislation).toBeUndefined();
    expect(facts('Conformity with Directive 2014/35/EU; see REACH').applicable_legislation).toBe(
      'Directive 2014/35/EU',
    );
  });
});

describe("a certificate's holder as the maker's candidate", () => {
  it('"Certificate\'s" / "Holder:" over two lines, the name cut before "Co., Ltd.", the address below', () => {
    const all = extractFacts({ text: read('cert-holder-wrapped.txt'), documentType: 'certificate' });
    const name = all.find((f) => f.field_key === 'manufacturer_name');
    expect(name?.value).toBe('Harbin Northlight Optics Co., Ltd.');
    expect(name?.confidence).toBeLessThan(0.8);
    expect(all.find((f) => f.field_key === 'manufacturer_address')?.value).toContain('No.8 Songbei Avenue');
    expect(all.find((f) => f.field_key === 'manufacturer_country')?.value).toBe('CN');
  });

  it('never beside a manufacturer the certificate names', () => {
    const text = read('cert-holder-wrapped.txt').replace(
      'Product: Safety goggles',
      'Manufacturer: Lumen Optics GmbH, Hafenweg 2, 28195 Bremen, Germany\nProduct: Safety goggles',
    );
    const name = extractFacts({ text, documentType: 'certificate' }).find((f) => f.field_key === 'manufacturer_name');
    expect(name?.value).toBe('Lumen Optics GmbH');
  });
});

describe("a test report's sign-off: the one who approves", () => {
  it('"Approved by" / "(position+printedname+signature): Lab Manager Karin Holm", the function before the name', () => {
    const all = extractFacts({ text: read('report-sign-off-rows.txt'), documentType: 'test_report' });
    expect(all.find((f) => f.field_key === 'signatory_name')?.value).toBe('Karin Holm');
    expect(all.find((f) => f.field_key === 'signatory_function')?.value).toBe('Lab Manager');
  });

  it('a row of roles over a row of "Name / Function": the approver\'s column', () => {
    const all = extractFacts({ text: read('report-sign-off-columns.txt'), documentType: 'test_report' });
    expect(all.find((f) => f.field_key === 'signatory_name')?.value).toBe('Jonas Weber');
  });
});

describe('a number named at the end of a sentence, the value alone on the next line', () => {
  it('"…valid only together with the test report number:" / "NWC-2401188301E."', () => {
    const all = extractFacts({ text: read('cert-report-number-next-line.txt'), documentType: 'certificate' });
    expect(all.find((f) => f.field_key === 'test_report_number')?.value).toBe('NWC-2401188301E');
    expect(all.find((f) => f.field_key === 'certificate_number')?.value).toBe('NWC-2401188301C');
  });

  it('not a word or a bare number on the next line', () => {
    const text = 'See the test report number:\nAppendix\nand the certificate number:\n2024';
    const keys = extractFacts({ text, documentType: 'certificate' }).map((f) => f.field_key);
    expect(keys).not.toContain('test_report_number');
    expect(keys).not.toContain('certificate_number');
  });
});

describe('a column of labels over the column of their values', () => {
  it('"Report Number…:" / "Date of issue…:" / "Total number of pages…:" above the three values, paired in order', () => {
    const all = extractFacts({ text: read('report-label-column.txt'), documentType: 'test_report' });
    const number = all.find((f) => f.field_key === 'test_report_number');
    const issued = all.find((f) => f.field_key === 'issued_on');
    expect(number?.value).toBe('NWL-24-07731');
    expect(issued?.value).toBe('2024-05-17');
    // The quote is the document's own lines, the label's and the value's.
    expect(issued?.quote).toContain('2024-05-17');
    expect(issued?.quote).toContain('Date of issue');
  });

  it('not when the counts differ', () => {
    const text = read('report-label-column.txt').replace('38\n', '');
    const issued = extractFacts({ text, documentType: 'test_report' }).find((f) => f.field_key === 'issued_on');
    expect(issued?.value).not.toBe('2024-05-17');
  });
});
