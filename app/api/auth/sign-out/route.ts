import { clearedSessionCookies, parseCookies, REFRESH_COOKIE } from '@/lib/auth/cookies';
import { authProvider } from '@/lib/auth/provider';
import { defineRoute, json, routeMethods } from '@/lib/http';
import { SignOutResponse } from '@/lib/http/auth/schemas';
import { checkOrigin } from '@/lib/http/csrf';

// POST /api/auth/sign-out – revokes the refresh token and clears the session cookies.
const signOut = defineRoute({
  method: 'POST',
  path: '/api/auth/sign-out',
  operationId: 'signOut',
  summary: 'Sign out',
  tags: ['Auth'],
  stability: 'preview',
  auth: 'none',
  responses: { 200: { description: 'Signed out; cookies cleared.', schema: SignOutResponse } },
  handler: async ({ req, db }) => {
    checkOrigin(req);
    const refresh = parseCookies(req.headers.get('cookie'))[REFRESH_COOKIE];
    if (refresh) await authProvider(db).signOut(refresh);
    const headers = new Headers();
    for (const c of clearedSessionCookies()) headers.append('set-cookie', c);
    return json({ ok: true }, 200, headers);
  },
});

export const { GET, POST, PUT, PATCH, DELETE } = routeMethods(signOut);
