/**
 * Matching one alert against one SKU (pure). The identifying signals decide; the others only support:
 * - GTIN: any GTIN in the alert's barcode equals the SKU's GTIN in GTIN-14 form (so a UPC-A, its EAN-13
 *   with a leading zero and its GTIN-14 are one code);
 * - brand + model/type: the normalised model code of the SKU is one of the alert's model codes and the
 *   brands agree (a model code alone, or with another brand, is weak: model numbers repeat across makers);
 * - batch: where both name one, equal batch codes add, different ones are shown as a caution;
 * - name and category similarity: supporting only, never a match on their own.
 * Precision at the top is what matters (a manager must not wade through noise): "strong" needs a GTIN or
 * brand + model; everything else that passes the floor is "weak", listed apart.
 */
import { checkGtin, gtinDigits } from '@/lib/gtin';
import type { StoredMatchReason } from '@/lib/db/schema';

export interface MatchAlert {
  brand: string | null;
  name: string | null;
  product: string | null;
  category: string | null;
  model: string | null;
  batch: string | null;
  barcode: string | null;
  gtins: readonly string[];
}

export interface MatchSku {
  id: string;
  sku_code: string;
  product_name: string;
  gtin: string | null;
  category: string | null;
  brand: string | null;
  model: string | null;
  batch: string | null;
}

export interface MatchResult {
  score: number;
  strength: 'strong' | 'weak';
  reasons: StoredMatchReason[];
}

export const STRONG_AT = 0.75;
export const FLOOR = 0.35;

/** GTIN-14 forms of the valid GTINs written in a barcode field ("4006381333931, 0 12345 67890 5"). */
export function barcodeGtins(raw: string | null): string[] {
  if (!raw) return [];
  const out = new Set<string>();
  for (const m of raw.matchAll(/\d[\d \-\u00a0]{6,20}\d/g)) {
    const digits = gtinDigits(m[0]);
    const c = checkGtin(digits);
    if (c.ok) out.add(c.value.padStart(14, '0'));
    else
      for (const part of m[0].split(/\s+/)) {
        const p = checkGtin(part);
        if (p.ok) out.add(p.value.padStart(14, '0'));
      }
  }
  return [...out];
}

export const fold = (s: string) =>
  s
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase();

const LEGAL_FORMS =
  /\b(gmbh|ag|kg|ltd|limited|llc|inc|co|corp|corporation|sarl|sas|sa|srl|spa|bv|nv|oy|ab|as|plc|company|trading|international|group|e\.?k)\b\.?/g;
const NO_BRAND = /^(unknown|no brand|none|n\/?a|unbranded|sans marque|ohne marke|generic|-)$/;

/** A brand as compared: folded, legal forms and punctuation removed; null for "unknown", "no brand". */
export function normBrand(raw: string | null): string | null {
  if (!raw) return null;
  const f = fold(raw).trim();
  if (NO_BRAND.test(f)) return null;
  const n = f.replace(LEGAL_FORMS, ' ').replace(/[^a-z0-9]+/g, '');
  return n.length >= 2 ? n : null;
}

/**
 * The model codes a text names: each listed part whole (separators removed) and each word that mixes
 * letters and digits or is a number of four digits or more ("Model: AB-123, AB-124" -> ab123, ab124).
 */
