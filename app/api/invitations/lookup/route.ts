import { defineRoute, json, routeMethods } from '@/lib/http';
import { lookupInvitation } from '@/lib/team/invitations';
import { InvitationLookup, InvitationToken } from '@/lib/team/schemas';

// POST /api/invitations/lookup – what an invitation link offers, before signing in (token in the body,
// not the URL, so it stays out of access logs).
const lookup = defineRoute({
  method: 'POST',
  path: '/api/invitations/lookup',
  operationId: 'lookupInvitation',
  summary: 'Read an invitation by its link token',
  tags: ['Team'],
  stability: 'preview',
  auth: 'none',
  body: InvitationToken,
  errors: [404, 410],
  responses: {
    200: {
      description: 'The invitation.',
      schema: InvitationLookup,
    },
  },
  handler: async ({ db, body }) => json(await lookupInvitation(db, { token: body.token })),
});

export const { GET, POST, PUT, PATCH, DELETE } = routeMethods(lookup);
