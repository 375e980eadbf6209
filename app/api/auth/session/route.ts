import { SessionResponse } from '@/lib/http/auth/schemas';
import { defineRoute, json, routeMethods } from '@/lib/http';

// GET /api/auth/session – the signed-in user, their workspace and when the token expires.
const session = defineRoute({
  method: 'GET',
  path: '/api/auth/session',
  operationId: 'getSession',
  summary: 'Current session',
  tags: ['Auth'],
  stability: 'preview',
  auth: 'session',
  responses: { 200: { description: 'The current session.', schema: SessionResponse } },
  handler: async ({ auth }) => {
    if (auth.kind !== 'session') throw new Error('unreachable: session route');
    return json({
      user: { id: auth.user.id, email: auth.user.email, is_staff: auth.user.isStaff },
      workspace: auth.workspace,
      expires_at: auth.expiresAt?.toISOString() ?? null,
    });
  },
});

export const { GET, POST, PUT, PATCH, DELETE } = routeMethods(session);
