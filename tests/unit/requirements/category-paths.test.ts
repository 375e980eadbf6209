/**
 * Shop category paths in seven EU languages map to the requirement category a compliance manager would
 * give the product (tests/unit/requirements/category-paths.ts: 261 paths, a quarter held aside). The
 * term tables are tuned on the development rows only; the held-aside rows measure how well the general
 * matching (stems, plurals, compound heads, accent folding) carries to paths it was not shaped on.
 */
import { describe, expect, it } from 'vitest';
import { matchCategory } from '@/lib/model/categories';
import { resolveCategory } from '@/lib/model/category-match';
import { CATEGORY_PATHS } from './category-paths';

const dev = CATEGORY_PATHS.filter((_, i) => i % 4 !== 3);
const heldAside = CATEGORY_PATHS.filter((_, i) => i % 4 === 3);

function misses(rows: typeof CATEGORY_PATHS) {
  return rows
    .map(([lang, path, expected]) => ({ lang, path, expected, got: matchCategory(path) }))
    .filter((r) => r.got.defaulted || r.got.code !== r.expected)
    .map((r) => `${r.lang} "${r.path}": expected ${r.expected}, got ${r.got.defaulted ? 'unrecognised' : r.got.code}`);
}

describe('category paths', () => {
  it('has at least 200 paths in de, en, fr, it, es, nl and pl, each language held aside in part', () => {
    expect(CATEGORY_PATHS.length).toBeGreaterThanOrEqual(200);
    for (const lang of ['de', 'en', 'fr', 'it', 'es', 'nl', 'pl'])
      expect(heldAside.filter((r) => r[0] === lang).length, lang).toBeGreaterThan(3);
  });

  it('the paths the tables were written with all map to their expected category', () => {
    expect(misses(dev)).toEqual([]);
  });

  it('the paths held aside map with at least 90 % accuracy (reported)', () => {
    const wrong = misses(heldAside);
    const accuracy = (heldAside.length - wrong.length) / heldAside.length;
    console.info(
      `category paths held aside: ${heldAside.length - wrong.length}/${heldAside.length} = ${(accuracy * 100).toFixed(1)} %`,
      wrong,
    );
    expect(accuracy).toBeGreaterThanOrEqual(0.9);
  });

  it('every match says why, with a confidence', () => {
    const m = matchCategory('Leuchten > Tischleuchten');
    expect(m).toMatchObject({ code: 'electrical', defaulted: false, matched_by: 'path' });
    expect(m.confidence).toBeGreaterThan(0.8);
    expect(m.reason).toContain('Tischleuchten');
    expect(m.reason).toContain('leuchte');
    expect(matchCategory('toys')).toMatchObject({ code: 'toys', matched_by: 'code', confidence: 1 });
    expect(matchCategory('Sonstiges')).toMatchObject({ defaulted: true, code: 'general' });
    expect(matchCategory('Neuheiten > Angebote')).toMatchObject({ defaulted: true });
  });
});

describe('where the path does not decide, the product does', () => {
  const fields = (o: Record<string, string>) => new Map(Object.entries(o));
  it('a voltage in the name or a rated voltage makes it electrical equipment; "shampoo" a cosmetic', () => {
    expect(resolveCategory({ category_text: 'Neuheiten', product_name: 'Stehlampe Bogen 230V' })).toMatchObject({
      code: 'electrical',
      defaulted: false,
    });
    expect(
      resolveCategory({ product_name: 'Modell 7', fields: fields({ rated_voltage: '230 V~ 50 Hz' }) }),
    ).toMatchObject({ code: 'electrical', source: 'voltage' });
    expect(resolveCategory({ product_name: 'Kamillen-Shampoo 250 ml' })).toMatchObject({
      code: 'cosmetics',
      source: 'name',
    });
  });

  it('a powered battery or toy stays one; a battery type alone means battery-powered equipment', () => {
    expect(resolveCategory({ product_name: 'Akku 12 V 2,0 Ah' })).toMatchObject({ code: 'batteries' });
    expect(resolveCategory({ product_name: 'Holzeisenbahn mit Motor 4,5 V' })).toMatchObject({ code: 'toys' });
    expect(
      resolveCategory({ product_name: 'Modell 7', fields: fields({ battery_type: 'Li-Ion 3,7 V' }) }),
    ).toMatchObject({
      code: 'electrical',
      source: 'battery',
    });
  });

  it('documents citing a sectoral act decide; a kind under the GPSR alone is recognised, not defaulted', () => {
    expect(
      resolveCategory({
        product_name: 'Modell 7',
        documents: [{ type: 'declaration_of_conformity', references: ['2009/48/EC'] }],
      }),
    ).toMatchObject({ code: 'toys', source: 'document' });
    expect(resolveCategory({ category_text: 'furniture', product_name: 'Lamp shade' })).toMatchObject({
      code: 'general',
      defaulted: false,
    });
    expect(resolveCategory({ category_text: 'Sonstiges', product_name: 'Modell 7' })).toMatchObject({
      code: 'general',
      defaulted: true,
      source: 'default',
    });
  });
});
