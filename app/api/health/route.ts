import { z } from 'zod';
import { defineRoute, json, routeMethods } from '@/lib/http';
import { checkHealth } from '@/lib/health/check';

// GET /api/health – liveness and database reachability, no auth.
const health = defineRoute({
  method: 'GET',
  path: '/api/health',
  operationId: 'getHealth',
  summary: 'Service health',
  tags: ['Health'],
  stability: 'stable',
  auth: 'none',
  responses: {
    200: {
      description: 'The service and its database answer.',
      schema: z.object({
        status: z.string(),
        service: z.string(),
        time: z.string(),
        version: z.string().optional(),
        environment: z.string().optional(),
        git_sha: z.string().optional(),
      }),
    },
  },
  handler: async ({ db }) => json(await checkHealth(db)),
});

export const { GET, POST, PUT, PATCH, DELETE } = routeMethods(health);
