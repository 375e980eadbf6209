import { getDocumentRow } from '@/lib/documents/service';
import { findSkuMatches } from '@/lib/evidence/sku-matching';
import { DocumentSkuMatches } from '@/lib/documents/schemas';
import { defineRoute, IdParams, json, routeMethods } from '@/lib/http';

// GET /api/documents/{id}/sku-matches – SKUs whose GTIN, code or model the document states, best first (the link picker ranks them first).
const get = defineRoute({
  method: 'GET',
  path: '/api/documents/{id}/sku-matches',
  operationId: 'listDocumentSkuMatches',
  summary: 'SKUs a document names',
  tags: ['Documents'],
  stability: 'preview',
  auth: 'either',
  scope: 'documents:read',
  params: IdParams,
  responses: {
    200: {
      description: 'Matching SKUs with evidence: GTIN matches first, then SKU code, then model number.',
      schema: DocumentSkuMatches,
    },
  },
  handler: async ({ db, auth, params }) => {
    const row = await getDocumentRow(db, { workspaceId: auth.workspace.id, id: params.id });
    return json({ matches: await findSkuMatches(db, { workspaceId: auth.workspace.id, text: row.textCache ?? '' }) });
  },
});

export const { GET, POST, PUT, PATCH, DELETE } = routeMethods(get);
