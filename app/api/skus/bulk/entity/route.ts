import { defineRoute, json, routeMethods } from '@/lib/http';
import { BulkEntityInput, bulkLinkEntity } from '@/lib/entities/bulk-link';
import { BulkResult } from '@/lib/skus/bulk';

// POST /api/skus/bulk/entity – link one entity in a role to the selected SKUs.
const post = defineRoute({
  method: 'POST',
  path: '/api/skus/bulk/entity',
  operationId: 'bulkLinkSkuEntity',
  summary: 'Link an entity to several SKUs',
  description:
    'ids: 1 to 200 SKUs of the workspace, or filter: every SKU the list shows for those filters (at most 10,000, else 422 SELECTION_TOO_LARGE with details.count and details.max); all or nothing: 404 NOT_FOUND with details.missing_ids when any is not one, 404 when the entity is not (nothing is written). Replaces the entity of that role. A SKU whose link changes has its approval reset and its blockers re-evaluated; one audit event per changed SKU. 422 ENTITY_NOT_ESTABLISHED_IN_EU as for a single link.',
  tags: ['SKUs'],
  stability: 'preview',
  auth: 'either',
  scope: 'skus:write',
  body: BulkEntityInput,
  idempotent: true,
  errors: [422],
  responses: { 200: { description: 'What changed.', schema: BulkResult } },
  handler: async ({ db, auth, actor, body }) =>
    json(await bulkLinkEntity(db, { workspaceId: auth.workspace.id, actor, input: body })),
});

export const { GET, POST, PUT, PATCH, DELETE } = routeMethods(post);
