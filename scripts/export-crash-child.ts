/**
 * The process the export crash test kills (tests/api/exports/crash.test.ts). Two modes, same data:
 *
 *   start  <skus>   create a workspace with <skus> SKUs (confirmed values written directly), request a
 *                   CSV catalogue export and run its job through lib/jobs; prints "READY <runId>
 *                   <workspaceId>" and "PROGRESS <done>" at each progress report of the run (then waits a little,
 *                   like a slow storage, so the kill lands mid-run).
 *   resume <runId> <workspaceId>
 *                   a new worker on the same database and blob folder: recovers runs whose worker died,
 *                   runs the queued export jobs, then prints one "RESULT <json>" line.
 *
 * CRASH_TEMPLATE=technical_file: the SKUs are approved, each with an accepted document whose bytes are
 * stored, and the run is the technical-file ZIP; RESULT then also lists DATA_DIR/tmp before the
 * resuming worker's first temporary file (the dead run's folder) and after the run.
 *
 * Database: DATABASE_URL, or a file-backed PGlite in $DATA_DIR/pglite seeded from CRASH_PGLITE_SNAPSHOT.
 * Blobs: $DATA_DIR/blobs.
 */
import '@/lib/polyfills';
import crypto from 'node:crypto';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import {
  crashChildWorkspace,
  openCrashChildDatabase,
  runCrashChild,
  runFirstJob,
  tellingProgress,
  tellParent,
} from './crash-child';

const openDatabase = () => openCrashChildDatabase({ blobs: true });

type Envelope = { jobRunId: string; workspaceId: string; payload: unknown };

const TECHNICAL_FILE = process.env.CRASH_TEMPLATE === 'technical_file';
const TEMPLATE_ID = TECHNICAL_FILE ? '5b0c6e2a-0d5e-4f0e-9c1a-2f7a3e1b1001' : '5b0c6e2a-0d5e-4f0e-9c1a-2f7a3e1b0f02';

/** Every file and folder under dir, relative, sorted (absent dir: none). */
async function listTree(dir: string): Promise<string[]> {
  const fs = await import('node:fs');
  const out: string[] = [];
  const walk = (d: string, rel: string) => {
    for (const e of fs.readdirSync(d, { withFileTypes: true })) {
      const r = rel ? `${rel}/${e.name}` : e.name;
      out.push(r);
      if (e.isDirectory()) walk(path.join(d, e.name), r);
    }
  };
  if (fs.existsSync(dir)) walk(dir, '');
  return out.sort();
}

async function start(count: number) {
  await openDatabase();
  const { skus, dossierValues, documents, documentSkus } = await import('@/lib/db/schema');
  const { getBlobStore } = await import('@/lib/storage');
  const { createExportRun } = await import('@/lib/exports/create-run');
  const { db, user, workspace } = await crashChildWorkspace({
    email: `xcrash-${crypto.randomUUID().slice(0, 8)}@example.test`,
  });
  for (let i = 0; i < count; i += 500) {
    const rows = await db
      .insert(skus)
      .values(
        Array.from({ length: Math.min(500, count - i) }, (_, j) => ({
          workspaceId: workspace.id,
          skuCode: `XC-${String(i + j).padStart(6, '0')}`,
          productName: `Produkt ${i + j}`,
        })),
      )
      .returning({ id: skus.id });
    await db.insert(dossierValues).values(
      rows.flatMap((r, j) => [
        {
          workspaceId: workspace.id,
          skuId: r.id,
          fieldKey: 'brand',
          value: `Marke ${(i + j) % 7}`,
          status: 'confirmed' as const,
          source: 'manual' as const,
        },
        {
          workspaceId: workspace.id,
          skuId: r.id,
          fieldKey: 'safety_warnings_de',
          value: 'Nicht für Kinder unter 3 Jahren.',
          status: 'confirmed' as const,
          source: 'manual' as const,
        },
      ]),
    );
    if (TECHNICAL_FILE) {
      const docs = await db
        .insert(documents)
        .values(
          rows.map((r, j) => ({
            workspaceId: workspace.id,
            sha256: crypto
              .createHash('sha256')
              .update(`doc ${i + j}`)
              .digest('hex'),
            filename: `DoC ${i + j}.txt`,
            mimeType: 'text/plain',
            sizeBytes: Buffer.byteLength(`doc ${i + j}`),
            storageKey: `${workspace.id}/documents/crash-${i + j}`,
            documentType: 'declaration_of_conformity' as const,
          })),
        )
        .returning({ id: documents.id, storageKey: documents.storageKey });
      await db.insert(documentSkus).values(
        docs.map((d, j) => ({
          workspaceId: workspace.id,
          documentId: d.id,
          skuId: rows[j].id,
          evidenceStatus: 'accepted' as const,
          personDecision: 'accepted' as const,
        })),
      );
      for (const [j, d] of docs.entries()) await getBlobStore().put(d.storageKey, Buffer.from(`doc ${i + j}`));
      await db
        .update(skus)
        .set({ approvalState: 'approved', approvedAt: new Date() })
        .where(eq(skus.workspaceId, workspace.id));
    }
  }
  const out = await createExportRun(db, {
    workspaceId: workspace.id,
    actor: { userId: user.id, apiKeyId: null, label: user.email },
    input: { template_id: TEMPLATE_ID, scope_type: 'all' },
    dryRun: false,
  });
  if (out.kind !== 'created') throw new Error('no run');
  tellParent(`READY ${out.run.id} ${workspace.id}`);
  const { exportRunJob } = await import('@/lib/exports/jobs');
  await runFirstJob(
    tellingProgress(exportRunJob, (x) => `PROGRESS ${x.done}`, 400),
    { what: 'the export job' },
  );
  tellParent('DONE');
}

