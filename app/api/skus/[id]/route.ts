import { defineRoute, IdParams, json, routeMethods } from '@/lib/http';
import { SkuDeletedResponse, SkuDetail } from '@/lib/skus/schemas';
import { getSku } from '@/lib/skus/service';
import { deleteSku } from '@/lib/skus/delete';

// GET /api/skus/{id} – the SKU with its blockers and what can be done next.
const get = defineRoute({
  method: 'GET',
  path: '/api/skus/{id}',
  operationId: 'getSku',
  summary: 'Read a SKU',
  tags: ['SKUs'],
  stability: 'stable',
  auth: 'either',
  scope: 'skus:read',
  params: IdParams,
  responses: { 200: { description: 'The SKU.', schema: SkuDetail } },
  handler: async ({ db, auth, params }) => json(await getSku(db, { workspaceId: auth.workspace.id, id: params.id })),
});

// DELETE /api/skus/{id} – delete the SKU and its own records; its public page answers 410.
const del = defineRoute({
  method: 'DELETE',
  path: '/api/skus/{id}',
  operationId: 'deleteSku',
  summary: 'Delete a SKU',
  tags: ['SKUs'],
  stability: 'stable',
  auth: 'session',
  params: IdParams,
  responses: { 200: { description: 'Deleted.', schema: SkuDeletedResponse } },
  handler: async ({ db, auth, actor, params }) =>
    json(await deleteSku(db, { workspaceId: auth.workspace.id, actor, id: params.id })),
});

export const { GET, POST, PUT, PATCH, DELETE } = routeMethods(get, del);
