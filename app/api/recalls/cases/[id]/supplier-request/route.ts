import { defineRoute, IdParams, json, routeMethods } from '@/lib/http';
import { RecallCaseResponse, SupplierRequestForCaseInput } from '@/lib/recalls/schemas';
import { askSupplier } from '@/lib/recalls/supplier';

// POST /api/recalls/cases/{id}/supplier-request – ask the supplier through the outreach loop.
const post = defineRoute({
  method: 'POST',
  path: '/api/recalls/cases/{id}/supplier-request',
  operationId: 'askRecallSupplier',
  summary: 'Ask the supplier for a recall case',
  description:
    'Sends a supplier request (upload link, reminders, timeline) asking for the batches and quantities delivered and the root cause with its ' +
    'corrective action. 422 NO_RECIPIENT when no address is known; audited as recall.supplier_asked.',
  tags: ['Market watch'],
  stability: 'preview',
  auth: 'session',
  params: IdParams,
  body: SupplierRequestForCaseInput,
  errors: [409, 422, 502, 503],
  responses: { 200: { description: 'Sent; the case names the request.', schema: RecallCaseResponse } },
  handler: async ({ db, auth, actor, params, body }) =>
    json({
      data: await askSupplier(db, {
        workspaceId: auth.workspace.id,
        actor,
        id: params.id,
        replyTo: auth.user.email,
        ...body,
      }),
    }),
});

export const { GET, POST, PUT, PATCH, DELETE } = routeMethods(post);
