import { defineRoute, IdParams, json, routeMethods } from '@/lib/http';
import { AppError } from '@/lib/errors';
import { retryRequest } from '@/lib/outreach/outbox';
import { SupplierRequestResponse } from '@/lib/outreach/schemas';
import { getRequest } from '@/lib/outreach/service';

// POST /api/supplier-email/requests/{id}/retry – send a failed (or stuck) request's mail again.
const post = defineRoute({
  method: 'POST',
  path: '/api/supplier-email/requests/{id}/retry',
  operationId: 'retrySupplierRequest',
  summary: "Send a failed supplier request's mail again",
  description:
    'For a failed request, or one still sending after its sender stopped (SUPPLIER_SEND_LEASE_SECONDS): the same mail with the same Message-ID, to the same recipients; a bulk mail goes again for every request it carried. 200 with the request (sent); 502 EMAIL_DELIVERY_FAILED when the mail server refuses again (the request stays failed, with the reason); 409 INVALID_STATE for any other state (a request being sent right now, or one already sent: remind instead). A stuck request can also be cancelled (PATCH status cancelled).',
  tags: ['Supplier email'],
  stability: 'preview',
  auth: 'either',
  scope: 'outreach:write',
  params: IdParams,
  idempotent: true,
  errors: [409, 502],
  responses: {
    200: { description: 'The request after the attempt.', schema: SupplierRequestResponse },
  },
  handler: async ({ db, auth, actor, params }) => {
    const out = await retryRequest(db, { workspaceId: auth.workspace.id, actor, id: params.id });
    if (out.kind === 'failed')
      throw new AppError('EMAIL_DELIVERY_FAILED', `The mail was not delivered: ${out.error}`, {
        details: { request_id: params.id, reason: out.error },
      });
    return json({ request: await getRequest(db, { workspaceId: auth.workspace.id, id: params.id }) });
  },
});

export const { GET, POST, PUT, PATCH, DELETE } = routeMethods(post);
