import { defineRoute, json, routeMethods } from '@/lib/http';
import { DraftInput, DraftResponse } from '@/lib/outreach/schemas';
import { draftEmail } from '@/lib/outreach/draft';

// POST /api/supplier-email/draft – the outreach mail for what the SKU is missing (nothing is sent).
const post = defineRoute({
  method: 'POST',
  path: '/api/supplier-email/draft',
  operationId: 'draftSupplierEmail',
  summary: 'Draft a supplier request',
  description:
    "Builds the request mail from the SKU's open blockers a supplier can resolve: missing documents by type with the standards or directives they must cite, missing fields by name. The language is `locale`, else the supplier's country (de, fr, es, it; otherwise en). Addressed to `to`, else the entity given, else the linked manufacturer's (then importer's) email. The body holds {upload_link} where the upload link goes once sent. 422 NOTHING_TO_REQUEST when no such blocker is open.",
  tags: ['Supplier email'],
  stability: 'stable',
  auth: 'either',
  scope: 'outreach:write',
  body: DraftInput,
  errors: [422],
  responses: { 200: { description: 'The draft.', schema: DraftResponse } },
  handler: async ({ db, auth, body }) =>
    json({ draft: await draftEmail(db, { workspaceId: auth.workspace.id, input: body }) }),
});

export const { GET, POST, PUT, PATCH, DELETE } = routeMethods(post);
