import { defineRoute, IdParams, json, routeMethods } from '@/lib/http';
import { assignSku, getAssignee } from '@/lib/team/assignment';
import { AssignSkuInput, SkuAssignment } from '@/lib/skus/schemas';

// GET /api/skus/{id}/assignee – who the SKU is assigned to.
const get = defineRoute({
  method: 'GET',
  path: '/api/skus/{id}/assignee',
  operationId: 'getSkuAssignee',
  summary: 'Who a SKU is assigned to',
  tags: ['Team'],
  stability: 'preview',
  auth: 'either',
  scope: 'skus:read',
  params: IdParams,
  responses: { 200: { description: 'The assignment.', schema: SkuAssignment } },
  handler: async ({ db, auth, params }) =>
    json(await getAssignee(db, { workspaceId: auth.workspace.id, skuId: params.id })),
});

// PUT /api/skus/{id}/assignee – assign the SKU to a member (user_id null: to nobody).
const put = defineRoute({
  method: 'PUT',
  path: '/api/skus/{id}/assignee',
  operationId: 'assignSku',
  summary: 'Assign a SKU to a member',
  tags: ['Team'],
  stability: 'preview',
  auth: 'session',
  params: IdParams,
  body: AssignSkuInput,
  responses: { 200: { description: 'The assignment.', schema: SkuAssignment } },
  handler: async ({ db, auth, actor, params, body }) =>
    json(await assignSku(db, { workspaceId: auth.workspace.id, actor, skuId: params.id, userId: body.user_id })),
});

export const { GET, POST, PUT, PATCH, DELETE } = routeMethods(get, put);
