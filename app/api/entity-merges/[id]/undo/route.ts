import { undoMerge } from '@/lib/entities/merge';
import { EntityMergeUndone } from '@/lib/entities/schemas';
import { defineRoute, IdParams, json, routeMethods } from '@/lib/http';

// POST /api/entity-merges/{id}/undo – the merged entity returns with its id; its links move back.
const post = defineRoute({
  method: 'POST',
  path: '/api/entity-merges/{id}/undo',
  operationId: 'undoEntityMerge',
  summary: 'Undo an entity merge',
  description:
    'Restores the merged entity and moves back each link and provenance the merge moved that still points at the survivor. 409 ENTITY_MERGE_CONFLICT when already undone or when the survivor was merged away since.',
  tags: ['Entities'],
  stability: 'preview',
  auth: 'session',
  params: IdParams,
  errors: [409],
  responses: {
    200: {
      description: 'Undone.',
      schema: EntityMergeUndone,
    },
  },
  handler: async ({ db, auth, actor, params }) =>
    json(await undoMerge(db, { workspaceId: auth.workspace.id, actor, mergeId: params.id })),
});

export const { GET, POST, PUT, PATCH, DELETE } = routeMethods(post);
