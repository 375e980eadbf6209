import { skuEntityLinks } from '@/lib/entities/service';
import { SkuEntityLinks } from '@/lib/entities/schemas';
import { defineRoute, IdParams, json, routeMethods } from '@/lib/http';
import { getSkuRow } from '@/lib/skus/service';

// GET /api/skus/{id}/entities – the entity linked in each role.
const get = defineRoute({
  method: 'GET',
  path: '/api/skus/{id}/entities',
  operationId: 'listSkuEntities',
  summary: 'Entities linked to a SKU',
  tags: ['Entities'],
  stability: 'preview',
  auth: 'either',
  scope: 'entities:read',
  params: IdParams,
  responses: {
    200: {
      description: 'One link per role.',
      schema: SkuEntityLinks,
    },
  },
  handler: async ({ db, auth, params }) => {
    await getSkuRow(db, { workspaceId: auth.workspace.id, id: params.id });
    return json({ links: await skuEntityLinks(db, { workspaceId: auth.workspace.id, skuId: params.id }) });
  },
});

export const { GET, POST, PUT, PATCH, DELETE } = routeMethods(get);
