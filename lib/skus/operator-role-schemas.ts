/** Request and response shapes of the economic-operator role operations (issue 35). */
import { z } from 'zod';
import { JobRunSchema } from '@/lib/jobs/schemas';
import { Uuid } from '@/lib/http';
import { OPERATOR_ROLES } from '@/lib/requirements/types';

export const OperatorRoleSchema = z
  .enum(OPERATOR_ROLES)
  .describe(
    'Economic-operator role (GPSR Art. 3): manufacturer (also own brand: a product sold under the seller’s name or trade mark, Art. 3(8)), importer, distributor, authorised_representative, fulfilment_service_provider.',
  );

export const RoleChangeResultSchema = z.object({
  operator_role: OperatorRoleSchema,
  recomputed: z.number().int().describe('SKUs re-evaluated.'),
  changed_ids: z.array(Uuid).describe('SKUs whose open blockers or warnings changed.'),
  approval_reset_ids: z
    .array(Uuid)
    .describe('SKUs whose approval or completed review was reset: their conclusion changed.'),
});

/**
 * The run re-evaluating the workspace's SKUs after a role change (type workspace.operator_role_recompute):
 * progress and result hold operator_role, total, done, changed, approval_reset, chunks; a run a later
 * change superseded ends cancelled.
 */
export const RoleRecomputeJobSchema = JobRunSchema;

export const RoleChangeQueuedSchema = z.object({
  operator_role: OperatorRoleSchema,
  following: z.number().int().describe('SKUs following the workspace role, to be re-evaluated by the job.'),
  job: JobRunSchema.extend({ poll_url: z.string() }),
});

export const SetWorkspaceOperatorRoleInput = z.strictObject({ operator_role: OperatorRoleSchema });

export const SetSkuOperatorRoleInput = z.strictObject({
  operator_role: OperatorRoleSchema.nullable().describe('The SKU’s own role; null: it follows the workspace’s.'),
});

export const HeldBySchema = z.object({
  id: Uuid,
  rule_id: z.string(),
  entity_id: Uuid,
  note: z.string().nullable(),
  confirmed_by: z.string(),
  confirmed_at: z.string(),
});

export const HeldByStateSchema = z
  .object({
    rule_id: z.string(),
    code: z.string(),
    status: z.enum(['confirmed', 'open']),
    requirement: z.string(),
    holder_roles: z.array(OperatorRoleSchema),
    legal_basis: z.string().optional(),
    entity_id: z.string().optional(),
    entity_name: z.string().nullable().optional(),
    confirmed_by: z.string().optional(),
    confirmed_at: z.string().optional(),
    held_by_id: z.string().optional(),
    candidates: z.array(z.object({ entity_id: z.string(), name: z.string().nullable(), role: z.string() })),
  })
  .describe('A duty the SKU’s role does not hold itself: held by another operator, confirmed or open.');

export const ConfirmHeldByInput = z.strictObject({
  rule_id: z.string().trim().min(1).max(200).describe('The requirement rule (e.g. core.risk_assessment).'),
  entity_id: Uuid.describe('The operator holding it: an entity linked to the SKU.'),
  note: z.string().trim().max(2000).nullable().optional(),
});

/** A held-by confirmation as made or withdrawn, with the SKUs whose approval it reset. */
export const HeldByChangeResponse = z.object({ held_by: HeldBySchema, approval_reset_ids: z.array(Uuid) });
export const HeldByOverviewResponse = z.object({
  operator_role: OperatorRoleSchema,
  operator_role_override: OperatorRoleSchema.nullable(),
  workspace_operator_role: OperatorRoleSchema,
  states: z.array(HeldByStateSchema),
  confirmations: z.array(HeldBySchema),
});
export const WorkspaceOperatorRoleResponse = z.object({
  operator_role: OperatorRoleSchema,
  job: RoleRecomputeJobSchema.nullable(),
});
export const RoleChangeResultWithJob = RoleChangeResultSchema.extend({ job: RoleRecomputeJobSchema.nullable() });
