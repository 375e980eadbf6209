import { defineRoute, IdParams, json, routeMethods } from '@/lib/http';
import { getMatch } from '@/lib/recalls/matches';
import { RecallMatchResponse } from '@/lib/recalls/schemas';

// GET /api/recalls/matches/{id}
const get = defineRoute({
  method: 'GET',
  path: '/api/recalls/matches/{id}',
  operationId: 'getRecallMatch',
  summary: 'Get a recall match',
  tags: ['Market watch'],
  stability: 'preview',
  auth: 'either',
  scope: 'recalls:read',
  params: IdParams,
  responses: { 200: { description: 'The match.', schema: RecallMatchResponse } },
  handler: async ({ db, auth, params }) =>
    json({ data: await getMatch(db, { workspaceId: auth.workspace.id, id: params.id }) }),
});

export const { GET, POST, PUT, PATCH, DELETE } = routeMethods(get);
