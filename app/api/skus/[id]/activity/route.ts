import { defineRoute, IdParams, json, routeMethods } from '@/lib/http';
import { listSkuActivity } from '@/lib/skus/activity';
import { SkuActivityPage, SkuActivityQuery } from '@/lib/skus/schemas';

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
  query: SkuActivityQuery,
  responses: {
    200: {
      description: 'Events, newest first.',
      schema: SkuActivityPage,
    },
  },
  handler: async ({ db, auth, params, query }) =>
    json(await listSkuActivity(db, { workspaceId: auth.workspace.id, skuId: params.id, q: query })),
});

export const { GET, POST, PUT, PATCH, DELETE } = routeMethods(get);
