import { z } from 'zod';
import { defineRoute, json, routeMethods, Uuid } from '@/lib/http';
import { WaiverResponse } from '@/lib/skus/schemas';
import { revokeWaiver } from '@/lib/skus/waivers';

// DELETE /api/skus/{id}/waivers/{waiver_id} – revoke a waiver (it stays on record with revoked_at).
const del = defineRoute({
  method: 'DELETE',
  path: '/api/skus/{id}/waivers/{waiver_id}',
  operationId: 'revokeSkuWaiver',
  summary: 'Revoke a waiver',
  tags: ['SKUs'],
  stability: 'preview',
  auth: 'either',
  scope: 'skus:write',
  params: z.object({ id: Uuid, waiverId: Uuid }),
  responses: { 200: { description: 'Revoked.', schema: WaiverResponse } },
  handler: async ({ db, auth, actor, params }) =>
    json({
      waiver: await revokeWaiver(db, {
        workspaceId: auth.workspace.id,
        actor,
        skuId: params.id,
        waiverId: params.waiverId,
      }),
    }),
});

export const { GET, POST, PUT, PATCH, DELETE } = routeMethods(del);
