import { and, eq, inArray, sql } from 'drizzle-orm';
import { recordAudit } from '@/lib/audit';
import type { Actor } from '@/lib/auth/context';
import type { Db } from '@/lib/db/client';
import { queryRows } from '@/lib/db/rows';
import { exportRuns, skus, type ExportWarning } from '@/lib/db/schema';
import { AppError } from '@/lib/errors';
import { getView, skuIdsForFilters, skuIdsForView } from '@/lib/skus/views';
import {
  leftOutSummary,
  notApprovedWarning,
  offMarketWarning,
  splitByApproval,
  splitOffMarket,
} from './approved-scope';
import { loadChannelMappings } from './channel-mappings';
import type { CreateExportInput } from './schemas';
import { groupWarnings, serializeRun } from './serialize';
import { chunks, MAX_STORED_WARNINGS } from './service';
import { findTemplate, serializeTemplate, templateStatus, type ExportTemplateDefinition } from './templates';
import { groupWarningsByFix, runChecks } from './templates/checks';
import type { ExportRunOptions } from './templates/types';

/*
 * Creating an export run (./service.ts says the rest of a run's life). Apart from execute-run.ts so the
 * files stack: this one queues the run's job (./jobs), whose handler runs it (./execute-run).
 */

/** Resolves a template id to a runnable template (404 unknown; a drifted template cannot run). */
function runnableTemplate(id: string): ExportTemplateDefinition {
  const t = findTemplate(id);
  if (!t) throw new AppError('NOT_FOUND', 'Export template not found.');
  const s = templateStatus(t);
  if (s.status === 'schema_drift')
    throw new AppError('INVALID_STATE', `This template cannot run: ${s.reason}`, {
      details: { state: 'schema_drift' },
    });
  return t;
}

/** The scope's SKU ids now; selected and single ids must all be SKUs of this workspace. */
async function resolveScope(
  db: Db,
  workspaceId: string,
  scope: { type: string; value: string | string[] | null | undefined },
): Promise<string[]> {
  switch (scope.type) {
    case 'all':
      return skuIdsForFilters(db, { workspaceId, filters: { sort: 'code_asc' } });
    case 'view': {
      const view = await getView(db, { workspaceId, id: scope.value as string });
      return skuIdsForView(db, { workspaceId, view });
    }
    default: {
      const wanted = [...new Set(Array.isArray(scope.value) ? scope.value : [scope.value as string])].map((s) =>
        s.toLowerCase(),
      );
      const found = new Set<string>();
      for (let i = 0; i < wanted.length; i += 1000) {
        const part = wanted.slice(i, i + 1000);
        const rows = await db
          .select({ id: skus.id })
          .from(skus)
          .where(and(eq(skus.workspaceId, workspaceId), inArray(skus.id, part)));
        for (const r of rows) found.add(r.id);
      }
      const missing = wanted.filter((id) => !found.has(id));
      if (missing.length) {
        throw new AppError(
          'NOT_FOUND',
          missing.length === 1 && scope.type === 'single_sku'
            ? 'SKU not found.'
            : `${missing.length} of the selected SKUs were not found in this workspace.`,
          {
            details: { missing_ids: missing.slice(0, 100) },
          },
        );
      }
      return wanted;
    }
  }
}

async function countSkus(db: Db, workspaceId: string): Promise<number> {
  const [row] = await queryRows<{ n: number }>(
    db,
    sql`SELECT count(*)::int AS n FROM skus WHERE workspace_id = ${workspaceId}`,
  );
  return Number(row?.n ?? 0);
}

/**
 * POST /api/exports: validates template and scope, then either describes the run (dry run: SKU count
 * and per-SKU channel warnings, nothing written) or records it as pending and queues its job.
 */
