import { reExtract } from '@/lib/documents/re-extract';
import { ReExtractResponseSchema } from '@/lib/documents/schemas';
import { defineRoute, IdParams, json, routeMethods } from '@/lib/http';
import { withPollUrls } from '@/lib/http/poll-url';

// POST /api/documents/{id}/re-extract – session twin of the v1 operation; poll /api/jobs/{id}.
const post = defineRoute({
  method: 'POST',
  path: '/api/documents/{id}/re-extract',
  operationId: 'reExtractDocument',
  summary: 'Re-extract a document',
  tags: ['Documents'],
  stability: 'preview',
  auth: 'session',
  params: IdParams,
  idempotent: true,
  errors: [409],
  responses: {
    202: { description: 'Queued (an extraction already waiting is reused).', schema: ReExtractResponseSchema },
  },
  handler: async ({ db, auth, actor, params }) =>
    json(
      {
        jobs: withPollUrls(
          (await reExtract(db, { workspaceId: auth.workspace.id, actor, documentId: params.id })).jobs,
          '/api/jobs',
        ),
      },
      202,
    ),
});

export const { GET, POST, PUT, PATCH, DELETE } = routeMethods(post);
