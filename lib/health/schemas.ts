import { z } from 'zod';

/** GET /api/health: the service answers, and so does its database (checkHealth). */
export const HealthResponse = z.object({
  status: z.string(),
  service: z.string(),
  time: z.string(),
  version: z.string().optional(),
  environment: z.string().optional(),
  git_sha: z.string().optional(),
});

/** GET /api/health/email: the mail configuration and SMTP reachability (emailHealth, lib/email/health.ts). */
export const EmailHealthResponse = z.object({
  status: z.string(),
  service: z.string(),
  time: z.string(),
  provider: z.string(),
  smtp_configured: z.boolean(),
  version: z.string().optional(),
  environment: z.string().optional(),
  git_sha: z.string().optional(),
  smtp_reachable: z.boolean().nullable().optional(),
  jwt_secret_configured: z.boolean().optional(),
  public_app_url: z.string().optional(),
  public_app_url_configured: z.boolean().optional(),
  smtp_from_address: z.string().optional(),
  smtp_from_name: z.string().optional(),
  smtp_from_name_configured: z.boolean().optional(),
  verification_links_enabled: z.boolean().optional(),
  smtp_verify_error: z.string().optional(),
});
