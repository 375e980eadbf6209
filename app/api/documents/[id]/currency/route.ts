import { getDocumentCurrency } from '@/lib/currency/service';
import { DocumentCurrencySchema } from '@/lib/currency/schemas';
import { defineRoute, IdParams, json, routeMethods } from '@/lib/http';

// GET /api/documents/{id}/currency – the day the document stops proving compliance, why, and its findings.
const get = defineRoute({
  method: 'GET',
  path: '/api/documents/{id}/currency',
  operationId: 'getDocumentCurrency',
  summary: "Read a document's evidence currency",
  description:
    'Evaluated now against the current data: the earliest day the document stops proving compliance (its own validity, or the date of cessation of a harmonised standard it cites) with the reason, every known end, the findings, and what was not checked.',
  tags: ['Currency'],
  stability: 'preview',
  auth: 'either',
  scope: 'documents:read',
  params: IdParams,
  responses: { 200: { description: "The document's currency.", schema: DocumentCurrencySchema } },
  handler: async ({ db, auth, params }) =>
    json(await getDocumentCurrency(db, { workspaceId: auth.workspace.id, documentId: params.id })),
});

export const { GET, POST, PUT, PATCH, DELETE } = routeMethods(get);
