/**
 * Blockers of the SKUs an import creates: the requirement engine run once per planned row, as the import's
 * write path does for every new SKU (prepareRecord → plainSkuBlockers), over a generated 20,000-row CSV.
 * Prints microseconds and bytes allocated per row, beside a baseline measured in the same run: the same
 * records serialised with JSON.stringify (what the row costs just to be written down).
 *
 *   npx tsx bench/import-blockers.ts            # 20,000 rows
 *   BENCH_ROWS=5000 npx tsx bench/import-blockers.ts
 */
import '@/lib/polyfills';
import { mapColumns } from '@/lib/imports/mapping';
import { planImport } from '@/lib/imports/plan';
import { readCatalogue } from '@/lib/imports/read';
import { plainSkuBlockers } from '@/lib/skus/recompute-bulk';
import { profileForCategory } from '@/lib/requirements';
import { csvText } from './catalogue';

const ROWS = Number(process.env.BENCH_ROWS ?? 20_000);
function csv(n: number): Buffer {
  return Buffer.from(csvText(n));
}

function measure(label: string, fn: () => number) {
  fn(); // warm-up: compiled code, caches
  globalThis.gc?.();
  const heap0 = process.memoryUsage().heapUsed;
  const t0 = performance.now();
  const out = fn();
  const ms = performance.now() - t0;
  const heap1 = process.memoryUsage().heapUsed;
  return {
    label,
    rows: ROWS,
    ms: Math.round(ms),
    us_per_row: +((ms * 1000) / ROWS).toFixed(1),
    out_kb_per_row: +(out / ROWS / 1024).toFixed(2),
    heap_delta_mb: Math.round((heap1 - heap0) / 1048576),
  };
}

async function main() {
  const bytes = csv(ROWS);
  const read = await readCatalogue({ bytes, filename: 'catalogue.csv' });
  if (!read.ok) throw new Error(read.error.message);
  const mapping = mapColumns({ headers: read.headers, sampleRows: read.rows.slice(0, 200).map((r) => r.cells) });
  const plan = planImport({ headers: read.headers, rows: read.rows, mapping });
  const records = plan.records.filter((r) => r.status === 'valid');
  const results = [
    measure('baseline: JSON.stringify of the records', () => {
      let n = 0;
      for (const r of records) n += JSON.stringify(r).length;
      return n;
    }),
    measure('blockers of each new SKU (plainSkuBlockers)', () => {
      let n = 0;
      for (const r of records) {
        const profile = profileForCategory(r.sku.category_code);
        n += plainSkuBlockers(
          { category_code: profile.category_code, gtin: r.sku.gtin, requirement_profile_id: profile.id },
          r.dossier,
        ).blockers.length;
      }
      return n;
    }),
  ];
  console.log(`node ${process.version}; ${records.length} valid rows`);
  console.table(results);
}

void main();
