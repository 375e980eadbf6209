import { z } from 'zod';
import { defineRoute, IdParams, json, routeMethods } from '@/lib/http';
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
  responses: { 200: { description: 'Deleted.', schema: z.object({ success: z.boolean(), deleted_id: z.string() }) } },
  handler: async ({ db, auth, actor, params }) =>
    json(await deleteView(db, { workspaceId: auth.workspace.id, actor, id: params.id })),
});

export const { GET, POST, PUT, PATCH, DELETE } = routeMethods(remove);
