/**
 * Classification and extraction measured on real documents (issue 34): every file of a corpus folder
 * goes through the real upload and extraction path, and the outcome is compared with the folder's labels.
 *
 * The folder holds MANIFEST.tsv (id, …, filename, document_type, language, has_text_layer, …, notes; files
 * under files/) and optionally facts.json (the facts per document; see bench/evidence-match.ts for how
 * they are scored). The folder is an argument and never part of the repository: a clone has none, and the
 * test suite never needs one.
 *
 * Path: an in-process embedded database (migrated PGlite, like the tests'), one signed-in user, each file
 * sent to POST /api/documents/bulk as a browser would (the upload classifies it without OCR), then the
 * queued `document.extract` job run in-process (text with OCR, facts, reclassification of scans). The
 * document row the API would serve afterwards is what is scored. Time per document is upload + extraction.
 *
 * Split: deterministic by id (sha256 of the id; first 32 bits mod 100 < 70 is "dev", the rest "holdout"),
 * so everyone tunes on dev and judges on holdout with the same files.
 *
 *   npx tsx bench/evidence.ts <corpus-dir> [--split dev|holdout|all] [--types manual,certificate]
 *     [--ids cr-a-001,cr-b-002] [--limit N] [--no-scans] [--json out.json] [--floors bench/evidence-floors.json]
 *     [--dump-text DIR] [--verbose]
 *
 * --rescore out.json scores the documents of an earlier run's --json output again (no upload, no
 * extraction): for a change of the scoring rules or the labels.
 *
 * --dump-text writes each document's stored text (pages joined by form feeds) to DIR/<id>.txt, for
 * scripts/train-classifier.ts; keep DIR outside the repository (the texts are other people's).
 *
 * Prints per-type precision/recall and the confusion matrix, language accuracy, calibration, extraction
 * precision/recall per fact kind and per document type, time per document, and the worst misses with
 * their quotes. With --floors, exits 1 when a figure is below its floor (floors name figures of the JSON
 * output: { "type_accuracy": 0.8, "extraction.precision": 0.9, … }).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  FACT_KINDS,
  addScore,
  emptyScore,
  labelledOf,
  scoreKind,
  type Extracted,
  type FactKind,
  type KindScore,
} from './evidence-match';
import { splitOf } from './evidence-split';

const argv = process.argv.slice(2);
const flag = (name: string) => argv.includes(name);
const opt = (name: string) => (argv.includes(name) ? argv[argv.indexOf(name) + 1] : undefined);
/** Options that take a value; any other bare argument is the corpus folder. */
const VALUED = new Set(['--split', '--types', '--ids', '--limit', '--json', '--floors', '--dump-text', '--rescore']);
const corpusDir = argv.find((a, i) => !a.startsWith('--') && !(i > 0 && VALUED.has(argv[i - 1])));
if (!corpusDir) {
  console.error(
    'usage: npx tsx bench/evidence.ts <corpus-dir> [--split dev|holdout|all] [--json out.json] [--floors f.json]',
  );
  process.exit(2);
}
const split = (opt('--split') ?? 'all') as 'dev' | 'holdout' | 'all';
if (!['dev', 'holdout', 'all'].includes(split)) throw new Error('--split is dev, holdout or all');
const types = opt('--types')?.split(',');
const ids = opt('--ids')?.split(',');
const limit = opt('--limit') ? Number(opt('--limit')) : Infinity;
const noScans = flag('--no-scans');
const verbose = flag('--verbose');
const jsonOut = opt('--json');
const floorsFile = opt('--floors');
const dumpText = opt('--dump-text');
const rescore = opt('--rescore');

export interface ManifestRow {
  id: string;
  filename: string;
  document_type: string;
  language: string;
  has_text_layer: string;
  notes: string;
}

function readManifest(dir: string): ManifestRow[] {
  const [head, ...lines] = fs.readFileSync(path.join(dir, 'MANIFEST.tsv'), 'utf8').split(/\r?\n/).filter(Boolean);
  const cols = head.split('\t');
  return lines.map((l) => {
    const cells = l.split('\t');
    const row = Object.fromEntries(cols.map((c, i) => [c, cells[i] ?? ''])) as unknown as ManifestRow;
    return row;
  });
}

