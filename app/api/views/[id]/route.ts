import { defineRoute, IdParams, json, routeMethods } from '@/lib/http';
import { SavedViewDeletedResponse } from '@/lib/skus/schemas';
import { deleteView } from '@/lib/skus/views';

// DELETE /api/views/{id} – remove a saved view (runs that used it keep their record).
const remove = defineRoute({
  method: 'DELETE',
  path: '/api/views/{id}',
  operationId: 'deleteSavedView',
  summary: 'Delete a saved SKU view',
  tags: ['Views'],
  stability: 'preview',
  auth: 'session',
  params: IdParams,
  responses: { 200: { description: 'Deleted.', schema: SavedViewDeletedResponse } },
  handler: async ({ db, auth, actor, params }) =>
    json(await deleteView(db, { workspaceId: auth.workspace.id, actor, id: params.id })),
});

export const { GET, POST, PUT, PATCH, DELETE } = routeMethods(remove);
