import { z } from 'zod';
import { defineRoute, json, routeMethods } from '@/lib/http';
import { revokeGrant } from '@/lib/passports/grants';
import { PassportGrantResponse } from '@/lib/passports/schemas';

// DELETE /api/skus/{id}/passport-grants/{grantId} – revoke an access grant (audited; the token stops working at once).
const revoke = defineRoute({
  method: 'DELETE',
  path: '/api/skus/{id}/passport-grants/{grantId}',
  operationId: 'revokePassportAccessGrant',
  summary: 'Revoke a passport access grant',
  tags: ['Passports'],
  stability: 'preview',
  auth: 'session',
  params: z.object({ id: z.uuid(), grantId: z.uuid() }),
  responses: { 200: { description: 'The revoked grant.', schema: PassportGrantResponse } },
  handler: async ({ db, auth, actor, params }) =>
    json({
      grant: await revokeGrant(db, {
        workspaceId: auth.workspace.id,
        actor,
        skuId: params.id,
        grantId: params.grantId,
      }),
    }),
});

export const { GET, POST, PUT, PATCH, DELETE } = routeMethods(revoke);
