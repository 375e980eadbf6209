import { z } from 'zod';
import { ROLES } from '@/lib/auth/roles';
import { DateTime, Uuid } from '@/lib/http/schemas';
import { PLAN_IDS } from '@/lib/plans';

/** Response shapes of GET and PATCH /api/workspace; the client imports their types. */

export const WorkspaceSettings = z.object({
  four_eyes_approval: z
    .boolean()
    .describe('The approver must not be who last changed the confirmed data or completed the review.'),
});
export type WorkspaceSettings = z.infer<typeof WorkspaceSettings>;

export const WorkspaceSummary = z.object({
  id: Uuid,
  name: z.string(),
  plan: z.enum(PLAN_IDS),
  created_at: DateTime,
});
export type WorkspaceSummary = z.infer<typeof WorkspaceSummary>;

export const PlanLimits = z.object({
  plan: z.enum(PLAN_IDS),
  label: z.string(),
  sku_limit: z.number().int(),
  storage_bytes: z.number().int(),
  max_api_keys: z.number().int(),
  read_only_keys: z.boolean(),
  bearer_export: z.boolean(),
  max_seats: z.number().int(),
});
export type PlanLimits = z.infer<typeof PlanLimits>;

export const ScopeInfo = z.object({
  scope: z.string(),
  description: z.string(),
  read_only: z.boolean(),
  allowed_on_plan: z.boolean(),
});
export type ScopeInfo = z.infer<typeof ScopeInfo>;

export const WorkspaceOverview = z.object({
  workspace: WorkspaceSummary,
  plan_limits: PlanLimits,
  usage: z.object({ skus: z.number().int(), storage_bytes: z.number().int(), api_keys: z.number().int() }),
  scopes: z.array(ScopeInfo),
  settings: WorkspaceSettings,
  you: z.object({ user_id: Uuid, email: z.string(), role: z.enum(ROLES) }),
});
export type WorkspaceOverview = z.infer<typeof WorkspaceOverview>;

export const WorkspaceUpdate = z.object({ workspace: WorkspaceSummary, settings: WorkspaceSettings });
export type WorkspaceUpdate = z.infer<typeof WorkspaceUpdate>;

/** PATCH /api/workspace: a new name, four-eyes approval on or off, or both. */
export const UpdateWorkspaceInput = z
  .strictObject({ name: z.string().trim().min(1).max(120).optional(), four_eyes_approval: z.boolean().optional() })
  .refine((b) => b.name !== undefined || b.four_eyes_approval !== undefined, {
    message: 'send name or four_eyes_approval',
  });
