/**
 * The export job's work (./jobs.ts declares the job and imports this file when the first export runs):
 * resolve the scope, render, store, complete; or record the failure.
 */
import { emitWebhookEvent } from '@/lib/events/emit';
import fs from 'node:fs';
import path from 'node:path';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '@/lib/db/client';
import { queryRows } from '@/lib/db/rows';
import { exportRuns, workspaces, type ExportRunStatus, type ExportWarning } from '@/lib/db/schema';
import { getEnv } from '@/lib/config/env';
import { getBlobStore, type BlobStore } from '@/lib/storage';
import { SnapshotHasher, type ExportItem } from './catalogue-data';
import { chunks, MAX_STORED_WARNINGS } from './service';
import { findTemplate } from './templates';
import { runChecks } from './templates/checks';
import { getView, skuIdsForFilters, skuIdsForView } from '@/lib/skus/views';
import { makeRunTempDir, removeRunTempDir } from '@/lib/storage/temp';
import { notApprovedWarning, offMarketWarning, splitByApproval, splitOffMarket } from './approved-scope';
import type { ExportRunOptions } from './templates/types';
import { loadChannelMappings } from './channel-mappings';
import { EPR_REGISTRATION_FIELDS, registrationNumbers } from '@/lib/requirements/packs/epr';
import { isEeaMarket } from '@/lib/model/countries';

export const FINAL_STATUSES: ExportRunStatus[] = ['completed', 'completed_with_warnings', 'failed'];

export const exportBlobKey = (workspaceId: string, runId: string) => `${workspaceId}/exports/${runId}`;

async function localizedKeys(db: Db, workspaceId: string): Promise<string[]> {
  const rows = await queryRows<{ k: string }>(
    db,
    sql`SELECT DISTINCT field_key AS k FROM dossier_values WHERE workspace_id = ${workspaceId} AND status = 'confirmed' AND superseded_at IS NULL AND (field_key LIKE 'safety\\_warnings\\_%' OR field_key LIKE 'instructions\\_%')`,
  );
  // Only base_<language> keys: LIKE 'instructions\_%' also matches the yes/no field instructions_needed.
  return rows
    .map((r) => String(r.k))
    .filter((k) => /^(safety_warnings|instructions)_[a-z]{2}$/.test(k))
    .sort();
}

/**
 * The EU/EEA countries of the workspace's confirmed target markets and EPR registrations, sorted: the
 * catalogue's registration-number columns (one per register and country).
 */
async function eprCountries(db: Db, workspaceId: string): Promise<string[]> {
  const rows = await queryRows<{ k: string; v: string }>(
    db,
    sql`SELECT DISTINCT field_key AS k, value AS v FROM dossier_values WHERE workspace_id = ${workspaceId} AND status = 'confirmed' AND superseded_at IS NULL
      AND field_key IN ('target_markets', ${sql.join(
        EPR_REGISTRATION_FIELDS.map((f) => sql`${f.field}`),
        sql`, `,
      )})`,
  );
  const out = new Set<string>();
  for (const r of rows) {
    const codes =
      r.k === 'target_markets' ? String(r.v).split(/[,;\s]+/) : [...registrationNumbers(String(r.v)).keys()];
    for (const c of codes) if (isEeaMarket(c.trim().toUpperCase())) out.add(c.trim().toUpperCase());
  }
  return [...out].sort();
}

/** How often a run writes its progress (and the job's heartbeat): twice a second, not once per batch. */
const PROGRESS_INTERVAL_MS = 500;

/**
 * The job: resolves the scope (view and all at run time), renders, stores, then completes. Safe to run
 * again after a crash: a final run is left alone; anything else starts over.
 */
