import { defineRoute, json, routeMethods } from '@/lib/http';
import { WhoamiResponse } from '@/lib/http/auth/schemas';

// GET /api/auth/whoami – which workspace and credential a request authenticates as (session or key).
const whoami = defineRoute({
  method: 'GET',
  path: '/api/auth/whoami',
  operationId: 'whoami',
  summary: 'Identify the caller',
  tags: ['Auth'],
  stability: 'preview',
  auth: 'either',
  responses: {
    200: {
      description: 'The resolved caller.',
      schema: WhoamiResponse,
    },
  },
  handler: async ({ auth }) =>
    json({
      workspace_id: auth.workspace.id,
      auth: auth.kind,
      scopes: auth.kind === 'bearer' ? auth.apiKey.scopes : null,
      user_email: auth.kind === 'session' ? auth.user.email : null,
    }),
});

export const { GET, POST, PUT, PATCH, DELETE } = routeMethods(whoami);
