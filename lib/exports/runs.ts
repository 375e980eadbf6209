/**
 * Export runs: a template applied to a scope of SKUs. Creating one (./create-run.ts) validates the scope (unknown or
 * foreign ids are errors, never an empty file) and queues a job; the job renders the file to a temp
 * file, stores it in the blob store, and only then marks the run completed, so a run is never
 * completed without its file. A retry after a crash starts over and overwrites the same key.
 */
import { emitWebhookEvent } from '@/lib/events/emit';
import fs from 'node:fs';
import { recordAudit } from '@/lib/audit';
import path from 'node:path';
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Actor } from '@/lib/auth/context';
import type { Db } from '@/lib/db/client';
import { afterKeyset, decodeKeysetCursor, encodeKeysetCursor, timestampText } from '@/lib/db/keyset';
import { queryRows } from '@/lib/db/rows';
import { exportRuns, workspaces, type ExportRunStatus, type ExportWarning } from '@/lib/db/schema';
import { getEnv } from '@/lib/config/env';
import { AppError } from '@/lib/errors';
import { getBlobStore, type BlobStore } from '@/lib/storage';
import { EXPORT_CHUNK, loadExportItems, SnapshotHasher, type ExportItem } from './catalogue-data';
import { findTemplate, serializeTemplate, templateStatus, TEMPLATES, type ExportTemplateDefinition } from './templates';
import { groupWarningsByFix, runChecks } from './templates/checks';
import { getView, skuIdsForFilters, skuIdsForView } from '@/lib/skus/views';
import { makeRunTempDir, removeRunTempDir } from '@/lib/storage/temp';
import { notApprovedWarning, offMarketWarning, splitByApproval, splitOffMarket } from './approved-scope';
import type { ExportRunOptions } from './templates/types';
import { loadChannelMappings } from './channel-mappings';
import { EPR_REGISTRATION_FIELDS, registrationNumbers } from '@/lib/requirements/packs/epr';
import { isEeaMarket } from '@/lib/model/countries';

/** Warnings kept on the run for the UI; warning_count is always the full number. */
export const MAX_STORED_WARNINGS = 5_000;

type RunRow = typeof exportRuns.$inferSelect;

export const FINAL_STATUSES: ExportRunStatus[] = ['completed', 'completed_with_warnings', 'failed'];

export function serializeRun(r: RunRow) {
  const done = (r.status === 'completed' || r.status === 'completed_with_warnings') && r.outputKey;
  return {
    id: r.id,
    template_id: r.templateId,
    template_name: r.templateName,
    template_version: r.templateVersion,
    template_format: r.templateFormat,
    scope_type: r.scopeType,
    scope_value: r.scopeValue,
    sku_count: r.skuCount,
    dossier_snapshot_hash: r.dossierSnapshotHash,
    status: r.status,
    output_url: done ? `/api/exports/${r.id}/download` : null,
    output_filename: done ? r.outputFilename : null,
    output_size_bytes: done ? r.outputSizeBytes : null,
    warning_count: r.warningCount,
    error_message: r.errorMessage,
    progress: r.progress ?? null,
    options: r.options ?? {},
    started_at: r.startedAt?.toISOString() ?? null,
    completed_at: r.completedAt?.toISOString() ?? null,
    created_at: r.createdAt.toISOString(),
  };
}

export function listTemplates() {
  return TEMPLATES.map(serializeTemplate);
}

/** Resolves a template id to a runnable template (404 unknown; a drifted template cannot run). */
export function runnableTemplate(id: string): ExportTemplateDefinition {
  const t = findTemplate(id);
  if (!t) throw new AppError('NOT_FOUND', 'Export template not found.');
  const s = templateStatus(t);
  if (s.status === 'schema_drift')
    throw new AppError('INVALID_STATE', `This template cannot run: ${s.reason}`, {
      details: { state: 'schema_drift' },
    });
  return t;
}

/**
 * Batches being read while the caller renders one: a database server works on the next ones meanwhile
 * (an embedded PGlite runs them in this thread either way; more would only hold more memory).
 */
const READ_AHEAD = 2;

