import { defineRoute, json, routeMethods } from '@/lib/http';
import { SendDryRunResponse, SendInput, SupplierRequestResponse } from '@/lib/outreach/schemas';
import { sendRequest } from '@/lib/outreach/send';
import { uiLocaleFromCookies } from '@/lib/outreach/attention';

// POST /api/supplier-email/send – sends the request mail and records the request.
const post = defineRoute({
  method: 'POST',
  path: '/api/supplier-email/send',
  operationId: 'sendSupplierEmail',
  summary: 'Send a supplier request',
  description:
    "Sends one mail through SMTP (SMTP_*) or Resend (RESEND_API_KEY) from SMTP_FROM, with the signed-in user as Reply-To and a recorded Message-ID for threading. {upload_link} in the body becomes the request's upload link (appended when absent). With Idempotency-Key one mail is sent per key, even under concurrent retries. 502 EMAIL_DELIVERY_FAILED (retryable) when the mail server refuses: the request is kept with status failed (details.request_id). 503 EMAIL_NOT_CONFIGURED without a mail provider.",
  tags: ['Supplier email'],
  stability: 'stable',
  auth: 'either',
  scope: 'outreach:write',
  body: SendInput,
  dryRun: true,
  idempotent: true,
  errors: [409, 422, 502, 503],
  responses: {
    201: { description: 'Sent; the request with its timeline.', schema: SupplierRequestResponse },
    200: {
      description: 'dry_run: what would be sent; nothing is stored or sent.',
      schema: SendDryRunResponse,
    },
  },
  handler: async ({ db, auth, actor, body, dryRun, req }) => {
    const replyTo = auth.kind === 'session' ? auth.user.email : null;
    const managerLocale = auth.kind === 'session' ? uiLocaleFromCookies(req.headers.get('cookie')) : null;
    const out = await sendRequest(db, {
      workspaceId: auth.workspace.id,
      actor,
      replyTo,
      managerLocale,
      input: body,
      dryRun,
    });
    return json(out.body, out.status);
  },
});

export const { GET, POST, PUT, PATCH, DELETE } = routeMethods(post);
