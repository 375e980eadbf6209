/**
 * Accuracy of the rule-based classifier (no AI) on the labelled sets in tests/fixtures/documents/labelled:
 * overall, per expected type, per language, the confusions, and a reliability table (how well the
 * reported confidence matches the observed accuracy). The main set was written with the rules in view;
 * the held-out set was written afterwards and first measured before any rule change (see its header).
 *
 *   npx tsx bench/classify-accuracy.ts [--verbose]
 */
import { classifyRules } from '@/lib/classify/rules';
import { HOLDOUT, LABELLED, snippetSourceFor, type LabelledDocument } from '@/tests/fixtures/documents/labelled';

const verbose = process.argv.includes('--verbose');

type Row = { id: string; expected: string; got: string; language: string; confidence: number; ok: boolean };

function run(set: LabelledDocument[]): { rows: Row[]; ms: number } {
  const rows: Row[] = [];
  const started = performance.now();
  for (const doc of set) {
    const r = classifyRules({ filename: doc.filename, snippet: doc.text, snippetSource: snippetSourceFor(doc.filename), locale: 'en' });
    const got = r.file_intent === 'product_csv' ? 'product_csv' : (r.document_type ?? 'null');
    rows.push({ id: doc.id, expected: doc.expected, got, language: doc.language, confidence: r.confidence, ok: got === doc.expected });
    if (verbose || got !== doc.expected) {
      console.log(`  ${got === doc.expected ? 'ok  ' : 'MISS'} ${doc.id.padEnd(24)} expected ${doc.expected.padEnd(26)} got ${got.padEnd(26)} conf ${r.confidence.toFixed(2)}  ${r.reasoning.slice(0, 120)}`);
    }
  }
  return { rows, ms: performance.now() - started };
}

const pct = (a: number, b: number) => (b ? `${((100 * a) / b).toFixed(1)}%` : '-');
function group(rows: Row[], key: (r: Row) => string) {
  const m = new Map<string, Row[]>();
  for (const r of rows) m.set(key(r), [...(m.get(key(r)) ?? []), r]);
  return [...m.entries()].sort((a, b) => a[0].localeCompare(b[0]));
}
const line = (k: string, rs: Row[]) => {
  const ok = rs.filter((r) => r.ok).length;
  return `  ${k.padEnd(28)} ${String(ok).padStart(3)}/${String(rs.length).padEnd(3)} ${pct(ok, rs.length)}`;
};

function report(title: string, rows: Row[], ms: number) {
  const correct = rows.filter((r) => r.ok).length;
  console.log(`\n== ${title}: ${correct}/${rows.length} = ${pct(correct, rows.length)}  (${(ms / rows.length).toFixed(1)} ms/doc)`);
  console.log(' per expected type:');
  for (const [k, rs] of group(rows, (r) => r.expected)) console.log(line(k, rs));
  console.log(' per language:');
  for (const [k, rs] of group(rows, (r) => r.language)) console.log(line(k, rs));
  const misses = rows.filter((r) => !r.ok);
  if (misses.length) {
    console.log(' confusions (expected -> got):');
    for (const [k, rs] of group(misses, (r) => `${r.expected} -> ${r.got}`)) console.log(`  ${k.padEnd(56)} ${rs.length}  (${rs.map((r) => r.id).join(', ')})`);
  }
}

function reliability(rows: Row[]) {
  console.log('\n== Reliability over both sets (reported confidence vs observed accuracy):');
  const bins = [0, 0.5, 0.7, 0.8, 0.9, 1.01];
  let ece = 0;
  for (let i = 0; i < bins.length - 1; i++) {
    const rs = rows.filter((r) => r.confidence >= bins[i] && r.confidence < bins[i + 1]);
    if (!rs.length) continue;
    const meanConf = rs.reduce((s, r) => s + r.confidence, 0) / rs.length;
    const acc = rs.filter((r) => r.ok).length / rs.length;
    ece += (rs.length / rows.length) * Math.abs(meanConf - acc);
    console.log(`  confidence ${bins[i].toFixed(1)}-${Math.min(1, bins[i + 1]).toFixed(1)}: n=${String(rs.length).padEnd(3)} mean confidence ${meanConf.toFixed(2)}  accuracy ${acc.toFixed(2)}`);
  }
  console.log(`  expected calibration error (ECE): ${ece.toFixed(3)}`);
}

console.log('Main labelled set:');
const main = run(LABELLED);
console.log('Held-out set:');
const held = run(HOLDOUT);
report('Main labelled set', main.rows, main.ms);
report('Held-out set', held.rows, held.ms);
const all = [...main.rows, ...held.rows];
report('All labelled documents', all, main.ms + held.ms);
reliability(all);
