import { reExtract } from '@/lib/documents/re-extract';
import { ReExtractResponseSchema } from '@/lib/documents/schemas';
import { defineRoute, IdParams, json, routeMethods } from '@/lib/http';
import { withPollUrls } from '@/lib/http/poll-url';

// POST /api/v1/documents/{id}/re-extract – one extraction job; poll /api/v1/jobs/{id}.
const post = defineRoute({
  method: 'POST',
  path: '/api/v1/documents/{id}/re-extract',
  operationId: 'reExtractDocumentV1',
  summary: 'Re-extract a document (v1, Bearer)',
  description:
    '202 {jobs: [{id, document_id, status, poll_url}]}; an extraction already waiting for the document is reused. Requires scope extractions:write. No body.',
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
          (await reExtract(db, { workspaceId: auth.workspace.id, actor, documentId: params.id })).jobs,
          '/api/v1/jobs',
        ),
      },
      202,
    ),
});

export const { GET, POST, PUT, PATCH, DELETE } = routeMethods(post);
