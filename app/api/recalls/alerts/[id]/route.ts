import { defineRoute, IdParams, json, routeMethods } from '@/lib/http';
import { getAlert } from '@/lib/recalls/matches';
import { RecallAlertResponse } from '@/lib/recalls/schemas';

// GET /api/recalls/alerts/{id} – one alert with its evidence (pictures, risk, measures).
const get = defineRoute({
  method: 'GET',
  path: '/api/recalls/alerts/{id}',
  operationId: 'getRecallAlert',
  summary: 'Get a recall alert',
  tags: ['Market watch'],
  stability: 'preview',
  auth: 'either',
  scope: 'recalls:read',
  params: IdParams,
  responses: { 200: { description: 'The alert.', schema: RecallAlertResponse } },
  handler: async ({ db, auth, params }) =>
    json({ data: await getAlert(db, { workspaceId: auth.workspace.id, id: params.id }) }),
});

export const { GET, POST, PUT, PATCH, DELETE } = routeMethods(get);