interface DocResult {
  id: string;
  split: 'dev' | 'holdout';
  filename: string;
  expectedType: string;
  gotType: string;
  confidence: number;
  expectedLanguage: string;
  gotLanguage: string | null;
  scan: boolean;
  status: string;
  ms: number;
  snippet: string;
  reasoning: string;
  facts: Extracted[];
  parts?: unknown;
}

async function openDatabase() {
  process.env.DATA_DIR = fs.mkdtempSync(path.join(os.tmpdir(), 'evidence-bench-data-'));
  process.env.SUPABASE_JWT_SECRET ??= 'bench-secret-bench-secret-bench-secret-0123456789';
  process.env.JOBS_IN_PROCESS = 'false';
  process.env.RATE_LIMIT_PARSE = '100000';
  process.env.RATE_LIMIT_UPLOAD ??= '100000';
  await import('@/lib/polyfills');
  const { PGlite } = await import('@electric-sql/pglite');
  const { openPglite, setDbHandle, getDb } = await import('@/lib/db/client');
  const { runMigrations } = await import('@/lib/db/migrate');
  const { migratedPgliteDump } = await import('@/lib/db/seed');
  // The app's migrated dump (its tables and the job queue's), as a first start loads it.
  const pglite = await PGlite.create({ loadDataDir: await migratedPgliteDump() });
  const handle = await openPglite(pglite);
  await runMigrations(handle);
  setDbHandle(handle);
  const db = await getDb();
  const { createLocalUser } = await import('@/lib/auth/local-issuer');
  const { ensureWorkspace } = await import('@/lib/auth/workspace');
  const { signAccessToken } = await import('@/lib/auth/tokens');
  const user = await createLocalUser(db, { email: 'bench@example.test', password: 'correct horse battery' });
  const { workspace } = await ensureWorkspace(db, { user });
  // The corpus is larger than a free plan's storage: the bench measures reading, not quotas.
  const { workspaces } = await import('@/lib/db/schema');
  const { eq } = await import('drizzle-orm');
  await db.update(workspaces).set({ plan: 'enterprise' }).where(eq(workspaces.id, workspace.id));
  const { token } = await signAccessToken(user);
  return { db, token, workspaceId: workspace.id };
}

