import { z } from 'zod';
import { defineRoute, IdParams, json, routeMethods } from '@/lib/http';
import { listSkuActivity } from '@/lib/skus/activity';
import { SkuActivityEvent } from '@/lib/skus/schemas';

// GET /api/skus/{id}/activity – the SKU's audit events, newest first.
const get = defineRoute({
  method: 'GET',
  path: '/api/skus/{id}/activity',
  operationId: 'listSkuActivity',
  summary: 'Activity of a SKU',
  tags: ['SKUs'],
  stability: 'preview',
  auth: 'either',
  scope: 'skus:read',
  params: IdParams,
  query: z.object({
    limit: z.coerce.number().int().min(1).max(200).default(100),
    cursor: z.string().max(200).optional(),
  }),
  responses: {
    200: {
      description: 'Events, newest first.',
      schema: z.object({
        events: z.array(SkuActivityEvent),
        has_more: z.boolean(),
        next_cursor: z.string().nullable(),
      }),
    },
  },
  handler: async ({ db, auth, params, query }) => json(await listSkuActivity(db, auth.workspace.id, params.id, query)),
});

export const { GET, POST, PUT, PATCH, DELETE } = routeMethods(get);
