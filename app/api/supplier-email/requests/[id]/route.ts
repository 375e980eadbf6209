import { defineRoute, IdParams, json, routeMethods } from '@/lib/http';
import { PatchInput, SupplierRequestResponse } from '@/lib/outreach/schemas';
import { getRequest } from '@/lib/outreach/service';
import { updateRequestStatus } from '@/lib/outreach/status';

// GET /api/supplier-email/requests/{id}
const get = defineRoute({
  method: 'GET',
  path: '/api/supplier-email/requests/{id}',
  operationId: 'getSupplierRequest',
  summary: 'Read a supplier request',
  tags: ['Supplier email'],
  stability: 'preview',
  auth: 'either',
  scope: 'outreach:read',
  params: IdParams,
  responses: {
    200: { description: 'The request with its timeline.', schema: SupplierRequestResponse },
  },
  handler: async ({ db, auth, params }) =>
    json({ request: await getRequest(db, { workspaceId: auth.workspace.id, id: params.id }) }),
});

// PATCH /api/supplier-email/requests/{id} – status along the allowed transitions only.
const patch = defineRoute({
  method: 'PATCH',
  path: '/api/supplier-email/requests/{id}',
  operationId: 'updateSupplierRequest',
  summary: "Update a supplier request's status",
  description:
    'Transitions: sending → cancelled (a mail that may be stuck; or POST .../retry); sent → in_progress, to_review, done, no_progress, cancelled; in_progress → to_review, done, no_progress, cancelled; to_review → in_progress, done, cancelled; no_progress → in_progress, to_review, done, cancelled; failed → cancelled. done and cancelled are final and close the upload link. The same open status again only changes due_date / adds the note. Anything else is 409 INVALID_STATE (details.state, details.allowed).',
  tags: ['Supplier email'],
  stability: 'stable',
  auth: 'either',
  scope: 'outreach:write',
  params: IdParams,
  body: PatchInput,
  errors: [409],
  responses: { 200: { description: 'The updated request.', schema: SupplierRequestResponse } },
  handler: async ({ db, auth, actor, params, body }) =>
    json({
      request: await updateRequestStatus(db, { workspaceId: auth.workspace.id, actor, id: params.id, input: body }),
    }),
});

export const { GET, POST, PUT, PATCH, DELETE } = routeMethods(get, patch);
