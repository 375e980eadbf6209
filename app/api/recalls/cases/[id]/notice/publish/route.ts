import { defineRoute, IdParams, json, routeMethods } from '@/lib/http';
import { publishNotice } from '@/lib/recalls/cases';
import { RecallCaseResponse } from '@/lib/recalls/schemas';

// POST /api/recalls/cases/{id}/notice/publish – the public pages of the case's SKUs show the notice.
const post = defineRoute({
  method: 'POST',
  path: '/api/recalls/cases/{id}/notice/publish',
  operationId: 'publishRecallNotice',
  summary: 'Publish the recall notice',
  description:
    'The SKUs’ public pages show the notice and /p/{public_id}/recall serves it. A language still holding the English fallback is refused ' +
    '(409 INVALID_STATE, details.missing_languages). Reviewers and up; audited as recall.notice_published.',
  tags: ['Market watch'],
  stability: 'preview',
  auth: 'session',
  params: IdParams,
  errors: [409],
  responses: { 200: { description: 'Published.', schema: RecallCaseResponse } },
  handler: async ({ db, auth, actor, params }) =>
    json({ data: await publishNotice(db, { workspaceId: auth.workspace.id, actor, id: params.id }) }),
});

export const { GET, POST, PUT, PATCH, DELETE } = routeMethods(post);
