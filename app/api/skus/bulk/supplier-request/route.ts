import { defineRoute, json, routeMethods } from '@/lib/http';
import { bulkSendRequests } from '@/lib/outreach/bulk';
import { BulkSendInput, BulkSendResult } from '@/lib/outreach/schemas';
import { uiLocaleFromCookies } from '@/lib/outreach/attention';

// POST /api/skus/bulk/supplier-request – supplier requests for the selected SKUs, one mail per supplier.
const post = defineRoute({
  method: 'POST',
  path: '/api/skus/bulk/supplier-request',
  operationId: 'bulkRequestFromSupplier',
  summary: 'Request missing documents from suppliers for several SKUs',
  description:
    "ids: 1 to 100 SKUs of the workspace, or filter: every SKU the list shows for those filters (at most 500, else 422 SELECTION_TOO_LARGE); 404 NOT_FOUND with details.missing_ids when any is not one (nothing is sent), 404 when entity_id is not an entity of the workspace. Each SKU gets its own request (upload link, status, reminders) for its open items (all, or those of `items` it has open), addressed to `to`, else the entity's email, else its manufacturer's (then importer's). SKUs going to the same address in the same language are listed in one mail. One result per SKU: ok, or NOTHING_TO_REQUEST, NO_RECIPIENT, EMAIL_DELIVERY_FAILED (the request is kept as failed). dry_run returns the mails with {upload_link} placeholders and every open item; nothing is stored or sent. With Idempotency-Key a retry replays the answer and sends nothing. 503 EMAIL_NOT_CONFIGURED without a mail provider.",
  tags: ['Supplier email'],
  stability: 'preview',
  auth: 'either',
  scope: 'outreach:write',
  body: BulkSendInput,
  dryRun: true,
  idempotent: true,
  errors: [422, 503],
  responses: { 200: { description: 'One result per SKU and the mails sent.', schema: BulkSendResult } },
  handler: async ({ db, auth, actor, body, dryRun, req }) => {
    const replyTo = auth.kind === 'session' ? auth.user.email : null;
    const managerLocale = auth.kind === 'session' ? uiLocaleFromCookies(req.headers.get('cookie')) : null;
    return json(
      await bulkSendRequests(db, {
        workspaceId: auth.workspace.id,
        actor,
        replyTo,
        managerLocale,
        input: body,
        dryRun,
      }),
    );
  },
});

export const { GET, POST, PUT, PATCH, DELETE } = routeMethods(post);
