import { z } from 'zod';
import { defineRoute, json, routeMethods } from '@/lib/http';
import { getTeamSettings, updateWorkspace } from '@/lib/team/workspace-settings';
import { getWorkspaceOverview } from '@/lib/workspace/settings';

const Settings = z.object({ four_eyes_approval: z.boolean().describe('The approver must not be who last changed the confirmed data or completed the review.') });
const Workspace = z.object({ id: z.string(), name: z.string(), plan: z.string(), created_at: z.string() });

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
      schema: z.object({
        workspace: Workspace,
        plan_limits: z.object({ plan: z.string(), label: z.string(), sku_limit: z.number(), storage_bytes: z.number(), max_api_keys: z.number(), read_only_keys: z.boolean(), bearer_export: z.boolean() }),
        usage: z.object({ skus: z.number(), storage_bytes: z.number(), api_keys: z.number() }),
        scopes: z.array(z.object({ scope: z.string(), description: z.string(), read_only: z.boolean(), allowed_on_plan: z.boolean() })),
        settings: Settings,
        you: z.object({ user_id: z.string(), email: z.string(), role: z.string() }),
      }),
    },
  },
  handler: async ({ db, auth }) =>
    json({ ...(await getWorkspaceOverview(db, auth.workspace.id)), settings: await getTeamSettings(db, auth.workspace.id), you: { user_id: auth.user.id, email: auth.user.email, role: auth.role } }),
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
  body: z
    .strictObject({ name: z.string().trim().min(1).max(120).optional(), four_eyes_approval: z.boolean().optional() })
    .refine((b) => b.name !== undefined || b.four_eyes_approval !== undefined, { message: 'send name or four_eyes_approval' }),
  responses: { 200: { description: 'Updated.', schema: z.object({ workspace: Workspace, settings: Settings }) } },
  handler: async ({ db, auth, actor, body }) => json(await updateWorkspace(db, { workspaceId: auth.workspace.id, actor, name: body.name, fourEyesApproval: body.four_eyes_approval })),
});

export const { GET, POST, PUT, PATCH, DELETE } = routeMethods(get, patch);
