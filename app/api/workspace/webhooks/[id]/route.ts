import { defineRoute, IdParams, json, routeMethods } from '@/lib/http';
import {
  UpdateWebhookEndpointInput,
  WebhookEndpointDeletedResponse,
  WebhookEndpointResponse,
} from '@/lib/webhooks/schemas';
import { deleteEndpoint, updateEndpoint } from '@/lib/webhooks/service';

// PATCH /api/workspace/webhooks/{id} – enable or disable, change the events or the description.
const patch = defineRoute({
  method: 'PATCH',
  path: '/api/workspace/webhooks/{id}',
  operationId: 'updateWebhookEndpoint',
  summary: 'Update a webhook endpoint',
  description: 'enabled: true re-enables an endpoint that was disabled after failures (its failure count restarts).',
  tags: ['Webhooks'],
  stability: 'preview',
  auth: 'session',
  params: IdParams,
  body: UpdateWebhookEndpointInput,
  responses: { 200: { description: 'Updated.', schema: WebhookEndpointResponse } },
  handler: async ({ db, auth, actor, params, body }) =>
    json({ data: await updateEndpoint(db, { workspaceId: auth.workspace.id, actor, id: params.id, patch: body }) }),
});

// DELETE /api/workspace/webhooks/{id} – remove the endpoint and its delivery log.
const del = defineRoute({
  method: 'DELETE',
  path: '/api/workspace/webhooks/{id}',
  operationId: 'deleteWebhookEndpoint',
  summary: 'Delete a webhook endpoint',
  tags: ['Webhooks'],
  stability: 'preview',
  auth: 'session',
  params: IdParams,
  responses: {
    200: { description: 'Deleted.', schema: WebhookEndpointDeletedResponse },
  },
  handler: async ({ db, auth, actor, params }) =>
    json({ data: await deleteEndpoint(db, { workspaceId: auth.workspace.id, actor, id: params.id }) }),
});

export const { GET, POST, PUT, PATCH, DELETE } = routeMethods(patch, del);
