import { defineRoute, IdParams, json, routeMethods } from '@/lib/http';
import { editNotice } from '@/lib/recalls/cases';
import { EditNoticeInput, RecallCaseResponse } from '@/lib/recalls/schemas';

// PUT /api/recalls/cases/{id}/notice – edit the notice in one language before it is published.
const put = defineRoute({
  method: 'PUT',
  path: '/api/recalls/cases/{id}/notice',
  operationId: 'editRecallNotice',
  summary: 'Edit the recall notice in one language',
  description:
    'Until the notice is published (409 INVALID_STATE after, and on a closed case). Audited as recall.notice_edited with the wording warnings.',
  tags: ['Market watch'],
  stability: 'preview',
  auth: 'session',
  params: IdParams,
  body: EditNoticeInput,
  errors: [409],
  responses: { 200: { description: 'Edited.', schema: RecallCaseResponse } },
  handler: async ({ db, auth, actor, params, body }) =>
    json({ data: await editNotice(db, { workspaceId: auth.workspace.id, actor, id: params.id, ...body }) }),
});

export const { GET, POST, PUT, PATCH, DELETE } = routeMethods(put);
