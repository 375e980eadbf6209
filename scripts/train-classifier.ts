/**
 * Trains the learned type model of lib/classify/model.ts and writes lib/classify/model.json.
 *
 * Training data:
 * - the DEVELOPMENT split of a real-document corpus (bench/evidence.ts's split by id; the holdout part is
 *   never read here): texts as the product stored them, dumped by
 *   `npx tsx bench/evidence.ts <corpus> --split dev --dump-text <dir>`, labels from the corpus's MANIFEST.tsv;
 * - the project's own labelled texts (tests/fixtures/documents/labelled main set, tests/fixtures/classify
 *   labelled set and the issue-34 family fixtures); their held-out sets are left out.
 * The texts are prepared exactly as the classifier sees them (boilerplate removed, first TEXT_WINDOW chars).
 *
 * Model: softmax regression on modelFeatures, full-batch gradient descent with L2; features kept: seen in
 * at least MIN_DF training texts, ranked by how unevenly they fall on the types, top MAX_FEATURES.
 *
 *   npx tsx scripts/train-classifier.ts --corpus <corpus-dir> --text /tmp/ev/text-dev [--check]
 * --check prints a 5-fold cross-validated accuracy on the training texts instead of writing the model.
 * Without --corpus (a clone has none) it trains on the project's own labelled texts only.
 */
import fs from 'node:fs';
import path from 'node:path';
import { contentForClassification } from '@/lib/classify/boilerplate';
import { modelFeatures, predictWith, type TypeModel } from '@/lib/classify/model';
import { aboutKind, classifyByRules, TEXT_WINDOW, withModel, type ClassifyRulesInput } from '@/lib/classify/rules';
import { LABELLED } from '@/tests/fixtures/documents/labelled';
import { LABELLED_13 } from '@/tests/fixtures/classify/labelled';
import { FAMILY_CASES } from '@/tests/fixtures/classify/families';
import { splitOf } from '@/bench/evidence-split';

// Chosen by the 5-fold check (--check) on the training texts; TRAIN_* variables override them to try others.
const env = (k: string, d: number) => (process.env[k] ? Number(process.env[k]) : d);
const MAX_FEATURES = env('TRAIN_FEATURES', 3000);
const MIN_DF = env('TRAIN_MIN_DF', 2);
const EPOCHS = env('TRAIN_EPOCHS', 400);
const RATE = env('TRAIN_RATE', 20);
const L2 = env('TRAIN_L2', 1e-4);
const CLASSES = [
  'declaration_of_conformity',
  'certificate',
  'test_report',
  'risk_assessment',
  'safety_data_sheet',
  'manual',
  'other',
];

const argv = process.argv.slice(2);
const opt = (n: string) => (argv.includes(n) ? argv[argv.indexOf(n) + 1] : undefined);
const corpus = opt('--corpus');
const textDir = opt('--text');
const check = argv.includes('--check');

interface Example {
  id: string;
  origin: string;
  label: string;
  features: Map<string, number>;
  /** What classifyRules sees (for the rules-vs-blend comparison of --check). */
  input?: ClassifyRulesInput;
}

const prepare = (text: string) => {
  const pages = text.includes('\f') ? text.split('\f').map((t) => ({ text: t })) : undefined;
  return contentForClassification(text.slice(0, TEXT_WINDOW * 4), pages).slice(0, TEXT_WINDOW);
};

function examples(): Example[] {
  const out: Example[] = [];
  if (corpus && textDir) {
    const [head, ...lines] = fs.readFileSync(path.join(corpus, 'MANIFEST.tsv'), 'utf8').split(/\r?\n/).filter(Boolean);
    const cols = head.split('\t');
    for (const l of lines) {
      const row = Object.fromEntries(cols.map((c, i) => [c, l.split('\t')[i]]));
      if (splitOf(row.id) !== 'dev') continue;
      const file = path.join(textDir, `${row.id}.txt`);
      if (!fs.existsSync(file)) continue;
      const text = fs.readFileSync(file, 'utf8');
      if ((text.match(/\p{L}/gu) ?? []).length < 20) continue;
      const pages = text.includes('\f') ? text.split('\f').map((t) => ({ text: t })) : undefined;
      const ext = row.filename.split('.').pop();
      const input: ClassifyRulesInput = {
        filename: row.filename,
        snippet: text.slice(0, TEXT_WINDOW),
        snippetSource:
          ext === 'pdf' ? 'pdf_first_page' : ext === 'docx' ? 'docx_text' : ext === 'html' ? 'html_text' : 'raw_text',
        pages,
      };
      out.push({
        id: row.id,
        origin: 'corpus-dev',
        label: row.document_type,
        features: modelFeatures(prepare(text)),
        input,
      });
    }
  }
  for (const d of LABELLED)
    if (CLASSES.includes(d.expected))
      out.push({ id: d.id, origin: 'fixtures', label: d.expected, features: modelFeatures(prepare(d.text)) });
  for (const c of LABELLED_13) {
    const text = c.file ? null : c.text;
    if (text && CLASSES.includes(c.expected))
      out.push({ id: c.id, origin: 'fixtures', label: c.expected, features: modelFeatures(prepare(text)) });
  }
  for (const c of FAMILY_CASES)
    if (c.split === 'train')
      out.push({ id: c.id, origin: 'families', label: c.expected, features: modelFeatures(prepare(c.text)) });
  return out;
}

