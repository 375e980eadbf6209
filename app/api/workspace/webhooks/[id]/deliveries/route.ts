import { z } from 'zod';
import { defineRoute, json, routeMethods, Uuid } from '@/lib/http';
import { WebhookDeliveryListResponse } from '@/lib/webhooks/schemas';
import { listDeliveries } from '@/lib/webhooks/service';

// GET /api/workspace/webhooks/{id}/deliveries – the delivery log of an endpoint.
const list = defineRoute({
  method: 'GET',
  path: '/api/workspace/webhooks/{id}/deliveries',
  operationId: 'listWebhookDeliveries',
  summary: 'List the deliveries of a webhook endpoint',
  description: 'The latest 50 deliveries, newest first: status, attempts, next attempt, the answer status and body.',
  tags: ['Webhooks'],
  stability: 'preview',
  auth: 'session',
  params: z.object({ id: Uuid }),
  responses: { 200: { description: 'Deliveries.', schema: WebhookDeliveryListResponse } },
  handler: async ({ db, auth, params }) =>
    json({ data: await listDeliveries(db, { workspaceId: auth.workspace.id, endpointId: params.id }) }),
});

export const { GET, POST, PUT, PATCH, DELETE } = routeMethods(list);
