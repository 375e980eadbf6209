/**
 * The import dry run (POST /api/import?dry_run=true, through dryRunImport) on a 20,000-row catalogue
 * with operator columns, in three states of the workspace: empty (every row new), every row already
 * imported and unchanged, and every row changing (name and warnings differ: 20,000 updates, the diff of
 * the first 100 listed). Prints seconds per dry run, rows per second, and, as the baseline measured in
 * the same run, reading and planning the same file without the database (planFile and its second pass),
 * so "db_s" is what the dry run spends on the workspace's SKUs, values and links. Each figure is the
 * best of BENCH_RUNS (default 2) runs.
 *
 *   npx tsx bench/import-dry-run.ts                            # PGlite in a temp directory
 *   DATABASE_URL=postgres://... npx tsx bench/import-dry-run.ts  # a fresh database on that server
 *   BENCH_ROWS=5000 BENCH_RUNS=3 npx tsx bench/import-dry-run.ts  # another size; best of 3 runs
 */
import '@/lib/polyfills';
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { gtin, HEADERS as CATALOGUE_HEADERS } from './catalogue';
import { benchWorkspace, inProcessApp } from './harness';

const ROWS = Number(process.env.BENCH_ROWS ?? 20_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 2);
// The first ten columns of the shared catalogue (no date, no price).
const HEADERS = CATALOGUE_HEADERS.slice(0, 10);

function csvText(n: number, variant: 'a' | 'b'): string {
  const lines = [HEADERS.join(';')];
  for (let i = 0; i < n; i++) {
    const m = i % 40;
    lines.push(
      [
        `SKU-${String(i).padStart(6, '0')}`,
        `Holzspielzeug Modell ${i}${variant === 'b' ? ' (neu)' : ''}`,
        gtin(i),
        ['Kinderladen', 'Holzwerk', 'Spielgut'][i % 3],
        `Hersteller ${m} GmbH`,
        `Industriestraße ${m}, ${10000 + m} Berlin`,
        `info@hersteller${m}.example`,
        ['Deutschland', 'China', 'Polen', 'Italien'][i % 4],
        'DE,AT,FR',
        variant === 'b'
          ? 'Nicht für Kinder unter 3 Jahren geeignet. Kleine Teile. Erstickungsgefahr.'
          : 'Nicht für Kinder unter 3 Jahren geeignet. Kleine Teile.',
      ].join(';'),
    );
  }
  return lines.join('\r\n') + '\r\n';
}

async function main() {
  const app = await inProcessApp('import_dry_run');
  const { getDb, getDbHandle, closeDb } = await import('@/lib/db/client');
  const { commitImport } = await import('@/lib/imports/commit');
  const { dryRunImport } = await import('@/lib/imports/dry-run');
  const { getImport } = await import('@/lib/imports/batches');
  const { planFile } = await import('@/lib/imports/service-plan');
  const { drainJobs } = await import('@/lib/workers');
  const { stopBoss, getBoss } = await import('@/lib/jobs/boss');

  const files = {
    a: path.join(app.dataDir, 'catalogue-a.csv'),
    b: path.join(app.dataDir, 'catalogue-b.csv'),
  };
  fs.writeFileSync(files.a, csvText(ROWS, 'a'));
  fs.writeFileSync(files.b, csvText(ROWS, 'b'));
  const input = (p: string) => {
    const bytes = fs.readFileSync(p);
    return {
      path: p,
      filename: path.basename(p),
      size: bytes.length,
      sha256: crypto.createHash('sha256').update(bytes).digest('hex'),
    };
  };

  try {
    const db = await getDb();
    const backend = (await getDbHandle()).kind;
    await getBoss();
    const { user, workspace } = await benchWorkspace(db);
    const actor = { userId: user.id, apiKeyId: null, label: user.email };

    // Baseline: read and plan the same file, both passes, no database.
    const planOnly = async (file: string) => {
      const b0 = performance.now();
      const planned = await planFile({ bytes: new Uint8Array(fs.readFileSync(file)), filename: path.basename(file) });
      if (!planned.ok) throw new Error('plan failed');
      let n = 0;
      for (const _ of planned.records()) n++;
      if (n !== ROWS) throw new Error(`planned ${n} rows`);
      return (performance.now() - b0) / 1000;
    };

    const results: Record<string, unknown>[] = [];
    const dry = async (scenario: string, file: string, expect: (c: Record<string, number>) => boolean) => {
      // Best of RUNS, each beside its baseline, so warm-up and the machine's other load weigh less.
      let seconds = Infinity;
      let planSeconds = Infinity;
      let r: Awaited<ReturnType<typeof dryRunImport>> | null = null;
      for (let k = 0; k < RUNS; k++) {
        planSeconds = Math.min(planSeconds, await planOnly(file));
        const t0 = performance.now();
        r = await dryRunImport(db, { workspace, file: input(file), options: {} });
        seconds = Math.min(seconds, (performance.now() - t0) / 1000);
        if (!expect(r.counts)) throw new Error(`${scenario}: unexpected counts ${JSON.stringify(r.counts)}`);
      }
      r = r!;
      results.push({
        backend,
        scenario,
        rows: ROWS,
        seconds: +seconds.toFixed(2),
        rows_per_second: Math.round(ROWS / seconds),
        plan_only_s: +planSeconds.toFixed(2),
        db_s: +(seconds - planSeconds).toFixed(2),
        would_create: r.counts.would_create,
        would_update: r.counts.would_update,
        would_skip: r.counts.would_skip,
        diff_skus_listed: r.update_diff.skus.length,
        diff_changes_total: r.update_diff.changes_total,
        response_kb: Math.round(JSON.stringify(r).length / 1024),
      });
    };

    await dry('empty workspace', files.a, (c) => c.would_create === ROWS);

    const c0 = performance.now();
    const { batch } = await commitImport(db, { workspace, actor, file: input(files.a), options: {} });
    await drainJobs(60 * 60 * 1000);
    const committed = (await getImport(db, { workspaceId: workspace.id, batchId: batch.id })).batch;
    const commitSeconds = (performance.now() - c0) / 1000;
    if (committed.created_rows !== ROWS) throw new Error(`commit created ${committed.created_rows}`);

    await dry('every row exists, unchanged', files.a, (c) => c.would_skip === ROWS);
    await dry('every row changes', files.b, (c) => c.would_update === ROWS);

    console.log(
      `import dry run, ${ROWS} rows, ${backend} (the commit that filled the workspace: ${commitSeconds.toFixed(1)} s)`,
    );
    console.table(results);
  } finally {
    await stopBoss();
    await closeDb();
    await app.cleanup();
  }
}

main().then(
  () => process.exit(0),
  (e) => {
    console.error(e);
    process.exit(1);
  },
);
