import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { skuEntities } from '@/lib/db/schema';
import { deleteEntity, getEntityRow, serializeEntity, updateEntity } from '@/lib/entities/service';
import { Entity, EntityPatch } from '@/lib/entities/schemas';
import { defineRoute, IdParams, json, routeMethods, Uuid } from '@/lib/http';

// GET /api/entities/{id}
const get = defineRoute({
  method: 'GET',
  path: '/api/entities/{id}',
  operationId: 'getEntity',
  summary: 'Read an entity',
  tags: ['Entities'],
  stability: 'preview',
  auth: 'session',
  params: IdParams,
  responses: { 200: { description: 'The entity with its SKU count.', schema: z.object({ entity: Entity }) } },
  handler: async ({ db, auth, params }) => {
    const row = await getEntityRow(db, auth.workspace.id, params.id);
    const [{ n }] = await db.select({ n: sql<number>`count(*)::int` }).from(skuEntities).where(sql`${skuEntities.entityId} = ${row.id}`);
    return json({ entity: serializeEntity(row, Number(n)) });
  },
});

// PATCH /api/entities/{id} – edit; every SKU it is linked to is re-evaluated (and loses its approval).
const patch = defineRoute({
  method: 'PATCH',
  path: '/api/entities/{id}',
  operationId: 'updateEntity',
  summary: 'Update an entity',
  tags: ['Entities'],
  stability: 'preview',
  auth: 'session',
  params: IdParams,
  body: EntityPatch,
  responses: { 200: { description: 'Updated.', schema: z.object({ entity: Entity }) } },
  handler: async ({ db, auth, actor, params, body }) => json({ entity: await updateEntity(db, { workspaceId: auth.workspace.id, actor, id: params.id, patch: body }) }),
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
  responses: { 200: { description: 'Deleted.', schema: z.object({ deleted_id: Uuid }) } },
  handler: async ({ db, auth, params }) => json(await deleteEntity(db, { workspaceId: auth.workspace.id, id: params.id })),
});

export const { GET, POST, PUT, PATCH, DELETE } = routeMethods(get, patch, del);
