import { defineRoute, IdParams, json, routeMethods } from '@/lib/http';
import { AppError } from '@/lib/errors';
import { SkuExportOrDryRun, SkuExportQuery } from '@/lib/exports/schemas';
import { exportSku } from '@/lib/exports/sku-export';
import { PLANS } from '@/lib/plans';

// GET /api/skus/{id}/export?format=json|csv – the SKU's confirmed dossier for another system.
const exportRoute = defineRoute({
  method: 'GET',
  path: '/api/skus/{id}/export',
  operationId: 'exportSku',
  summary: 'Export a SKU (JSON or CSV)',
  description:
    'Confirmed dossier values only, with provenance; entities, documents, warnings, issues (waivers with who/when/why) and an audit summary. ' +
    'CSV: UTF-8 with BOM, one row per dossier field plus sections, cells neutralised against formula injection. ' +
    'Session callers are not scope-limited; a Bearer key needs the scope export and a plan with API export (403 PLAN_LIMIT_REACHED otherwise).',
  tags: ['SKUs'],
  stability: 'stable',
  auth: 'either',
  scope: 'export',
  params: IdParams,
  query: SkuExportQuery,
  dryRun: true,
  idempotent: true,
  errors: [409],
  responses: {
    200: {
      description:
        'SkuExport as application/json, or the same as text/csv (format=csv); with dry_run, what it would hold.',
      schema: SkuExportOrDryRun,
      otherContentTypes: ['text/csv'],
    },
  },
  handler: async ({ db, auth, actor, params, query, dryRun }) => {
    if (auth.kind === 'bearer' && !PLANS[auth.workspace.plan].bearerExport) {
      throw new AppError(
        'PLAN_LIMIT_REACHED',
        `Export with an API key is not part of the ${PLANS[auth.workspace.plan].label} plan; upgrade, or export from the app.`,
        {
          details: { limit: 'bearer_export', plan: auth.workspace.plan },
        },
      );
    }
    const out = await exportSku(db, {
      workspaceId: auth.workspace.id,
      actor,
      id: params.id,
      format: query.format,
      dryRun,
    });
    if (out.kind === 'dry_run') return json(out.body);
    // A download like the CSV (and every other export): saved under its name, not shown inline.
    if (out.kind === 'json')
      return json(out.body, 200, { 'content-disposition': `attachment; filename="${out.filename}"` });
    return new Response(out.text, {
      status: 200,
      headers: {
        'content-type': 'text/csv; charset=utf-8',
        'content-disposition': `attachment; filename="${out.filename}"`,
        'x-content-type-options': 'nosniff',
      },
    });
  },
});

export const { GET, POST, PUT, PATCH, DELETE } = routeMethods(exportRoute);
