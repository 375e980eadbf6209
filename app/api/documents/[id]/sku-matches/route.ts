import { z } from 'zod';
import { getDocumentRow } from '@/lib/documents/service';
import { findSkuMatches } from '@/lib/documents/matching';
import { defineRoute, IdParams, json, routeMethods } from '@/lib/http';

const Evidence = z.object({ kind: z.enum(['gtin', 'sku_code', 'model_number']), value: z.string(), quote: z.string().nullable() });

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
      schema: z.object({ matches: z.array(z.object({ sku_id: z.string(), sku_code: z.string(), product_name: z.string(), evidence: z.array(Evidence) })) }),
    },
  },
  handler: async ({ db, auth, params }) => {
    const row = await getDocumentRow(db, auth.workspace.id, params.id);
    return json({ matches: await findSkuMatches(db, auth.workspace.id, row.textCache ?? '') });
  },
});

export const { GET, POST, PUT, PATCH, DELETE } = routeMethods(get);
