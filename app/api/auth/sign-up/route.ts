import { authProvider } from '@/lib/auth/provider';
import { Credentials, SessionResponse } from '@/lib/http/auth/schemas';
import { sessionResponse } from '@/lib/http/auth/respond';
import { defineRoute, routeMethods } from '@/lib/http';
import { checkOrigin } from '@/lib/http/csrf';

// POST /api/auth/sign-up – create an account and sign in (local issuer or Supabase Auth).
const signUp = defineRoute({
  method: 'POST',
  path: '/api/auth/sign-up',
  operationId: 'signUp',
  summary: 'Create an account and start a session',
  tags: ['Auth'],
  stability: 'preview',
  auth: 'none',
  body: Credentials,
  rateLimit: 'parse',
  errors: [409],
  responses: { 201: { description: 'Signed up; session cookies set.', schema: SessionResponse } },
  handler: async ({ req, db, body }) => {
    checkOrigin(req);
    return sessionResponse(db, { session: await authProvider(db).signUp(body), status: 201 });
  },
});

export const { GET, POST, PUT, PATCH, DELETE } = routeMethods(signUp);
