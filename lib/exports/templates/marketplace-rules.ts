/**
 * Kaufland's, Otto's and Zalando's rules as data, each with the pages it was written from and the day
 * they were read: the attribute names of the files, the CSV dialect, the category each of our category
 * codes is listed under (a workspace mapping table, like Amazon's product types), and what each channel
 * holds per article or per brand. A category is never guessed: the channels list under their own
 * category trees (Kaufland's in the Seller Portal and its API, Otto's through GET /v4/products/categories)
 * and a product in the wrong category is refused or hidden, so the shipped defaults map nothing and the
 * workspace chooses. Until it does, the category's SKUs are warnings naming the fix and stay out of the file.
 *
 * What is not here: the live category trees (they need a seller account). Re-read the pages when a
 * channel changes its product data guideline and bump the version of the template that uses them.
 */

export interface CsvDialect {
  separator: ',' | ';' | '\t';
  encoding: 'UTF-8';
  /** A byte-order mark first (German spreadsheet programs read UTF-8 only with it). */
  bom: boolean;
  lineEnd: '\r\n' | '\n';
  /** How an attribute of several values is written. */
  multiValue: { kind: 'repeated_column'; max: number } | { kind: 'joined'; separator: string };
}

export interface ChannelRules {
  channel: string;
  version: string;
  read_on: string;
  sources: readonly string[];
  dialect?: CsvDialect;
  /** What the channel requires of every product (attribute names as the channel spells them). */
  required_attributes: readonly string[];
  notes: string;
}

/** Kaufland: per product, inline; base attributes for every category, the product hidden when one is missing. */
export const KAUFLAND_RULES = {
  channel: 'kaufland',
  version: '2026.12',
  read_on: '2026-12-01',
  sources: [
    'https://www.kauflandglobalmarketplace.com/seller-university/verkaufen/produktdaten/produktdaten-pflichtattribute/',
    'https://www.kauflandglobalmarketplace.com/en/seller-university/formal-framework/gpsr/',
    'https://www.kaufland.de/i/produktdaten/rechtliches/',
  ],
  dialect: {
    separator: ',',
    encoding: 'UTF-8',
    bom: true,
    lineEnd: '\r\n',
    multiValue: { kind: 'repeated_column', max: 3 },
  },
  required_attributes: ['ean', 'category', 'title', 'description', 'manufacturer', 'picture'],
  notes:
    'Mandatory for all categories: ean, category, title, description, manufacturer, picture. GPSR: manufacturer name and postal or electronic address, for manufacturers outside the EU the EU responsible person, warnings and safety information; products with missing GPSR attributes are hidden (since 13 Dec 2024). category is a category of Kaufland\u2019s tree, not the seller\u2019s own code. Several pictures as repeated picture columns.',
} as const satisfies ChannelRules;

/** Otto: per article, inline (no central manufacturer record); categories and brands are Otto\u2019s own names. */
export const OTTO_RULES = {
  channel: 'otto',
  version: '2026.12',
  read_on: '2026-12-01',
  sources: [
    'https://api.otto.market/docs/functional-interfaces/products',
    'https://api.otto.market/docs/about-the-api/best-practices',
    'https://www.onlinehaendler-news.de/recht/politik-gesetze/gpsr-otto-beachten',
  ],
  dialect: {
    separator: ';',
    encoding: 'UTF-8',
    bom: true,
    lineEnd: '\r\n',
    multiValue: { kind: 'joined', separator: '|' },
  },
  required_attributes: ['sku', 'ean', 'productReference', 'category', 'brand', 'manufacturerName'],
  notes:
    'Category and brand must be the exact names Otto lists (GET /v4/products/categories, GET /v4/products/brands); manufacturer name, postal address and email or contact-form URL per article; the EU operator for manufacturers outside the EU. productReference groups the variations of one product.',
} as const satisfies ChannelRules;

/**
 * Zalando: operators (manufacturer, importer, RP) at partner/brand level in zDirect, applied to every
 * article of the brand; per article the model/type code, EAN and the safety PDFs in the languages of the
 * agreed sales markets.
 */
export const ZALANDO_RULES = {
  channel: 'zalando',
  version: '2026.12',
  read_on: '2026-12-01',
  sources: [
    'https://partner.zalando.com/university/article/eu-general-product-safety-regulation-gpsr-related-data-requirements',
  ],
  required_attributes: ['ean', 'model_type_code', 'brand'],
  notes:
    'Manufacturer, importer, responsible person and legal entity are entered per brand in zDirect (Business profile, Compliance details) and shown on every article of the brand: all articles of one brand must name the same operators. Warnings, safety information and instructions as PDF in the languages of the agreed sales markets.',
} as const satisfies ChannelRules;

/** The countries Zalando sells in (its country shops), as read from its partner pages on the date above. */
export const ZALANDO_MARKETS: readonly string[] = [
  'AT',
  'BE',
  'CH',
  'CZ',
  'DE',
  'DK',
  'EE',
  'ES',
  'FI',
  'FR',
  'HR',
  'HU',
  'IE',
  'IT',
  'LT',
  'LU',
  'LV',
  'NL',
  'NO',
  'PL',
  'PT',
  'RO',
  'SE',
  'SI',
  'SK',
];

/** Mapping kinds of the category tables, with their rules (source and date shown beside each table). */
export const CATEGORY_MAPPING_RULES = {
  kaufland_category: KAUFLAND_RULES,
  otto_category: OTTO_RULES,
} as const;

/** A category name as a channel's tree spells it: printable text, one line, at most 200 characters. */
export const CHANNEL_CATEGORY_PATTERN = /^[^\u0000-\u001f\u007f]{1,200}$/;
