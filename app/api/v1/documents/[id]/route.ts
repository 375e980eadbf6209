import { getDocument } from '@/lib/documents/service';
import { DocumentResponse } from '@/lib/documents/schemas';
import { defineRoute, IdParams, json, routeMethods } from '@/lib/http';

// GET /api/v1/documents/{id} – one document with its SKUs and extractions (v1, Bearer).
const get = defineRoute({
  method: 'GET',
  path: '/api/v1/documents/{id}',
  operationId: 'getDocumentV1',
  summary: 'Read a document (v1, Bearer)',
  description: 'Same shape as GET /api/documents/{id}. Requires scope documents:read.',
  tags: ['v1'],
  stability: 'stable',
  auth: 'bearer',
  scope: 'documents:read',
  params: IdParams,
  responses: { 200: { description: 'The document.', schema: DocumentResponse } },
  handler: async ({ db, auth, params }) =>
    json({ document: await getDocument(db, { workspaceId: auth.workspace.id, id: params.id }) }),
});

export const { GET, POST, PUT, PATCH, DELETE } = routeMethods(get);
