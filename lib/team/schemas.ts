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
