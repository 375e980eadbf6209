/**
 * Export warnings a person can act on: a missing language names only the target markets that need that
 * language (an EU-wide SKU missing French names BE, FR, LU, not 27 countries), and warnings group by the
 * fix that clears them ("Add the safety warnings in "fr"." on 12 SKUs), most SKUs first.
 */
import { describe, expect, it } from 'vitest';
import type { ExportItem } from '@/lib/exports/catalogue-data';
import { TEMPLATES } from '@/lib/exports/templates';
import { groupWarningsByFix, marketsNeeding, runChecks } from '@/lib/exports/templates/checks';
import { EU_MEMBER_STATES } from '@/lib/model/countries';

const kaufland = TEMPLATES.find((t) => t.channel === 'kaufland')!;

const item = (n: number, markets: string, fields: Record<string, string> = {}): ExportItem => ({
  sku: {
    id: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
    sku_code: `SKU-${n}`,
    product_name: `Product ${n}`,
    gtin: null,
    category_code: 'general',
    external_sku_id: null,
    public_id: null,
  },
  fields: { target_markets: markets, ...fields },
  entities: {},
  documents: [],
});

const languageWarnings = (i: ExportItem) => runChecks(kaufland.checks, i).filter((w) => w.code === 'LANGUAGE_MISSING');

describe('missing languages name the markets that need them', () => {
  it('an EU-wide SKU missing French names only the French-speaking markets', () => {
    const eu = item(1, [...EU_MEMBER_STATES].join(','));
    expect(marketsNeeding(eu, 'fr').sort()).toEqual(['BE', 'FR', 'LU']);
    const fr = languageWarnings(eu).find((w) => w.field === 'safety_warnings_fr')!;
    expect(fr.message).toContain('BE');
    expect(fr.message).toContain('LU');
    expect(fr.message).not.toContain('PL');
    expect(fr.message).not.toContain('DE,');
    const pl = languageWarnings(eu).find((w) => w.field === 'safety_warnings_pl')!;
    expect(pl.message).toMatch(/target markets PL need it/);
  });

  it('a SKU sold in DE and FR with German warnings is warned about French only, for FR', () => {
    const w = languageWarnings(item(2, 'DE,FR', { safety_warnings_de: 'Achtung.' }));
    expect(w.map((x) => x.field)).toEqual(['safety_warnings_fr']);
    expect(w[0].message).toMatch(/target markets FR need it\.$/);
  });
});

describe('warnings grouped by fix', () => {
  it('12 SKUs missing French make one group of 12 with the fix, ahead of smaller groups', () => {
    const items = Array.from({ length: 12 }, (_, i) =>
      item(i + 1, 'FR', i < 3 ? {} : { safety_warnings_fr: 'Attention.' }),
    );
    // Three of them also lack German for DE.
    items.push(item(13, 'DE'), item(14, 'DE'));
    const all = items.flatMap((i) => languageWarnings(i));
    const groups = groupWarningsByFix(all);
    expect(groups.map((g) => [g.field, g.sku_count])).toEqual([
      ['safety_warnings_fr', 3],
      ['safety_warnings_de', 2],
    ]);
    expect(groups[0].fix).toBe('Add the safety warnings in "fr".');
    expect(groups[0].skus.map((s) => s.sku_code)).toEqual(['SKU-1', 'SKU-2', 'SKU-3']);

    const many = Array.from({ length: 30 }, (_, i) => languageWarnings(item(100 + i, 'FR'))).flat();
    const [g] = groupWarningsByFix(many);
    expect(g).toMatchObject({ field: 'safety_warnings_fr', sku_count: 30, code: 'LANGUAGE_MISSING' });
    expect(g.skus).toHaveLength(20); // the first SKUs to link to; the count is the full number
  });
});
