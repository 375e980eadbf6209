import { defineRoute, json, routeMethods } from '@/lib/http';
import { CountSkusQuery, SkuCountResponse } from '@/lib/skus/schemas';
import { countListedSkus } from '@/lib/skus/list';

// GET /api/skus/count – how many SKUs the list shows for these filters.
const get = defineRoute({
  method: 'GET',
  path: '/api/skus/count',
  operationId: 'countSkus',
  summary: 'Count the SKUs matching the list filters',
  description:
    'The filters of GET /api/skus (q, status, has_blockers, category_code); the count of every SKU they match, for "select all matching" before a bulk action with `filter`.',
  tags: ['SKUs'],
  stability: 'preview',
  auth: 'either',
  scope: 'skus:read',
  query: CountSkusQuery,
  responses: { 200: { description: 'The count.', schema: SkuCountResponse } },
  handler: async ({ db, auth, query }) =>
    json({ count: await countListedSkus(db, { workspaceId: auth.workspace.id, q: query }) }),
});

export const { GET, POST, PUT, PATCH, DELETE } = routeMethods(get);