export async function createExportRun(
  db: Db,
  args: { workspaceId: string; actor: Actor; input: CreateExportInput; dryRun: boolean },
) {
  const template = runnableTemplate(args.input.template_id);
  const scope = { type: args.input.scope_type, value: args.input.scope_value };
  const options: ExportRunOptions = {
    ...(args.input.approved_only !== undefined ? { approved_only: args.input.approved_only } : {}),
    ...(args.input.ebay_marketplace ? { ebay_marketplace: args.input.ebay_marketplace } : {}),
  };
  // A run of the whole catalogue needs only its size now (the job lists the SKUs when it runs).
  const countOnly = scope.type === 'all' && !args.dryRun && options.approved_only !== true;
  const ids = countOnly ? [] : await resolveScope(db, args.workspaceId, scope);
  // approved_only is applied again when the job runs (a status may change meanwhile); the count is now's.
  const approval =
    options.approved_only !== undefined ? await splitByApproval(db, { workspaceId: args.workspaceId, ids }) : null;
  const offMarket =
    options.approved_only === undefined ? await splitOffMarket(db, { workspaceId: args.workspaceId, ids }) : null;
  const exportable = options.approved_only ? approval!.kept : (offMarket?.kept ?? ids);
  const skuCount = countOnly ? await countSkus(db, args.workspaceId) : exportable.length;
  if (args.dryRun) {
    const checks = template.checksFor
      ? template.checksFor(await loadChannelMappings(db, { workspaceId: args.workspaceId }))
      : template.checks;
    const warnings: ExportWarning[] =
      options.approved_only === false
        ? approval!.notApproved.map(notApprovedWarning)
        : (offMarket?.offMarket.map(offMarketWarning) ?? []);
    let count = 0;
    for await (const chunk of chunks(db, { workspaceId: args.workspaceId, ids: exportable })) {
      count += chunk.length;
      for (const item of chunk) warnings.push(...runChecks(checks, item));
    }
    return {
      kind: 'dry_run' as const,
      body: {
        dry_run: true as const,
        template: serializeTemplate(template),
        scope_type: args.input.scope_type,
        sku_count: count,
        warning_count: warnings.length,
        skus_with_warnings: new Set(warnings.map((w) => w.sku_id)).size,
        warnings_by_sku: groupWarnings(warnings.slice(0, MAX_STORED_WARNINGS)),
        warnings_by_fix: groupWarningsByFix(warnings),
        approved_only: options.approved_only === true,
        left_out: leftOutSummary(options.approved_only ? approval!.notApproved : (offMarket?.offMarket ?? [])),
      },
    };
  }
  const fixed = args.input.scope_type === 'selected_skus' || args.input.scope_type === 'single_sku';
  const [run] = await db
    .insert(exportRuns)
    .values({
      workspaceId: args.workspaceId,
      templateId: template.id,
      templateName: template.name,
      templateVersion: template.version,
      templateFormat: template.format,
      scopeType: args.input.scope_type,
      scopeValue: Array.isArray(args.input.scope_value)
        ? args.input.scope_value.join(',')
        : (args.input.scope_value ?? null),
      skuIds: fixed ? ids : null,
      skuCount,
      options,
      status: 'pending',
      createdBy: args.actor.userId,
      createdByLabel: args.actor.label,
    })
    .returning();
  await recordAudit(db, {
    workspaceId: args.workspaceId,
    actor: args.actor,
    action: 'export.requested',
    targetType: 'export_run',
    targetId: run.id,
    data: {
      template_id: template.id,
      template_version: template.version,
      scope_type: run.scopeType,
      sku_count: skuCount,
      options,
    },
  });
  const { enqueueJob } = await import('@/lib/jobs');
  const { exportRunJob } = await import('./jobs');
  const job = await enqueueJob(db, {
    job: exportRunJob,
    workspaceId: args.workspaceId,
    payload: { run_id: run.id },
    subjectType: 'export_run',
    subjectId: run.id,
    createdBy: args.actor.userId,
  });
  const [fresh] = await db.update(exportRuns).set({ jobRunId: job.id }).where(eq(exportRuns.id, run.id)).returning();
  return { kind: 'created' as const, run: serializeRun(fresh) };
}
