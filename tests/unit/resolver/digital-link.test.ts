/**
 * The GS1 Digital Link parser: GTIN-8/12/13/14 normalised to GTIN-14, qualifiers only in GS1's order
 * (22, 10, 21), and every malformed link refused with a reason that says what is wrong; the link type
 * query in its CURIE and URI spellings.
 */
import { describe, expect, it } from 'vitest';
import { DigitalLinkError, digitalLinkPath, parseDigitalLink } from '@/lib/resolver/digital-link';
import { parseLinkTypeQuery } from '@/lib/resolver/link-types';

const reasonOf = (gtin: string, q: string[] = []) => {
  try {
    parseDigitalLink(gtin, q);
  } catch (e) {
    if (e instanceof DigitalLinkError) return { reason: e.reason, message: e.message, details: e.details };
    throw e;
  }
  return null;
};

describe('GS1 Digital Link parser', () => {
  it('normalises GTIN-8, -12, -13 and -14 to GTIN-14', () => {
    expect(parseDigitalLink('96385074').gtin).toBe('00000096385074');
    expect(parseDigitalLink('036000291452').gtin).toBe('00036000291452');
    expect(parseDigitalLink('4006381333931').gtin).toBe('04006381333931');
    expect(parseDigitalLink('04006381333931')).toEqual({ gtin: '04006381333931', gtinAsWritten: '04006381333931' });
  });

  it('reads the qualifiers in GS1 order, decoding percent-encoding', () => {
    expect(parseDigitalLink('09506000134352', ['22', 'V1', '10', 'ABC%2F1', '21', '12345'])).toMatchObject({
      cpv: 'V1',
      lot: 'ABC/1',
      serial: '12345',
    });
    expect(parseDigitalLink('09506000134352', ['21', 'S1'])).toMatchObject({ serial: 'S1' });
    expect(parseDigitalLink('09506000134352', ['10', 'L1', '21', 'S1'])).toMatchObject({ lot: 'L1', serial: 'S1' });
  });

  it('refuses a wrong check digit and names the expected one', () => {
    const r = reasonOf('4006381333932');
    expect(r?.reason).toBe('gtin_check_digit');
    expect(r?.details).toMatchObject({ expected_check_digit: 1 });
    expect(r?.message).toMatch(/check digit/);
  });

  it('refuses wrong lengths, letters and zeros', () => {
    expect(reasonOf('12345')?.reason).toBe('gtin_length');
    expect(reasonOf('400638133393A')?.reason).toBe('gtin_not_numeric');
    expect(reasonOf('00000000000000')?.reason).toBe('gtin_all_zeros');
  });

  it('refuses qualifiers out of order, repeated, unknown, without value or outside CSET 82', () => {
    const order = reasonOf('09506000134352', ['21', 'S1', '10', 'L1']);
    expect(order?.reason).toBe('qualifier_order');
    expect(order?.message).toMatch(/\/10\/.*before \/21\//);
    expect(reasonOf('09506000134352', ['10', 'L1', '22', 'V'])?.reason).toBe('qualifier_order');
    expect(reasonOf('09506000134352', ['10', 'L1', '10', 'L2'])?.reason).toBe('qualifier_repeated');
    expect(reasonOf('09506000134352', ['17', '260101'])?.reason).toBe('unknown_qualifier');
    expect(reasonOf('09506000134352', ['10'])?.reason).toBe('odd_segments');
    expect(reasonOf('09506000134352', ['10', 'x'.repeat(21)])?.reason).toBe('qualifier_value');
    expect(reasonOf('09506000134352', ['10', 'Lot%20with%20space'])?.reason).toBe('qualifier_value');
    expect(reasonOf('09506000134352', ['10', '%E0%A4%A'])?.reason).toBe('qualifier_value');
  });

  it('writes the canonical path: GTIN-14 and qualifiers in order', () => {
    const link = parseDigitalLink('9506000134352', ['22', 'V1', '10', 'A/B']);
    expect(digitalLinkPath(link)).toBe('/01/09506000134352/22/V1/10/A%2FB');
  });
});

describe('linkType query', () => {
  it('accepts CURIEs and both GS1 vocabulary URIs; all and linkset ask for the linkset', () => {
    expect(parseLinkTypeQuery('gs1:pip')).toEqual({ kind: 'type', type: 'pip' });
    expect(parseLinkTypeQuery('https://gs1.org/voc/recallStatus')).toEqual({ kind: 'type', type: 'recallStatus' });
    expect(parseLinkTypeQuery('https://ref.gs1.org/voc/sustainabilityInfo')).toEqual({
      kind: 'type',
      type: 'sustainabilityInfo',
    });
    expect(parseLinkTypeQuery('all')).toEqual({ kind: 'linkset' });
    expect(parseLinkTypeQuery('linkset')).toEqual({ kind: 'linkset' });
    expect(parseLinkTypeQuery('gs1:epil')).toEqual({ kind: 'unknown', raw: 'gs1:epil' });
    expect(parseLinkTypeQuery('')).toBeNull();
  });
});
