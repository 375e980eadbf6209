import { z } from 'zod';
import { defineRoute, json, routeMethods, Uuid } from '@/lib/http';
import { changeMemberRole, removeMember } from '@/lib/team/members';
import { ChangeMemberRoleInput, MemberResponse, RemovedMember } from '@/lib/team/schemas';

// PATCH /api/members/{userId} – change a member's role (not the owner's: ownership is transferred).
const patch = defineRoute({
  method: 'PATCH',
  path: '/api/members/{userId}',
  operationId: 'updateMemberRole',
  summary: "Change a member's role",
  tags: ['Team'],
  stability: 'preview',
  auth: 'session',
  params: z.object({ userId: Uuid }),
  body: ChangeMemberRoleInput,
  errors: [409],
  responses: { 200: { description: 'The member with the new role.', schema: MemberResponse } },
  handler: async ({ db, auth, actor, params, body }) =>
    json({
      data: await changeMemberRole(db, {
        workspaceId: auth.workspace.id,
        actor,
        actorRole: auth.role,
        userId: params.userId,
        role: body.role,
      }),
    }),
});

// DELETE /api/members/{userId} – remove a member: access ends at once, their API keys are revoked.
const remove = defineRoute({
  method: 'DELETE',
  path: '/api/members/{userId}',
  operationId: 'removeMember',
  summary: 'Remove a member',
  tags: ['Team'],
  stability: 'preview',
  auth: 'session',
  params: z.object({ userId: Uuid }),
  errors: [409],
  responses: {
    200: {
      description: 'Removed.',
      schema: RemovedMember,
    },
  },
  handler: async ({ db, auth, actor, params }) =>
    json(
      await removeMember(db, { workspaceId: auth.workspace.id, actor, actorRole: auth.role, userId: params.userId }),
    ),
});

export const { GET, POST, PUT, PATCH, DELETE } = routeMethods(patch, remove);
