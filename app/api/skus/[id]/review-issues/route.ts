import { defineRoute, IdParams, json, routeMethods } from '@/lib/http';
import { listReviewIssues, serializeReviewIssue } from '@/lib/skus/read-model';
import { CreateReviewIssueInput, ReviewIssueListResponse, ReviewIssueResponse } from '@/lib/skus/schemas';
import { addReviewIssue } from '@/lib/skus/waivers';

// GET /api/skus/{id}/review-issues – open and resolved review issues, oldest first.
const list = defineRoute({
  method: 'GET',
  path: '/api/skus/{id}/review-issues',
  operationId: 'listSkuReviewIssues',
  summary: 'List review issues',
  tags: ['SKUs'],
  stability: 'preview',
  auth: 'either',
  scope: 'skus:read',
  params: IdParams,
  responses: { 200: { description: 'Review issues.', schema: ReviewIssueListResponse } },
  handler: async ({ db, auth, params }) =>
    json({ data: await listReviewIssues(db, { workspaceId: auth.workspace.id, skuId: params.id }) }),
});

// POST /api/skus/{id}/review-issues – raise an issue; review completion waits until it is resolved.
const create = defineRoute({
  method: 'POST',
  path: '/api/skus/{id}/review-issues',
  operationId: 'createSkuReviewIssue',
  summary: 'Raise a review issue',
  tags: ['SKUs'],
  stability: 'preview',
  auth: 'session',
  params: IdParams,
  body: CreateReviewIssueInput,
  idempotent: true,
  errors: [409],
  responses: { 201: { description: 'Created.', schema: ReviewIssueResponse } },
  handler: async ({ db, auth, actor, params, body }) =>
    json(
      {
        issue: serializeReviewIssue(
          await addReviewIssue(db, {
            workspaceId: auth.workspace.id,
            actor,
            skuId: params.id,
            message: body.message,
            fieldKey: body.field_key ?? null,
          }),
        ),
      },
      201,
    ),
});

export const { GET, POST, PUT, PATCH, DELETE } = routeMethods(list, create);