async function resume(runId: string, workspaceId: string) {
  await openDatabase();
  const { getDb } = await import('@/lib/db/client');
  const { recoverRuns, runJob } = await import('@/lib/workers');
  const { getBoss } = await import('@/lib/jobs/boss');
  const { exportRuns, jobRuns } = await import('@/lib/db/schema');
  const { exportRunJob } = await import('@/lib/exports/jobs');
  const { getBlobStore } = await import('@/lib/storage');
  const db = await getDb();
  const { tempRoot } = await import('@/lib/storage/temp');
  // Before this process makes its first temporary file (which sweeps the dead processes' folders).
  const tmpBefore = await listTree(tempRoot());
  const [before] = await db.select().from(exportRuns).where(eq(exportRuns.id, runId));
  const boss = await getBoss();
  // Every progress figure the retry reports, in order (it must start again at zero).
  const progressSeen: number[] = [];
  const def = {
    ...exportRunJob,
    handler: (p: { run_id: string }, ctx: Parameters<typeof exportRunJob.handler>[1]) =>
      exportRunJob.handler(p, {
        ...ctx,
        progress: async (x) => {
          progressSeen.push(Number((x as { done?: number }).done));
          await ctx.progress(x);
        },
      }),
  };
  const recovered = await recoverRuns({ staleAfterMs: 1000 });
  const deadline = Date.now() + 5 * 60_000;
  for (;;) {
    const [job] = await boss.fetch<Envelope>(exportRunJob.name, { batchSize: 1 });
    if (job) {
      await runJob(def, job).then(
        () => boss.complete(exportRunJob.name, job.id),
        (e) => boss.fail(exportRunJob.name, job.id, { message: String(e) }),
      );
    }
    const [r] = await db.select({ status: exportRuns.status }).from(exportRuns).where(eq(exportRuns.id, runId));
    if (['completed', 'completed_with_warnings', 'failed'].includes(r.status) || Date.now() > deadline) break;
    if (!job) await new Promise((r) => setTimeout(r, 100));
  }
  const [after] = await db.select().from(exportRuns).where(eq(exportRuns.id, runId));
  const [job] = await db.select().from(jobRuns).where(eq(jobRuns.id, after.jobRunId!));
  const store = getBlobStore();
  const exists = after.outputKey ? await store.exists(after.outputKey) : false;
  const bytes = exists ? await store.getBytes(after.outputKey!) : new Uint8Array();
  const text = TECHNICAL_FILE ? '' : new TextDecoder().decode(bytes);
  let zipEntries: string[] = [];
  if (TECHNICAL_FILE && exists) {
    const JSZip = (await import('jszip')).default;
    zipEntries = Object.keys((await JSZip.loadAsync(bytes)).files);
  }
  const result = {
    before: { status: before.status, progress: before.progress },
    recovered,
    job: { status: job.status, attempts: job.attempts },
    run: {
      status: after.status,
      sku_count: after.skuCount,
      output_size_bytes: after.outputSizeBytes,
      error_message: after.errorMessage,
      hash: after.dossierSnapshotHash,
    },
    file: {
      exists,
      size: bytes.byteLength,
      lines: text.split('\r\n').filter(Boolean).length,
      distinct_codes: new Set(text.match(/XC-\d{6}/g) ?? []).size,
    },
    workspace: workspaceId,
    zip_entries: zipEntries.length,
    zip_distinct_codes: new Set(zipEntries.map((e) => e.split('/')[0])).size,
    progress_seen: progressSeen,
    tmp_before: tmpBefore,
    tmp_after: await listTree(tempRoot()),
    pid: process.pid,
  };
  tellParent(`RESULT ${JSON.stringify(result)}`);
}

runCrashChild('export-crash-child.ts', {
  start: { usage: '<skus>', run: (skus) => start(Number(skus)) },
  resume: { usage: '<runId> <workspaceId>', run: (runId, workspaceId) => resume(runId, workspaceId) },
});
