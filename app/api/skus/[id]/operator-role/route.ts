import { defineRoute, IdParams, json, routeMethods } from '@/lib/http';
import { setSkuOperatorRole } from '@/lib/skus/operator-role';
import { OperatorRoleSchema, RoleChangeResultSchema, SetSkuOperatorRoleInput } from '@/lib/skus/operator-role-schemas';

// PUT /api/skus/{id}/operator-role – the SKU's own role where it differs from the workspace's (null: follow it).
const put = defineRoute({
  method: 'PUT',
  path: '/api/skus/{id}/operator-role',
  operationId: 'setSkuOperatorRole',
  summary: "Set a SKU's economic-operator role",
  description:
    'The seller’s role for this SKU where it differs from the workspace’s (e.g. importer for its own brand). Re-evaluates the SKU; its approval resets only when its open blockers or warnings change.',
  tags: ['SKUs'],
  stability: 'preview',
  auth: 'either',
  scope: 'skus:write',
  params: IdParams,
  body: SetSkuOperatorRoleInput,
  responses: {
    200: {
      description: 'Changed and re-evaluated.',
      schema: RoleChangeResultSchema.extend({ operator_role_override: OperatorRoleSchema.nullable() }),
    },
  },
  handler: async ({ db, auth, actor, params, body }) =>
    json(
      await setSkuOperatorRole(db, {
        workspaceId: auth.workspace.id,
        actor,
        skuId: params.id,
        role: body.operator_role,
      }),
    ),
});

export const { GET, POST, PUT, PATCH, DELETE } = routeMethods(put);
