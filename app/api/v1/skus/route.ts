import { defineRoute, json, routeMethods } from '@/lib/http';
import { ListSkusQuery, V1Sku, V1SkuPage } from '@/lib/skus/schemas';
import { listSkus } from '@/lib/skus/list';

// GET /api/v1/skus – the versioned Bearer listing: a fixed, documented item shape.
const list = defineRoute({
  method: 'GET',
  path: '/api/v1/skus',
  operationId: 'listSkusV1',
  summary: 'List SKUs (v1, Bearer)',
  description:
    'Stable shape: { data: V1Sku[], has_more, next_cursor }. Same paging and filters as GET /api/skus. Requires scope skus:read.',
  tags: ['v1'],
  stability: 'stable',
  auth: 'bearer',
  scope: 'skus:read',
  query: ListSkusQuery,
  responses: {
    200: {
      description: 'A page of SKUs.',
      schema: V1SkuPage,
    },
  },
  handler: async ({ db, auth, query }) => {
    const page = await listSkus(db, { workspaceId: auth.workspace.id, q: query });
    const keys = Object.keys(V1Sku.shape) as (keyof V1Sku)[];
    const data = page.data.map((s) =>
      Object.fromEntries(keys.map((k) => [k, (s as Record<string, unknown>)[k] ?? null])),
    );
    return json({ data, has_more: page.has_more, next_cursor: page.next_cursor });
  },
});

export const { GET, POST, PUT, PATCH, DELETE } = routeMethods(list);
