import { defineRoute, json, routeMethods } from '@/lib/http';
import { checkHealth } from '@/lib/health/check';
import { HealthResponse } from '@/lib/health/schemas';

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
      schema: HealthResponse,
    },
  },
  handler: async ({ db }) => json(await checkHealth(db)),
});

export const { GET, POST, PUT, PATCH, DELETE } = routeMethods(health);
