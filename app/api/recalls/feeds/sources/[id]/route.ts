import { defineRoute, IdParams, json, routeMethods } from '@/lib/http';
import { deleteFeedSource } from '@/lib/recalls/feeds';
import { FeedSourceDeletedResponse } from '@/lib/recalls/schemas';

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
      schema: FeedSourceDeletedResponse,
    },
  },
  handler: async ({ db, auth, actor, params }) =>
    json({ data: await deleteFeedSource(db, { workspaceId: auth.workspace.id, actor, id: params.id }) }),
});

export const { GET, POST, PUT, PATCH, DELETE } = routeMethods(del);
