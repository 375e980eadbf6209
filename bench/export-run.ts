/**
 * Export runs of 10,000 SKUs with full dossiers, to CSV and to XLSX (the GPSR catalogue templates),
 * through the real path: createExportRun → pg-boss job → render → blob store. Beside it, in the same
 * run on the same data, a raw baseline: one SQL read of the same rows into memory and a plain CSV /
 * SheetJS write of the same columns (the catalogue's header), the fastest way to write that file.
 *
 *   npx tsx bench/export-run.ts [--skus 10000] [--repeat 1]
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npx tsx bench/export-run.ts
 *
 * The parent seeds the database (a file-backed PGlite in a temp folder, or a fresh Postgres database),
 * then runs every measurement in its own child process, so each figure is that process's alone:
 * seconds of the work itself, and the peak RSS of the whole child process (the kernel's maxRSS, which
 * includes Node, the modules and, on PGlite, the embedded database). Prints rows/s, CPU seconds, the
 * ratio (baseline seconds / job seconds of a pair run back to back; goal ≥ 0.5) with its median over
 * --repeat pairs, and peak RSS (goal ≤ 400 MB). Goal: ≤ 10 s per 10,000 SKUs. The job's process starts
 * as `npm run worker` does, with every job of the registry loaded: its "RSS at start" is the worker's
 * own size before the export, "peak − start" what the export added to it.
 */
import '@/lib/polyfills';
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { scratchDatabase } from './harness';

const arg = (name: string, dflt: number) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? Number(process.argv[i + 1]) : dflt;
};
const SKU_COUNT = arg('skus', 10_000);
const REPEAT = arg('repeat', 1);
/**
 * --render-sample N (technical file): instead of a first run that renders every SKU's dossier PDF (about
 * 1.4 s each on this machine: 2 hours for 5,000), render N of them through the real path, timed and
 * reported per 1,000, and keep a copy of one of them for every other SKU's revision (its own bytes: a
 * trailing comment names the SKU), so the measured runs read kept PDFs of a real size, one file per SKU.
 */
const RENDER_SAMPLE = arg('render-sample', Number(process.env.BENCH_RENDER_SAMPLE ?? 0));
/** --keep: leave the seeded database (prints its settings) to run a child by hand, e.g. with --cpu-prof. */
const KEEP = process.argv.includes('--keep');
process.env.JOBS_IN_PROCESS = 'false';

const CSV_TEMPLATE = '5b0c6e2a-0d5e-4f0e-9c1a-2f7a3e1b0f02';
const XLSX_TEMPLATE = '5b0c6e2a-0d5e-4f0e-9c1a-2f7a3e1b0f01';
const TECHNICAL_FILE_TEMPLATE = '5b0c6e2a-0d5e-4f0e-9c1a-2f7a3e1b1001';
const TEMPLATE_OF = { csv: CSV_TEMPLATE, xlsx: XLSX_TEMPLATE, zip: TECHNICAL_FILE_TEMPLATE } as const;
/** --formats csv,xlsx,zip (default all three); zip is the technical-file ZIP. */
const FORMATS = (
  process.argv.includes('--formats') ? process.argv[process.argv.indexOf('--formats') + 1] : 'csv,xlsx,zip'
).split(',') as Array<'csv' | 'xlsx' | 'zip'>;

/** Opens the bench database: BENCH_PG_URL (a database of its own) or the PGlite folder BENCH_PGLITE_DIR. */
async function openBenchDatabase(migrate: boolean) {
  const { openPglite, openPostgres, setDbHandle } = await import('@/lib/db/client');
  const { runMigrations } = await import('@/lib/db/migrate');
  const url = process.env.BENCH_PG_URL;
  const handle = url
    ? await openPostgres(url, 10)
    : await openPglite(await (await import('@electric-sql/pglite')).PGlite.create(process.env.BENCH_PGLITE_DIR!));
  if (migrate) await runMigrations(handle);
  setDbHandle(handle);
  return handle;
}

