import { listEntityCandidates } from '@/lib/entities/candidates';
import { EntityCandidateList, EntityCandidatesQuery } from '@/lib/entities/schemas';
import { defineRoute, IdParams, json, routeMethods } from '@/lib/http';

// GET /api/documents/{id}/entity-candidates – the operators the document names, ready to link or create.
const get = defineRoute({
  method: 'GET',
  path: '/api/documents/{id}/entity-candidates',
  operationId: 'listDocumentEntityCandidates',
  summary: 'Operators a document names',
  description:
    "The manufacturer, importer and EU responsible person of the document's latest extraction, address split into parts, with the workspace's entities of the same name and what the SKU has linked.",
  tags: ['Documents'],
  stability: 'preview',
  auth: 'either',
  scope: 'documents:read',
  params: IdParams,
  query: EntityCandidatesQuery,
  responses: {
    200: {
      description: 'The candidates.',
      schema: EntityCandidateList,
    },
  },
  handler: async ({ db, auth, params, query }) =>
    json(
      await listEntityCandidates(db, { workspaceId: auth.workspace.id, documentId: params.id, skuId: query.sku_id }),
    ),
});

export const { GET, POST, PUT, PATCH, DELETE } = routeMethods(get);
