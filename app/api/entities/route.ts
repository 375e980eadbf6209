import { z } from 'zod';
import { createEntity, listEntities } from '@/lib/entities/service';
import { Entity, EntityInput } from '@/lib/entities/schemas';
import { defineRoute, json, routeMethods } from '@/lib/http';

// GET /api/entities?q= – the workspace's economic operators (manufacturers, importers, responsible persons).
const list = defineRoute({
  method: 'GET',
  path: '/api/entities',
  operationId: 'listEntities',
  summary: 'List entities',
  description: 'Ordered by name; q searches name, email and city. At most 500.',
  tags: ['Entities'],
  stability: 'preview',
  auth: 'session',
  query: z.object({ q: z.string().max(200).optional() }),
  responses: { 200: { description: 'Entities with the number of SKUs linked to each.', schema: z.object({ data: z.array(Entity) }) } },
  handler: async ({ db, auth, query }) => json({ data: await listEntities(db, auth.workspace.id, { q: query.q }) }),
});

// POST /api/entities – create an entity; EU establishment is derived from its country.
const create = defineRoute({
  method: 'POST',
  path: '/api/entities',
  operationId: 'createEntity',
  summary: 'Create an entity',
  tags: ['Entities'],
  stability: 'preview',
  auth: 'session',
  body: EntityInput,
  idempotent: true,
  errors: [409],
  responses: { 201: { description: 'Created.', schema: z.object({ entity: Entity }) } },
  handler: async ({ db, auth, actor, body }) => json({ entity: await createEntity(db, { workspaceId: auth.workspace.id, actor, input: body }) }, 201),
});

export const { GET, POST, PUT, PATCH, DELETE } = routeMethods(list, create);
