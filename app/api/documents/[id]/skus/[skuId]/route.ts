import { linkDocument, unlinkDocument } from '@/lib/documents/sku-links';
import { DocumentLinkedResponse, DocumentSkuParams, DocumentUnlinkedResponse } from '@/lib/documents/schemas';
import { defineRoute, json, routeMethods } from '@/lib/http';

// PUT /api/documents/{id}/skus/{skuId} – link; queues extraction so the SKU gets suggestions.
const put = defineRoute({
  method: 'PUT',
  path: '/api/documents/{id}/skus/{skuId}',
  operationId: 'linkDocumentToSku',
  summary: 'Link a document to a SKU',
  description:
    'Idempotent. A new link queues extraction of the document (suggestions for the SKU) and re-evaluates the SKU.',
  tags: ['Documents'],
  stability: 'preview',
  auth: 'session',
  params: DocumentSkuParams,
  responses: { 200: { description: 'Linked.', schema: DocumentLinkedResponse } },
  handler: async ({ db, auth, actor, params }) =>
    json(await linkDocument(db, { workspaceId: auth.workspace.id, actor, id: params.id, skuId: params.skuId })),
});

// DELETE /api/documents/{id}/skus/{skuId} – unlink (both kinds of link); the document's open suggestions there are withdrawn.
const del = defineRoute({
  method: 'DELETE',
  path: '/api/documents/{id}/skus/{skuId}',
  operationId: 'unlinkDocumentFromSku',
  summary: 'Unlink a document from a SKU',
  tags: ['Documents'],
  stability: 'preview',
  auth: 'session',
  params: DocumentSkuParams,
  responses: { 200: { description: 'Unlinked.', schema: DocumentUnlinkedResponse } },
  handler: async ({ db, auth, actor, params }) =>
    json(await unlinkDocument(db, { workspaceId: auth.workspace.id, actor, id: params.id, skuId: params.skuId })),
});

export const { GET, POST, PUT, PATCH, DELETE } = routeMethods(put, del);
