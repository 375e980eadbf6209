import { z } from 'zod';
import { defineRoute, json, routeMethods } from '@/lib/http';
import { emailHealth } from '@/lib/email/health';

// GET /api/health/email – mail configuration and SMTP reachability, staff only.
const emailHealthRoute = defineRoute({
  method: 'GET',
  path: '/api/health/email',
  operationId: 'getEmailHealth',
  summary: 'Mail configuration health (staff)',
  tags: ['Health'],
  stability: 'stable',
  auth: 'session',
  staffOnly: true,
  responses: {
    200: {
      description: 'Mail provider configuration and reachability.',
      schema: z.object({
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
      }),
    },
  },
  handler: async () => json(await emailHealth()),
});

export const { GET, POST, PUT, PATCH, DELETE } = routeMethods(emailHealthRoute);
