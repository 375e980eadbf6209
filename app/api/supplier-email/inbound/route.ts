import { defineRoute, json, routeMethods } from '@/lib/http';
import { readBodyLimited } from '@/lib/http/body';
import { checkInboundSecret, receiveInboundMail } from '@/lib/outreach/inbound';
import { SupplierReplyReceived } from '@/lib/outreach/upload-schemas';

/** A reply with attachments, base64 in MIME: 20 MB of files take about 27 MB. */
const MAX_MIME_BYTES = 40 * 1024 * 1024;

// POST /api/supplier-email/inbound – a supplier's reply, as raw MIME from the mail provider's webhook.
const post = defineRoute({
  method: 'POST',
  path: '/api/supplier-email/inbound',
  operationId: 'receiveSupplierReply',
  summary: 'Receive a supplier reply (inbound mail webhook)',
  description:
    "Body: the raw RFC 5322 message (message/rfc822 or text/plain), at most 40 MB. Header X-Webhook-Secret: the INBOUND_EMAIL_SECRET setting; without it 401 and nothing happens. Matched by In-Reply-To/References (the request's or a reminder's Message-ID), else by an upload link in the text; unmatched is 422 INBOUND_UNMATCHED, a closed request 409 INVALID_STATE, both without side effects. Attachments are stored like uploads through the link; the reply text (quoted part removed) goes on the timeline. A redelivered message (same Message-ID) is recorded once. A reply from an address that is not the request's recipient or cc (or of their domain, shared mailbox providers excepted) is held: recorded on the timeline as reply_held (data.held_id) for the manager, nothing attached and the request unchanged until the manager releases it (POST /api/supplier-email/requests/{id}/held-replies/{heldId}, taken in as a normal reply) or dismisses it.",
  tags: ['Supplier email'],
  stability: 'preview',
  auth: 'none',
  rawBody: { mediaTypes: ['message/rfc822', 'text/plain'] },
  maxBodyBytes: MAX_MIME_BYTES,
  rateLimit: 'parse',
  errors: [409, 413, 422],
  responses: {
    200: {
      description: 'Matched and stored.',
      schema: SupplierReplyReceived,
    },
  },
  handler: async ({ db, req }) => {
    checkInboundSecret(req.headers.get('x-webhook-secret'));
    return json(await receiveInboundMail(db, { raw: await readBodyLimited(req, MAX_MIME_BYTES) }));
  },
});

export const { GET, POST, PUT, PATCH, DELETE } = routeMethods(post);
