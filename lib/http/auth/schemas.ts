import { z } from 'zod';
import { PLAN_IDS } from '@/lib/plans';

export const Credentials = z.strictObject({
  email: z.email().max(254),
  password: z.string().min(8, 'must be at least 8 characters').max(200),
});

export const SessionResponse = z.object({
  user: z.object({ id: z.string(), email: z.string(), is_staff: z.boolean() }),
  workspace: z.object({ id: z.string(), name: z.string(), plan: z.enum(PLAN_IDS) }),
  expires_at: z.string(),
});
export type SessionResponse = z.infer<typeof SessionResponse>;

export const SignInBody = z.strictObject({ email: z.email().max(254), password: z.string().min(1).max(200) });

/** GET /api/auth/whoami: which workspace and credential a request authenticates as. */
export const WhoamiResponse = z.object({
  workspace_id: z.string(),
  auth: z.enum(['session', 'bearer']),
  scopes: z.array(z.string()).nullable(),
  user_email: z.string().nullable(),
});

/** POST /api/auth/sign-out. */
export const SignOutResponse = z.object({ ok: z.boolean() });