const FIELDS: Array<[string, (i: number) => string]> = [
  ['brand', (i) => `Brand ${i % 40}`],
  ['model_number', (i) => `MOD-${i}`],
  ['product_description', (i) => `Product ${i}: beech wood, water-based paint, 24 pieces, for indoor use.`],
  ['product_image_url', (i) => `https://images.example/p/${i}.jpg`],
  ['target_markets', () => 'DE,FR,AT'],
  ['country_of_origin', (i) => ['DE', 'CN', 'PL'][i % 3]],
  ['ce_marking', () => 'yes'],
  ['hs_code', () => '95030070'],
  ['applicable_legislation', () => 'Directive 2009/48/EC; Regulation (EU) 2023/988'],
  ['harmonised_standards', () => 'EN 71-1:2014+A1:2018; EN 71-3:2019'],
  ['age_grading', () => '3+'],
  ['safety_warnings_de', () => 'Achtung! Nicht für Kinder unter 36 Monaten geeignet. Kleinteile.'],
  ['safety_warnings_fr', () => 'Attention ! Ne convient pas aux enfants de moins de 36 mois.'],
  ['instructions_de', () => 'Nur mit einem feuchten Tuch reinigen.'],
  ['instructions_fr', () => 'Nettoyer uniquement avec un chiffon humide.'],
];

/** A stand-in for each SKU's declaration of conformity (1,000 bytes, stored per document like an upload). */
const DOC_BYTES = new Uint8Array(Buffer.from('%PDF-1.4\n' + 'x'.repeat(1000 - 15) + '\n%%EOF'));

async function seed() {
  const { getDb } = await import('@/lib/db/client');
  const { createLocalUser } = await import('@/lib/auth/local-issuer');
  const { ensureWorkspace } = await import('@/lib/auth/workspace');
  const { setWorkspacePlan } = await import('@/lib/workspace/settings');
  const { skus, dossierValues, entities, skuEntities, documents, documentSkus } = await import('@/lib/db/schema');
  const { eq } = await import('drizzle-orm');
  const { localBlobStore } = await import('@/lib/storage/local');
  const store = localBlobStore(process.env.BENCH_BLOB_DIR!);
  const db = await getDb();
  const user = await createLocalUser(db, { email: `bench-${Date.now()}@example.test`, password: 'bench bench bench' });
  const ws = (await ensureWorkspace(db, { user })).workspace;
  await setWorkspacePlan(db, { workspaceId: ws.id, plan: 'enterprise' });
  const mfrs = await db
    .insert(entities)
    .values(
      Array.from({ length: 50 }, (_, i) => ({
        workspaceId: ws.id,
        name: `Manufacturer ${i} GmbH`,
        street: `Werkstraße ${i}`,
        postalCode: '80331',
        city: 'München',
        country: i % 2 ? 'DE' : 'CN',
        email: `m${i}@example.test`,
        identityKey: `m${i}`,
      })),
    )
    .returning({ id: entities.id });
  const rp = (
    await db
      .insert(entities)
      .values({
        workspaceId: ws.id,
        name: 'EU Rep GmbH',
        street: 'Friedrichstraße 1',
        postalCode: '10117',
        city: 'Berlin',
        country: 'DE',
        email: 'rp@example.test',
        identityKey: 'rp',
      })
      .returning({ id: entities.id })
  )[0];
  for (let i = 0; i < SKU_COUNT; i += 500) {
    const n = Math.min(500, SKU_COUNT - i); // 500 x 15 values x 6 parameters stays under 65,535
    const rows = await db
      .insert(skus)
      .values(
        Array.from({ length: n }, (_, j) => ({
          workspaceId: ws.id,
          skuCode: `B-${String(i + j).padStart(6, '0')}`,
          productName: `Wooden toy ${i + j}`,
          gtin: null,
          categoryCode: 'toys',
        })),
      )
      .returning({ id: skus.id });
    await db.insert(dossierValues).values(
      rows.flatMap((r, j) =>
        FIELDS.map(([k, f]) => ({
          workspaceId: ws.id,
          skuId: r.id,
          fieldKey: k,
          value: f(i + j),
          status: 'confirmed' as const,
          source: 'manual' as const,
        })),
      ),
    );
    await db.insert(skuEntities).values(
      rows.flatMap((r, j) => [
        { workspaceId: ws.id, skuId: r.id, role: 'manufacturer' as const, entityId: mfrs[(i + j) % 50].id },
        { workspaceId: ws.id, skuId: r.id, role: 'responsible_person' as const, entityId: rp.id },
      ]),
    );
    const docRows = await db
      .insert(documents)
      .values(
        rows.map((r, j) => ({
          workspaceId: ws.id,
          sha256: (i + j).toString(16).padStart(64, '0'),
          filename: `DoC ${i + j}.pdf`,
          mimeType: 'application/pdf',
          sizeBytes: 1000,
          storageKey: `${ws.id}/documents/x${i + j}`,
          documentType: 'declaration_of_conformity' as const,
          detectedLanguage: 'de',
        })),
      )
      .returning({ id: documents.id, storageKey: documents.storageKey });
    // The technical file bundles accepted evidence only: each SKU's declaration is linked and accepted,
    // and its bytes exist in the blob store.
    await db.insert(documentSkus).values(
      docRows.map((d, j) => ({
        workspaceId: ws.id,
        documentId: d.id,
        skuId: rows[j].id,
        evidenceStatus: 'accepted' as const,
        personDecision: 'accepted' as const,
      })),
    );
    for (const d of docRows) await store.put(d.storageKey, DOC_BYTES, 'application/pdf');
  }
  await db
    .update(skus)
    .set({ approvalState: 'approved', approvedAt: new Date(), reviewState: 'complete' })
    .where(eq(skus.workspaceId, ws.id));
  return { workspaceId: ws.id, userId: user.id, email: user.email };
}

