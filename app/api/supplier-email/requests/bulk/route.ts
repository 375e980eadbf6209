import { defineRoute, json, routeMethods } from '@/lib/http';
import { bulkAction } from '@/lib/outreach/reminders';
import { BulkRequestInput, BulkRequestResults } from '@/lib/outreach/schemas';

// POST /api/supplier-email/requests/bulk – remind now / cancel several requests.
const post = defineRoute({
  method: 'POST',
  path: '/api/supplier-email/requests/bulk',
  operationId: 'bulkSupplierRequests',
  summary: 'Remind or cancel several supplier requests',
  description:
    'action remind sends each request its next reminder now (requests in sent, in_progress or no_progress); cancel cancels them. One result per id: ok, or the error code and message (NOT_FOUND, INVALID_STATE, EMAIL_DELIVERY_FAILED).',
  tags: ['Supplier email'],
  stability: 'preview',
  auth: 'either',
  scope: 'outreach:write',
  body: BulkRequestInput,
  responses: {
    200: {
      description: 'Per-request results.',
      schema: BulkRequestResults,
    },
  },
  handler: async ({ db, auth, actor, body }) =>
    json(await bulkAction(db, { workspaceId: auth.workspace.id, actor, action: body.action, ids: body.ids })),
});

export const { GET, POST, PUT, PATCH, DELETE } = routeMethods(post);
