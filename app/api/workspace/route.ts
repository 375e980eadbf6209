import { z } from 'zod';
import { defineRoute, json, routeMethods } from '@/lib/http';
import { getWorkspaceOverview, renameWorkspace } from '@/lib/workspace/settings';

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
      }),
    },
  },
  handler: async ({ db, auth }) => json(await getWorkspaceOverview(db, auth.workspace.id)),
});

// PATCH /api/workspace – rename the workspace.
const patch = defineRoute({
  method: 'PATCH',
  path: '/api/workspace',
  operationId: 'updateWorkspace',
  summary: 'Rename the workspace',
  tags: ['Workspace'],
  stability: 'preview',
  auth: 'session',
  body: z.strictObject({ name: z.string().trim().min(1).max(120) }),
  responses: { 200: { description: 'Updated.', schema: z.object({ workspace: Workspace }) } },
  handler: async ({ db, auth, body }) => json({ workspace: await renameWorkspace(db, auth.workspace.id, body.name) }),
});

export const { GET, POST, PUT, PATCH, DELETE } = routeMethods(get, patch);
