/**
 * eBay's channel rules hold: a bulkCreateOffer body carries at most 25 offers (26 SKUs make two calls, the
 * file stays valid against the schema written from eBay's types), and each offer names one marketplace
 * chosen from the SKU's target markets by the documented rule (single eBay country; several: the export's
 * preference, else the fixed priority DE, FR, IT, ...; none: the preference or EBAY_DE, with a warning).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Ajv from 'ajv';
import { describe, expect, it } from 'vitest';
import type { ExportItem } from '@/lib/exports/catalogue-data';
import { TEMPLATES } from '@/lib/exports/templates';
import { runChecks } from '@/lib/exports/templates/checks';
import { batchOffers, chooseEbayMarketplace, EBAY_BULK_OFFER_LIMIT } from '@/lib/exports/templates/ebay-rules';
import type { ExportRunOptions, RenderContext } from '@/lib/exports/templates/types';
import { EU_MEMBER_STATES } from '@/lib/model/countries';

const ebay = TEMPLATES.find((t) => t.channel === 'ebay')!;
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cw-ebay-'));
const schema = JSON.parse(
  fs.readFileSync(path.join(import.meta.dirname, '../../fixtures/exports/ebay-offers-regulatory.schema.json'), 'utf8'),
);

const item = (n: number, markets: string): ExportItem => ({
  sku: {
    id: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
    sku_code: `SKU-${n}`,
    product_name: `Product ${n}`,
    gtin: null,
    category_code: 'general',
    external_sku_id: null,
    public_id: null,
  },
  fields: { target_markets: markets },
  entities: {},
  documents: [],
});

async function render(items: ExportItem[], options?: ExportRunOptions) {
  const outPath = path.join(dir, `ebay-${items.length}-${Math.random()}.json`);
  const ctx = {
    async *items() {
      // Chunks that do not line up with the call size: the split must not depend on them.
      for (let i = 0; i < items.length; i += 10) yield items.slice(i, i + 10);
    },
    outPath,
    skuCount: items.length,
    localizedKeys: [],
    progress: async () => {},
    options,
  } as unknown as RenderContext;
  await ebay.render(ctx);
  return JSON.parse(fs.readFileSync(outPath, 'utf8'));
}

describe('eBay bulkCreateOffer batching', () => {
  const validate = new Ajv({ allErrors: true, strict: false }).compile(schema);

  it('26 offers make two calls of 25 and 1, in SKU order, valid against the schema', async () => {
    const items = Array.from({ length: 26 }, (_, i) => item(i + 1, 'DE'));
    const body = await render(items);
    expect(body.calls.map((c: any) => c.requests.length)).toEqual([25, 1]);
    expect(body.calls.flatMap((c: any) => c.requests.map((r: any) => r.sku))).toEqual(items.map((i) => i.sku.sku_code));
    expect(validate(body), JSON.stringify(validate.errors)).toBe(true);
  });

  it('exactly 25 offers make one call; 50 make two; none make no call', async () => {
    expect(
      (await render(Array.from({ length: 25 }, (_, i) => item(i, 'DE')))).calls.map((c: any) => c.requests.length),
    ).toEqual([25]);
    expect(
      (await render(Array.from({ length: 50 }, (_, i) => item(i, 'DE')))).calls.map((c: any) => c.requests.length),
    ).toEqual([25, 25]);
    expect(await render([])).toEqual({ calls: [] });
  });

  it('the schema refuses a body of 26 offers (the limit is a real check)', async () => {
    const body = await render(Array.from({ length: 26 }, (_, i) => item(i, 'DE')));
    const merged = { calls: [{ requests: body.calls.flatMap((c: any) => c.requests) }] };
    expect(validate(merged)).toBe(false);
    expect(batchOffers(merged.calls[0].requests).map((b) => b.length)).toEqual([25, 1]);
    expect(EBAY_BULK_OFFER_LIMIT.max).toBe(25);
  });
});

describe('eBay marketplace per offer', () => {
  it('a single eBay market is used as is', () => {
    expect(chooseEbayMarketplace(['FR'])).toEqual({ marketplaceId: 'EBAY_FR', rule: 'single_market' });
    expect(chooseEbayMarketplace(['SE', 'IT'])).toEqual({ marketplaceId: 'EBAY_IT', rule: 'single_market' });
  });

  it('"EU" (every member state) goes to EBAY_DE by priority, not to the alphabetically first EBAY_AT', () => {
    expect(chooseEbayMarketplace([...EU_MEMBER_STATES].sort())).toEqual({ marketplaceId: 'EBAY_DE', rule: 'priority' });
    expect(chooseEbayMarketplace(['AT', 'PL', 'FR'])).toEqual({ marketplaceId: 'EBAY_FR', rule: 'priority' });
  });

  it("the export's preferred marketplace wins among several markets, never over a single-market SKU", () => {
    expect(chooseEbayMarketplace(['AT', 'DE'], 'EBAY_AT')).toEqual({
      marketplaceId: 'EBAY_AT',
      rule: 'export_preference',
    });
    expect(chooseEbayMarketplace(['DE', 'FR'], 'EBAY_AT').marketplaceId).toBe('EBAY_DE');
    expect(chooseEbayMarketplace(['FR'], 'EBAY_AT').marketplaceId).toBe('EBAY_FR');
  });

  it('no market with an eBay site: the preference or EBAY_DE, and the channel check warns', () => {
    expect(chooseEbayMarketplace(['SE', 'FI'])).toEqual({ marketplaceId: 'EBAY_DE', rule: 'fallback' });
    expect(chooseEbayMarketplace([], 'EBAY_NL')).toEqual({ marketplaceId: 'EBAY_NL', rule: 'fallback' });
    const w = runChecks(ebay.checks, item(1, 'SE')).filter((x) => x.field === 'target_markets');
    expect(w).toHaveLength(1);
    expect(w[0].fix).toContain('EBAY_DE');
    expect(runChecks(ebay.checks, item(2, 'SE,AT')).filter((x) => x.field === 'target_markets')).toEqual([]);
  });

  it('the rendered offers follow the rule and the per-export preference', async () => {
    const items = [item(1, 'AT,BE,DE,FR'), item(2, 'AT,BE'), item(3, 'SE')];
    expect((await render(items)).calls[0].requests.map((r: any) => r.marketplaceId)).toEqual([
      'EBAY_DE',
      'EBAY_BE',
      'EBAY_DE',
    ]);
    expect(
      (await render(items, { ebay_marketplace: 'EBAY_AT' })).calls[0].requests.map((r: any) => r.marketplaceId),
    ).toEqual(['EBAY_AT', 'EBAY_AT', 'EBAY_AT']);
  });
});