/** Features seen in MIN_DF texts, ranked by the largest share of their texts falling on one type beyond its prior. */
function selectFeatures(data: Example[]): string[] {
  const df = new Map<string, number[]>();
  const classCount = CLASSES.map((c) => data.filter((d) => d.label === c).length);
  for (const d of data) {
    const k = CLASSES.indexOf(d.label);
    for (const f of d.features.keys()) {
      let row = df.get(f);
      if (!row) df.set(f, (row = CLASSES.map(() => 0)));
      row[k]++;
    }
  }
  const scored: [string, number][] = [];
  for (const [f, row] of df) {
    const total = row.reduce((a, b) => a + b, 0);
    if (total < MIN_DF) continue;
    // Best per-type lift of the feature's document frequency, weighted by its support.
    let best = 0;
    for (let k = 0; k < CLASSES.length; k++) {
      if (!classCount[k]) continue;
      const inClass = row[k] / classCount[k];
      const outClass = (total - row[k]) / Math.max(1, data.length - classCount[k]);
      best = Math.max(best, inClass - outClass);
    }
    scored.push([f, best]);
  }
  return scored
    .sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1))
    .slice(0, MAX_FEATURES)
    .map(([f]) => f);
}

function train(data: Example[]): TypeModel {
  const features = selectFeatures(data);
  const column = new Map(features.map((f, i) => [f, i]));
  const K = CLASSES.length;
  const F = features.length;
  const X = data.map((d) =>
    [...d.features].filter(([f]) => column.has(f)).map(([f, v]) => [column.get(f)!, v] as const),
  );
  const Y = data.map((d) => CLASSES.indexOf(d.label));
  // Types weighted by their inverse frequency: a rare type (risk assessment) is not drowned by "other".
  const counts = CLASSES.map((_, k) => Y.filter((y) => y === k).length);
  const classWeight = counts.map((n) => (n ? data.length / (K * n) : 0));
  const W = Array.from({ length: K }, () => new Float64Array(F));
  const b = new Float64Array(K);
  for (let epoch = 0; epoch < EPOCHS; epoch++) {
    const gW = Array.from({ length: K }, () => new Float64Array(F));
    const gb = new Float64Array(K);
    let totalWeight = 0;
    for (let i = 0; i < X.length; i++) {
      const s = Array.from(b);
      for (const [j, v] of X[i]) for (let k = 0; k < K; k++) s[k] += W[k][j] * v;
      const max = Math.max(...s);
      const e = s.map((x) => Math.exp(x - max));
      const z = e.reduce((a, c) => a + c, 0);
      const cw = classWeight[Y[i]];
      totalWeight += cw;
      for (let k = 0; k < K; k++) {
        const g = cw * (e[k] / z - (k === Y[i] ? 1 : 0));
        gb[k] += g;
        for (const [j, v] of X[i]) gW[k][j] += g * v;
      }
    }
    for (let k = 0; k < K; k++) {
      b[k] -= (RATE * gb[k]) / totalWeight;
      for (let j = 0; j < F; j++) W[k][j] -= RATE * (gW[k][j] / totalWeight + L2 * W[k][j]);
    }
  }
  const r = (x: number) => Math.round(x * 1000) / 1000;
  // Features whose weights all rounded to zero carry nothing: dropped.
  const keep = features.map((_, j) => W.some((row) => r(row[j]) !== 0));
  return {
    version: 1,
    classes: CLASSES,
    features: features.filter((_, j) => keep[j]),
    weights: W.map((row) =>
      Array.from(row)
        .filter((_, j) => keep[j])
        .map(r),
    ),
    bias: Array.from(b).map(r),
    trained_on: Object.fromEntries(
      [...new Set(data.map((d) => d.origin))].map((o) => [o, data.filter((d) => d.origin === o).length]),
    ),
  };
}

function main() {
  const data = examples();
  console.log(
    `${data.length} training texts: ${[...new Set(data.map((d) => d.origin))].map((o) => `${o} ${data.filter((d) => d.origin === o).length}`).join(', ')}`,
  );
  if (check) {
    // 5-fold cross-validation: each corpus dev text judged by a model that never saw it, alone and
    // blended with the rules as classifyRules does; the rules alone beside it.
    let right = 0;
    const corpus = { n: 0, model: 0, rules: 0, blend: 0, blendConfidentWrong: 0 };
    for (let fold = 0; fold < 5; fold++) {
      const test = data.filter((_, i) => i % 5 === fold);
      const model = train(data.filter((_, i) => i % 5 !== fold));
      const col = new Map(model.features.map((f, i) => [f, i]));
      for (const d of test) {
        const p = predictWith(model, d.features, col);
        if (p[0].type === d.label) right++;
        if (!d.input) continue;
        corpus.n++;
        if (p[0].type === d.label) corpus.model++;
        const rules = classifyByRules(d.input);
        if (rules.document_type === d.label) corpus.rules++;
        const raw = prepare(d.input.snippet ?? '');
        const blend = withModel(rules, p, 'en', aboutKind(raw) !== null);
        if (blend.document_type === d.label) corpus.blend++;
        else if (blend.confidence >= 0.9) corpus.blendConfidentWrong++;
        if (blend.document_type !== d.label)
          console.log(
            `  miss ${d.id} ${d.label}: rules ${rules.document_type} ${rules.confidence}, model ${p[0].type} ${p[0].p.toFixed(2)} -> ${blend.document_type} ${blend.confidence}`,
          );
      }
    }
    console.log(`5-fold, model alone: ${right}/${data.length} of all training texts`);
    console.log(
      `corpus dev texts (${corpus.n}): rules ${corpus.rules}, model ${corpus.model}, rules+model ${corpus.blend} (wrong at >= 0.9: ${corpus.blendConfidentWrong})`,
    );
    return;
  }
  const model = train(data);
  const out = path.resolve('lib/classify/model.json');
  fs.writeFileSync(out, JSON.stringify(model));
  console.log(`wrote ${out}: ${model.features.length} features, ${fs.statSync(out).size} bytes`);
}

main();
