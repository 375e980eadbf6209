import { z } from 'zod';
import { defineRoute, json, routeMethods } from '@/lib/http';
import { getDashboard } from '@/lib/skus/dashboard';

const Dashboard = z
  .object({
    totals: z.object({ skus: z.number().int(), published: z.number().int(), approved: z.number().int(), blocked: z.number().int(), needs_review: z.number().int(), ready_for_approval: z.number().int() }),
    by_status: z.array(z.object({ status: z.string(), count: z.number().int() })),
    top_blockers: z.array(z.object({ code: z.string(), count: z.number().int(), example_message: z.string() })),
  })
  .meta({ id: 'Dashboard' });

// GET /api/dashboard – readiness of the workspace: SKUs by status, the most frequent open blockers.
const get = defineRoute({
  method: 'GET',
  path: '/api/dashboard',
  operationId: 'getDashboard',
  summary: 'Readiness dashboard',
  description: 'totals.approved counts approved SKUs whether published or not; by_status has one entry per status.',
  tags: ['SKUs'],
  stability: 'preview',
  auth: 'session',
  responses: { 200: { description: 'Figures.', schema: Dashboard } },
  handler: async ({ db, auth }) => json(await getDashboard(db, auth.workspace.id)),
});

export const { GET, POST, PUT, PATCH, DELETE } = routeMethods(get);
