import { mergeEntities } from '@/lib/entities/merge';
import { EntityMergeResult, MergeEntityInput } from '@/lib/entities/schemas';
import { defineRoute, IdParams, json, routeMethods } from '@/lib/http';

// POST /api/entities/{id}/merge – the duplicate's links and provenance move to this entity; undo via the merge id.
const post = defineRoute({
  method: 'POST',
  path: '/api/entities/{id}/merge',
  operationId: 'mergeEntity',
  summary: 'Merge a duplicate into this entity',
  description:
    'Moves every SKU link, dossier provenance, import candidate and supplier request of duplicate_id to this entity, fills its empty contact fields from the duplicate, deletes the duplicate and records an audit event. POST /api/entity-merges/{id}/undo reverses it. 409 ENTITY_MERGE_CONFLICT when the duplicate was already merged; 422 ENTITY_NOT_ESTABLISHED_IN_EU when this entity would become an EU responsible person outside the EU.',
  tags: ['Entities'],
  stability: 'preview',
  auth: 'session',
  params: IdParams,
  body: MergeEntityInput,
  errors: [409, 422],
  responses: {
    200: { description: 'Merged.', schema: EntityMergeResult },
  },
  handler: async ({ db, auth, actor, params, body }) =>
    json(
      await mergeEntities(db, {
        workspaceId: auth.workspace.id,
        actor,
        survivorId: params.id,
        duplicateId: body.duplicate_id,
      }),
    ),
});

export const { GET, POST, PUT, PATCH, DELETE } = routeMethods(post);
