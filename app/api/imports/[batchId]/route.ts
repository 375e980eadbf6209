import { defineRoute, json, routeMethods } from '@/lib/http';
import { getImport } from '@/lib/imports/batches';
import { BatchParams, ImportBatchResponse } from '@/lib/imports/schemas';

// GET /api/imports/{batchId} – one batch with its status and counts (poll while it runs).
const get = defineRoute({
  method: 'GET',
  path: '/api/imports/{batchId}',
  operationId: 'getImport',
  summary: 'Read an import batch',
  tags: ['Imports'],
  stability: 'stable',
  auth: 'either',
  scope: 'imports:read',
  params: BatchParams,
  responses: { 200: { description: 'The batch.', schema: ImportBatchResponse } },
  handler: async ({ db, auth, params }) =>
    json(await getImport(db, { workspaceId: auth.workspace.id, batchId: params.batchId })),
});

export const { GET, POST, PUT, PATCH, DELETE } = routeMethods(get);
