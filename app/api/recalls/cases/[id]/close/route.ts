import { defineRoute, IdParams, json, routeMethods } from '@/lib/http';
import { closeCase } from '@/lib/recalls/cases';
import { CloseRecallCaseInput, RecallCaseResponse } from '@/lib/recalls/schemas';

// POST /api/recalls/cases/{id}/close – close the case with its outcome.
const post = defineRoute({
  method: 'POST',
  path: '/api/recalls/cases/{id}/close',
  operationId: 'closeRecallCase',
  summary: 'Close a recall case',
  description:
    'outcome says what was done and with what effect; market_status optionally sets the SKUs’ market status (e.g. on_market after a ' +
    'corrected batch). Reviewers and up; audited as recall.case_closed. 409 INVALID_STATE on a closed case.',
  tags: ['Market watch'],
  stability: 'preview',
  auth: 'session',
  params: IdParams,
  body: CloseRecallCaseInput,
  errors: [409],
  responses: { 200: { description: 'Closed.', schema: RecallCaseResponse } },
  handler: async ({ db, auth, actor, params, body }) =>
    json({ data: await closeCase(db, { workspaceId: auth.workspace.id, actor, id: params.id, ...body }) }),
});

export const { GET, POST, PUT, PATCH, DELETE } = routeMethods(post);
