import { defineRoute, IdParams, json, routeMethods } from '@/lib/http';
import { confirmHeldBy, heldByOverview } from '@/lib/skus/operator-role';
import { ConfirmHeldByInput, HeldByChangeResponse, HeldByOverviewResponse } from '@/lib/skus/operator-role-schemas';

// GET /api/skus/{id}/held-by – the SKU's role and the duties held by another operator (confirmed and open).
const list = defineRoute({
  method: 'GET',
  path: '/api/skus/{id}/held-by',
  operationId: 'listSkuHeldBy',
  summary: 'Duties held by another operator',
  tags: ['SKUs'],
  stability: 'preview',
  auth: 'either',
  scope: 'skus:read',
  params: IdParams,
  responses: {
    200: {
      description: 'The role and the held-by states.',
      schema: HeldByOverviewResponse,
    },
  },
  handler: async ({ db, auth, params }) =>
    json(await heldByOverview(db, { workspaceId: auth.workspace.id, skuId: params.id })),
});

// POST /api/skus/{id}/held-by – confirm "held by <operator>, available on request" for one duty.
const create = defineRoute({
  method: 'POST',
  path: '/api/skus/{id}/held-by',
  operationId: 'confirmSkuHeldBy',
  summary: 'Confirm a duty is held by another operator',
  description:
    'For a duty the SKU’s role does not hold itself (the manufacturer’s technical documentation for a distributor): the linked operator that holds it and makes it available on request. Who and when are recorded. Replaces an earlier confirmation of the same rule. 422-style VALIDATION_FAILED when the operator is not linked to the SKU or the rule is not one another operator can hold; 409 INVALID_STATE when the role holds the duty itself.',
  tags: ['SKUs'],
  stability: 'preview',
  auth: 'either',
  scope: 'skus:write',
  params: IdParams,
  body: ConfirmHeldByInput,
  errors: [409],
  responses: {
    201: {
      description: 'Confirmed.',
      schema: HeldByChangeResponse,
    },
  },
  handler: async ({ db, auth, actor, params, body }) =>
    json(
      await confirmHeldBy(db, {
        workspaceId: auth.workspace.id,
        actor,
        skuId: params.id,
        ruleId: body.rule_id,
        entityId: body.entity_id,
        note: body.note ?? null,
      }),
      201,
    ),
});

export const { GET, POST, PUT, PATCH, DELETE } = routeMethods(list, create);
