/**
 * Recall matching measured on a labelled set: precision and recall of the matches the inbox shows at the
 * top (strong) and of all matches (strong + weak, the weak ones listed apart), plus the baseline a
 * "same brand" matcher would reach on the same set.
 *
 *   npx tsx bench/recall-match.ts                       # the fixture report + the labelled fixture catalogue
 *   npx tsx bench/recall-match.ts <weekly-report.xml>   # a real published Safety Gate weekly report
 *
 * With a real report (kept outside the repository), the catalogue is built from it, labelled by
 * construction: for up to 40 alerts with a valid barcode or a brand and model, a SKU that IS the product
 * (its GTIN, or its brand and model written another way); for each such SKU a near miss (the same brand
 * with the model's last character changed, or a GTIN one digit off with a valid check digit); and the
 * fixture catalogue's decoys. Figures: precision = matches that are true / matches made; recall = true
 * pairs found / true pairs. Precision at the top (strong) is what a manager reads first.
 */
import fs from 'node:fs';
import path from 'node:path';
import { gtinCheckDigitOf } from '@/lib/gtin';
import { CatalogueIndex } from '@/lib/recalls/catalogue';
import { barcodeGtins, matchAlertToSku, modelCodes, normBrand, type MatchSku } from '@/lib/recalls/matching';
import { parseSafetyGateWeekly } from '@/lib/recalls/parse-safety-gate';
import type { ParsedAlert } from '@/lib/recalls/feed-types';

interface LabelledSku {
  sku_code: string;
  kind: 'true' | 'near_miss' | 'decoy';
  product_name: string;
  gtin: string;
  category: string;
  brand: string;
  model: string;
  batch: string;
  matches: string[];
}

const FIXTURES = path.join(process.cwd(), 'tests/fixtures/recalls');
const fixtureCatalogue = JSON.parse(fs.readFileSync(path.join(FIXTURES, 'recall-bench-catalogue.json'), 'utf8'))
  .skus as LabelledSku[];

function catalogueFromReport(alerts: ParsedAlert[]): LabelledSku[] {
  const out: LabelledSku[] = [];
  let n = 0;
  for (const a of alerts) {
    if (n >= 40) break;
    const gtins = barcodeGtins(a.barcode);
    const models = [...modelCodes(a.model)];
    const brand = normBrand(a.brand) ? a.brand! : '';
    if (gtins.length) {
      const g = gtins[0].replace(/^0+(?=\d{13}$)/, '');
      out.push({
        sku_code: `T-${n}`,
        kind: 'true',
        product_name: a.name ?? 'product',
        gtin: g,
        category: a.category ?? '',
        brand: '',
        model: '',
        batch: '',
        matches: [a.reference],
      });
      const body = g.slice(0, -2) + String((Number(g.at(-2)) + 1) % 10);
      out.push({
        sku_code: `N-${n}`,
        kind: 'near_miss',
        product_name: 'Other product',
        gtin: body + gtinCheckDigitOf(body),
        category: a.category ?? '',
        brand: '',
        model: '',
        batch: '',
        matches: [],
      });
      n++;
    } else if (brand && models.length && a.model) {
      out.push({
        sku_code: `T-${n}`,
        kind: 'true',
        product_name: a.name ?? 'product',
        gtin: '',
        category: a.category ?? '',
        brand: brand.toUpperCase(),
        model: models[0].toUpperCase(),
        batch: '',
        matches: [a.reference],
      });
      const m = models[0];
      const last = m.at(-1)!;
      const other =
        m.slice(0, -1) +
        (/\d/.test(last)
          ? String((Number(last) + 1) % 10)
          : last === 'z'
            ? 'y'
            : String.fromCharCode(last.charCodeAt(0) + 1));
      out.push({
        sku_code: `N-${n}`,
        kind: 'near_miss',
        product_name: a.name ?? 'product',
        gtin: '',
        category: a.category ?? '',
        brand,
        model: other,
        batch: '',
        matches: [],
      });
      n++;
    }
  }
  return [...out, ...fixtureCatalogue.filter((s) => s.kind === 'decoy')];
}

function measure(alerts: ParsedAlert[], catalogue: LabelledSku[]) {
  const skus: MatchSku[] = catalogue.map((s) => ({
    id: s.sku_code,
    sku_code: s.sku_code,
    product_name: s.product_name,
    gtin: s.gtin || null,
    category: s.category || null,
    brand: s.brand || null,
    model: s.model || null,
    batch: s.batch || null,
  }));
  const truth = new Set(catalogue.flatMap((s) => s.matches.map((r) => `${r}|${s.sku_code}`)));
  const index = new CatalogueIndex(skus);
  const made: { key: string; strength: string; score: number }[] = [];
  const brandOnly: string[] = [];
  for (const a of alerts) {
    const ma = { ...a, gtins: barcodeGtins(a.barcode) };
    for (const s of index.candidates(ma)) {
      const r = matchAlertToSku(ma, s);
      if (r) made.push({ key: `${a.reference}|${s.id}`, strength: r.strength, score: r.score });
    }
    const b = normBrand(a.brand);
    if (b) for (const s of skus) if (normBrand(s.brand) === b) brandOnly.push(`${a.reference}|${s.id}`);
  }
  const pr = (keys: string[]) => {
    const tp = keys.filter((k) => truth.has(k)).length;
    return {
      made: keys.length,
      true_positives: tp,
      precision: keys.length ? tp / keys.length : 1,
      recall: truth.size ? tp / truth.size : 1,
    };
  };
  return {
    alerts: alerts.length,
    skus: catalogue.length,
    true_pairs: truth.size,
    strong: pr(made.filter((m) => m.strength === 'strong').map((m) => m.key)),
    all: pr(made.map((m) => m.key)),
    baseline_same_brand: pr(brandOnly),
    false_matches: made.filter((m) => !truth.has(m.key)),
    missed: [...truth].filter((k) => !made.some((m) => m.key === k)),
  };
}

const arg = process.argv[2];
const reportPath = arg ? path.resolve(arg) : path.join(FIXTURES, 'safety-gate-weekly-2026-w47.xml');
const { alerts } = parseSafetyGateWeekly(new Uint8Array(fs.readFileSync(reportPath)));
const catalogue = arg ? catalogueFromReport(alerts) : fixtureCatalogue;
const r = measure(alerts, catalogue);
const pct = (x: number) => `${(x * 100).toFixed(1)}%`;
console.log(
  `report: ${arg ? path.basename(reportPath) : 'fixture 2026-W47'}; ${r.alerts} alerts, ${r.skus} SKUs, ${r.true_pairs} true pairs`,
);
for (const [name, m] of [
  ['strong (top of the inbox)', r.strong],
  ['all (strong + weak)', r.all],
  ['baseline: same brand', r.baseline_same_brand],
] as const)
  console.log(
    `${name.padEnd(28)} made ${String(m.made).padStart(4)}  precision ${pct(m.precision).padStart(6)}  recall ${pct(m.recall).padStart(6)}`,
  );
if (r.false_matches.length)
  console.log('false matches:', r.false_matches.map((m) => `${m.key} (${m.strength} ${m.score})`).join(', '));
if (r.missed.length) console.log('missed:', r.missed.join(', '));
