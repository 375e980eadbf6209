import { z } from 'zod';
import { defineRoute, json, routeMethods, Uuid } from '@/lib/http';
import { WebhookDeliveryResponse } from '@/lib/webhooks/schemas';
import { resendDelivery } from '@/lib/webhooks/service';

// POST /api/workspace/webhooks/deliveries/{deliveryId}/resend – send a delivery again now.
const resend = defineRoute({
  method: 'POST',
  path: '/api/workspace/webhooks/deliveries/{delivery_id}/resend',
  operationId: 'resendWebhookDelivery',
  summary: 'Re-send a webhook delivery',
  description:
    'Sends the event again now (same webhook-id, so a receiver deduplicates) and answers with the delivery after the attempt; a failure retries on the normal schedule. 409 INVALID_STATE when the endpoint is disabled.',
  tags: ['Webhooks'],
  stability: 'preview',
  auth: 'session',
  params: z.object({ deliveryId: Uuid }),
  errors: [409],
  responses: { 200: { description: 'The delivery after the attempt.', schema: WebhookDeliveryResponse } },
  handler: async ({ db, auth, actor, params }) =>
    json({ data: await resendDelivery(db, { workspaceId: auth.workspace.id, actor, id: params.deliveryId }) }),
});

export const { GET, POST, PUT, PATCH, DELETE } = routeMethods(resend);
