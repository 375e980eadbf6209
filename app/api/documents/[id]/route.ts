import { deleteDocument } from '@/lib/documents/delete';
import { getDocument } from '@/lib/documents/service';
import { patchDocument } from '@/lib/documents/update';
import { DocumentDeletedResponse, DocumentResponse, PatchDocumentInput } from '@/lib/documents/schemas';
import { defineRoute, IdParams, json, routeMethods } from '@/lib/http';

// GET /api/documents/{id} – one document with its SKUs and extractions.
const get = defineRoute({
  method: 'GET',
  path: '/api/documents/{id}',
  operationId: 'getDocument',
  summary: 'Read a document',
  tags: ['Documents'],
  stability: 'preview',
  auth: 'either',
  scope: 'documents:read',
  params: IdParams,
  responses: { 200: { description: 'The document.', schema: DocumentResponse } },
  handler: async ({ db, auth, params }) =>
    json({ document: await getDocument(db, { workspaceId: auth.workspace.id, id: params.id }) }),
});

// PATCH /api/documents/{id} – correct the type (manual, confidence 1), set dates, publish on safety pages.
const patch = defineRoute({
  method: 'PATCH',
  path: '/api/documents/{id}',
  operationId: 'updateDocument',
  summary: 'Correct a document',
  description:
    'A type correction sets classification_source manual and classification_confidence 1. Linked SKUs are re-evaluated.',
  tags: ['Documents'],
  stability: 'preview',
  auth: 'session',
  params: IdParams,
  body: PatchDocumentInput,
  responses: { 200: { description: 'The updated document.', schema: DocumentResponse } },
  handler: async ({ db, auth, actor, params, body }) =>
    json(await patchDocument(db, { workspaceId: auth.workspace.id, actor, id: params.id, input: body })),
});

// DELETE /api/documents/{id} – remove it (its blob once unused); linked SKUs are re-evaluated.
const del = defineRoute({
  method: 'DELETE',
  path: '/api/documents/{id}',
  operationId: 'deleteDocument',
  summary: 'Delete a document',
  tags: ['Documents'],
  stability: 'preview',
  auth: 'session',
  params: IdParams,
  responses: { 200: { description: 'Deleted.', schema: DocumentDeletedResponse } },
  handler: async ({ db, auth, actor, params }) =>
    json(await deleteDocument(db, { workspaceId: auth.workspace.id, actor, id: params.id })),
});

export const { GET, POST, PUT, PATCH, DELETE } = routeMethods(get, patch, del);