// ---- child: one measurement in its own process ----------------------------------------------------

interface Measured {
  seconds: number;
  bytes: number;
  skus: number;
  /** RSS when the work starts (Node, modules, database open). */
  startMb: number;
  /** Peak RSS sampled every 10 ms while the work runs. */
  runPeakMb: number;
  /** The kernel's peak RSS of this whole process. */
  peakMb: number;
  /** CPU seconds (user + system) of this process during the work; the database server's are not in it. */
  cpuSeconds: number;
}

type Format = 'csv' | 'xlsx' | 'zip';

async function child(mode: 'raw' | 'job' | 'render', format: Format) {
  const handle = await openBenchDatabase(false);
  const { getDb } = await import('@/lib/db/client');
  const { sql } = await import('drizzle-orm');
  const { queryRows } = await import('@/lib/db/rows');
  const { setBlobStore } = await import('@/lib/storage');
  const { localBlobStore } = await import('@/lib/storage/local');
  const db = await getDb();
  const blobDir = process.env.BENCH_BLOB_DIR!;
  setBlobStore(localBlobStore(blobDir));
  const workspaceId = process.env.BENCH_WS!;

  // The catalogue's own columns, so the baseline writes the same file shape the job writes.
  const { catalogueColumns } = await import('@/lib/exports/templates/tables');
  const { csvRow, safeCell, BOM } = await import('@/lib/exports/output');
  const XLSX = (await import('@e965/xlsx')).default;
  async function rawRows() {
    const vals = await queryRows<{ sku_id: string; field_key: string; value: string }>(
      db,
      sql`SELECT sku_id, field_key, value FROM dossier_values WHERE workspace_id = ${workspaceId} AND status = 'confirmed' AND superseded_at IS NULL`,
    );
    const ents = await queryRows<{
      sku_id: string;
      role: string;
      name: string;
      street: string;
      postal_code: string;
      city: string;
      country: string;
      email: string;
    }>(
      db,
      sql`SELECT se.sku_id, se.role, e.name, e.street, e.postal_code, e.city, e.country, e.email FROM sku_entities se JOIN entities e ON e.id = se.entity_id WHERE se.workspace_id = ${workspaceId}`,
    );
    const docs = await queryRows<{ sku_id: string; filename: string; document_type: string; sha256: string }>(
      db,
      sql`SELECT l.sku_id, d.filename, d.document_type, d.sha256 FROM documents d JOIN document_skus l ON l.document_id = d.id WHERE d.workspace_id = ${workspaceId}`,
    );
    const list = await queryRows<{
      id: string;
      sku_code: string;
      product_name: string;
      category_code: string;
      external_sku_id: string | null;
    }>(
      db,
      sql`SELECT id, sku_code, product_name, category_code, external_sku_id FROM skus WHERE workspace_id = ${workspaceId} ORDER BY sku_code`,
    );
    const byId = new Map<string, Record<string, string | number>>();
    const rec = (id: string) => byId.get(id) ?? byId.set(id, {}).get(id)!;
    for (const v of vals) rec(v.sku_id)[v.field_key] = v.value;
    for (const e of ents)
      Object.assign(rec(e.sku_id), {
        [`${e.role}_name`]: e.name,
        [`${e.role}_address`]: `${e.street}, ${e.postal_code} ${e.city}`,
        [`${e.role}_country`]: e.country,
        [`${e.role}_email`]: e.email,
      });
    for (const d of docs)
      Object.assign(rec(d.sku_id), {
        document_count: 1,
        documents: `${d.document_type}: ${d.filename} (sha256 ${d.sha256})`,
      });
    const localized = [
      ...new Set(vals.map((v) => v.field_key).filter((k) => /^(safety_warnings|instructions)_/.test(k))),
    ].sort();
    const header = catalogueColumns(localized).map((c) => c[0]);
    return [
      header,
      ...list.map((s) =>
        header.map((k) =>
          k in s ? (s as Record<string, string | null>)[k] : k === 'sku_id' ? s.id : (byId.get(s.id)?.[k] ?? ''),
        ),
      ),
    ];
  }

  /**
   * The technical file's baseline: the same stored dossier PDFs and documents written into a ZIP of
   * per-SKU ZIPs in a plain loop (one SQL read of codes and document keys, no read model, no checks).
   */
  async function rawZip() {
    const yazl = (await import('yazl')).default;
    const { pipeline } = await import('node:stream/promises');
    const list = await queryRows<{ sku_code: string; storage_key: string; filename: string }>(
      db,
      sql`SELECT s.sku_code, d.storage_key, d.filename FROM skus s JOIN document_skus l ON l.sku_id = s.id JOIN documents d ON d.id = l.document_id WHERE s.workspace_id = ${workspaceId} ORDER BY s.sku_code`,
    );
    const pdfDir = path.join(blobDir, workspaceId, 'dossier-pdf');
    const pdfs = fs.readdirSync(pdfDir).map((f) => path.join(pdfDir, f));
    if (!pdfs.length) throw new Error('no stored dossier PDFs: run the export job first');
    const file = path.join(blobDir, `raw-${process.pid}.zip`);
    const outer = new yazl.ZipFile();
    const done = pipeline(outer.outputStream, fs.createWriteStream(file));
    let i = 0;
    for (const r of list) {
      const inner = new yazl.ZipFile();
      inner.addBuffer(fs.readFileSync(pdfs[i++ % pdfs.length]), 'dossier.pdf');
      inner.addBuffer(fs.readFileSync(path.join(blobDir, r.storage_key)), `documents/01-${r.filename}`);
      inner.end();
      const chunks: Buffer[] = [];
      for await (const c of inner.outputStream) chunks.push(c as Buffer);
      outer.addBuffer(Buffer.concat(chunks), `${r.sku_code}/dossier.zip`, { compress: false });
    }
    outer.end();
    await done;
    return { bytes: fs.statSync(file).size, skus: list.length };
  }

  /** --render-sample: N dossier PDFs rendered and kept through the real path (timed). */
  const { DEFAULT_LOCALE } = await import('@/lib/i18n/locales');
  const samples: Uint8Array[] = [];
  const skuIds = async () =>
    (
      await queryRows<{ id: string }>(
        db,
        sql`SELECT id FROM skus WHERE workspace_id = ${workspaceId} ORDER BY sku_code`,
      )
    ).map((r) => r.id);
  async function renderSample() {
    const { dossierPdfFor } = await import('@/lib/exports/dossier-zip');
    const { getBlobStore } = await import('@/lib/storage');
    let bytes = 0;
    for (const skuId of (await skuIds()).slice(0, RENDER_SAMPLE)) {
      const pdf = await dossierPdfFor(db, {
        store: getBlobStore(),
        args: { workspaceId, skuId, locale: DEFAULT_LOCALE },
      });
      samples.push(pdf);
      bytes += pdf.byteLength;
    }
    return { bytes, skus: samples.length };
  }
  /** Untimed: every other SKU's revision keeps a copy of a sample PDF with its own trailing comment. */
  async function keepCopies() {
    const { dossierRevisions, keepDossierPdf } = await import('@/lib/exports/dossier-pdf-store');
    const { getBlobStore } = await import('@/lib/storage');
    const ids = (await skuIds()).slice(samples.length);
    for (let k = 0; k < ids.length; k += 500) {
      const part = ids.slice(k, k + 500);
      const revisions = await dossierRevisions(db, { workspaceId, skuIds: part, locale: DEFAULT_LOCALE });
      for (const [n, skuId] of part.entries()) {
        const revisionKey = revisions.get(skuId)?.revisionKey;
        if (!revisionKey) throw new Error(`no approved revision for ${skuId}`);
        const base = samples[(k + n) % samples.length];
        const pdf = Buffer.concat([base, Buffer.from(`\n% bench copy for ${skuId}\n`)]);
        await keepDossierPdf(db, {
          store: getBlobStore(),
          args: { workspaceId, skuId, locale: DEFAULT_LOCALE, revisionKey, pdf },
        });
      }
    }
  }

  async function raw() {
    if (format === 'zip') return rawZip();
    const rows = await rawRows();
    const file = path.join(blobDir, `raw-${process.pid}.${format}`);
    if (format === 'csv') fs.writeFileSync(file, BOM + rows.map((r) => csvRow(r)).join('\r\n') + '\r\n');
    else {
      const wb = XLSX.utils.book_new();
      XLSX.utils.book_append_sheet(wb, XLSX.utils.aoa_to_sheet(rows.map((r) => r.map(safeCell))), 'catalogue');
      fs.writeFileSync(file, XLSX.write(wb, { type: 'buffer', bookType: 'xlsx', compression: true }) as Buffer);
    }
    return { bytes: fs.statSync(file).size, skus: rows.length - 1 };
  }

  // Modules are loaded before the clock in both paths (the job's: the worker with every job of the
  // registry, as `npm run worker` has them), so the seconds are the work of a running process.
  const { createExportRun } = await import('@/lib/exports/create-run');
  const { exportRuns } = await import('@/lib/db/schema');
  const { eq } = await import('drizzle-orm');
  const { drainJobs } = mode === 'job' ? await import('@/lib/workers') : { drainJobs: null };
  async function job() {
    const actor = { userId: process.env.BENCH_USER!, apiKeyId: null, label: 'bench' };
    const out = await createExportRun(db, {
      workspaceId,
      actor,
      input: { template_id: TEMPLATE_OF[format], scope_type: 'all' },
      dryRun: false,
    });
    if (out.kind !== 'created') throw new Error('no run');
    await drainJobs!(10 * 60_000);
    const [r] = await db.select().from(exportRuns).where(eq(exportRuns.id, out.run.id));
    if (!r.status.startsWith('completed')) throw new Error(`run ${r.status}: ${r.errorMessage}`);
    return { bytes: r.outputSizeBytes ?? 0, skus: r.skuCount };
  }

  if (mode === 'job') {
    // pg-boss is started before the clock, as a running worker has it.
    const { getBoss } = await import('@/lib/jobs/boss');
    await getBoss();
  }
  const startMb = process.memoryUsage().rss / 1024 / 1024;
  let runPeak = 0;
  const sampler = setInterval(() => (runPeak = Math.max(runPeak, process.memoryUsage().rss)), 10);
  const cpu0 = process.cpuUsage();
  const t0 = performance.now();
  const value = mode === 'raw' ? await raw() : mode === 'render' ? await renderSample() : await job();
  const seconds = (performance.now() - t0) / 1000;
  const cpu = process.cpuUsage(cpu0);
  clearInterval(sampler);
  const result: Measured = {
    seconds,
    ...value,
    startMb,
    runPeakMb: runPeak / 1024 / 1024,
    peakMb: process.resourceUsage().maxRSS / 1024,
    cpuSeconds: (cpu.user + cpu.system) / 1e6,
  };
  if (mode === 'render') await keepCopies();
  process.stdout.write(`RESULT ${JSON.stringify(result)}\n`);
  const { stopBoss } = await import('@/lib/jobs/boss');
  await stopBoss();
  await handle.close();
}

