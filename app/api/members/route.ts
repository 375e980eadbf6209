import { defineRoute, json, routeMethods } from '@/lib/http';
import { PLANS } from '@/lib/plans';
import { listMembers, seatsUsed } from '@/lib/team/members';
import { MemberList } from '@/lib/team/schemas';
import { ROLE_DESCRIPTIONS, ROLES } from '@/lib/auth/roles';

// GET /api/members – the people of the workspace, their roles, the seats in use and the role catalogue.
const list = defineRoute({
  method: 'GET',
  path: '/api/members',
  operationId: 'listMembers',
  summary: 'List workspace members',
  tags: ['Team'],
  stability: 'preview',
  auth: 'session',
  responses: {
    200: {
      description: 'Members, seats and roles.',
      schema: MemberList,
    },
  },
  handler: async ({ db, auth }) => {
    const seats = await seatsUsed(db, { workspaceId: auth.workspace.id });
    return json({
      data: await listMembers(db, { workspaceId: auth.workspace.id }),
      seats: { ...seats, max: PLANS[auth.workspace.plan].maxSeats },
      roles: ROLES.map((role) => ({ role, description: ROLE_DESCRIPTIONS[role] })),
      you: { user_id: auth.user.id, role: auth.role },
    });
  },
});

export const { GET, POST, PUT, PATCH, DELETE } = routeMethods(list);
