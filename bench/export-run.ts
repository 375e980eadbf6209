/**
 * Export runs of 10,000 SKUs with full dossiers, to CSV and to XLSX (the GPSR catalogue templates),
 * through the real path: createExportRun → pg-boss job → render → blob store. Beside it, in the same
 * run on the same data, a raw baseline: one SQL read of the same rows and a plain CSV / SheetJS write.
 *
 *   npx tsx bench/export-run.ts [--skus 10000]
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npx tsx bench/export-run.ts
 *
 * Prints seconds, rows/s, the ratio (baseline seconds / job seconds; goal ≥ 0.5), and the peak RSS
 * sampled every 20 ms during each measurement (goal ≤ 400 MB). Goal: ≤ 10 s per 10,000 SKUs.
 */
import '@/lib/polyfills';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const arg = (name: string, dflt: number) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? Number(process.argv[i + 1]) : dflt;
};
const SKU_COUNT = arg('skus', 10_000);
process.env.JOBS_IN_PROCESS = 'false';

async function openDatabase() {
  const { openPglite, openPostgres, setDbHandle } = await import('@/lib/db/client');
  const { runMigrations } = await import('@/lib/db/migrate');
  const serverUrl = process.env.DATABASE_URL;
  if (serverUrl) {
    const name = `cw_bench_export_${Date.now()}`;
    const admin = await openPostgres(serverUrl, 1);
    await admin.sql!.unsafe(`CREATE DATABASE ${name}`);
    const url = new URL(serverUrl);
    url.pathname = `/${name}`;
    const handle = await openPostgres(url.toString(), 10);
    await runMigrations(handle);
    setDbHandle(handle);
    return {
      label: `Postgres (${url.host})`,
      close: async () => {
        await handle.close();
        await admin.sql!.unsafe(`DROP DATABASE ${name} WITH (FORCE)`);
        await admin.close();
      },
    };
  }
  const { PGlite } = await import('@electric-sql/pglite');
  const handle = await openPglite(await PGlite.create());
  await runMigrations(handle);
  setDbHandle(handle);
  return { label: 'PGlite (in memory)', close: () => handle.close() };
}

/** Peak RSS while fn runs, sampled every 20 ms. */
async function measure<T>(fn: () => Promise<T>): Promise<{ seconds: number; peakMb: number; value: T }> {
  global.gc?.();
  let peak = process.memoryUsage().rss;
  const timer = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 20);
  const t0 = performance.now();
  try {
    const value = await fn();
    return { seconds: (performance.now() - t0) / 1000, peakMb: Math.max(peak, process.memoryUsage().rss) / 1024 / 1024, value };
  } finally {
    clearInterval(timer);
  }
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

