/**
 * Accuracy of fact extraction (lib/extract/facts.ts) on labelled documents: precision and recall per
 * fact kind, per group, and the false-conflict count of the conflict rule (lib/evidence/value-conflicts.ts)
 * on pairs of documents about one product. A wrong value costs more than a missing one, so the goal is
 * precision >= 95 % on every kind, recall >= 85 %, no false conflict.
 * Addresses compare by their parts (lib/address), lists as sets, operator names as the dossier matches
 * entities (legal-form spellings agree), everything else exactly.
 *
 * Groups: the tuning set and the held-out set (tests/fixtures/extract, text as the extractor gives it),
 * and, with --public DIR, real public documents read from their file bytes through lib/extract exactly
 * as an upload is (extractText, then extractFacts). DIR holds the files and a labels.json:
 * [{ "id", "file", "language", "documentType", "source", "expected": { field_key: value }, "unscored"?: [field_key] }]
 * ("unscored": facts the document states but a reader cannot settle, e.g. 12/05/2022 from a US firm).
 * Those files are third-party documents and are not kept in this repository.
 *
 *   npx tsx bench/extract-accuracy.ts [--holdout | --all] [--public DIR] [--verbose]
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { sameAddress } from '@/lib/address/parse';
import { extractText, shutdownExtractWorkers } from '@/lib/extract';
import { normalizeEntityName } from '@/lib/model/entity-names';
import { DOCUMENT_FACTS, extractFacts, type FactSuggestion } from '@/lib/extract/facts';
import { valuesAgree } from '@/lib/evidence/value-conflicts';
import { CONFLICT_PAIRS, EXTRACT_CASES, HOLDOUT, type ExtractCase } from '@/tests/fixtures/extract';

const argv = process.argv.slice(2);
const verbose = argv.includes('--verbose');
const publicDir = argv.includes('--public') ? argv[argv.indexOf('--public') + 1] : null;
if (argv.includes('--public') && !publicDir) throw new Error('--public needs a directory');

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

const items = (s: string) =>
  new Set(
    s
      .split(/\s*;\s*/)
      .map((x) => x.trim().toLowerCase())
      .filter(Boolean),
  );
function same(key: string, expected: string, got: string): boolean {
  if (/_address$/.test(key)) return sameAddress(expected, got);
  if (key === 'harmonised_standards' || key === 'applicable_legislation') {
    const a = items(expected);
    const b = items(got);
    return a.size === b.size && [...a].every((x) => b.has(x));
  }
  // An operator's name is right when the dossier's own rule holds it for the same entity (lib/imports
  // normalizeEntityName, as the conflict rule and the entity matching do): "Arduino S.r.l" / "Arduino SRL",
  // "Innovative Gloves Company Limited" / "Innovative Gloves Co., Ltd." are one operator.
  if (/_name$/.test(key)) return normalizeEntityName(expected) === normalizeEntityName(got);
  return expected.trim().toLowerCase() === got.trim().toLowerCase();
}
const kindOf = (key: string) => KINDS.find(([, keys]) => keys.includes(key))?.[0] ?? null;
const pct = (a: number, b: number) => (b ? (100 * a) / b : 100);

interface Doc {
  id: string;
  language: string;
  expected: Partial<Record<string, string>>;
  facts: FactSuggestion[];
  unscored?: string[];
}

const fromText = (doc: ExtractCase): Doc => ({
  ...doc,
  facts: extractFacts({
    pages: doc.text.split('\f').map((text, i) => ({ page: i + 1, text })),
    documentType: doc.documentType,
  }),
});

interface PublicLabel extends Omit<ExtractCase, 'text'> {
  file: string;
  unscored?: string[];
}

/** A real document through the upload path: its bytes read by lib/extract, then the same fact rules. */
async function fromFile(dir: string, label: PublicLabel): Promise<Doc> {
  const bytes = new Uint8Array(await readFile(path.join(dir, label.file)));
  const extraction = await extractText({ bytes, filename: label.file, ocr: false });
  if (extraction.status !== 'ok')
    console.log(`  UNREADABLE ${label.id}: ${extraction.status} ${extraction.issue?.message ?? ''}`);
  const text = extraction.status === 'ok' ? extraction.text : '';
  const documentType = label.documentType === 'other' ? null : label.documentType;
  const facts = text
    ? extractFacts({ pages: extraction.pages?.length ? extraction.pages : undefined, text, documentType })
    : [];
  return { id: label.id, language: label.language, expected: label.expected, facts, unscored: label.unscored };
}

