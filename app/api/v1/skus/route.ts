import { z } from 'zod';
import { defineRoute, json, routeMethods } from '@/lib/http';
import { ListSkusQuery } from '@/lib/skus/schemas';
import { listSkus } from '@/lib/skus/service';

const V1Sku = z
  .strictObject({
    id: z.string(),
    sku_code: z.string(),
    product_name: z.string(),
    gtin: z.string().nullable(),
    category_code: z.string(),
    external_sku_id: z.string().nullable(),
    status: z.string(),
    review_state: z.string(),
    approval_state: z.string(),
    blocker_count: z.number().int(),
    warning_count: z.number().int(),
    public_id: z.string().nullable(),
    published_revision: z.number().int().nullable(),
    created_at: z.string(),
    updated_at: z.string(),
  })
  .meta({ id: 'V1Sku' });

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
      schema: z.object({ data: z.array(V1Sku), has_more: z.boolean(), next_cursor: z.string().nullable() }),
    },
  },
  handler: async ({ db, auth, query }) => {
    const page = await listSkus(db, auth.workspace.id, query);
    const keys = Object.keys(V1Sku.shape) as (keyof z.infer<typeof V1Sku>)[];
    const data = page.data.map((s) =>
      Object.fromEntries(keys.map((k) => [k, (s as Record<string, unknown>)[k] ?? null])),
    );
    return json({ data, has_more: page.has_more, next_cursor: page.next_cursor });
  },
});

export const { GET, POST, PUT, PATCH, DELETE } = routeMethods(list);