async function runDocuments(dir: string, rows: ManifestRow[]): Promise<DocResult[]> {
  const { db, token, workspaceId } = await openDatabase();
  const bulk = await import('@/app/api/documents/bulk/route');
  const { drainJobs } = await import('@/lib/workers');
  const { getDocument } = await import('@/lib/documents/service');
  const { shutdownExtractWorkers } = await import('@/lib/extract');
  const { shutdownOcr } = await import('@/lib/extract/ocr');
  const { documents: documentsTable } = await import('@/lib/db/schema');
  const { eq } = await import('drizzle-orm');
  const { stopBoss } = await import('@/lib/jobs/boss');
  const upload = async (bytes: Uint8Array, name: string) => {
    const fd = new FormData();
    fd.append('files', new Blob([bytes as BlobPart]), name);
    const req = new Request('http://127.0.0.1:3100/api/documents/bulk', {
      method: 'POST',
      headers: { cookie: `sb-access-token=${token}`, origin: 'http://127.0.0.1:3100' },
      body: fd,
    });
    const res = await bulk.POST(req, { params: Promise.resolve({}) });
    return (await res.json()) as { results: { status: string; document_id?: string; message?: string }[] };
  };
  // Warm the module graph and the job path on a document of our own, so the first file's time is its own.
  await upload(new TextEncoder().encode('Warm-up note.\nNothing to read here.'), 'warm-up.txt');
  await drainJobs(600_000);

  const out: DocResult[] = [];
  for (const row of rows) {
    const bytes = new Uint8Array(fs.readFileSync(path.join(dir, 'files', row.filename)));
    const t0 = performance.now();
    const res = await upload(bytes, row.filename);
    const item = res.results[0];
    if (!item?.document_id) {
      console.log(`  ${row.id}: upload ${item?.status ?? 'failed'} ${item?.message ?? ''}`);
      continue;
    }
    await drainJobs(900_000);
    const ms = performance.now() - t0;
    const doc = (await getDocument(db, { workspaceId, id: item.document_id })) as unknown as Record<string, unknown> & {
      document_type: string;
      classification_confidence: number | null;
      detected_language: string | null;
      status: string;
      classification: { reasoning?: string; content_snippet?: string } | null;
      extractions: { facts: Extracted[] }[];
    };
    if (dumpText) {
      fs.mkdirSync(dumpText, { recursive: true });
      const [stored] = await db
        .select({ text: documentsTable.textCache })
        .from(documentsTable)
        .where(eq(documentsTable.id, item.document_id));
      fs.writeFileSync(path.join(dumpText, `${row.id}.txt`), stored?.text ?? '');
    }
    const r: DocResult = {
      id: row.id,
      split: splitOf(row.id),
      filename: row.filename,
      expectedType: row.document_type,
      gotType: doc.document_type ?? 'other',
      confidence: doc.classification_confidence ?? 0,
      expectedLanguage: row.language,
      gotLanguage: doc.detected_language,
      scan: row.has_text_layer !== 'yes',
      status: doc.status,
      ms,
      snippet: (doc.classification?.content_snippet ?? '').replace(/\s+/g, ' ').slice(0, 160),
      reasoning: doc.classification?.reasoning ?? '',
      facts: doc.extractions?.[0]?.facts ?? [],
      parts: doc.evidence_parts,
    };
    out.push(r);
    const ok = r.gotType === r.expectedType ? 'ok  ' : 'MISS';
    console.log(
      `  ${ok} ${row.id} ${r.expectedType} -> ${r.gotType} (${r.confidence.toFixed(2)}) lang ${row.language}->${r.gotLanguage} ${Math.round(ms)} ms${r.scan ? ' [scan]' : ''}`,
    );
  }
  await shutdownExtractWorkers().catch(() => {});
  await shutdownOcr().catch(() => {});
  await stopBoss().catch(() => {});
  return out;
}

const pct = (a: number, b: number) => (b ? `${((100 * a) / b).toFixed(1)}%` : '-');
const ratio = (a: number, b: number) => (b ? a / b : 1);
const median = (xs: number[]) => {
  if (!xs.length) return NaN;
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};

/** Languages compared as the contract writes them; "und" (no body text) is right when nothing was detected. */
const sameLanguage = (expected: string, got: string | null) =>
  expected === 'und' ? !got || got === 'und' : (got ?? '').toLowerCase() === expected.toLowerCase();

function classificationFigures(docs: DocResult[]) {
  const typesSeen = [...new Set(docs.flatMap((d) => [d.expectedType, d.gotType]))].sort();
  const perType: Record<string, { precision: number; recall: number; tp: number; predicted: number; actual: number }> =
    {};
  for (const t of typesSeen) {
    const tp = docs.filter((d) => d.expectedType === t && d.gotType === t).length;
    const predicted = docs.filter((d) => d.gotType === t).length;
    const actual = docs.filter((d) => d.expectedType === t).length;
    perType[t] = { precision: ratio(tp, predicted), recall: ratio(tp, actual), tp, predicted, actual };
  }
  const confusion: Record<string, Record<string, number>> = {};
  for (const d of docs) {
    confusion[d.expectedType] ??= {};
    confusion[d.expectedType][d.gotType] = (confusion[d.expectedType][d.gotType] ?? 0) + 1;
  }
  const bins = [0, 0.5, 0.7, 0.8, 0.9, 1.0001];
  const calibration = bins.slice(0, -1).map((lo, i) => {
    const inBin = docs.filter((d) => d.confidence >= lo && d.confidence < bins[i + 1]);
    return {
      bin: `${lo.toFixed(1)}-${Math.min(1, bins[i + 1]).toFixed(1)}`,
      n: inBin.length,
      accuracy: ratio(inBin.filter((d) => d.gotType === d.expectedType).length, inBin.length),
      mean_confidence: inBin.length ? inBin.reduce((a, d) => a + d.confidence, 0) / inBin.length : 0,
    };
  });
  const correct = docs.filter((d) => d.gotType === d.expectedType).length;
  const langOk = docs.filter((d) => sameLanguage(d.expectedLanguage, d.gotLanguage)).length;
  const confidentWrong = docs.filter((d) => d.gotType !== d.expectedType && d.confidence >= 0.9).length;
  return {
    n: docs.length,
    type_accuracy: ratio(correct, docs.length),
    type_correct: correct,
    language_accuracy: ratio(langOk, docs.length),
    language_correct: langOk,
    confident_wrong: confidentWrong,
    per_type: perType,
    confusion,
    calibration,
  };
}

