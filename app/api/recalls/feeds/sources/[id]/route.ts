import { z } from 'zod';
import { defineRoute, IdParams, json, routeMethods } from '@/lib/http';
import { deleteFeedSource } from '@/lib/recalls/feeds';

// DELETE /api/recalls/feeds/sources/{id} – stop reading a feed URL (its alerts stay).
const del = defineRoute({
  method: 'DELETE',
  path: '/api/recalls/feeds/sources/{id}',
  operationId: 'deleteRecallFeedSource',
  summary: 'Remove a recall feed URL',
  tags: ['Market watch'],
  stability: 'preview',
  auth: 'session',
  params: IdParams,
  responses: {
    200: {
      description: 'Removed.',
      schema: z.object({ data: z.object({ id: z.string(), deleted: z.literal(true) }) }),
    },
  },
  handler: async ({ db, auth, actor, params }) =>
    json({ data: await deleteFeedSource(db, { workspaceId: auth.workspace.id, actor, id: params.id }) }),
});

export const { GET, POST, PUT, PATCH, DELETE } = routeMethods(del);
