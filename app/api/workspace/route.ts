import { defineRoute, json, routeMethods } from '@/lib/http';
import { getTeamSettings, updateWorkspace } from '@/lib/team/workspace-settings';
import { UpdateWorkspaceInput, WorkspaceOverview, WorkspaceUpdate } from '@/lib/workspace/schemas';
import { getWorkspaceOverview } from '@/lib/workspace/settings';

// GET /api/workspace – the workspace, its plan limits, usage and the scope catalogue.
const get = defineRoute({
  method: 'GET',
  path: '/api/workspace',
  operationId: 'getWorkspace',
  summary: 'Workspace settings, plan and usage',
  tags: ['Workspace'],
  stability: 'preview',
  auth: 'session',
  responses: {
    200: {
      description: 'Workspace overview.',
      schema: WorkspaceOverview,
    },
  },
  handler: async ({ db, auth }) =>
    json({
      ...(await getWorkspaceOverview(db, { workspaceId: auth.workspace.id })),
      settings: await getTeamSettings(db, { workspaceId: auth.workspace.id }),
      you: { user_id: auth.user.id, email: auth.user.email, role: auth.role },
    }),
});

// PATCH /api/workspace – rename the workspace, switch four-eyes approval.
const patch = defineRoute({
  method: 'PATCH',
  path: '/api/workspace',
  operationId: 'updateWorkspace',
  summary: 'Rename the workspace or change its settings',
  tags: ['Workspace'],
  stability: 'preview',
  auth: 'session',
  body: UpdateWorkspaceInput,
  responses: { 200: { description: 'Updated.', schema: WorkspaceUpdate } },
  handler: async ({ db, auth, actor, body }) =>
    json(
      await updateWorkspace(db, {
        workspaceId: auth.workspace.id,
        actor,
        name: body.name,
        fourEyesApproval: body.four_eyes_approval,
      }),
    ),
});

export const { GET, POST, PUT, PATCH, DELETE } = routeMethods(get, patch);
