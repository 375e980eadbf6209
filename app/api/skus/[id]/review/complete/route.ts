import { defineRoute, IdParams, json, routeMethods } from '@/lib/http';
import { CompleteReviewResponse } from '@/lib/skus/schemas';
import { completeReview } from '@/lib/skus/sign-off';

// POST /api/skus/{id}/review/complete – close the review once no issue or extraction conflict is open.
const complete = defineRoute({
  method: 'POST',
  path: '/api/skus/{id}/review/complete',
  operationId: 'completeSkuReview',
  summary: 'Complete the review of a SKU',
  tags: ['SKUs'],
  stability: 'stable',
  auth: 'session',
  params: IdParams,
  dryRun: true,
  idempotent: true,
  errors: [409],
  responses: {
    200: {
      description: 'Review complete (or, with dry_run, whether it can be).',
      schema: CompleteReviewResponse,
    },
  },
  handler: async ({ db, auth, actor, params, dryRun }) =>
    json(await completeReview(db, { workspaceId: auth.workspace.id, actor, id: params.id, dryRun })),
});

export const { GET, POST, PUT, PATCH, DELETE } = routeMethods(complete);
