import { z } from 'zod';
import { DateTime, Uuid } from '@/lib/http/schemas';
import { WEBHOOK_EVENT_TYPES } from '@/lib/events/catalogue';

export const WebhookEventTypeSchema = z.enum(WEBHOOK_EVENT_TYPES as [string, ...string[]]);

export const CreateWebhookEndpointInput = z
  .strictObject({
    url: z
      .string()
      .trim()
      .min(1)
      .max(2000)
      .describe('https (or http) URL of a public address; private addresses are refused.'),
    events: z.array(WebhookEventTypeSchema).min(1).max(WEBHOOK_EVENT_TYPES.length),
    description: z.string().trim().max(200).nullable().optional(),
  })
  .meta({ id: 'CreateWebhookEndpointInput' });
export type CreateWebhookEndpointInput = z.infer<typeof CreateWebhookEndpointInput>;

export const UpdateWebhookEndpointInput = z
  .strictObject({
    enabled: z.boolean().optional().describe('true re-enables a disabled endpoint (its failure count restarts).'),
    events: z.array(WebhookEventTypeSchema).min(1).max(WEBHOOK_EVENT_TYPES.length).optional(),
    description: z.string().trim().max(200).nullable().optional(),
  })
  .meta({ id: 'UpdateWebhookEndpointInput' });

export const WebhookEndpoint = z
  .object({
    id: Uuid,
    url: z.string(),
    description: z.string().nullable(),
    events: z.array(z.string()),
    secret_prefix: z.string().describe('The start of the signing secret, to tell endpoints apart.'),
    enabled: z.boolean(),
    disabled_at: DateTime.nullable(),
    disabled_reason: z.string().nullable(),
    consecutive_failures: z.number().int(),
    created_at: DateTime,
  })
  .meta({ id: 'WebhookEndpoint' });

export const WebhookDelivery = z
  .object({
    id: Uuid,
    endpoint_id: Uuid,
    event_id: Uuid.describe('Also the webhook-id header: the same on every attempt, for deduplication.'),
    event_type: z.string(),
    request_body: z
      .string()
      .describe('The JSON body sent (a WebhookPayload), the same on every attempt; each attempt signs it afresh.'),
    status: z.enum(['pending', 'succeeded', 'failed']),
    attempts: z.number().int(),
    next_attempt_at: DateTime.nullable(),
    last_attempt_at: DateTime.nullable(),
    response_status: z.number().int().nullable(),
    response_body: z.string().nullable().describe('The start of the receiver answer (2000 characters).'),
    error: z.string().nullable(),
    delivered_at: DateTime.nullable(),
    created_at: DateTime,
  })
  .meta({ id: 'WebhookDelivery' });

/** What a receiver gets: the POST body of every delivery. */
export const WebhookPayload = z
  .object({
    id: Uuid.describe('The event id (= webhook-id header); deduplicate on it: delivery is at least once.'),
    type: WebhookEventTypeSchema,
    timestamp: DateTime.describe('When the event happened.'),
    workspace_id: Uuid,
    data: z.record(z.string(), z.unknown()),
  })
  .meta({ id: 'WebhookPayload' });

// The API's response shapes (routes under /api/workspace/webhooks take them from here).
export const WebhookEndpointResponse = z.object({ data: WebhookEndpoint });
export const WebhookEndpointListResponse = z.object({ data: z.array(WebhookEndpoint) });
/** The endpoint as created: the only answer that shows its signing secret. */
export const WebhookEndpointCreatedResponse = z.object({ data: WebhookEndpoint.extend({ secret: z.string() }) });
export const WebhookEndpointDeletedResponse = z.object({ data: z.object({ id: Uuid, deleted: z.literal(true) }) });
export const WebhookDeliveryResponse = z.object({ data: WebhookDelivery });
export const WebhookDeliveryListResponse = z.object({ data: z.array(WebhookDelivery) });
