import { z } from 'zod';
import { defineRoute, json, routeMethods, Uuid } from '@/lib/http';
import { decideDocument } from '@/lib/outreach/responses';
import { DocumentDecisionInput, SupplierRequestResponse } from '@/lib/outreach/schemas';

// POST /api/supplier-email/requests/{id}/documents/{documentId} – accept or reject a returned document.
const post = defineRoute({
  method: 'POST',
  path: '/api/supplier-email/requests/{id}/documents/{documentId}',
  operationId: 'decideSupplierDocument',
  summary: 'Accept or reject a document the supplier sent',
  description:
    'decision accept keeps the document on the SKU; reject unlinks it (its suggestions are withdrawn and the item it answered reopens). Once no document is pending the request becomes done when none of its items is still open, else in_progress. 409 INVALID_STATE when the document was already decided or the request is closed.',
  tags: ['Supplier email'],
  stability: 'preview',
  auth: 'either',
  scope: 'outreach:write',
  params: z.object({ id: Uuid, documentId: Uuid }),
  body: DocumentDecisionInput,
  errors: [409],
  responses: {
    200: { description: 'The request after the decision.', schema: SupplierRequestResponse },
  },
  handler: async ({ db, auth, actor, params, body }) =>
    json({
      request: await decideDocument(db, {
        workspaceId: auth.workspace.id,
        actor,
        requestId: params.id,
        documentId: params.documentId,
        decision: body.decision,
        note: body.note,
      }),
    }),
});

export const { GET, POST, PUT, PATCH, DELETE } = routeMethods(post);
