/**
 * Accuracy of fact extraction (lib/extract/facts.ts) on the labelled set in tests/fixtures/extract:
 * precision and recall per fact kind, and the false-conflict count of the conflict rule
 * (lib/skus/extraction-conflicts.ts) on pairs of documents about one product. A wrong value costs more
 * than a missing one, so the goal is precision >= 95 % on every kind, recall >= 85 %, no false conflict.
 * Addresses compare by their parts (lib/address), lists as sets, everything else exactly.
 *
 *   npx tsx bench/extract-accuracy.ts [--holdout | --all] [--verbose]
 */
import { sameAddress } from '@/lib/address/parse';
import { DOCUMENT_FACTS, extractFacts } from '@/lib/extract/facts';
import { valuesAgree } from '@/lib/skus/extraction-conflicts';
import { CONFLICT_PAIRS, EXTRACT_CASES, HOLDOUT } from '@/tests/fixtures/extract';

const set = process.argv.includes('--holdout') ? HOLDOUT : process.argv.includes('--all') ? [...EXTRACT_CASES, ...HOLDOUT] : EXTRACT_CASES;

const verbose = process.argv.includes('--verbose');

const KINDS: [string, string[]][] = [
  ['manufacturer name', ['manufacturer_name']],
  ['manufacturer address', ['manufacturer_address']],
  ['manufacturer email', ['manufacturer_email']],
  ['manufacturer country', ['manufacturer_country']],
  ['EU RP name', ['responsible_person_name', 'importer_name']],
  ['EU RP address', ['responsible_person_address', 'importer_address']],
  ['EU RP email', ['responsible_person_email', 'importer_email']],
  ['EU RP country', ['responsible_person_country', 'importer_country']],
  ['model', ['model_number']],
  ['GTIN', ['gtin']],
  ['standards', ['harmonised_standards']],
  ['legislation', ['applicable_legislation']],
  ['CE marking', ['ce_marking']],
  ['dates', ['doc_issue_date', 'certificate_valid_until', 'valid_until', 'issued_on']],
  ['notified body', ['notified_body']],
  ['issuing body', ['issuing_body']],
  ['age grading', ['age_grading']],
  ['warning languages', ['warning_languages']],
  ['batch', ['batch']],
];

const items = (s: string) => new Set(s.split(/\s*;\s*/).map((x) => x.trim().toLowerCase()).filter(Boolean));
function same(key: string, expected: string, got: string): boolean {
  if (/_address$/.test(key)) return sameAddress(expected, got);
  if (key === 'harmonised_standards' || key === 'applicable_legislation') {
    const a = items(expected);
    const b = items(got);
    return a.size === b.size && [...a].every((x) => b.has(x));
  }
  return expected.trim().toLowerCase() === got.trim().toLowerCase();
}

const stats = new Map<string, { tp: number; fp: number; fn: number }>(KINDS.map(([k]) => [k, { tp: 0, fp: 0, fn: 0 }]));
const kindOf = (key: string) => KINDS.find(([, keys]) => keys.includes(key))?.[0] ?? null;
const started = performance.now();
const factsById = new Map<string, Map<string, string>>();
for (const doc of set) {
  const facts = extractFacts({ pages: doc.text.split('\f').map((text, i) => ({ page: i + 1, text })), documentType: doc.documentType });
  const got = new Map(facts.map((f) => [f.field_key, f.value]));
  factsById.set(doc.id, got);
  if (verbose) for (const f of facts) console.log(`  ${doc.id.padEnd(22)} ${f.field_key.padEnd(28)} ${JSON.stringify(f.value)} p.${f.page} ${f.confidence}`);
  const keys = new Set([...Object.keys(doc.expected), ...got.keys()]);
  for (const key of keys) {
    const kind = kindOf(key);
    if (!kind) continue;
    const s = stats.get(kind)!;
    const e = doc.expected[key];
    const g = got.get(key);
    if (e !== undefined && g !== undefined && same(key, e, g)) s.tp++;
    else {
      if (g !== undefined) s.fp++;
      if (e !== undefined) s.fn++;
      console.log(`  ${g === undefined ? 'MISS' : e === undefined ? 'EXTRA' : 'WRONG'} ${doc.id.padEnd(22)} ${key.padEnd(28)} expected ${JSON.stringify(e ?? null)} got ${JSON.stringify(g ?? null)}`);
    }
  }
}
const ms = performance.now() - started;

const pct = (a: number, b: number) => (b ? (100 * a) / b : 100);
console.log(`\nFact extraction on ${set.length} labelled documents (${set === HOLDOUT ? 'held-out set' : set === EXTRACT_CASES ? 'tuning set' : 'tuning + held-out'}; ${[...new Set(set.map((d) => d.language))].join(', ')}), ${ms.toFixed(0)} ms`);
console.log(`${'kind'.padEnd(22)} ${'TP'.padStart(4)} ${'FP'.padStart(4)} ${'FN'.padStart(4)}  precision  recall`);
let worstP = 100;
let worstR = 100;
let tp = 0;
let fp = 0;
let fn = 0;
for (const [kind] of KINDS) {
  const s = stats.get(kind)!;
  const p = pct(s.tp, s.tp + s.fp);
  const r = pct(s.tp, s.tp + s.fn);
  if (s.tp + s.fp + s.fn === 0) continue;
  worstP = Math.min(worstP, p);
  worstR = Math.min(worstR, r);
  tp += s.tp;
  fp += s.fp;
  fn += s.fn;
  console.log(`${kind.padEnd(22)} ${String(s.tp).padStart(4)} ${String(s.fp).padStart(4)} ${String(s.fn).padStart(4)}  ${p.toFixed(1).padStart(8)}%  ${r.toFixed(1).padStart(5)}%`);
}
console.log(`${'all'.padEnd(22)} ${String(tp).padStart(4)} ${String(fp).padStart(4)} ${String(fn).padStart(4)}  ${pct(tp, tp + fp).toFixed(1).padStart(8)}%  ${pct(tp, tp + fn).toFixed(1).padStart(5)}%`);

// Conflicts: every dossier field both documents state is compared with the one rule.
let falseConflicts = 0;
let missedConflicts = 0;
let trueConflicts = 0;
for (const pair of CONFLICT_PAIRS) {
  const a = factsById.get(pair.a);
  const b = factsById.get(pair.b);
  if (!a || !b) continue;
  for (const [key, va] of a) {
    const vb = b.get(key);
    if (vb === undefined || DOCUMENT_FACTS.has(key)) continue;
    const conflict = !valuesAgree(key, va, vb);
    const expected = pair.disagree.includes(key);
    if (conflict && !expected) {
      falseConflicts++;
      console.log(`  FALSE CONFLICT ${pair.a} / ${pair.b} ${key}: ${JSON.stringify(va)} vs ${JSON.stringify(vb)}`);
    } else if (!conflict && expected) {
      missedConflicts++;
      console.log(`  MISSED CONFLICT ${pair.a} / ${pair.b} ${key}: ${JSON.stringify(va)} vs ${JSON.stringify(vb)}`);
    } else if (conflict) trueConflicts++;
  }
}
console.log(`\nConflicts on ${CONFLICT_PAIRS.filter((p) => factsById.has(p.a) && factsById.has(p.b)).length} document pairs: false conflicts ${falseConflicts}, real conflicts found ${trueConflicts}, real conflicts missed ${missedConflicts}`);
console.log(`Goals: precision >= 95% every kind (worst ${worstP.toFixed(1)}%), recall >= 85% (worst ${worstR.toFixed(1)}%), no false conflict (${falseConflicts}).`);
