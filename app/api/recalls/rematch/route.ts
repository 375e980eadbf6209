import { defineRoute, json, routeMethods } from '@/lib/http';
import { rematchCatalogue } from '@/lib/recalls/jobs';
import { RematchResponse } from '@/lib/recalls/schemas';

// POST /api/recalls/rematch – match the whole catalogue against the last year of alerts now.
const rematch = defineRoute({
  method: 'POST',
  path: '/api/recalls/rematch',
  operationId: 'rematchRecallAlerts',
  summary: 'Match the catalogue against the last year of alerts',
  description:
    'What the hourly job does for new and changed SKUs, for the whole catalogue at once. Decided matches keep their decision.',
  tags: ['Market watch'],
  stability: 'preview',
  auth: 'session',
  responses: {
    200: { description: 'New matches made.', schema: RematchResponse },
  },
  handler: async ({ db, auth }) =>
    json({ data: { new_matches: await rematchCatalogue(db, { workspaceId: auth.workspace.id }) } }),
});

export const { GET, POST, PUT, PATCH, DELETE } = routeMethods(rematch);
