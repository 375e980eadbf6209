import { reExtract } from '@/lib/documents/re-extract';
import { ReExtractResponseSchema } from '@/lib/documents/schemas';
import { defineRoute, IdParams, json, routeMethods } from '@/lib/http';
import { withPollUrls } from '@/lib/http/poll-url';

// POST /api/v1/skus/{id}/re-extract – one extraction job per linked document; poll /api/v1/jobs/{id}.
const post = defineRoute({
  method: 'POST',
  path: '/api/v1/skus/{id}/re-extract',
  operationId: 'reExtractSkuDocumentsV1',
  summary: "Re-extract a SKU's documents (v1, Bearer)",
  description:
    'Queues extraction of every document linked to the SKU. 202 {jobs: [{id, document_id, status, poll_url}]}. Requires scope extractions:write. No body.',
  tags: ['v1'],
  stability: 'preview',
  auth: 'bearer',
  scope: 'extractions:write',
  params: IdParams,
  idempotent: true,
  errors: [409],
  responses: { 202: { description: 'Queued.', schema: ReExtractResponseSchema } },
  handler: async ({ db, auth, actor, params }) =>
    json(
      {
        jobs: withPollUrls(
          (await reExtract(db, { workspaceId: auth.workspace.id, actor, skuId: params.id })).jobs,
          '/api/v1/jobs',
        ),
      },
      202,
    ),
});

export const { GET, POST, PUT, PATCH, DELETE } = routeMethods(post);
