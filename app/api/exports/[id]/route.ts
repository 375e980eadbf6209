import { defineRoute, IdParams, json, routeMethods } from '@/lib/http';
import { getExportRun } from '@/lib/exports/get-run';
import { ExportRunDetail } from '@/lib/exports/schemas';

// GET /api/exports/{id} – one run with its warnings grouped by SKU.
const get = defineRoute({
  method: 'GET',
  path: '/api/exports/{id}',
  operationId: 'getExportRun',
  summary: 'Get an export run and its warnings',
  tags: ['Exports'],
  stability: 'preview',
  auth: 'either',
  scope: ['export', 'exports:read'],
  params: IdParams,
  responses: {
    200: {
      description: 'The run; warnings_by_sku lists each SKU with the field and the fix.',
      schema: ExportRunDetail,
    },
  },
  handler: async ({ db, auth, params }) =>
    json(await getExportRun(db, { workspaceId: auth.workspace.id, id: params.id })),
});

export const { GET, POST, PUT, PATCH, DELETE } = routeMethods(get);