function score(name: string, docs: Doc[], ms: number) {
  const stats = new Map<string, { tp: number; fp: number; fn: number }>(
    KINDS.map(([k]) => [k, { tp: 0, fp: 0, fn: 0 }]),
  );
  console.log(`\n== ${name}`);
  for (const doc of docs) {
    const got = new Map(doc.facts.map((f) => [f.field_key, f.value]));
    if (verbose)
      for (const f of doc.facts)
        console.log(
          `  ${doc.id.padEnd(22)} ${f.field_key.padEnd(28)} ${JSON.stringify(f.value)} p.${f.page} ${f.confidence}`,
        );
    for (const key of new Set([...Object.keys(doc.expected), ...got.keys()])) {
      const kind = kindOf(key);
      if (!kind || doc.unscored?.includes(key)) continue;
      const s = stats.get(kind)!;
      const e = doc.expected[key];
      const g = got.get(key);
      if (e !== undefined && g !== undefined && same(key, e, g)) s.tp++;
      else {
        if (g !== undefined) s.fp++;
        if (e !== undefined) s.fn++;
        console.log(
          `  ${g === undefined ? 'MISS' : e === undefined ? 'EXTRA' : 'WRONG'} ${doc.id.padEnd(22)} ${key.padEnd(28)} expected ${JSON.stringify(e ?? null)} got ${JSON.stringify(g ?? null)}`,
        );
      }
    }
  }
  console.log(
    `Fact extraction on ${docs.length} labelled documents (${name}; ${[...new Set(docs.map((d) => d.language))].join(', ')}), ${ms.toFixed(0)} ms`,
  );
  console.log(`${'kind'.padEnd(22)} ${'TP'.padStart(4)} ${'FP'.padStart(4)} ${'FN'.padStart(4)}  precision  recall`);
  let worstP = 100;
  let worstR = 100;
  let tp = 0;
  let fp = 0;
  let fn = 0;
  for (const [kind] of KINDS) {
    const s = stats.get(kind)!;
    if (s.tp + s.fp + s.fn === 0) continue;
    const p = pct(s.tp, s.tp + s.fp);
    const r = pct(s.tp, s.tp + s.fn);
    worstP = Math.min(worstP, p);
    worstR = Math.min(worstR, r);
    tp += s.tp;
    fp += s.fp;
    fn += s.fn;
    console.log(
      `${kind.padEnd(22)} ${String(s.tp).padStart(4)} ${String(s.fp).padStart(4)} ${String(s.fn).padStart(4)}  ${p.toFixed(1).padStart(8)}%  ${r.toFixed(1).padStart(5)}%`,
    );
  }
  console.log(
    `${'all'.padEnd(22)} ${String(tp).padStart(4)} ${String(fp).padStart(4)} ${String(fn).padStart(4)}  ${pct(
      tp,
      tp + fp,
    )
      .toFixed(1)
      .padStart(8)}%  ${pct(tp, tp + fn)
      .toFixed(1)
      .padStart(5)}%`,
  );
  console.log(
    `Goals: precision >= 95% every kind (worst ${worstP.toFixed(1)}%), recall >= 85% (worst ${worstR.toFixed(1)}%).`,
  );
}

function timed<T>(f: () => T): [T, number] {
  const t = performance.now();
  const out = f();
  return [out, performance.now() - t];
}

async function main() {
  const groups: [string, ExtractCase[]][] = argv.includes('--holdout')
    ? [['held-out set', HOLDOUT]]
    : argv.includes('--all')
      ? [
          ['tuning set', EXTRACT_CASES],
          ['held-out set', HOLDOUT],
        ]
      : [['tuning set', EXTRACT_CASES]];
  const factsById = new Map<string, Map<string, string>>();
  for (const [name, cases] of groups) {
    const [docs, ms] = timed(() => cases.map(fromText));
    for (const d of docs) factsById.set(d.id, new Map(d.facts.map((f) => [f.field_key, f.value])));
    score(name, docs, ms);
  }

  if (publicDir) {
    const labels = JSON.parse(await readFile(path.join(publicDir, 'labels.json'), 'utf8')) as PublicLabel[];
    const t = performance.now();
    const docs: Doc[] = [];
    for (const label of labels) docs.push(await fromFile(publicDir, label));
    score('real public documents, read from their file bytes', docs, performance.now() - t);
    await shutdownExtractWorkers();
  }

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
  console.log(
    `\nConflicts on ${CONFLICT_PAIRS.filter((p) => factsById.has(p.a) && factsById.has(p.b)).length} document pairs: false conflicts ${falseConflicts}, real conflicts found ${trueConflicts}, real conflicts missed ${missedConflicts} (goal: no false conflict)`,
  );
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
