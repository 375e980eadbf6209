import { defineRoute, IdParams, json, routeMethods } from '@/lib/http';
import { decideMatch } from '@/lib/recalls/matches';
import { DecideMatchInput, RecallMatchResponse } from '@/lib/recalls/schemas';

// POST /api/recalls/matches/{id}/decision – confirm or dismiss, with the reason (audited).
const decide = defineRoute({
  method: 'POST',
  path: '/api/recalls/matches/{id}/decision',
  operationId: 'decideRecallMatch',
  summary: 'Confirm or dismiss a recall match',
  description:
    'decision confirm (the alert concerns this SKU) or dismiss (it does not), with the reason; audited as recall.match_confirmed / ' +
    'recall.match_dismissed. Decided once: 409 INVALID_STATE after. A dismissed match stays dismissed when the feed is read again. Reviewers and up.',
  tags: ['Market watch'],
  stability: 'preview',
  auth: 'session',
  params: IdParams,
  body: DecideMatchInput,
  idempotent: true,
  errors: [409],
  responses: { 200: { description: 'Decided.', schema: RecallMatchResponse } },
  handler: async ({ db, auth, actor, params, body }) =>
    json({ data: await decideMatch(db, { workspaceId: auth.workspace.id, actor, id: params.id, ...body }) }),
});

export const { GET, POST, PUT, PATCH, DELETE } = routeMethods(decide);
