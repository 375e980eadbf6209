import { parseCookies, REFRESH_COOKIE } from '@/lib/auth/cookies';
import { SessionResponse } from '@/lib/http/auth/schemas';
import { sessionResponse } from '@/lib/http/auth/respond';
import { authProvider } from '@/lib/auth/provider';
import { AppError, defineRoute, routeMethods } from '@/lib/http';
import { checkOrigin } from '@/lib/http/csrf';

// POST /api/auth/refresh – exchanges the refresh cookie for a new access token before it expires.
const refresh = defineRoute({
  method: 'POST',
  path: '/api/auth/refresh',
  operationId: 'refreshSession',
  summary: 'Refresh the session token',
  tags: ['Auth'],
  stability: 'preview',
  auth: 'none',
  responses: { 200: { description: 'New session cookies set.', schema: SessionResponse } },
  handler: async ({ req, db }) => {
    checkOrigin(req);
    const token = parseCookies(req.headers.get('cookie'))[REFRESH_COOKIE];
    if (!token) throw new AppError('UNAUTHORIZED', 'No refresh token; sign in again.');
    return sessionResponse(db, { session: await authProvider(db).refresh(token) });
  },
});

export const { GET, POST, PUT, PATCH, DELETE } = routeMethods(refresh);
