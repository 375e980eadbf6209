import { z } from 'zod';
import { defineRoute, IdParams, json, routeMethods } from '@/lib/http';
import { addComment, COMMENT_MAX, listComments } from '@/lib/team/comments';
import { SkuComment, SkuCommentCreated } from '@/lib/skus/schemas';

// GET /api/skus/{id}/comments – the SKU's comment thread, oldest first.
const list = defineRoute({
  method: 'GET',
  path: '/api/skus/{id}/comments',
  operationId: 'listSkuComments',
  summary: "List a SKU's comments",
  tags: ['Team'],
  stability: 'preview',
  auth: 'either',
  scope: 'skus:read',
  params: IdParams,
  responses: { 200: { description: 'Comments.', schema: z.object({ data: z.array(SkuComment) }) } },
  handler: async ({ db, auth, params }) => json({ data: await listComments(db, auth.workspace.id, params.id) }),
});

// POST /api/skus/{id}/comments – comment; "@member@company.com" mentions a member (mail + My work).
const create = defineRoute({
  method: 'POST',
  path: '/api/skus/{id}/comments',
  operationId: 'createSkuComment',
  summary: 'SkuComment on a SKU',
  tags: ['Team'],
  stability: 'preview',
  auth: 'session',
  params: IdParams,
  idempotent: true,
  body: z.strictObject({ body: z.string().trim().min(1).max(COMMENT_MAX) }),
  responses: {
    201: {
      description: 'The comment, and who was mailed.',
      schema: SkuCommentCreated,
    },
  },
  handler: async ({ db, auth, actor, params, body }) =>
    json(
      { data: await addComment(db, { workspaceId: auth.workspace.id, actor, skuId: params.id, body: body.body }) },
      201,
    ),
});

export const { GET, POST, PUT, PATCH, DELETE } = routeMethods(list, create);
