import { defineRoute, json, routeMethods } from '@/lib/http';
import { IdParams } from '@/lib/http/schemas';
import { DecideGtinClaimInput, StaffGtinClaimResponse } from '@/lib/gtin-claims/schemas';
import { decideClaim } from '@/lib/gtin-claims/service';

// POST /api/staff/gtin-claims/{id}/decision – verify or reject a claim (staff only).
const decide = defineRoute({
  method: 'POST',
  path: '/api/staff/gtin-claims/{id}/decision',
  operationId: 'decideGtinClaim',
  summary: 'Verify or reject a GTIN claim (staff)',
  description:
    'Verifying makes the claiming workspace the owner of every GTIN the claim covers: the resolver sends those GTINs to its pages only. Refused (409 GTIN_CLAIM_CONFLICT) while another workspace holds an overlapping verified claim.',
  tags: ['GTIN ownership'],
  stability: 'preview',
  auth: 'session',
  staffOnly: true,
  params: IdParams,
  body: DecideGtinClaimInput,
  errors: [409],
  responses: { 200: { description: 'The decided claim.', schema: StaffGtinClaimResponse } },
  handler: async ({ db, actor, params, body }) =>
    json({ data: await decideClaim(db, { actor, id: params.id, decision: body.decision, note: body.note }) }),
});

export const { GET, POST, PUT, PATCH, DELETE } = routeMethods(decide);