async function main() {
  const db0 = await openDatabase();
  const { getDb } = await import('@/lib/db/client');
  const { createLocalUser } = await import('@/lib/auth/local-issuer');
  const { ensureWorkspace } = await import('@/lib/auth/workspace');
  const { setWorkspacePlan } = await import('@/lib/workspace/settings');
  const { skus, dossierValues, entities, skuEntities, documents } = await import('@/lib/db/schema');
  const { setBlobStore } = await import('@/lib/storage');
  const { localBlobStore } = await import('@/lib/storage/local');
  const { createExportRun } = await import('@/lib/exports/runs');
  const { drainJobs } = await import('@/lib/jobs/worker');
  const { exportRuns } = await import('@/lib/db/schema');
  const { eq } = await import('drizzle-orm');
  const { queryRows } = await import('@/lib/db/rows');
  const { csvRow, safeCell, BOM } = await import('@/lib/exports/output');
  const XLSX = (await import('@e965/xlsx')).default;
  const blobDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cw-bench-export-'));
  setBlobStore(localBlobStore(blobDir));
  const db = await getDb();

  // ---- seed ------------------------------------------------------------------------------------
  const seedStart = performance.now();
  const user = await createLocalUser(db, { email: `bench-${Date.now()}@example.test`, password: 'bench bench bench' });
  const ws = (await ensureWorkspace(db, user)).workspace;
  await setWorkspacePlan(db, ws.id, 'enterprise');
  const mfrs = await db
    .insert(entities)
    .values(Array.from({ length: 50 }, (_, i) => ({ workspaceId: ws.id, name: `Manufacturer ${i} GmbH`, street: `Werkstraße ${i}`, postalCode: '80331', city: 'München', country: i % 2 ? 'DE' : 'CN', email: `m${i}@example.test`, identityKey: `m${i}` })))
    .returning({ id: entities.id });
  const rp = (await db.insert(entities).values({ workspaceId: ws.id, name: 'EU Rep GmbH', street: 'Friedrichstraße 1', postalCode: '10117', city: 'Berlin', country: 'DE', email: 'rp@example.test', identityKey: 'rp' }).returning({ id: entities.id }))[0];
  for (let i = 0; i < SKU_COUNT; i += 500) {
    const n = Math.min(500, SKU_COUNT - i); // 500 x 15 values x 6 parameters stays under 65,535
    const rows = await db
      .insert(skus)
      .values(Array.from({ length: n }, (_, j) => ({ workspaceId: ws.id, skuCode: `B-${String(i + j).padStart(6, '0')}`, productName: `Wooden toy ${i + j}`, gtin: null, categoryCode: 'toys' })))
      .returning({ id: skus.id });
    await db.insert(dossierValues).values(rows.flatMap((r, j) => FIELDS.map(([k, f]) => ({ workspaceId: ws.id, skuId: r.id, fieldKey: k, value: f(i + j), status: 'confirmed' as const, source: 'manual' as const }))));
    await db.insert(skuEntities).values(rows.flatMap((r, j) => [
      { workspaceId: ws.id, skuId: r.id, role: 'manufacturer' as const, entityId: mfrs[(i + j) % 50].id },
      { workspaceId: ws.id, skuId: r.id, role: 'responsible_person' as const, entityId: rp.id },
    ]));
    await db.insert(documents).values(rows.map((r, j) => ({ workspaceId: ws.id, sha256: (i + j).toString(16).padStart(64, '0'), filename: `DoC ${i + j}.pdf`, mimeType: 'application/pdf', sizeBytes: 1000, storageKey: `${ws.id}/documents/x${i + j}`, skuId: r.id, documentType: 'declaration_of_conformity' as const, detectedLanguage: 'de' })));
  }
  const seedSeconds = (performance.now() - seedStart) / 1000;
  const actor = { userId: user.id, apiKeyId: null, label: user.email };

  // ---- raw baseline: one read of the same rows, then a plain write ---------------------------------
  async function rawRows() {
    const vals = await queryRows<{ sku_id: string; field_key: string; value: string }>(
      db,
      (await import('drizzle-orm')).sql`SELECT v.sku_id, v.field_key, v.value FROM dossier_values v WHERE v.workspace_id = ${ws.id} AND v.status = 'confirmed' AND v.superseded_at IS NULL`,
    );
    const ents = await queryRows<{ sku_id: string; role: string; name: string; street: string; city: string; country: string; email: string }>(
      db,
      (await import('drizzle-orm')).sql`SELECT se.sku_id, se.role, e.name, e.street, e.city, e.country, e.email FROM sku_entities se JOIN entities e ON e.id = se.entity_id WHERE se.workspace_id = ${ws.id}`,
    );
    const docs = await queryRows<{ sku_id: string; filename: string; sha256: string }>(db, (await import('drizzle-orm')).sql`SELECT sku_id, filename, sha256 FROM documents WHERE workspace_id = ${ws.id}`);
    const list = await queryRows<{ id: string; sku_code: string; product_name: string; category_code: string }>(db, (await import('drizzle-orm')).sql`SELECT id, sku_code, product_name, category_code FROM skus WHERE workspace_id = ${ws.id} ORDER BY sku_code`);
    const byId = new Map<string, Record<string, string>>();
    for (const v of vals) (byId.get(v.sku_id) ?? byId.set(v.sku_id, {}).get(v.sku_id)!)[v.field_key] = v.value;
    for (const e of ents) Object.assign(byId.get(e.sku_id) ?? byId.set(e.sku_id, {}).get(e.sku_id)!, { [`${e.role}_name`]: e.name, [`${e.role}_address`]: `${e.street}, ${e.city}`, [`${e.role}_country`]: e.country, [`${e.role}_email`]: e.email });
    for (const d of docs) (byId.get(d.sku_id) ?? byId.set(d.sku_id, {}).get(d.sku_id)!).documents = `${d.filename} ${d.sha256}`;
    const keys = [...new Set([...byId.values()].flatMap((r) => Object.keys(r)))].sort();
    return [['sku_code', 'product_name', 'category_code', ...keys], ...list.map((s) => [s.sku_code, s.product_name, s.category_code, ...keys.map((k) => byId.get(s.id)?.[k] ?? '')])];
  }
  async function rawCsv() {
    const rows = await rawRows();
    const file = path.join(blobDir, 'raw.csv');
    fs.writeFileSync(file, BOM + rows.map((r) => csvRow(r)).join('\r\n') + '\r\n');
    return fs.statSync(file).size;
  }
  async function rawXlsx() {
    const rows = await rawRows();
    const wb = XLSX.utils.book_new();
    XLSX.utils.book_append_sheet(wb, XLSX.utils.aoa_to_sheet(rows.map((r) => r.map(safeCell))), 'catalogue');
    const file = path.join(blobDir, 'raw.xlsx');
    fs.writeFileSync(file, XLSX.write(wb, { type: 'buffer', bookType: 'xlsx', compression: true }) as Buffer);
    return fs.statSync(file).size;
  }

  async function jobRun(templateId: string) {
    const out = await createExportRun(db, { workspaceId: ws.id, actor, input: { template_id: templateId, scope_type: 'all' }, dryRun: false });
    if (out.kind !== 'created') throw new Error('no run');
    await drainJobs(10 * 60_000);
    const [r] = await db.select().from(exportRuns).where(eq(exportRuns.id, out.run.id));
    if (!r.status.startsWith('completed')) throw new Error(`run ${r.status}: ${r.errorMessage}`);
    return { size: r.outputSizeBytes, skus: r.skuCount };
  }

  console.log(`# export-run bench · ${db0.label} · ${SKU_COUNT} SKUs (${FIELDS.length} confirmed fields, 2 entities, 1 document each) · seeded in ${seedSeconds.toFixed(1)} s · node ${process.version}`);
  console.log('| format | path | seconds | rows/s | peak RSS MB | file bytes | ratio raw/job |');
  console.log('|---|---|---|---|---|---|---|');
  for (const [format, templateId, raw] of [
    ['CSV', '5b0c6e2a-0d5e-4f0e-9c1a-2f7a3e1b0f02', rawCsv],
    ['XLSX', '5b0c6e2a-0d5e-4f0e-9c1a-2f7a3e1b0f01', rawXlsx],
  ] as const) {
    const base = await measure(raw);
    const job = await measure(() => jobRun(templateId));
    if (job.value.skus !== SKU_COUNT) throw new Error(`exported ${job.value.skus} of ${SKU_COUNT}`);
    console.log(`| ${format} | raw baseline | ${base.seconds.toFixed(2)} | ${Math.round(SKU_COUNT / base.seconds)} | ${base.peakMb.toFixed(0)} | ${base.value} | |`);
    console.log(`| ${format} | export job | ${job.seconds.toFixed(2)} | ${Math.round(SKU_COUNT / job.seconds)} | ${job.peakMb.toFixed(0)} | ${job.value.size} | ${(base.seconds / job.seconds).toFixed(2)} |`);
  }
  const { stopBoss } = await import('@/lib/jobs/boss');
  await stopBoss();
  await db0.close();
  fs.rmSync(blobDir, { recursive: true, force: true });
}

main().then(
  () => process.exit(0),
  (e) => {
    console.error(e);
    process.exit(1);
  },
);
