/**
 * The AI fill of one SKU with 10 linked documents (200 pages in total) against an OpenAI-compatible
 * server on loopback with a fixed answer latency, through the real path: startAiFill → pg-boss job →
 * evidence → prompt → @ai-sdk/openai over HTTP → citation checks → suggestions stored.
 *
 *   npx tsx bench/ai-fill.ts [--runs 5] [--latency 300]
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npx tsx bench/ai-fill.ts
 *
 * Prints: the time to gather the evidence and build the prompt (median of 20), the prompt's size, and
 * per job run the wall time beside a baseline measured in the same run on the same prompt: one bare
 * generateText call to the same server (SDK + HTTP + the server's latency). The job's overhead is the
 * difference. Goals: evidence + prompt ≤ 200 ms; overhead ≤ 1 s beyond the bare call.
 */
import '@/lib/polyfills';
import { numberArg, openBenchDatabase } from './harness';
import crypto from 'node:crypto';
import { generateText, Output } from 'ai';
import { startOpenAiStub } from '../tests/api/ai/openai-stub';

const RUNS = numberArg('runs', 5);
const LATENCY_MS = numberArg('latency', 300);
process.env.JOBS_IN_PROCESS = 'false';

const openDatabase = () => openBenchDatabase({ tag: 'aifill', poolSize: 10 });

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const ms = (x: number) => `${x.toFixed(1)} ms`;

/** A page of a test report or declaration: boilerplate with a few lines that matter. */
function page(doc: number, p: number): string {
  const filler =
    `Clause ${p}.${doc}: The sample was conditioned at 23 °C and 50 % relative humidity for 24 h before testing. Results are given in the table below; the uncertainty of measurement is stated per test. `.repeat(
      12,
    );
  const lines = [`Test report TR-${1000 + doc} — page ${p}`, filler];
  if (p === 1)
    lines.push(
      `Manufacturer: Holzwerk Müller GmbH, Werkstraße 5, 80331 München, Germany`,
      `Model: TR-100 wooden toy train`,
    );
  if (p === 2) lines.push('Standards: EN 71-1:2014+A1:2018; EN 71-2:2020; EN 71-3:2019');
  if (p === 3 && doc === 0) lines.push('Age grading: intended for children from 3 years (3+).');
  return lines.join('\n');
}

