import { WEBHOOK_EVENTS } from '@/lib/events/catalogue';
import { WebhookPayload } from './schemas';

/** How deliveries work, once: the OpenAPI document, the endpoint list operation and /docs/webhooks say it. */
export const WEBHOOK_DOC =
  'Each event is POSTed as JSON ({id, type, timestamp, workspace_id, data}) to every enabled endpoint subscribed to its type, ' +
  'signed the Standard Webhooks way: headers webhook-id (the event id, the same on every attempt: deduplicate on it, delivery is at least once), ' +
  'webhook-timestamp (Unix seconds) and webhook-signature = "v1," + base64(HMAC-SHA256(key, `${webhook-id}.${webhook-timestamp}.${body}`)), ' +
  'where key is the base64 part of the endpoint secret after "whsec_". Reject timestamps more than 5 minutes from your clock. ' +
  'Answer 2xx within 10 s; anything else is retried after 1 min, 5 min, 30 min, 2 h, 6 h, 12 h and 24 h, then the delivery is failed ' +
  '(re-send it by hand). An endpoint that fails 25 attempts in a row is disabled and the workspace admins are mailed. ' +
  'Events are written to an outbox in the transaction of the change, so none is lost on a restart. Events: ' +
  Object.entries(WEBHOOK_EVENTS)
    .map(([k, v]) => `${k}: ${v}`)
    .join(' ');

/** The OpenAPI document's webhooks section (handed to the builder by the openapi.json route). */
export const WEBHOOKS_OPENAPI = { events: WEBHOOK_EVENTS, doc: WEBHOOK_DOC, payload: WebhookPayload };