function extractionFigures(docs: DocResult[], facts: Map<string, { document_type: string; facts: unknown }>) {
  const byKind = new Map<FactKind, KindScore>();
  const byType = new Map<string, KindScore>();
  const all = emptyScore();
  const wrong: (KindScore['wrong'][number] & { id: string; kind: string })[] = [];
  const missed: { id: string; kind: string; expected: string }[] = [];
  let scored = 0;
  for (const d of docs) {
    const entry = facts.get(d.id);
    if (!entry) continue;
    scored++;
    for (const kind of Object.keys(FACT_KINDS) as FactKind[]) {
      const keys: readonly string[] = FACT_KINDS[kind];
      const got = d.facts.filter((f) => keys.includes(f.field_key));
      const s = scoreKind(kind, labelledOf(entry.facts, kind), got);
      if (!byKind.has(kind)) byKind.set(kind, emptyScore());
      addScore(byKind.get(kind)!, s);
      if (!byType.has(entry.document_type)) byType.set(entry.document_type, emptyScore());
      addScore(byType.get(entry.document_type)!, s);
      addScore(all, s);
      for (const w of s.wrong) wrong.push({ ...w, id: d.id, kind });
      for (const m of s.missed) missed.push({ id: d.id, kind, expected: m });
    }
  }
  const fig = (s: KindScore) => ({
    precision: ratio(s.right, s.extracted),
    recall: ratio(s.found, s.labelled),
    right: s.right,
    extracted: s.extracted,
    found: s.found,
    labelled: s.labelled,
  });
  return {
    documents: scored,
    ...fig(all),
    high_confidence_wrong: wrong.filter((w) => w.confidence >= 0.8).length,
    per_kind: Object.fromEntries([...byKind].map(([k, s]) => [k, fig(s)])),
    per_type: Object.fromEntries([...byType].map(([k, s]) => [k, fig(s)])),
    wrong: wrong.sort((a, b) => b.confidence - a.confidence),
    missed,
  };
}