// ---- parent: seed once, then one child per measurement --------------------------------------------

function measureInChild(env: NodeJS.ProcessEnv, mode: string, format: string): Promise<Measured> {
  return new Promise((resolve, reject) => {
    const p = spawn(process.execPath, ['--import', 'tsx', process.argv[1], '--child', mode, format], {
      env,
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let out = '';
    p.stdout.on('data', (d: Buffer) => (out += d.toString()));
    p.on('exit', (code) => {
      const line = out.split('\n').find((l) => l.startsWith('RESULT '));
      if (code !== 0 || !line) reject(new Error(`${mode} ${format} child exited ${code}: ${out}`));
      else resolve(JSON.parse(line.slice(7)) as Measured);
    });
  });
}

async function parent() {
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'cw-bench-export-'));
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    BENCH_BLOB_DIR: path.join(work, 'blobs'),
    JOBS_IN_PROCESS: 'false',
    BENCH_RENDER_SAMPLE: String(RENDER_SAMPLE),
  };
  fs.mkdirSync(env.BENCH_BLOB_DIR!);
  process.env.BENCH_BLOB_DIR = env.BENCH_BLOB_DIR;
  const serverUrl = process.env.DATABASE_URL;
  let dropDatabase = async () => {};
  let label: string;
  if (serverUrl) {
    const scratch = await scratchDatabase(serverUrl, 'export');
    env.BENCH_PG_URL = scratch.url;
    label = `Postgres (${new URL(scratch.url).host})`;
    dropDatabase = scratch.drop;
  } else {
    env.BENCH_PGLITE_DIR = path.join(work, 'pglite');
    label = 'PGlite (file-backed, embedded in each process)';
  }
  for (const k of ['BENCH_PG_URL', 'BENCH_PGLITE_DIR']) {
    if (env[k]) process.env[k] = env[k];
    else delete process.env[k];
  }
  try {
    const seedStart = performance.now();
    const handle = await openBenchDatabase(true);
    const seeded = await seed();
    // Statistics as autovacuum leaves them on a Postgres server (PGlite runs no autovacuum: left as they are).
    if (serverUrl) await handle.db.execute((await import('drizzle-orm')).sql`ANALYZE`);
    await handle.close();
    const seedSeconds = (performance.now() - seedStart) / 1000;
    Object.assign(env, { BENCH_WS: seeded.workspaceId, BENCH_USER: seeded.userId });

    console.log(
      `# export-run bench · ${label} · ${SKU_COUNT} SKUs (${FIELDS.length} confirmed fields, 2 entities, 1 document each) · seeded in ${seedSeconds.toFixed(1)} s · node ${process.version} · ${os.cpus().length} cores`,
    );
    console.log(
      '| run | format | path | seconds | s per 1,000 SKUs | rows/s | CPU s (this process) | RSS at start MB | peak RSS MB (process) | peak − start MB | file bytes | ratio raw/job |',
    );
    console.log('|---|---|---|---|---|---|---|---|---|---|---|---|');
    const ratios: Record<string, number[]> = { csv: [], xlsx: [], zip: [] };
    const peaks: Record<string, number[]> = { csv: [], xlsx: [], zip: [] };
    const row = (r: number, format: Format, name: string, m: Measured, ratioText: string) =>
      console.log(
        `| ${r} | ${format.toUpperCase()} | ${name} | ${m.seconds.toFixed(2)} | ${((m.seconds * 1000) / SKU_COUNT).toFixed(2)} | ${Math.round(SKU_COUNT / m.seconds)} | ${m.cpuSeconds.toFixed(2)} | ${m.startMb.toFixed(0)} | ${m.peakMb.toFixed(0)} | ${(m.peakMb - m.startMb).toFixed(0)} | ${m.bytes} | ${ratioText} |`,
      );
    for (let r = 1; r <= REPEAT; r++) {
      for (const format of FORMATS) {
        // The technical file's first run renders every dossier PDF (and keeps it); later runs reuse them.
        if (format === 'zip' && r === 1 && RENDER_SAMPLE > 0) {
          const m = await measureInChild(env, 'render', format);
          console.log(
            `| ${r} | ZIP | dossier PDFs rendered and kept, sample of ${m.skus} (the rest kept as copies) | ${m.seconds.toFixed(2)} | ${((m.seconds * 1000) / m.skus).toFixed(2)} | ${Math.round(m.skus / m.seconds)} | ${m.cpuSeconds.toFixed(2)} | ${m.startMb.toFixed(0)} | ${m.peakMb.toFixed(0)} | ${(m.peakMb - m.startMb).toFixed(0)} | ${m.bytes} |  |`,
          );
        } else if (format === 'zip' && r === 1) {
          const cold = await measureInChild(env, 'job', format);
          if (cold.skus !== SKU_COUNT) throw new Error(`exported ${cold.skus} of ${SKU_COUNT}`);
          row(r, format, 'export job, first run (renders the PDFs)', cold, '');
        }
        // The pair runs back to back, so both see the same machine (timings on a shared machine are noisy).
        const base = await measureInChild(env, 'raw', format);
        const job = await measureInChild(env, 'job', format);
        if (job.skus !== SKU_COUNT) throw new Error(`exported ${job.skus} of ${SKU_COUNT}`);
        const ratio = base.seconds / job.seconds;
        ratios[format].push(ratio);
        peaks[format].push(job.peakMb);
        row(r, format, 'raw baseline', base, '');
        row(r, format, format === 'zip' ? 'export job (stored PDFs)' : 'export job', job, ratio.toFixed(2));
      }
    }
    const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
    for (const format of FORMATS) {
      console.log(
        `${format.toUpperCase()}: ratio raw/job median ${median(ratios[format]).toFixed(2)} (runs: ${ratios[format].map((x) => x.toFixed(2)).join(', ')}); job process peak RSS max ${Math.max(...peaks[format]).toFixed(0)} MB`,
      );
    }
  } finally {
    if (KEEP)
      console.log(
        `kept: ${['BENCH_PG_URL', 'BENCH_PGLITE_DIR', 'BENCH_WS', 'BENCH_USER', 'BENCH_BLOB_DIR'].map((k) => `${k}=${env[k] ?? ''}`).join(' ')}`,
      );
    else {
      await dropDatabase();
      fs.rmSync(work, { recursive: true, force: true });
    }
  }
}

const childAt = process.argv.indexOf('--child');
(childAt > 0
  ? child(process.argv[childAt + 1] as 'raw' | 'job' | 'render', process.argv[childAt + 2] as Format)
  : parent()
).then(
  () => process.exit(0),
  (e) => {
    console.error(e);
    process.exit(1);
  },
);
