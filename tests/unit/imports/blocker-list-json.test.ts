/**
 * Stored blocker lists are the same JSON value as a list written out afresh (key order aside, undefined as
 * absent, null and nesting exact).
 */
import { describe, expect, it } from 'vitest';
import { plainSkuBlockers, sameJsonValue } from '@/lib/skus/recompute-bulk';
import { evaluateRequirements, profileForCategory } from '@/lib/requirements';
import { toStoredBlocker } from '@/lib/skus/evaluate';

const profile = profileForCategory('toys');
const sku = (gtin: string | null) => ({
  category_code: profile.category_code,
  gtin,
  requirement_profile_id: profile.id,
});
const FIELDS = {
  brand: 'Kinderladen',
  manufacturer_name: 'Hersteller 1 GmbH',
  manufacturer_address: 'Industriestraße 1, 10001 Berlin',
  country_of_origin: 'DE',
  target_markets: 'DE,AT,FR',
};

/** What the list is when written out afresh, as plainSkuBlockers did before it reused recent lists. */
function fresh(fields: Record<string, string>, gtin: string | null) {
  const e = evaluateRequirements({
    sku: { category_code: profile.category_code, gtin },
    fields,
    entities: [],
    documents: [],
    conflicts: [],
    review_issues: [],
    waivers: [],
    profile_id: profile.id,
  });
  return JSON.parse(JSON.stringify(e.blockers.map(toStoredBlocker)));
}

describe('stored blocker lists', () => {
  it('is the same JSON value as writing the list out afresh, for equal and for different lists', () => {
    const cases: [Record<string, string>, string | null][] = [
      [FIELDS, '4006381000001'],
      [FIELDS, '4006381000001'],
      [{ ...FIELDS, safety_warnings_de: 'Nicht für Kinder unter 3 Jahren.' }, '4006381000001'],
      [{ ...FIELDS, target_markets: 'DE' }, null],
      [FIELDS, '4006381000001'],
      [{ brand: 'Other' }, null],
    ];
    const texts = cases.map(([f, g]) => plainSkuBlockers(sku(g), f).blockers);
    cases.forEach(([f, g], i) => expect(JSON.parse(texts[i])).toEqual(fresh(f, g)));
    // Equal lists share one text; different ones do not.
    expect(texts[1]).toBe(texts[0]);
    expect(texts[4]).toBe(texts[0]);
    expect(texts[2]).not.toEqual(texts[0]);
    expect(texts[3]).not.toEqual(texts[0]);
    expect(texts[5]).not.toEqual(texts[3]);
  });

  it('compares JSON values: key order aside, undefined as absent, null and nesting exact', () => {
    expect(sameJsonValue({ a: 1, b: [1, { c: 'x' }] }, { b: [1, { c: 'x' }], a: 1 })).toBe(true);
    expect(sameJsonValue({ a: 1, b: undefined }, { a: 1 })).toBe(true);
    expect(sameJsonValue({ a: 1 }, { a: 1, b: undefined })).toBe(true);
    expect(sameJsonValue({ a: null }, { a: undefined })).toBe(false);
    expect(sameJsonValue({ a: null }, {})).toBe(false);
    expect(sameJsonValue({ d: { langs: ['de', 'fr'] } }, { d: { langs: ['de', 'it'] } })).toBe(false);
    expect(sameJsonValue([1, 2], [1, 2, 3])).toBe(false);
    expect(sameJsonValue([], {})).toBe(false);
    expect(sameJsonValue({ a: 1 }, { a: '1' })).toBe(false);
    expect(sameJsonValue({ a: 1, b: 2 }, { a: 1, c: 2 })).toBe(false);
  });
});
