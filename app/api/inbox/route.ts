import { defineRoute, json, routeMethods } from '@/lib/http';
import { myWork } from '@/lib/team/inbox';
import { MyWork } from '@/lib/team/schemas';

// GET /api/inbox – "My work": what waits for the caller in the active workspace.
const get = defineRoute({
  method: 'GET',
  path: '/api/inbox',
  operationId: 'getMyWork',
  summary: 'My work',
  tags: ['Team'],
  stability: 'preview',
  auth: 'session',
  responses: {
    200: {
      description: 'Assigned SKUs, reviews to complete, approvals to give, supplier replies, mentions.',
      schema: MyWork,
    },
  },
  handler: async ({ db, auth }) =>
    json(await myWork(db, { workspaceId: auth.workspace.id, userId: auth.user.id, role: auth.role })),
});

export const { GET, POST, PUT, PATCH, DELETE } = routeMethods(get);
