import { z } from 'zod';
import { ROLES } from '@/lib/auth/roles';
import { DateTime, Uuid } from '@/lib/http/schemas';

export const AssignableRole = z.enum(ROLES.filter((r) => r !== 'owner') as ['viewer', 'editor', 'reviewer', 'admin']);

export const Member = z
  .object({ user_id: Uuid, email: z.string(), role: z.enum(ROLES), joined_at: DateTime, notify_mentions: z.boolean() })
  .meta({ id: 'Member' });
export type Member = z.infer<typeof Member>;

export const Invitation = z
  .object({
    id: Uuid,
    email: z.string(),
    role: AssignableRole,
    status: z.enum(['pending', 'accepted', 'revoked', 'expired']),
    invited_by: z.string().nullable(),
    created_at: DateTime,
    expires_at: DateTime,
    accepted_at: DateTime.nullable(),
    revoked_at: DateTime.nullable(),
  })
  .meta({ id: 'Invitation' });
export type Invitation = z.infer<typeof Invitation>;

export const InvitationToken = z.strictObject({ token: z.string().min(1).max(200) });

export const Seats = z.object({
  members: z.number().int(),
  invitations: z.number().int(),
  total: z.number().int(),
  max: z.number().int(),
});
export type Seats = z.infer<typeof Seats>;

/** GET /api/members: the members, the seats they use, what each role may do, and who is asking. */
/** POST /api/invitations: invite_url is shown this once; mail says whether the mail went out. */
export const InvitationCreated = z.object({
  data: Invitation,
  invite_url: z.string(),
  mail: z.object({ sent: z.boolean(), provider: z.string(), error: z.string().optional() }),
});
export type InvitationCreated = z.infer<typeof InvitationCreated>;

export const MemberList = z.object({
  data: z.array(Member),
  seats: Seats,
  roles: z.array(z.object({ role: z.enum(ROLES), description: z.string() })),
  you: z.object({ user_id: Uuid, role: z.enum(ROLES) }),
});
export type MemberList = z.infer<typeof MemberList>;

export const RemovedMember = z.object({
  removed: z.literal(true),
  user_id: Uuid,
  revoked_api_keys: z.number().int(),
  unassigned_skus: z.number().int(),
});
export type RemovedMember = z.infer<typeof RemovedMember>;

/** GET /api/workspace/switch: one of the caller's workspaces. */
export const Membership = z.object({
  workspace: z.object({ id: z.string(), name: z.string(), plan: z.string() }),
  role: z.string(),
  active: z.boolean(),
});
export type Membership = z.infer<typeof Membership>;

/** A SKU in "My work". */
export const WorkSkuItem = z.object({
  id: z.string(),
  sku_code: z.string(),
  product_name: z.string(),
  status: z.string(),
  blocker_count: z.number(),
  updated_at: z.string(),
});
export type WorkSkuItem = z.infer<typeof WorkSkuItem>;

/** GET /api/inbox: what waits for the caller in the active workspace. */
export const MyWork = z.object({
  role: z.string(),
  four_eyes_approval: z.boolean(),
  assigned: z.array(WorkSkuItem),
  reviews_to_complete: z.array(WorkSkuItem),
  approvals_to_give: z.array(WorkSkuItem),
  supplier_replies: z.array(
    z.object({
      id: z.string(),
      sku_id: z.string(),
      sku_code: z.string(),
      recipient: z.string(),
      subject: z.string(),
      responded_at: z.string().nullable(),
    }),
  ),
  supplier_attention: z
    .array(
      z.object({
        id: z.string(),
        sku_id: z.string(),
        sku_code: z.string(),
        recipient: z.string(),
        reason: z.enum(['no_progress', 'overdue']),
        due_date: z.string().nullable(),
      }),
    )
    .describe(
      'Supplier requests that made no progress after their reminders, or passed their due date with items open.',
    ),
  mentions: z.array(
    z.object({
      id: z.string(),
      sku_id: z.string(),
      sku_code: z.string(),
      author: z.string(),
      body: z.string(),
      created_at: z.string(),
    }),
  ),
});
export type MyWork = z.infer<typeof MyWork>;

// The API's request and response shapes (routes under /api/invitations, /api/members, /api/workspace/switch).
export const CreateInvitationInput = z.strictObject({ email: z.email().max(254), role: AssignableRole });
export const InvitationResponse = z.object({ data: Invitation });
export const InvitationListResponse = z.object({ data: z.array(Invitation) });
export const InvitationAccepted = z.object({
  workspace: z.object({ id: z.string(), name: z.string() }),
  role: z.string(),
  already_member: z.boolean(),
});
export const InvitationLookup = z.object({
  workspace_name: z.string(),
  email: z.string(),
  role: z.string(),
  invited_by: z.string().nullable(),
  expires_at: z.string(),
});
export const ChangeMemberRoleInput = z.strictObject({ role: AssignableRole });
export const MySettingsInput = z.strictObject({ notify_mentions: z.boolean() });
export const TransferOwnershipInput = z.strictObject({ user_id: Uuid });
export const MemberResponse = z.object({ data: Member });
export const MemberListResponse = z.object({ data: z.array(Member) });
export const SwitchWorkspaceInput = z.strictObject({ workspace_id: Uuid });
export const MembershipListResponse = z.object({ data: z.array(Membership) });
