import { SavedView } from '@/lib/skus/schemas';
import { defineRoute, json, routeMethods } from '@/lib/http';
import { BulkResult, BulkViewInput, bulkAddToView } from '@/lib/skus/bulk';

// POST /api/skus/bulk/view – add the selected SKUs to a saved view (or a new one).
const post = defineRoute({
  method: 'POST',
  path: '/api/skus/bulk/view',
  operationId: 'bulkAddSkusToView',
  summary: 'Add several SKUs to a saved view',
  description:
    'ids: 1 to 200 SKUs of the workspace, or filter: every SKU the list shows for those filters (at most 10,000, else 422 SELECTION_TOO_LARGE); all or nothing (404 NOT_FOUND with details.missing_ids). With view_id the SKUs join that view (its filter still applies; exports of the view include them). With new_view_name a view holding only these SKUs is created (409 CONFLICT when the name is taken). One audit event per SKU added.',
  tags: ['SKUs'],
  stability: 'preview',
  auth: 'session',
  body: BulkViewInput,
  idempotent: true,
  errors: [409, 422],
  responses: {
    200: { description: 'What was added, and the view.', schema: BulkResult.extend({ view: SavedView }) },
  },
  handler: async ({ db, auth, actor, body }) =>
    json(await bulkAddToView(db, { workspaceId: auth.workspace.id, actor, input: body })),
});

export const { GET, POST, PUT, PATCH, DELETE } = routeMethods(post);
