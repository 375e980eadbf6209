import { listMergesInto } from '@/lib/entities/merge';
import { EntityMergeListResponse } from '@/lib/entities/schemas';
import { defineRoute, IdParams, json, routeMethods } from '@/lib/http';

// GET /api/entities/{id}/merges – the merges into this entity, newest first (at most 50).
const get = defineRoute({
  method: 'GET',
  path: '/api/entities/{id}/merges',
  operationId: 'listEntityMerges',
  summary: 'List merges into an entity',
  tags: ['Entities'],
  stability: 'preview',
  auth: 'either',
  scope: 'entities:read',
  params: IdParams,
  responses: { 200: { description: 'Merges, newest first.', schema: EntityMergeListResponse } },
  handler: async ({ db, auth, params }) =>
    json({ data: await listMergesInto(db, { workspaceId: auth.workspace.id, survivorId: params.id }) }),
});

export const { GET, POST, PUT, PATCH, DELETE } = routeMethods(get);
