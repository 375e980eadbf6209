import { z } from 'zod';
import { listSkuDocuments } from '@/lib/documents/service';
import { DocumentSchema } from '@/lib/documents/schemas';
import { defineRoute, IdParams, json, routeMethods } from '@/lib/http';

// GET /api/skus/{id}/documents – linked through the legacy sku_id column and the join table, each once.
const get = defineRoute({
  method: 'GET',
  path: '/api/skus/{id}/documents',
  operationId: 'listSkuDocuments',
  summary: "List a SKU's documents",
  description: 'Documents linked through the legacy sku_id column and the document-to-SKU join, each once, with their extraction results embedded.',
  tags: ['SKUs'],
  stability: 'stable',
  auth: 'session',
  params: IdParams,
  responses: { 200: { description: 'The documents.', schema: z.object({ documents: z.array(DocumentSchema) }) } },
  handler: async ({ db, auth, params }) => json(await listSkuDocuments(db, auth.workspace.id, params.id)),
});

export const { GET, POST, PUT, PATCH, DELETE } = routeMethods(get);
