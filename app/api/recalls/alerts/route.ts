import { defineRoute, json, routeMethods } from '@/lib/http';
import { listAlerts } from '@/lib/recalls/matches';
import { RecallAlertListQuery, RecallAlertListResponse } from '@/lib/recalls/schemas';

// GET /api/recalls/alerts – alerts of the workspace's feeds, newest week first.
const list = defineRoute({
  method: 'GET',
  path: '/api/recalls/alerts',
  operationId: 'listRecallAlerts',
  summary: 'List recall alerts',
  tags: ['Market watch'],
  stability: 'preview',
  auth: 'either',
  scope: 'recalls:read',
  query: RecallAlertListQuery,
  responses: { 200: { description: 'Alerts.', schema: RecallAlertListResponse } },
  handler: async ({ db, auth, query }) =>
    json({ data: await listAlerts(db, { workspaceId: auth.workspace.id, q: query }) }),
});

export const { GET, POST, PUT, PATCH, DELETE } = routeMethods(list);
