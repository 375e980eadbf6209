/**
 * The classifier (rules + learned model, as classifyRules runs them) on the stored texts of a real-document
 * corpus, per split, in a second: for tuning between runs of bench/evidence.ts, which reads every file
 * through the upload and extraction path (minutes). The texts are those the product stored, dumped by
 * `npx tsx bench/evidence.ts <corpus> --split all --dump-text <dir>` (keep <dir> outside the repository);
 * labels come from the corpus's MANIFEST.tsv. Tune on the dev split, judge on holdout.
 *
 *   npx tsx scripts/classify-stored-texts.ts --corpus <corpus-dir> --text <dir> [--split dev|holdout|all]
 *     [--verbose] [--parts]
 *
 * Prints type and language accuracy per split, wrong types at >= 0.9, the confusion pairs and each miss;
 * --parts lists the evidence parts found in each multi-page text.
 */
import fs from 'node:fs';
import path from 'node:path';
import { classifyRules, type ClassifyRulesInput } from '@/lib/classify/rules';
import { detectEvidenceParts } from '@/lib/classify/parts';
import { splitOf } from '@/bench/evidence-split';

const argv = process.argv.slice(2);
const opt = (n: string) => (argv.includes(n) ? argv[argv.indexOf(n) + 1] : undefined);
const corpus = opt('--corpus');
const textDir = opt('--text');
const only = opt('--split') ?? 'all';
const verbose = argv.includes('--verbose');
const showParts = argv.includes('--parts');
if (!corpus || !textDir) {
  console.error('usage: npx tsx scripts/classify-stored-texts.ts --corpus <dir> --text <dir> [--split dev|holdout]');
  process.exit(2);
}

const [head, ...lines] = fs.readFileSync(path.join(corpus, 'MANIFEST.tsv'), 'utf8').split(/\r?\n/).filter(Boolean);
const cols = head.split('\t');
const rows = lines.map((l) => Object.fromEntries(cols.map((c, i) => [c, l.split('\t')[i] ?? ''])));

const sourceOf = (filename: string): ClassifyRulesInput['snippetSource'] => {
  const ext = filename.split('.').pop()?.toLowerCase();
  return ext === 'pdf'
    ? 'pdf_first_page'
    : ext === 'docx'
      ? 'docx_text'
      : ext === 'html' || ext === 'htm'
        ? 'html_text'
        : 'raw_text';
};

const groups = new Map<string, { n: number; type: number; lang: number; confidentWrong: number; t0: number }>();
for (const row of rows) {
  const split = splitOf(row.id);
  if (only !== 'all' && split !== only) continue;
  const file = path.join(textDir, `${row.id}.txt`);
  if (!fs.existsSync(file)) continue;
  const text = fs.readFileSync(file, 'utf8');
  const pages = text.includes('\f') ? text.split('\f').map((t, i) => ({ page: i + 1, text: t })) : undefined;
  const t0 = performance.now();
  const r = classifyRules({
    filename: row.filename,
    snippet: text.slice(0, 8000 * 4),
    snippetSource: sourceOf(row.filename),
    pages,
  });
  const ms = performance.now() - t0;
  const g = groups.get(split) ?? { n: 0, type: 0, lang: 0, confidentWrong: 0, t0: 0 };
  groups.set(split, g);
  g.n++;
  g.t0 += ms;
  const got = r.document_type ?? 'other';
  const typeOk = got === row.document_type;
  const lang = r.detected_language ?? 'und';
  const langOk = row.language === 'und' ? lang === 'und' : lang === row.language;
  if (typeOk) g.type++;
  else if (r.confidence >= 0.9) g.confidentWrong++;
  if (langOk) g.lang++;
  if (!typeOk || !langOk || verbose)
    console.log(
      `${typeOk && langOk ? 'ok  ' : 'MISS'} ${split.padEnd(7)} ${row.id} ${row.document_type}/${row.language} -> ${got}/${lang} ${r.confidence} ${row.filename.slice(0, 50)}`,
    );
  if (showParts && pages && pages.length > 1) {
    const parts = detectEvidenceParts(pages, r.document_type);
    if (parts.length) console.log(`     parts ${row.id}: ${JSON.stringify(parts)}`);
  }
}
for (const [split, g] of groups)
  console.log(
    `${split}: type ${g.type}/${g.n} = ${((100 * g.type) / g.n).toFixed(1)}%, language ${g.lang}/${g.n} = ${((100 * g.lang) / g.n).toFixed(1)}%, wrong at >= 0.9: ${g.confidentWrong}, ${(g.t0 / g.n).toFixed(1)} ms/text`,
  );
