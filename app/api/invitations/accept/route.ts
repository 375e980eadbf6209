import { ACTIVE_WORKSPACE_COOKIE } from '@/lib/auth/workspace';
import { activeWorkspaceCookie } from '@/lib/auth/cookies';
import { defineRoute, json, routeMethods } from '@/lib/http';
import { acceptInvitation } from '@/lib/team/invitations';
import { InvitationAccepted, InvitationToken } from '@/lib/team/schemas';

// POST /api/invitations/accept – join the workspace as the signed-in, invited address; it becomes the
// active workspace.
const accept = defineRoute({
  method: 'POST',
  path: '/api/invitations/accept',
  operationId: 'acceptInvitation',
  summary: 'Accept an invitation',
  tags: ['Team'],
  stability: 'preview',
  auth: 'session',
  body: InvitationToken,
  errors: [404, 410],
  responses: {
    200: {
      description: 'Joined.',
      schema: InvitationAccepted,
    },
  },
  handler: async ({ db, auth, body }) => {
    const r = await acceptInvitation(db, { user: auth.user, token: body.token });
    return json(r, 200, { 'set-cookie': activeWorkspaceCookie(ACTIVE_WORKSPACE_COOKIE, r.workspace.id) });
  },
});

export const { GET, POST, PUT, PATCH, DELETE } = routeMethods(accept);
