import { z } from 'zod';
import { defineRoute, json, routeMethods, Uuid } from '@/lib/http';
import { decideHeldReply } from '@/lib/outreach/held-replies';
import { HeldReplyDecisionInput, SupplierRequestResponse } from '@/lib/outreach/schemas';

// POST /api/supplier-email/requests/{id}/held-replies/{heldId} – release or dismiss a held reply.
const post = defineRoute({
  method: 'POST',
  path: '/api/supplier-email/requests/{id}/held-replies/{heldId}',
  operationId: 'decideHeldSupplierReply',
  summary: 'Release or dismiss a reply held because of its sender',
  description:
    "A reply from an address that is not the request's recipient (nor of its domain) is held on the timeline (kind reply_held, data.held_id). decision release takes it in as the recipient's reply: its attachments are stored and linked to the SKU as proposed evidence, its text is read for answers, the request moves as for any reply. decision dismiss drops it; nothing is attached. The decision is written on the held entry (data.decision, decided_by, decided_at) and audited. 409 INVALID_STATE when the reply was already decided, or (release) the request is closed; 404 for an unknown request or held id; 413 LINK_LIMIT_REACHED when the request's file cap cannot take the attachments (the reply stays held).",
  tags: ['Supplier email'],
  stability: 'preview',
  auth: 'either',
  scope: 'outreach:write',
  params: z.object({ id: Uuid, heldId: Uuid }),
  body: HeldReplyDecisionInput,
  errors: [409, 413],
  responses: {
    200: { description: 'The request after the decision.', schema: SupplierRequestResponse },
  },
  handler: async ({ db, auth, actor, params, body }) =>
    json({
      request: await decideHeldReply(db, {
        workspaceId: auth.workspace.id,
        actor,
        requestId: params.id,
        heldId: params.heldId,
        decision: body.decision,
      }),
    }),
});

export const { GET, POST, PUT, PATCH, DELETE } = routeMethods(post);
