import { defineRoute, json, routeMethods } from '@/lib/http';
import { listImportRows } from '@/lib/imports/batch-rows';
import { BatchParams, ImportRowPage, ImportRowsQuery } from '@/lib/imports/schemas';

// GET /api/imports/{batchId}/rows – every row's outcome, errors and changes, paged by row number.
const rows = defineRoute({
  method: 'GET',
  path: '/api/imports/{batchId}/rows',
  operationId: 'listImportRows',
  summary: 'List the rows of an import batch',
  tags: ['Imports'],
  stability: 'preview',
  auth: 'either',
  scope: 'imports:read',
  params: BatchParams,
  query: ImportRowsQuery,
  responses: {
    200: {
      description: 'A page of rows.',
      schema: ImportRowPage,
    },
  },
  handler: async ({ db, auth, params, query }) =>
    json(await listImportRows(db, { workspaceId: auth.workspace.id, batchId: params.batchId, q: query })),
});

export const { GET, POST, PUT, PATCH, DELETE } = routeMethods(rows);