export async function executeExportRun(
  db: Db,
  args: {
    workspaceId: string;
    runId: string;
    heartbeat: (p: Record<string, unknown>) => Promise<void>;
    store?: BlobStore;
  },
) {
  const [run] = await db
    .select()
    .from(exportRuns)
    .where(and(eq(exportRuns.id, args.runId), eq(exportRuns.workspaceId, args.workspaceId)));
  if (!run) return { skipped: 'run not found' };
  if (FINAL_STATUSES.includes(run.status)) return { skipped: `already ${run.status}` };
  const template = run.templateId ? findTemplate(run.templateId) : null;
  if (!template)
    throw new (await import('@/lib/jobs')).NonRetryableError(
      `The template ${run.templateId} of this run no longer exists.`,
    );
  await db
    .update(exportRuns)
    .set({
      status: 'processing',
      startedAt: run.startedAt ?? new Date(),
      errorMessage: null,
      progress: { done: 0, total: run.skuCount },
    })
    .where(eq(exportRuns.id, run.id));
  // A retry starts at zero: the job's progress too, not the dead attempt's last figure.
  await args.heartbeat({ done: 0, total: run.skuCount });

  let ids: string[];
  if (run.skuIds) ids = run.skuIds;
  else if (run.scopeType === 'view') {
    const view = await getView(db, { workspaceId: args.workspaceId, id: run.scopeValue ?? '' }).catch(() => null);
    if (!view) throw new (await import('@/lib/jobs')).NonRetryableError('The saved view of this run was deleted.');
    ids = await skuIdsForView(db, { workspaceId: args.workspaceId, view });
  } else ids = await skuIdsForFilters(db, { workspaceId: args.workspaceId, filters: { sort: 'code_asc' } });
  const options: ExportRunOptions = (run.options ?? {}) as ExportRunOptions;
  // Approved only: the rest is left out; deliberately included not approved SKUs are warnings in the run.
  const approval =
    options.approved_only !== undefined ? await splitByApproval(db, { workspaceId: args.workspaceId, ids }) : null;
  if (options.approved_only) ids = approval!.kept;
  const offMarket =
    options.approved_only === undefined ? await splitOffMarket(db, { workspaceId: args.workspaceId, ids }) : null;
  if (offMarket) ids = offMarket.kept;

  const [ws] = await db.select({ name: workspaces.name }).from(workspaces).where(eq(workspaces.id, args.workspaceId));
  const store = args.store ?? getBlobStore();
  const warnings: ExportWarning[] =
    options.approved_only === false
      ? approval!.notApproved.slice(0, MAX_STORED_WARNINGS).map(notApprovedWarning)
      : (offMarket?.offMarket.slice(0, MAX_STORED_WARNINGS).map(offMarketWarning) ?? []);
  let warningCount =
    options.approved_only === false ? approval!.notApproved.length : (offMarket?.offMarket.length ?? 0);
  const mappings = await loadChannelMappings(db, { workspaceId: args.workspaceId });
  const checks = template.checksFor ? template.checksFor(mappings) : template.checks;
  const hasher = new SnapshotHasher();
  let exported = 0;
  let firstPass = true;
  const seenIds = new Set<string>();

  // The first pass over the items (whichever the template makes first) also validates and hashes.
  async function* items(): AsyncGenerator<ExportItem[]> {
    const validating = firstPass;
    firstPass = false;
    for await (const chunk of chunks(db, { workspaceId: args.workspaceId, ids })) {
      if (validating) {
        for (const item of chunk) {
          seenIds.add(item.sku.id);
          hasher.add(item);
          exported++;
          for (const w of runChecks(checks, item)) {
            warningCount++;
            if (warnings.length < MAX_STORED_WARNINGS) warnings.push(w);
          }
        }
      }
      yield chunk;
    }
  }

  let progressAt = 0;
  const tmpDir = await makeRunTempDir('export');
  const tmp = path.join(tmpDir, `export-${run.id}.${template.extension}`);
  try {
    const total = ids.length;
    await template.render({
      items,
      outPath: tmp,
      store,
      db,
      workspaceId: args.workspaceId,
      actor: { userId: run.createdBy, apiKeyId: null, label: run.createdByLabel ?? 'export job' },
      workspaceName: ws?.name ?? '',
      generatedAt: new Date(),
      // Only a configured address: a worker has no request to take the origin from.
      publicBaseUrl: getEnv().PUBLIC_APP_URL ?? null,
      skuCount: total,
      localizedKeys: await localizedKeys(db, args.workspaceId),
      eprCountries: await eprCountries(db, args.workspaceId),
      options,
      mappings,
      progress: async (done) => {
        const now = Date.now();
        if (now - progressAt < PROGRESS_INTERVAL_MS && done < total) return;
        progressAt = now;
        await db.update(exportRuns).set({ progress: { done, total } }).where(eq(exportRuns.id, run.id));
        await args.heartbeat({ done, total });
      },
    });
    if (firstPass) for await (const _ of items()) void _; // a template that read nothing still validates
    // SKUs deleted between the request and the run are reported, not silently dropped.
    for (const id of ids) {
      if (seenIds.has(id)) continue;
      warningCount++;
      if (warnings.length < MAX_STORED_WARNINGS)
        warnings.push({
          sku_id: id,
          sku_code: null,
          field: 'sku',
          code: 'SKU_DELETED',
          message: 'The SKU was deleted after the export was requested; it is not in the file.',
          fix: 'Run the export again without it.',
        });
    }
    const size = (await fs.promises.stat(tmp)).size;
    const key = exportBlobKey(args.workspaceId, run.id);
    await store.put(key, { filePath: tmp }, template.contentType);
    const status: ExportRunStatus = warningCount ? 'completed_with_warnings' : 'completed';
    const stamp = new Date().toISOString().slice(0, 10);
    const [done] = await db
      .update(exportRuns)
      .set({
        status,
        outputKey: key,
        outputFilename: `${template.channel}-${template.version}-${stamp}.${template.extension}`,
        outputContentType: template.contentType,
        outputSizeBytes: size,
        skuCount: exported,
        dossierSnapshotHash: hasher.digest(),
        warnings,
        warningCount,
        progress: { done: exported, total },
        completedAt: new Date(),
        errorMessage: null,
      })
      .where(and(eq(exportRuns.id, run.id), eq(exportRuns.status, 'processing')))
      .returning();
    if (done)
      await emitWebhookEvent(db, {
        workspaceId: args.workspaceId,
        type: 'export.finished',
        data: { run_id: run.id, status, sku_count: exported, warning_count: warningCount },
      });
    return {
      status: done?.status ?? 'superseded',
      sku_count: exported,
      warning_count: warningCount,
      output_size_bytes: size,
    };
  } finally {
    await removeRunTempDir(tmpDir);
  }
}

/** Marks a run failed with the reason (the job's last attempt), or back to pending for a retry. */
export async function recordExportFailure(
  db: Db,
  { runId, message, final }: { runId: string; message: string; final: boolean },
) {
  await db
    .update(exportRuns)
    .set(
      final
        ? { status: 'failed', errorMessage: message.slice(0, 2000), completedAt: new Date() }
        : { status: 'pending', errorMessage: `Retrying after: ${message.slice(0, 1900)}` },
    )
    .where(and(eq(exportRuns.id, runId), inArray(exportRuns.status, ['pending', 'processing'])));
}
