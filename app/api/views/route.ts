import { defineRoute, json, routeMethods } from '@/lib/http';
import { CreateSavedViewInput, SavedViewListResponse, SavedViewResponse } from '@/lib/skus/schemas';
import { createView, listViews } from '@/lib/skus/views';

// GET /api/views – saved views of the SKU table.
const list = defineRoute({
  method: 'GET',
  path: '/api/views',
  operationId: 'listSavedViews',
  summary: 'List saved SKU views',
  tags: ['Views'],
  stability: 'preview',
  auth: 'either',
  scope: 'skus:read',
  responses: { 200: { description: 'The views, by name.', schema: SavedViewListResponse } },
  handler: async ({ db, auth }) => json({ data: await listViews(db, { workspaceId: auth.workspace.id }) }),
});

// POST /api/views – save the SKU table's filters under a name.
const create = defineRoute({
  method: 'POST',
  path: '/api/views',
  operationId: 'createSavedView',
  summary: 'Save a SKU view',
  description:
    'filters: q, status (array), has_blockers, category_code, sort, as GET /api/skus takes them. 409 CONFLICT when the name is taken.',
  tags: ['Views'],
  stability: 'preview',
  auth: 'session',
  body: CreateSavedViewInput,
  idempotent: true,
  errors: [409],
  responses: { 201: { description: 'Created.', schema: SavedViewResponse } },
  handler: async ({ db, auth, actor, body }) =>
    json({ view: await createView(db, { workspaceId: auth.workspace.id, actor, input: body }) }, 201),
});

export const { GET, POST, PUT, PATCH, DELETE } = routeMethods(list, create);
