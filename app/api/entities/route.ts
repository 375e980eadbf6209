import { createEntity, listEntities } from '@/lib/entities/service';
import { EntityInput, EntityListQuery, EntityPage, EntityResponse } from '@/lib/entities/schemas';
import { defineRoute, json, routeMethods } from '@/lib/http';

// GET /api/entities?q= – the workspace's economic operators (manufacturers, importers, responsible persons), keyset-paged.
const list = defineRoute({
  method: 'GET',
  path: '/api/entities',
  operationId: 'listEntities',
  summary: 'List entities',
  description:
    'Ordered by name; q searches name, email and city. Pages of limit (default and most 500); next_cursor continues.',
  tags: ['Entities'],
  stability: 'preview',
  auth: 'either',
  scope: 'entities:read',
  query: EntityListQuery,
  responses: {
    200: {
      description: 'Entities with the number of SKUs linked to each.',
      schema: EntityPage,
    },
  },
  handler: async ({ db, auth, query }) => json(await listEntities(db, { workspaceId: auth.workspace.id, opts: query })),
});

// POST /api/entities – create an entity; EU establishment is derived from its country.
const create = defineRoute({
  method: 'POST',
  path: '/api/entities',
  operationId: 'createEntity',
  summary: 'Create an entity',
  tags: ['Entities'],
  stability: 'preview',
  auth: 'either',
  scope: 'skus:write',
  body: EntityInput,
  idempotent: true,
  errors: [409],
  responses: { 201: { description: 'Created.', schema: EntityResponse } },
  handler: async ({ db, auth, actor, body }) =>
    json({ entity: await createEntity(db, { workspaceId: auth.workspace.id, actor, input: body }) }, 201),
});

export const { GET, POST, PUT, PATCH, DELETE } = routeMethods(list, create);