async function main() {
  const db = await openDatabase();
  const stub = await startOpenAiStub();
  process.env.OPENAI_API_KEY = 'sk-bench';
  process.env.OPENAI_BASE_URL = stub.url;
  process.env.AI_MODEL = 'bench-model';
  stub.reply = (req) => {
    const ref = /document="(D\d+)" page="1"/.exec(req.prompt)?.[1] ?? 'D1';
    return {
      delayMs: LATENCY_MS,
      content: {
        suggestions: [
          {
            field_key: 'model_number',
            value: 'TR-100',
            document: ref,
            page: 1,
            quote: 'Model: TR-100 wooden toy train',
            confidence: 0.9,
            reasoning: 'Stated on the first page.',
          },
        ],
      },
      usage: { prompt_tokens: Math.ceil(req.prompt.length / 4), completion_tokens: 60 },
    };
  };

  const { getDb } = await import('@/lib/db/client');
  const { createLocalUser } = await import('@/lib/auth/local-issuer');
  const { ensureWorkspace } = await import('@/lib/auth/workspace');
  const { setWorkspacePlan } = await import('@/lib/workspace/settings');
  const { createSku } = await import('@/lib/skus/create');
  const { documents, documentSkus } = await import('@/lib/db/schema');
  const { gatherEvidence, selectPages } = await import('@/lib/ai-fill/evidence');
  const { buildPrompt, ModelAnswerSchema } = await import('@/lib/ai-fill/suggest');
  const { startAiFill, latestAiFill } = await import('@/lib/ai-fill/service');
  const { getLanguageModel } = await import('@/lib/ai/provider');
  const { drainJobs } = await import('@/lib/workers');
  const { stopBoss } = await import('@/lib/jobs/boss');

  const d = await getDb();
  const user = await createLocalUser(d, {
    email: `bench-${crypto.randomUUID().slice(0, 8)}@example.test`,
    password: 'correct horse battery',
  });
  const m = await ensureWorkspace(d, { user });
  await setWorkspacePlan(d, { workspaceId: m.workspace.id, plan: 'enterprise' });
  const workspace = { ...m.workspace, plan: 'enterprise' as const };
  const actor = { userId: user.id, apiKeyId: null, label: user.email };
  const created = (await createSku(d, {
    workspace,
    actor,
    input: { sku_code: 'BENCH-AI-1', product_name: 'Wooden toy train', category_code: 'toys' },
    dryRun: false,
  })) as { id?: string; sku?: { id: string } };
  const skuId = created.sku?.id ?? created.id!;
  let totalChars = 0;
  for (let doc = 0; doc < 10; doc++) {
    const text = Array.from({ length: 20 }, (_, p) => page(doc, p + 1)).join('\f');
    totalChars += text.length;
    const [row] = await d
      .insert(documents)
      .values({
        workspaceId: m.workspace.id,
        sha256: crypto.randomBytes(32).toString('hex'),
        filename: `report-${doc}.pdf`,
        mimeType: 'application/pdf',
        sizeBytes: text.length,
        storageKey: `bench/${doc}`,
        documentType: doc === 0 ? 'declaration_of_conformity' : 'test_report',
        textCache: text,
      })
      .returning({ id: documents.id });
    await d.insert(documentSkus).values({ workspaceId: m.workspace.id, documentId: row.id, skuId });
  }
  const fields = [
    'manufacturer_name',
    'model_number',
    'harmonised_standards',
    'age_grading',
    'hs_code',
    'country_of_origin',
  ];

  // 1. Evidence and prompt.
  const prepTimes: number[] = [];
  let prompt = { system: '', prompt: '' };
  let sent = 0;
  for (let i = 0; i < 20; i++) {
    const t0 = performance.now();
    const ev = await gatherEvidence(d, { workspaceId: m.workspace.id, skuId });
    const sel = selectPages(ev, fields);
    prompt = buildPrompt(ev, fields, sel.pages);
    sent = sel.pages.length;
    prepTimes.push(performance.now() - t0);
  }
  const promptChars = prompt.system.length + prompt.prompt.length;

  // 2. Job runs beside a bare call with the same prompt.
  const model = getLanguageModel()!;
  const rows: { job: number; bare: number }[] = [];
  for (let r = 0; r < RUNS; r++) {
    const b0 = performance.now();
    await generateText({
      model,
      output: Output.object({ schema: ModelAnswerSchema }),
      system: prompt.system,
      prompt: prompt.prompt,
      temperature: 0,
      maxRetries: 0,
    });
    const bare = performance.now() - b0;

    const j0 = performance.now();
    const started = await startAiFill(d, { workspaceId: m.workspace.id, actor, skuId, fields });
    if ('conflict' in started) throw new Error('a job was still running');
    await drainJobs(60_000);
    const job = await latestAiFill(d, { workspaceId: m.workspace.id, skuId });
    if (job?.status !== 'completed') throw new Error(`job ended ${job?.status}: ${job?.error ?? job?.degradedReason}`);
    rows.push({ job: performance.now() - j0, bare });
  }

  console.log(`\nAI fill bench — ${db.label}, provider latency ${LATENCY_MS} ms, ${RUNS} runs`);
  console.log(`SKU with 10 documents, 200 pages, ${(totalChars / 1000).toFixed(0)} k characters of text`);
  console.log(`evidence + prompt (median of 20): ${ms(median(prepTimes))}   (goal ≤ 200 ms)`);
  console.log(
    `prompt: ${promptChars.toLocaleString('en')} characters (~${Math.round(promptChars / 4).toLocaleString('en')} tokens), ${sent} of 200 pages sent`,
  );
  console.log('run | job wall time | bare generateText (baseline) | overhead');
  rows.forEach((r, i) =>
    console.log(
      `${String(i + 1).padStart(3)} | ${ms(r.job).padStart(13)} | ${ms(r.bare).padStart(28)} | ${ms(r.job - r.bare)}`,
    ),
  );
  console.log(
    `median overhead beyond the bare call: ${ms(median(rows.map((r) => r.job - r.bare)))}   (goal ≤ 1000 ms)`,
  );

  await stopBoss();
  await stub.close();
  await db.close();
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
