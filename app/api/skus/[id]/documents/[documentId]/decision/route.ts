import { z } from 'zod';
import { decideDocumentLink } from '@/lib/documents/evidence-decisions';
import { DecideDocumentLinkInput, DocumentLinkDecisionResponse } from '@/lib/documents/schemas';
import { defineRoute, json, routeMethods, Uuid } from '@/lib/http';

// POST /api/skus/{id}/documents/{documentId}/decision – a person accepts or rejects the linked document as this SKU's evidence.
const post = defineRoute({
  method: 'POST',
  path: '/api/skus/{id}/documents/{documentId}/decision',
  operationId: 'decideSkuDocumentLink',
  summary: 'Accept or reject a linked document as the SKU’s evidence',
  description:
    'Only an accepted link satisfies a document requirement. Accepting a document that is about another product needs a reason (e.g. a declaration covering several models). Audited; the SKU is re-evaluated when the status changes.',
  tags: ['SKUs'],
  stability: 'preview',
  auth: 'session',
  params: z.object({ id: Uuid, documentId: Uuid }),
  body: DecideDocumentLinkInput,
  idempotent: true,
  responses: { 200: { description: 'Decided.', schema: DocumentLinkDecisionResponse } },
  handler: async ({ db, auth, actor, params, body }) =>
    json({
      link: (await decideDocumentLink(db, {
        workspaceId: auth.workspace.id,
        actor,
        skuId: params.id,
        documentId: params.documentId,
        decision: body.decision,
        reason: body.reason ?? null,
      }))!,
    }),
});

export const { GET, POST, PUT, PATCH, DELETE } = routeMethods(post);
