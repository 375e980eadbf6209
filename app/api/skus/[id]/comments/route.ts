import { defineRoute, IdParams, json, routeMethods } from '@/lib/http';
import { addComment, listComments } from '@/lib/team/comments';
import { CreateSkuCommentInput, SkuCommentCreated, SkuCommentList } from '@/lib/skus/schemas';

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
  responses: { 200: { description: 'Comments.', schema: SkuCommentList } },
  handler: async ({ db, auth, params }) =>
    json({ data: await listComments(db, { workspaceId: auth.workspace.id, skuId: params.id }) }),
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
  body: CreateSkuCommentInput,
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
