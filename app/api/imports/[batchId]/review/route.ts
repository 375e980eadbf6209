import { defineRoute, json, routeMethods } from '@/lib/http';
import { importReview } from '@/lib/imports/review';
import { BatchParams, ImportReview } from '@/lib/imports/schemas';

// GET /api/imports/{batchId}/review – the review workbench payload.
const review = defineRoute({
  method: 'GET',
  path: '/api/imports/{batchId}/review',
  operationId: 'getImportReview',
  summary: 'Review an import batch',
  description:
    'Imported SKUs with their new and changed values (with provenance), open suggestions, row errors, entity candidates with conflicts and decisions, and a summary. Lists are capped (500 SKUs, 1000 errors); GET .../rows pages through all rows.',
  tags: ['Imports'],
  stability: 'preview',
  auth: 'either',
  scope: 'imports:read',
  params: BatchParams,
  responses: { 200: { description: 'The review payload (free-form).', schema: ImportReview } },
  handler: async ({ db, auth, params }) =>
    json(await importReview(db, { workspaceId: auth.workspace.id, batchId: params.batchId })),
});

export const { GET, POST, PUT, PATCH, DELETE } = routeMethods(review);
