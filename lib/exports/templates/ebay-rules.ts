/**
 * eBay's channel rules as data, each with the page of eBay's developer documentation it is written from
 * and the date it was read: how many offers one bulkCreateOffer call takes, and which eBay marketplace an
 * offer goes to. An offer names exactly one marketplaceId, so a SKU sold in several countries needs a rule.
 */

export const EBAY_RULES_VERSION = '2026-11-29';

/** Inventory API bulkCreateOffer: "up to 25 offers" per call (the request's `requests` array). */
export const EBAY_BULK_OFFER_LIMIT = {
  max: 25,
  source: 'https://developer.ebay.com/api-docs/sell/inventory/resources/offer/methods/bulkCreateOffer',
  read_on: EBAY_RULES_VERSION,
} as const;

/**
 * The EU countries with an eBay site (Inventory API MarketplaceEnum), in the fixed priority order used when
 * a SKU's target markets name several of them (or "EU", stored expanded to every member state): the
 * largest eBay sites of the EU first, so an EU-wide SKU goes to EBAY_DE, never to the alphabetically first
 * EBAY_AT.
 */
export const EBAY_MARKETPLACE_PRIORITY = [
  ['DE', 'EBAY_DE'],
  ['FR', 'EBAY_FR'],
  ['IT', 'EBAY_IT'],
  ['ES', 'EBAY_ES'],
  ['NL', 'EBAY_NL'],
  ['BE', 'EBAY_BE'],
  ['AT', 'EBAY_AT'],
  ['PL', 'EBAY_PL'],
  ['IE', 'EBAY_IE'],
] as const;

export type EbayMarketplaceId = (typeof EBAY_MARKETPLACE_PRIORITY)[number][1];
export const EBAY_MARKETPLACE_IDS = EBAY_MARKETPLACE_PRIORITY.map(([, id]) => id) as EbayMarketplaceId[];
export const EBAY_MARKETPLACE_SOURCE = 'https://developer.ebay.com/api-docs/sell/inventory/types/slr:MarketplaceEnum';

const BY_COUNTRY = new Map<string, EbayMarketplaceId>(EBAY_MARKETPLACE_PRIORITY.map(([c, id]) => [c, id]));

/** The default when no target market of the SKU has an eBay site (a warning says so). */
export const EBAY_FALLBACK_MARKETPLACE: EbayMarketplaceId = 'EBAY_DE';

export interface EbayMarketplaceChoice {
  marketplaceId: EbayMarketplaceId;
  /** How it was chosen: the SKU's only eBay market, the export's preference, the priority list, or the fallback. */
  rule: 'single_market' | 'export_preference' | 'priority' | 'fallback';
}

/**
 * One marketplace per offer:
 * 1. the SKU's target markets with an eBay site; if exactly one, that one;
 * 2. if several, the export's preferred marketplace when it is one of them;
 * 3. else the first of them in EBAY_MARKETPLACE_PRIORITY;
 * 4. none with an eBay site: the export's preference, else EBAY_DE (and the run warns).
 */
export function chooseEbayMarketplace(
  markets: readonly string[],
  preferred?: EbayMarketplaceId | null,
): EbayMarketplaceChoice {
  const candidates = [...new Set(markets.map((c) => BY_COUNTRY.get(c)).filter((m) => m !== undefined))];
  if (candidates.length === 1) return { marketplaceId: candidates[0], rule: 'single_market' };
  if (candidates.length > 1) {
    if (preferred && candidates.includes(preferred)) return { marketplaceId: preferred, rule: 'export_preference' };
    const first = EBAY_MARKETPLACE_IDS.find((id) => candidates.includes(id))!;
    return { marketplaceId: first, rule: 'priority' };
  }
  return { marketplaceId: preferred ?? EBAY_FALLBACK_MARKETPLACE, rule: 'fallback' };
}

/** Offers split into bulkCreateOffer calls of at most EBAY_BULK_OFFER_LIMIT.max each. */
export function batchOffers<T>(offers: readonly T[], size: number = EBAY_BULK_OFFER_LIMIT.max): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < offers.length; i += size) out.push(offers.slice(i, i + size));
  return out;
}
