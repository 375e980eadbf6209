import { z } from 'zod';
import { defineRoute, json, routeMethods, Uuid } from '@/lib/http';
import { revokeHeldBy } from '@/lib/skus/operator-role';
import { HeldByChangeResponse } from '@/lib/skus/operator-role-schemas';

// DELETE /api/skus/{id}/held-by/{held_by_id} – withdraw a held-by confirmation.
const del = defineRoute({
  method: 'DELETE',
  path: '/api/skus/{id}/held-by/{held_by_id}',
  operationId: 'revokeSkuHeldBy',
  summary: 'Withdraw a held-by confirmation',
  tags: ['SKUs'],
  stability: 'preview',
  auth: 'either',
  scope: 'skus:write',
  params: z.object({ id: Uuid, heldById: Uuid }),
  responses: {
    200: { description: 'Withdrawn.', schema: HeldByChangeResponse },
  },
  handler: async ({ db, auth, actor, params }) =>
    json(
      await revokeHeldBy(db, { workspaceId: auth.workspace.id, actor, skuId: params.id, heldById: params.heldById }),
    ),
});

export const { GET, POST, PUT, PATCH, DELETE } = routeMethods(del);
