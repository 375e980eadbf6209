import { defineRoute, json, routeMethods } from '@/lib/http';
import { IdParams } from '@/lib/http/schemas';
import { GtinClaimDeletedResponse } from '@/lib/gtin-claims/schemas';
import { deleteClaim } from '@/lib/gtin-claims/service';

// DELETE /api/workspace/gtin-claims/{id} – withdraw a claim.
const remove = defineRoute({
  method: 'DELETE',
  path: '/api/workspace/gtin-claims/{id}',
  operationId: 'deleteGtinClaim',
  summary: 'Withdraw a GTIN ownership claim',
  tags: ['GTIN ownership'],
  stability: 'preview',
  auth: 'session',
  params: IdParams,
  responses: {
    200: { description: 'Withdrawn.', schema: GtinClaimDeletedResponse },
  },
  handler: async ({ db, auth, actor, params }) =>
    json({ data: await deleteClaim(db, { workspaceId: auth.workspace.id, actor, id: params.id }) }),
});

export const { GET, POST, PUT, PATCH, DELETE } = routeMethods(remove);
