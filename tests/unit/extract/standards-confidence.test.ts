// Holds true: a declaration's "standards applied" are offered at the confidence the review presents as
// certain, and so are the standards a test report states it tested ("Test specification:", "Standard:");
// a report that states none gives its cover's standards below it (the tested ones mixed with those its
// methods and references cite, which the text alone cannot tell apart), so no such list is shown as
// certain.
import { describe, expect, it } from 'vitest';
import { extractFacts } from '@/lib/extract/facts';
import { TEST_REPORT_STANDARDS_CONFIDENCE } from '@/lib/extract/facts/references';

const standardsOf = (text: string, documentType: string) =>
  extractFacts({ text, documentType }).find((f) => f.field_key === 'harmonised_standards');

describe('confidence of extracted standards', () => {
  it('a declaration of conformity: standards applied at 0.8', () => {
    const fact = standardsOf(
      [
        'EU Declaration of Conformity',
        'We declare that the product is in conformity with Directive 2014/35/EU.',
        'Harmonised standards applied: EN 60598-1:2021, EN 55015:2019',
      ].join('\n'),
      'declaration_of_conformity',
    );
    expect(fact?.value).toContain('EN 60598-1:2021');
    expect(fact?.confidence).toBe(0.8);
  });

  it('a test report: the standards it states it tested at 0.8, nothing else it cites', () => {
    const fact = standardsOf(
      [
        'TEST REPORT No. 2024-118',
        'Test specification: EN 71-1:2014+A1:2018',
        'Sampling according to ISO 2859-1:1999; laboratory accredited to ISO/IEC 17025:2017.',
        'Result: Pass',
      ].join('\n'),
      'test_report',
    );
    expect(fact?.value).toBe('EN 71-1:2014+A1:2018');
    expect(fact?.confidence).toBe(0.8);
  });

  it("a test report that states none: its cover's standards below 0.8", () => {
    const fact = standardsOf(
      [
        'TEST REPORT No. 2024-118',
        'EN 71-1:2014+A1:2018 clause 4.1: Pass',
        'Sampling according to ISO 2859-1:1999.',
      ].join('\n'),
      'test_report',
    );
    expect(fact?.value).toContain('EN 71-1:2014+A1:2018');
    expect(fact?.confidence).toBe(TEST_REPORT_STANDARDS_CONFIDENCE);
    expect(TEST_REPORT_STANDARDS_CONFIDENCE).toBeLessThan(0.8);
  });
});