function printReport(title: string, docs: DocResult[], facts: Map<string, { document_type: string; facts: unknown }>) {
  const c = classificationFigures(docs);
  const e = extractionFigures(docs, facts);
  const text = docs.filter((d) => !d.scan).map((d) => d.ms);
  const scans = docs.filter((d) => d.scan).map((d) => d.ms);
  console.log(`\n=============== ${title}: ${docs.length} documents ===============`);
  console.log(
    `type ${c.type_correct}/${c.n} = ${pct(c.type_correct, c.n)}   language ${c.language_correct}/${c.n} = ${pct(c.language_correct, c.n)}   wrong at >= 0.9: ${c.confident_wrong}`,
  );
  console.log('\nper type                     precision   recall    (tp/predicted/actual)');
  for (const [t, f] of Object.entries(c.per_type))
    console.log(
      `  ${t.padEnd(26)} ${pct(f.tp, f.predicted).padStart(8)} ${pct(f.tp, f.actual).padStart(8)}    ${f.tp}/${f.predicted}/${f.actual}`,
    );
  const cols = Object.keys(c.per_type);
  const abbr = (t: string) =>
    t
      .split('_')
      .map((w) => w[0])
      .join('')
      .padStart(4);
  console.log(`\nconfusion (rows expected, columns got): ${cols.map((t) => `${abbr(t).trim()}=${t}`).join(' ')}`);
  console.log(`  ${''.padEnd(26)}${cols.map(abbr).join('')}`);
  for (const t of cols)
    if (c.confusion[t])
      console.log(`  ${t.padEnd(26)}${cols.map((g) => String(c.confusion[t][g] ?? '.').padStart(4)).join('')}`);
  console.log('\ncalibration   n   accuracy  mean confidence');
  for (const b of c.calibration)
    console.log(
      `  ${b.bin}  ${String(b.n).padStart(4)}   ${b.n ? pct(b.accuracy * b.n, b.n).padStart(7) : '      -'}   ${b.n ? b.mean_confidence.toFixed(2) : '-'}`,
    );
  console.log(
    `\ntime per document: median ${Math.round(median(text))} ms text (${text.length}), median ${Math.round(median(scans))} ms scans (${scans.length}); total ${Math.round(docs.reduce((a, d) => a + d.ms, 0) / 1000)} s`,
  );
  if (e.documents) {
    console.log(
      `\nextraction (${e.documents} documents with facts): precision ${e.right}/${e.extracted} = ${pct(e.right, e.extracted)}, recall ${e.found}/${e.labelled} = ${pct(e.found, e.labelled)}, wrong at >= 0.8: ${e.high_confidence_wrong}`,
    );
    console.log('  per fact kind               precision          recall');
    for (const [k, f] of Object.entries(e.per_kind))
      console.log(
        `    ${k.padEnd(26)} ${`${f.right}/${f.extracted}`.padStart(7)} ${pct(f.right, f.extracted).padStart(7)}   ${`${f.found}/${f.labelled}`.padStart(7)} ${pct(f.found, f.labelled).padStart(7)}`,
      );
    console.log('  per document type');
    for (const [k, f] of Object.entries(e.per_type))
      console.log(
        `    ${k.padEnd(26)} ${`${f.right}/${f.extracted}`.padStart(7)} ${pct(f.right, f.extracted).padStart(7)}   ${`${f.found}/${f.labelled}`.padStart(7)} ${pct(f.found, f.labelled).padStart(7)}`,
      );
  }
  const misses = docs
    .filter((d) => d.gotType !== d.expectedType || !sameLanguage(d.expectedLanguage, d.gotLanguage))
    .sort((a, b) => b.confidence - a.confidence);
  if (misses.length) {
    console.log('\nworst classification misses (most confident first):');
    for (const d of misses.slice(0, verbose ? misses.length : 15))
      console.log(
        `  ${d.id} ${d.expectedType}/${d.expectedLanguage} -> ${d.gotType}/${d.gotLanguage} at ${d.confidence.toFixed(2)}${d.scan ? ' [scan]' : ''} status ${d.status}\n      "${d.snippet}"\n      reasoning: ${d.reasoning.slice(0, 200)}`,
      );
  }
  if (e.wrong.length) {
    console.log('\nworst extraction errors (most confident first):');
    for (const w of e.wrong.slice(0, verbose ? e.wrong.length : 15))
      console.log(
        `  ${w.id} ${w.kind}: got "${w.value}" (${w.confidence.toFixed(2)}), labelled "${w.expected}"\n      quote: "${w.quote.replace(/\s+/g, ' ').slice(0, 200)}"`,
      );
  }
  if (verbose && e.missed.length) {
    console.log('\nlabelled facts not found:');
    for (const m of e.missed) console.log(`  ${m.id} ${m.kind}: ${m.expected}`);
  }
  return {
    classification: c,
    extraction: { ...e, wrong: e.wrong.slice(0, 50), missed: e.missed.slice(0, 100) },
    time: { median_text_ms: median(text), median_scan_ms: median(scans), text_docs: text.length, scans: scans.length },
  };
}

