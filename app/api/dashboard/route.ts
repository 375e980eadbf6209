import { defineRoute, json, routeMethods } from '@/lib/http';
import { getDashboard } from '@/lib/skus/dashboard';
import { Dashboard } from '@/lib/skus/schemas';

// GET /api/dashboard – readiness of the workspace: SKUs by status, the most frequent open blockers.
const get = defineRoute({
  method: 'GET',
  path: '/api/dashboard',
  operationId: 'getDashboard',
  summary: 'Readiness dashboard',
  description: 'totals.approved counts approved SKUs whether published or not; by_status has one entry per status.',
  tags: ['SKUs'],
  stability: 'preview',
  auth: 'either',
  scope: 'skus:read',
  responses: { 200: { description: 'Figures.', schema: Dashboard } },
  handler: async ({ db, auth }) => json(await getDashboard(db, { workspaceId: auth.workspace.id })),
});

export const { GET, POST, PUT, PATCH, DELETE } = routeMethods(get);