/** The items batch by batch, in the scope's order, with READ_AHEAD batches being read ahead. */
export async function* chunks(
  db: Db,
  { workspaceId, ids }: { workspaceId: string; ids: readonly string[] },
): AsyncGenerator<ExportItem[]> {
  const load = (from: number) => {
    const p = loadExportItems(db, { workspaceId, ids: ids.slice(from, from + EXPORT_CHUNK) });
    p.catch(() => undefined); // a read-ahead the caller never reaches (it stopped early) must not be an unhandled rejection
    return p;
  };
  const pending: Array<Promise<ExportItem[]>> = [];
  let next = 0;
  const fill = () => {
    for (; pending.length < READ_AHEAD && next < ids.length; next += EXPORT_CHUNK) pending.push(load(next));
  };
  fill();
  while (pending.length) {
    const current = await pending.shift()!;
    fill();
    yield current;
  }
}

export function groupWarnings(warnings: ExportWarning[]) {
  const bySku = new Map<
    string,
    { sku_id: string | null; sku_code: string | null; warnings: Array<Omit<ExportWarning, 'sku_id' | 'sku_code'>> }
  >();
  for (const { sku_id, sku_code, ...w } of warnings) {
    const k = sku_id ?? '';
    if (!bySku.has(k)) bySku.set(k, { sku_id, sku_code, warnings: [] });
    bySku.get(k)!.warnings.push(w);
  }
  return [...bySku.values()];
}

/** Newest first, keyset-paged on (created_at at microsecond precision, id) like every list. */
export async function listExportRuns(
  db: Db,
  { workspaceId, q }: { workspaceId: string; q: { cursor?: string; limit: number } },
) {
  const where = [eq(exportRuns.workspaceId, workspaceId)];
  if (q.cursor) {
    const c = decodeKeysetCursor(q.cursor, 'exports', 'timestamp');
    where.push(afterKeyset('desc', exportRuns.createdAt, c.value, exportRuns.id, c.id));
  }
  const rows = await db
    .select({ row: exportRuns, createdKey: timestampText(exportRuns.createdAt) })
    .from(exportRuns)
    .where(and(...where))
    .orderBy(desc(exportRuns.createdAt), desc(exportRuns.id))
    .limit(q.limit + 1);
  const page = rows.slice(0, q.limit);
  const has_more = rows.length > q.limit;
  const last = page[page.length - 1];
  return {
    data: page.map((r) => serializeRun(r.row)),
    has_more,
    next_cursor: has_more && last ? encodeKeysetCursor('exports', last.createdKey, last.row.id) : null,
  };
}

async function getRunRow(db: Db, workspaceId: string, id: string): Promise<RunRow> {
  const [r] = await db
    .select()
    .from(exportRuns)
    .where(and(eq(exportRuns.id, id), eq(exportRuns.workspaceId, workspaceId)));
  if (!r) throw new AppError('NOT_FOUND', 'Export run not found.');
  return r;
}

/** One run with its warnings grouped by SKU (what the UI shows to fix). */
export async function getExportRun(db: Db, { workspaceId, id }: { workspaceId: string; id: string }) {
  const r = await getRunRow(db, workspaceId, id);
  return {
    run: serializeRun(r),
    warnings_by_sku: groupWarnings(r.warnings),
    warnings_truncated: r.warnings.length < r.warningCount,
    // Of the stored warnings (at most MAX_STORED_WARNINGS); warning_count is the full number.
    warnings_by_fix: groupWarningsByFix(r.warnings),
  };
}

/** The stored file of a completed run; 404 for another workspace, 409 before completion. */
export async function openExportOutput(
  db: Db,
  args: { workspaceId: string; actor: Actor; id: string; store?: BlobStore },
) {
  const r = await getRunRow(db, args.workspaceId, args.id);
  if ((r.status !== 'completed' && r.status !== 'completed_with_warnings') || !r.outputKey) {
    throw new AppError('INVALID_STATE', `The export run is ${r.status}; its file is available once it has completed.`, {
      details: { state: r.status },
    });
  }
  const store = args.store ?? getBlobStore();
  if (!(await store.exists(r.outputKey)))
    throw new AppError('GONE', 'The file of this export run is no longer stored; run the export again.');
  await recordAudit(db, {
    workspaceId: args.workspaceId,
    actor: args.actor,
    action: 'export.downloaded',
    targetType: 'export_run',
    targetId: r.id,
    data: { size_bytes: r.outputSizeBytes },
  });
  return {
    stream: await store.getStream(r.outputKey),
    filename: r.outputFilename ?? `export-${r.id}`,
    contentType: r.outputContentType ?? 'application/octet-stream',
    size: r.outputSizeBytes,
  };
}

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
