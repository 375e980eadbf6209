import { listCurrencyFindings } from '@/lib/currency/service';
import { CurrencyFindingListSchema, CurrencyFindingsQuery } from '@/lib/currency/schemas';
import { defineRoute, json, routeMethods } from '@/lib/http';

// GET /api/currency/findings – what the daily evidence-currency check found, newest first.
const get = defineRoute({
  method: 'GET',
  path: '/api/currency/findings',
  operationId: 'listCurrencyFindings',
  summary: 'List evidence-currency findings',
  description:
    'Findings of the daily re-evaluation of the workspace documents against the Official Journal lists of harmonised standards and the NANDO list of notified bodies (superseded editions past their date of cessation, unknown notified bodies, bodies not notified for the act cited). status=open (default) lists current findings; raised_at is when a finding was first found (or found again).',
  tags: ['Currency'],
  stability: 'preview',
  auth: 'either',
  scope: 'documents:read',
  query: CurrencyFindingsQuery,
  responses: { 200: { description: 'One page of findings.', schema: CurrencyFindingListSchema } },
  handler: async ({ db, auth, query }) =>
    json(
      await listCurrencyFindings(db, {
        workspaceId: auth.workspace.id,
        documentId: query.document_id,
        status: query.status,
        severity: query.severity,
        cursor: query.cursor,
        limit: query.limit,
      }),
    ),
});

export const { GET, POST, PUT, PATCH, DELETE } = routeMethods(get);
