import { deleteEntity, updateEntity } from '@/lib/entities/service';
import { EntityDeletedResponse, EntityDetail, EntityPatch, EntityResponse } from '@/lib/entities/schemas';
import { entityWithUsage } from '@/lib/entities/usage';
import { defineRoute, IdParams, json, routeMethods } from '@/lib/http';

// GET /api/entities/{id}
const get = defineRoute({
  method: 'GET',
  path: '/api/entities/{id}',
  operationId: 'getEntity',
  summary: 'Read an entity',
  tags: ['Entities'],
  stability: 'preview',
  auth: 'either',
  scope: 'entities:read',
  params: IdParams,
  responses: {
    200: {
      description: 'The entity with its roles and the SKUs linked to it (each with the role it holds there).',
      schema: EntityDetail,
    },
  },
  handler: async ({ db, auth, params }) =>
    json(await entityWithUsage(db, { workspaceId: auth.workspace.id, id: params.id })),
});

// PATCH /api/entities/{id} – edit; every SKU it is linked to is re-evaluated (and loses its approval).
const patch = defineRoute({
  method: 'PATCH',
  path: '/api/entities/{id}',
  operationId: 'updateEntity',
  summary: 'Update an entity',
  tags: ['Entities'],
  stability: 'preview',
  auth: 'either',
  scope: 'skus:write',
  params: IdParams,
  body: EntityPatch,
  errors: [422],
  responses: { 200: { description: 'Updated.', schema: EntityResponse } },
  handler: async ({ db, auth, actor, params, body }) =>
    json({ entity: await updateEntity(db, { workspaceId: auth.workspace.id, actor, id: params.id, patch: body }) }),
});

// DELETE /api/entities/{id} – 409 ENTITY_IN_USE while linked to a SKU.
const del = defineRoute({
  method: 'DELETE',
  path: '/api/entities/{id}',
  operationId: 'deleteEntity',
  summary: 'Delete an entity',
  tags: ['Entities'],
  stability: 'preview',
  auth: 'session',
  params: IdParams,
  errors: [409],
  responses: { 200: { description: 'Deleted.', schema: EntityDeletedResponse } },
  handler: async ({ db, auth, params }) =>
    json(await deleteEntity(db, { workspaceId: auth.workspace.id, id: params.id })),
});

export const { GET, POST, PUT, PATCH, DELETE } = routeMethods(get, patch, del);
