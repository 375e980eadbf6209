import { authProvider } from '@/lib/auth/provider';
import { SignInBody, SessionResponse } from '@/lib/http/auth/schemas';
import { sessionResponse } from '@/lib/http/auth/respond';
import { defineRoute, routeMethods } from '@/lib/http';
import { checkOrigin } from '@/lib/http/csrf';

// POST /api/auth/sign-in – email + password; sets sb-access-token and the refresh cookie.
const signIn = defineRoute({
  method: 'POST',
  path: '/api/auth/sign-in',
  operationId: 'signIn',
  summary: 'Sign in with email and password',
  tags: ['Auth'],
  stability: 'preview',
  auth: 'none',
  body: SignInBody,
  rateLimit: 'parse',
  responses: { 200: { description: 'Signed in; session cookies set.', schema: SessionResponse } },
  handler: async ({ req, db, body }) => {
    checkOrigin(req);
    return sessionResponse(db, { session: await authProvider(db).signIn(body) });
  },
});

export const { GET, POST, PUT, PATCH, DELETE } = routeMethods(signIn);