export function modelCodes(raw: string | null): Set<string> {
  const out = new Set<string>();
  if (!raw) return out;
  const text = fold(raw).replace(/\b(model|modell|modele|type|typ|ref|reference|art\.?-?nr|item|no|nr)\b[.:#]?/g, ' ');
  for (const part of text.split(/[,;|/\n]|\s+(?:and|und|et|or|oder|ou)\s+/)) {
    const whole = part.replace(/[^a-z0-9]+/g, '');
    if (isCode(whole)) out.add(whole);
    for (const word of part.split(/\s+/)) {
      const w = word.replace(/[^a-z0-9]+/g, '');
      if (isCode(w)) out.add(w);
    }
  }
  return out;
}

function isCode(w: string): boolean {
  if (w.length < 3 || w.length > 40) return false;
  const digits = /\d/.test(w);
  const letters = /[a-z]/.test(w);
  if (digits && letters) return true;
  return digits && w.length >= 4 && !/^(19|20)\d\d$/.test(w); // a plain number, not a year
}

function words(raw: string | null): Set<string> {
  const out = new Set<string>();
  if (!raw) return out;
  for (const w of fold(raw).split(/[^a-z0-9]+/)) if (w.length >= 3) out.add(w);
  return out;
}

function jaccard(a: Set<string>, b: Set<string>): number {
  if (!a.size || !b.size) return 0;
  let both = 0;
  for (const x of a) if (b.has(x)) both++;
  return both / (a.size + b.size - both);
}

function batchCodes(raw: string | null): Set<string> {
  const out = new Set<string>();
  if (!raw) return out;
  for (const part of fold(raw).split(/[,;|\n]|\s+/)) {
    const w = part.replace(/[^a-z0-9]+/g, '');
    if (w.length >= 3 && /\d/.test(w)) out.add(w);
  }
  return out;
}

const r2 = (n: number) => Math.round(n * 100) / 100;

export function matchAlertToSku(alert: MatchAlert, sku: MatchSku): MatchResult | null {
  const reasons: StoredMatchReason[] = [];
  let score = 0;
  let identifying = false;

  const skuGtin = sku.gtin ? checkGtin(sku.gtin) : null;
  const skuGtin14 = skuGtin?.ok ? skuGtin.value.padStart(14, '0') : null;
  if (skuGtin14 && alert.gtins.includes(skuGtin14)) {
    score += 0.9;
    identifying = true;
    reasons.push({
      signal: 'gtin',
      alert_field: 'barcode',
      alert_value: alert.barcode ?? '',
      sku_field: 'gtin',
      sku_value: sku.gtin ?? '',
      weight: 0.9,
      note: 'Same GTIN (compared in its GTIN-14 form).',
    });
  }

  const aBrand = normBrand(alert.brand);
  const sBrand = normBrand(sku.brand);
  const brandSame =
    !!aBrand &&
    !!sBrand &&
    (aBrand === sBrand ||
      (Math.min(aBrand.length, sBrand.length) >= 4 && (aBrand.includes(sBrand) || sBrand.includes(aBrand))));
  const brandConflict = !!aBrand && !!sBrand && !brandSame;

  const aModels = modelCodes(alert.model);
  const sModels = modelCodes(sku.model);
  let modelHit: string | null = null;
  for (const m of sModels) if (aModels.has(m)) modelHit = m;
  if (modelHit) {
    identifying = true;
    const w = brandSame ? 0.8 : brandConflict ? 0.25 : 0.45;
    score += w;
    reasons.push({
      signal: brandSame ? 'brand_model' : 'model',
      alert_field: brandSame ? 'brand + type_numberOfModel' : 'type_numberOfModel',
      alert_value: brandSame ? `${alert.brand} · ${alert.model}` : (alert.model ?? ''),
      sku_field: brandSame ? 'brand + model_number' : 'model_number',
      sku_value: brandSame ? `${sku.brand} · ${sku.model}` : (sku.model ?? ''),
      weight: w,
      note: brandSame
        ? 'Same brand and model/type.'
        : brandConflict
          ? `Same model code, but another brand (${alert.brand} vs ${sku.brand}).`
          : 'Same model code; the brand cannot be compared.',
    });
  } else if (brandSame) {
    score += 0.15;
    reasons.push({
      signal: 'brand',
      alert_field: 'brand',
      alert_value: alert.brand ?? '',
      sku_field: 'brand',
      sku_value: sku.brand ?? '',
      weight: 0.15,
      note: sModels.size && aModels.size ? 'Same brand, another model.' : 'Same brand.',
    });
  }

  if (skuGtin14 && alert.gtins.length && !alert.gtins.includes(skuGtin14) && modelHit) {
    score -= 0.2;
    reasons.push({
      signal: 'gtin',
      alert_field: 'barcode',
      alert_value: alert.barcode ?? '',
      sku_field: 'gtin',
      sku_value: sku.gtin ?? '',
      weight: -0.2,
      note: 'The GTINs differ: perhaps another variant of the model.',
    });
  }

  const aBatch = batchCodes(alert.batch);
  const sBatch = batchCodes(sku.batch);
  if (aBatch.size && sBatch.size && identifying) {
    const same = [...sBatch].some((b) => aBatch.has(b));
    const w = same ? 0.1 : -0.05;
    score += w;
    reasons.push({
      signal: 'batch',
      alert_field: 'batchNumber',
      alert_value: alert.batch ?? '',
      sku_field: 'batch_or_serial_scheme',
      sku_value: sku.batch ?? '',
      weight: w,
      note: same ? 'A batch the alert names.' : 'The batches differ: check which batches you sold.',
    });
  }

  const nameSim = jaccard(words([alert.name, alert.product].filter(Boolean).join(' ')), words(sku.product_name));
  if (nameSim >= 0.25) {
    const w = r2(Math.min(0.15, nameSim * 0.2));
    score += w;
    reasons.push({
      signal: 'name',
      alert_field: 'name',
      alert_value: [alert.name, alert.product].filter(Boolean).join(' · '),
      sku_field: 'product_name',
      sku_value: sku.product_name,
      weight: w,
      note: `Names alike (${Math.round(nameSim * 100)}% of words shared).`,
    });
  }
  const catSim = jaccard(words(alert.category), words(sku.category));
  if (catSim > 0) {
    const w = 0.05;
    score += w;
    reasons.push({
      signal: 'category',
      alert_field: 'category',
      alert_value: alert.category ?? '',
      sku_field: 'category',
      sku_value: sku.category ?? '',
      weight: w,
    });
  }

  // Supporting signals alone never make a match, except a same brand with a very alike name (weak).
  if (!identifying && !(brandSame && nameSim >= 0.5)) return null;
  score = r2(Math.max(0, Math.min(1, score)));
  if (score < FLOOR) return null;
  const strongSignal = reasons.some((r) => (r.signal === 'gtin' && r.weight > 0) || r.signal === 'brand_model');
  return { score, strength: strongSignal && score >= STRONG_AT ? 'strong' : 'weak', reasons };
}
