import { defineRoute, json, routeMethods } from '@/lib/http';
import { BulkCategoryInput, BulkResult, bulkAssignCategory } from '@/lib/skus/bulk';

// POST /api/skus/bulk/category – assign one category to the selected SKUs.
const post = defineRoute({
  method: 'POST',
  path: '/api/skus/bulk/category',
  operationId: 'bulkAssignSkuCategory',
  summary: 'Assign a category to several SKUs',
  description:
    'ids: 1 to 200 SKUs of the workspace, or filter: every SKU the list shows for those filters (at most 10,000, else 422 SELECTION_TOO_LARGE with details.count and details.max); all or nothing: 404 NOT_FOUND with details.missing_ids when any is not one (nothing is written). A SKU whose category changes has its approval and completed review reset and its blockers re-evaluated; one audit event per changed SKU.',
  tags: ['SKUs'],
  stability: 'preview',
  auth: 'either',
  scope: 'skus:write',
  body: BulkCategoryInput,
  idempotent: true,
  errors: [422],
  responses: { 200: { description: 'What changed.', schema: BulkResult } },
  handler: async ({ db, auth, actor, body }) =>
    json(await bulkAssignCategory(db, { workspaceId: auth.workspace.id, actor, input: body })),
});

export const { GET, POST, PUT, PATCH, DELETE } = routeMethods(post);
