import { z } from 'zod';
import { defineRoute, json, routeMethods } from '@/lib/http';
import { getWorkspaceOperatorRole, setWorkspaceOperatorRole } from '@/lib/skus/operator-role';
import {
  OperatorRoleSchema,
  RoleChangeResultSchema,
  SetWorkspaceOperatorRoleInput,
} from '@/lib/skus/operator-role-schemas';

// GET /api/workspace/operator-role – the workspace's economic-operator role.
const get = defineRoute({
  method: 'GET',
  path: '/api/workspace/operator-role',
  operationId: 'getWorkspaceOperatorRole',
  summary: "The workspace's economic-operator role",
  tags: ['Workspace'],
  stability: 'preview',
  auth: 'either',
  scope: 'skus:read',
  responses: { 200: { description: 'The role.', schema: z.object({ operator_role: OperatorRoleSchema }) } },
  handler: async ({ db, auth }) => json({ operator_role: await getWorkspaceOperatorRole(db, auth.workspace.id) }),
});

// PUT /api/workspace/operator-role – change it: every SKU without a role of its own is re-evaluated.
const put = defineRoute({
  method: 'PUT',
  path: '/api/workspace/operator-role',
  operationId: 'setWorkspaceOperatorRole',
  summary: "Set the workspace's economic-operator role",
  description:
    'Re-evaluates every SKU that follows the workspace role (no role of its own). An approval or completed review is reset only for SKUs whose open blockers or warnings changed.',
  tags: ['Workspace'],
  stability: 'preview',
  auth: 'session',
  body: SetWorkspaceOperatorRoleInput,
  responses: { 200: { description: 'Changed and re-evaluated.', schema: RoleChangeResultSchema } },
  handler: async ({ db, auth, actor, body }) =>
    json(await setWorkspaceOperatorRole(db, { workspaceId: auth.workspace.id, actor, role: body.operator_role })),
});

export const { GET, POST, PUT, PATCH, DELETE } = routeMethods(get, put);
