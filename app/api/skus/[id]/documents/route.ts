import { listSkuDocuments } from '@/lib/documents/list';
import { SkuDocumentList } from '@/lib/documents/schemas';
import { defineRoute, IdParams, json, routeMethods } from '@/lib/http';

// GET /api/skus/{id}/documents – the documents linked to the SKU.
const get = defineRoute({
  method: 'GET',
  path: '/api/skus/{id}/documents',
  operationId: 'listSkuDocuments',
  summary: "List a SKU's documents",
  description: 'Documents linked to the SKU, each once, with their extraction results embedded.',
  tags: ['SKUs'],
  stability: 'stable',
  auth: 'either',
  scope: 'documents:read',
  params: IdParams,
  responses: { 200: { description: 'The documents.', schema: SkuDocumentList } },
  handler: async ({ db, auth, params }) =>
    json(await listSkuDocuments(db, { workspaceId: auth.workspace.id, skuId: params.id })),
});

export const { GET, POST, PUT, PATCH, DELETE } = routeMethods(get);
