import { defineRoute, IdParams, json, routeMethods } from '@/lib/http';
import { getCase } from '@/lib/recalls/cases';
import { RecallCaseResponse } from '@/lib/recalls/schemas';

// GET /api/recalls/cases/{id}
const get = defineRoute({
  method: 'GET',
  path: '/api/recalls/cases/{id}',
  operationId: 'getRecallCase',
  summary: 'Get a recall case',
  description:
    'The case with its SKUs (batches, market status), the alert, the notice per language (with the wording warnings of GPSR Art. 36(3)) and the outcome.',
  tags: ['Market watch'],
  stability: 'preview',
  auth: 'either',
  scope: 'recalls:read',
  params: IdParams,
  responses: { 200: { description: 'The case.', schema: RecallCaseResponse } },
  handler: async ({ db, auth, params }) =>
    json({ data: await getCase(db, { workspaceId: auth.workspace.id, id: params.id }) }),
});

export const { GET, POST, PUT, PATCH, DELETE } = routeMethods(get);
