import { z } from 'zod';
import { ROLES } from '@/lib/auth/roles';
import { DateTime, Uuid } from '@/lib/http/schemas';

export const AssignableRole = z.enum(ROLES.filter((r) => r !== 'owner') as ['viewer', 'editor', 'reviewer', 'admin']);

export const Member = z
  .object({ user_id: Uuid, email: z.string(), role: z.enum(ROLES), joined_at: DateTime, notify_mentions: z.boolean() })
  .meta({ id: 'Member' });

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

export const InvitationToken = z.strictObject({ token: z.string().min(1).max(200) });

export const Seats = z.object({ members: z.number().int(), invitations: z.number().int(), total: z.number().int(), max: z.number().int() });
