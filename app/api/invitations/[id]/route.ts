import { defineRoute, IdParams, json, routeMethods } from '@/lib/http';
import { revokeInvitation } from '@/lib/team/invitations';
import { InvitationResponse } from '@/lib/team/schemas';

// DELETE /api/invitations/{id} – withdraw an open invitation; its link stops working.
const revoke = defineRoute({
  method: 'DELETE',
  path: '/api/invitations/{id}',
  operationId: 'revokeInvitation',
  summary: 'Withdraw an invitation',
  tags: ['Team'],
  stability: 'preview',
  auth: 'session',
  params: IdParams,
  errors: [410],
  responses: { 200: { description: 'Withdrawn.', schema: InvitationResponse } },
  handler: async ({ db, auth, actor, params }) =>
    json({ data: await revokeInvitation(db, { workspaceId: auth.workspace.id, actor, id: params.id }) }),
});

export const { GET, POST, PUT, PATCH, DELETE } = routeMethods(revoke);
