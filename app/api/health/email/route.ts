import { defineRoute, json, routeMethods } from '@/lib/http';
import { emailHealth } from '@/lib/email/health';
import { EmailHealthResponse } from '@/lib/health/schemas';

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
      schema: EmailHealthResponse,
    },
  },
  handler: async () => json(await emailHealth()),
});

export const { GET, POST, PUT, PATCH, DELETE } = routeMethods(emailHealthRoute);
