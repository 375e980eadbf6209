/**
 * eBay's product safety labels as data: the dossier's warnings and hazards mapped to the ids of eBay's
 * predefined statements and pictograms (Inventory API regulatory.productSafety takes ids, never free
 * text). The ids and their descriptions are eBay's, from the page below, which the Metadata API's
 * getProductSafetyLabels returns per marketplace (and may extend). Each rule says which dossier value
 * triggers it, so a reviewer can check the table line by line; a SKU with safety warnings that no rule
 * maps is a warning of the run (the seller then picks the label in eBay's listing form).
 */
import type { ExportItem } from '../catalogue-data';

export const EBAY_SAFETY_LABELS_READ_ON = '2026-11-30';
export const EBAY_SAFETY_LABELS_SOURCE = {
  values: 'https://developer.ebay.com/api-docs/sell/static/metadata/feature-productsafety.html',
  metadata_api:
    'https://developer.ebay.com/api-docs/sell/metadata/resources/marketplace/methods/getProductSafetyLabels',
  inventory_type: 'https://developer.ebay.com/api-docs/sell/inventory/types/slr:ProductSafety',
} as const;

/** eBay's limits on productSafety (Inventory API ProductSafety type). */
export const EBAY_SAFETY_LIMITS = { pictograms: 2, statements: 8, component: 120 } as const;

/** eBay's ids with eBay's own descriptions (product safety pictogram and statement values). */
export const EBAY_PICTOGRAMS = {
  EBPSP101: 'Not suitable for young children',
  EBPSP102: 'Contains coin battery',
  EBPSP103: 'Keep out of reach of children',
  EBPSP201: 'CE marking',
} as const;
export const EBAY_STATEMENTS = {
  EBPSS101: 'Not suitable for children under 3 years old.',
  EBPSS102: 'Warning: Please keep out of reach of children.',
  EBPSS103: 'Warning: Product contains a button or coin battery.',
} as const;
export type EbayPictogramId = keyof typeof EBAY_PICTOGRAMS;
export type EbayStatementId = keyof typeof EBAY_STATEMENTS;

const allWarnings = (i: ExportItem) =>
  Object.entries(i.fields)
    .filter(([k]) => k.startsWith('safety_warnings'))
    .map(([, v]) => v)
    .join('\n');

// The phrases in the EU languages our sellers write most (de, en, fr, it, es, nl, pl).
const UNDER_THREE =
  /(36\s*(months|monate|mois|mesi|meses|maanden|miesięcy))|(\b(under|unter|moins de|inferiore ai|menores de|onder de|poniżej)\s*(3|three|drei|trois)\b)|(\b0\s*[-–]\s*3\b)/i;
const OUT_OF_REACH =
  /(out of (the )?reach of children|außerhalb der reichweite von kindern|hors de (la )?portée des enfants|fuori dalla portata dei bambini|fuera del alcance de los niños|buiten (het )?bereik van kinderen|poza zasięgiem dzieci)/i;
const COIN_BATTERY =
  /(button|coin)[- ]?(cell|battery)|knopfzelle|knopfbatterie|pile bouton|batteria a bottone|pila de botón|knoopcel|bateria guzikowa|\bCR\d{4}\b|\bLR\d{2}\b/i;

export interface EbaySafetyRule {
  id: string;
  /** What in the dossier triggers the rule, in words a reviewer checks. */
  when: string;
  statements: EbayStatementId[];
  pictograms: EbayPictogramId[];
  applies: (i: ExportItem) => boolean;
}

/** The mapping table, in priority order (pictograms beyond eBay's 2 are dropped from the end). */
export const EBAY_SAFETY_RULES: readonly EbaySafetyRule[] = [
  {
    id: 'under_3',
    when: 'Age grading or a safety warning says "not for children under 3 / 36 months"',
    statements: ['EBPSS101'],
    pictograms: ['EBPSP101'],
    applies: (i) => UNDER_THREE.test(i.fields.age_grading ?? '') || UNDER_THREE.test(allWarnings(i)),
  },
  {
    id: 'coin_battery',
    when: 'Battery type or a safety warning names a button or coin cell',
    statements: ['EBPSS103'],
    pictograms: ['EBPSP102'],
    applies: (i) => COIN_BATTERY.test(i.fields.battery_type ?? '') || COIN_BATTERY.test(allWarnings(i)),
  },
  {
    id: 'out_of_reach',
    when: 'A safety warning says "keep out of reach of children"',
    statements: ['EBPSS102'],
    pictograms: ['EBPSP103'],
    applies: (i) => OUT_OF_REACH.test(allWarnings(i)),
  },
  {
    id: 'ce_marking',
    when: 'CE marking is "yes"',
    statements: [],
    pictograms: ['EBPSP201'],
    applies: (i) => (i.fields.ce_marking ?? '').toLowerCase() === 'yes',
  },
];

export interface EbaySafetyLabels {
  statements: EbayStatementId[];
  pictograms: EbayPictogramId[];
  /** The rules that applied (for the reviewer). */
  rules: string[];
}

/** The statement and pictogram ids for a SKU by the table, within eBay's limits. */
export function ebaySafetyLabels(item: ExportItem): EbaySafetyLabels {
  const statements: EbayStatementId[] = [];
  const pictograms: EbayPictogramId[] = [];
  const rules: string[] = [];
  for (const r of EBAY_SAFETY_RULES) {
    if (!r.applies(item)) continue;
    rules.push(r.id);
    for (const s of r.statements) if (!statements.includes(s)) statements.push(s);
    for (const p of r.pictograms) if (!pictograms.includes(p)) pictograms.push(p);
  }
  return {
    statements: statements.slice(0, EBAY_SAFETY_LIMITS.statements),
    pictograms: pictograms.slice(0, EBAY_SAFETY_LIMITS.pictograms),
    rules,
  };
}

/** Whether the SKU has a safety warning no rule of the table turned into an eBay statement. */
export function hasUnmappedWarnings(item: ExportItem): boolean {
  return Boolean(allWarnings(item).trim()) && ebaySafetyLabels(item).statements.length === 0;
}
