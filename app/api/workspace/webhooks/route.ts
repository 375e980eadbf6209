import { defineRoute, json, routeMethods } from '@/lib/http';
import { WEBHOOK_DOC } from '@/lib/webhooks/doc';
import {
  CreateWebhookEndpointInput,
  WebhookEndpointCreatedResponse,
  WebhookEndpointListResponse,
} from '@/lib/webhooks/schemas';
import { createEndpoint, listEndpoints } from '@/lib/webhooks/service';

// GET /api/workspace/webhooks – the workspace's webhook endpoints (never the secret).
const list = defineRoute({
  method: 'GET',
  path: '/api/workspace/webhooks',
  operationId: 'listWebhookEndpoints',
  summary: 'List webhook endpoints',
  description: WEBHOOK_DOC,
  tags: ['Webhooks'],
  stability: 'preview',
  auth: 'session',
  responses: { 200: { description: 'Endpoints, newest first.', schema: WebhookEndpointListResponse } },
  handler: async ({ db, auth }) => json({ data: await listEndpoints(db, { workspaceId: auth.workspace.id }) }),
});

// POST /api/workspace/webhooks – register an endpoint; the signing secret is in this response only.
const create = defineRoute({
  method: 'POST',
  path: '/api/workspace/webhooks',
  operationId: 'createWebhookEndpoint',
  summary: 'Register a webhook endpoint',
  description:
    'The URL must be http(s) and resolve to public addresses only (400 URL_NOT_ALLOWED otherwise; checked again on every delivery). ' +
    '`secret` (whsec_…) signs every delivery and is returned this once.',
  tags: ['Webhooks'],
  stability: 'preview',
  auth: 'session',
  body: CreateWebhookEndpointInput,
  idempotent: true,
  responses: {
    201: {
      description: 'Registered; `secret` is returned once.',
      schema: WebhookEndpointCreatedResponse,
    },
  },
  handler: async ({ db, auth, actor, body }) =>
    json({ data: await createEndpoint(db, { workspaceId: auth.workspace.id, actor, input: body }) }, 201),
});

export const { GET, POST, PUT, PATCH, DELETE } = routeMethods(list, create);
