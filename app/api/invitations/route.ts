import { defineRoute, json, routeMethods } from '@/lib/http';
import { createInvitation, listInvitations } from '@/lib/team/invitations';
import { CreateInvitationInput, InvitationCreated, InvitationListResponse } from '@/lib/team/schemas';

// GET /api/invitations – invitations of the workspace, newest first, with their status.
const list = defineRoute({
  method: 'GET',
  path: '/api/invitations',
  operationId: 'listInvitations',
  summary: 'List invitations',
  tags: ['Team'],
  stability: 'preview',
  auth: 'session',
  responses: { 200: { description: 'Invitations.', schema: InvitationListResponse } },
  handler: async ({ db, auth }) => json({ data: await listInvitations(db, { workspaceId: auth.workspace.id }) }),
});

// POST /api/invitations – invite a person by email: a mail with a single-use link valid 7 days.
const create = defineRoute({
  method: 'POST',
  path: '/api/invitations',
  operationId: 'createInvitation',
  summary: 'Invite a person',
  tags: ['Team'],
  stability: 'preview',
  auth: 'session',
  idempotent: true,
  body: CreateInvitationInput,
  errors: [409],
  responses: {
    201: {
      description:
        'Invited. invite_url is shown this once (for when mail is not configured); mail says whether the mail went out.',
      schema: InvitationCreated,
    },
  },
  handler: async ({ db, auth, actor, body }) => {
    const r = await createInvitation(db, {
      workspace: auth.workspace,
      actor,
      actorRole: auth.role,
      email: body.email,
      role: body.role,
    });
    return json({ data: r.invitation, invite_url: r.invite_url, mail: r.mail }, 201);
  },
});

export const { GET, POST, PUT, PATCH, DELETE } = routeMethods(list, create);
