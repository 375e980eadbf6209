import { z } from 'zod';
import { defineRoute, json, routeMethods, Uuid } from '@/lib/http';
import { serializeReviewIssue } from '@/lib/skus/read-model';
import { ReviewIssueResponse } from '@/lib/skus/schemas';
import { resolveReviewIssue } from '@/lib/skus/waivers';

// POST /api/skus/{id}/review-issues/{issue_id}/resolve
const post = defineRoute({
  method: 'POST',
  path: '/api/skus/{id}/review-issues/{issue_id}/resolve',
  operationId: 'resolveSkuReviewIssue',
  summary: 'Resolve a review issue',
  tags: ['SKUs'],
  stability: 'preview',
  auth: 'session',
  params: z.object({ id: Uuid, issueId: Uuid }),
  responses: { 200: { description: 'Resolved.', schema: ReviewIssueResponse } },
  handler: async ({ db, auth, actor, params }) =>
    json({
      issue: serializeReviewIssue(
        await resolveReviewIssue(db, {
          workspaceId: auth.workspace.id,
          actor,
          skuId: params.id,
          issueId: params.issueId,
        }),
      ),
    }),
});

export const { GET, POST, PUT, PATCH, DELETE } = routeMethods(post);
