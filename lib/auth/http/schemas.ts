import { z } from 'zod';

export const Credentials = z.strictObject({
  email: z.email().max(254),
  password: z.string().min(8, 'must be at least 8 characters').max(200),
});

export const SessionResponse = z.object({
  user: z.object({ id: z.string(), email: z.string(), is_staff: z.boolean() }),
  workspace: z.object({ id: z.string(), name: z.string(), plan: z.string() }),
  expires_at: z.string(),
});

export const SignInBody = z.strictObject({ email: z.email().max(254), password: z.string().min(1).max(200) });
