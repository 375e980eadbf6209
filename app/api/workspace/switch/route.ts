import { activeWorkspaceCookie } from '@/lib/auth/cookies';
import { ACTIVE_WORKSPACE_COOKIE, listMemberships, membershipIn } from '@/lib/auth/workspace';
import { AppError, defineRoute, json, routeMethods } from '@/lib/http';
import { Membership, MembershipListResponse, SwitchWorkspaceInput } from '@/lib/team/schemas';

// GET /api/workspace/switch – the workspaces the caller belongs to, and which one is active.
const list = defineRoute({
  method: 'GET',
  path: '/api/workspace/switch',
  operationId: 'listMyWorkspaces',
  summary: 'List my workspaces',
  tags: ['Workspace'],
  stability: 'preview',
  auth: 'session',
  responses: { 200: { description: 'Memberships.', schema: MembershipListResponse } },
  handler: async ({ db, auth }) =>
    json({
      data: (await listMemberships(db, { userId: auth.user.id })).map((m) => ({
        workspace: m.workspace,
        role: m.role,
        active: m.workspace.id === auth.workspace.id,
      })),
    }),
});

// POST /api/workspace/switch – make another of my workspaces the active one (a cookie on this browser).
const change = defineRoute({
  method: 'POST',
  path: '/api/workspace/switch',
  operationId: 'switchWorkspace',
  summary: 'Switch the active workspace',
  tags: ['Workspace'],
  stability: 'preview',
  auth: 'session',
  body: SwitchWorkspaceInput,
  responses: { 200: { description: 'Now active.', schema: Membership } },
  handler: async ({ db, auth, body }) => {
    const m = await membershipIn(db, { userId: auth.user.id, workspaceId: body.workspace_id });
    if (!m) throw new AppError('NOT_FOUND', 'Workspace not found.');
    return json({ workspace: m.workspace, role: m.role, active: true }, 200, {
      'set-cookie': activeWorkspaceCookie(ACTIVE_WORKSPACE_COOKIE, m.workspace.id),
    });
  },
});

export const { GET, POST, PUT, PATCH, DELETE } = routeMethods(list, change);