/** A figure of the JSON output by its dotted path ("holdout.classification.type_accuracy"). */
function figureAt(obj: unknown, dotted: string): unknown {
  return dotted.split('.').reduce<unknown>((o, k) => (o && typeof o === 'object' ? (o as never)[k] : undefined), obj);
}

async function main() {
  const dir = path.resolve(corpusDir!);
  const manifest = readManifest(dir);
  const factsPath = path.join(dir, 'facts.json');
  const facts = new Map<string, { document_type: string; facts: unknown }>();
  if (fs.existsSync(factsPath))
    for (const f of JSON.parse(fs.readFileSync(factsPath, 'utf8')) as {
      id: string;
      document_type: string;
      facts: unknown;
    }[])
      facts.set(f.id, f);
  let rows = manifest.filter((r) => split === 'all' || splitOf(r.id) === split);
  if (types) rows = rows.filter((r) => types.includes(r.document_type));
  if (ids) rows = rows.filter((r) => ids.includes(r.id));
  if (noScans) rows = rows.filter((r) => r.has_text_layer === 'yes');
  rows = rows.slice(0, limit);
  const devN = manifest.filter((r) => splitOf(r.id) === 'dev').length;
  console.log(
    `corpus ${dir}: ${manifest.length} documents (${devN} dev / ${manifest.length - devN} holdout), ${facts.size} with facts; running ${rows.length} (split ${split}${noScans ? ', no scans' : ''}) — load average ${os.loadavg()[0].toFixed(1)} on ${os.cpus().length} cores`,
  );
  const started = performance.now();
  const docs = rescore
    ? (JSON.parse(fs.readFileSync(rescore, 'utf8')) as { documents: DocResult[] }).documents.filter((d) =>
        rows.some((r) => r.id === d.id),
      )
    : await runDocuments(dir, rows);
  const out: Record<string, unknown> = {
    corpus: dir,
    split,
    filters: {
      types: types ?? null,
      ids: ids ?? null,
      limit: Number.isFinite(limit) ? limit : null,
      no_scans: noScans,
    },
    wall_s: (performance.now() - started) / 1000,
  };
  const groups: [string, DocResult[]][] =
    split === 'all'
      ? [
          ['dev', docs.filter((d) => d.split === 'dev')],
          ['holdout', docs.filter((d) => d.split === 'holdout')],
          ['all', docs],
        ]
      : [[split, docs]];
  for (const [name, group] of groups) if (group.length) out[name] = printReport(name, group, facts);
  out.documents = docs;
  if (jsonOut) fs.writeFileSync(jsonOut, JSON.stringify(out, null, 2));
  console.log(`\nwall ${Math.round((performance.now() - started) / 1000)} s`);
  if (floorsFile) {
    const floors = JSON.parse(fs.readFileSync(floorsFile, 'utf8')) as Record<string, number | string>;
    const below: string[] = [];
    for (const [key, floor] of Object.entries(floors)) {
      if (key.startsWith('_') || typeof floor !== 'number') continue;
      // Floors name figures under the group that ran ("classification.type_accuracy"), or a full path.
      const value = figureAt(out, key) ?? figureAt(out[split], key);
      if (typeof value !== 'number') continue;
      const ceiling = key.endsWith('confident_wrong') || key.endsWith('high_confidence_wrong') || key.endsWith('_ms');
      if (ceiling ? value > floor : value < floor)
        below.push(`${key} = ${value.toFixed(3)} (${ceiling ? 'ceiling' : 'floor'} ${floor})`);
    }
    if (below.length) {
      console.log(`\nBELOW FLOORS (${floorsFile}):\n  ${below.join('\n  ')}`);
      process.exit(1);
    }
    console.log(`\nall floors of ${floorsFile} met`);
  }
  process.exit(0);
}

if (process.argv[1] && path.resolve(process.argv[1]).endsWith(path.join('bench', 'evidence.ts'))) {
  main().catch((e) => {
    console.error(e);
    process.exit(1);
  });
}
