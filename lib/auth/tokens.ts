import { createRemoteJWKSet, jwtVerify, SignJWT, errors as joseErrors, type JWTPayload } from 'jose';
import { getEnv } from '@/lib/config/env';
import { AppError } from '@/lib/http/errors';
import { getJwtSecret } from './jwt-secret';

/** Claims of a Supabase Auth access token, which the local issuer also produces. */
export interface AccessClaims {
  sub: string;
  email: string;
  role: 'authenticated';
  aud: 'authenticated';
  exp: number;
  app_metadata?: { staff?: boolean; [k: string]: unknown };
}

export const ACCESS_TOKEN_TTL_SECONDS = 60 * 60;
const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const jwksByUrl = new Map<string, ReturnType<typeof createRemoteJWKSet>>();

export function localIssuer() {
  return `${(getEnv().PUBLIC_APP_URL ?? 'http://127.0.0.1:3100').replace(/\/$/, '')}/auth/v1`;
}

export async function signAccessToken(user: { id: string; email: string; isStaff: boolean }, ttlSeconds = ACCESS_TOKEN_TTL_SECONDS) {
  const secret = getJwtSecret();
  if (!secret) throw new AppError('SERVICE_UNAVAILABLE', 'Local sign-in is disabled while Supabase Auth is configured.');
  const now = Math.floor(Date.now() / 1000);
  const token = await new SignJWT({
    email: user.email,
    role: 'authenticated',
    app_metadata: { provider: 'email', staff: user.isStaff },
    user_metadata: {},
  })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(user.id)
    .setAudience('authenticated')
    .setIssuer(localIssuer())
    .setIssuedAt(now)
    .setExpirationTime(now + ttlSeconds)
    .sign(secret);
  return { token, expiresAt: new Date((now + ttlSeconds) * 1000) };
}

/** Verifies a session token; every failure is a 401 INVALID_TOKEN (never a 500). */
export async function verifyAccessToken(token: string): Promise<AccessClaims> {
  let payload: JWTPayload;
  try {
    const secret = getJwtSecret();
    if (secret) {
      ({ payload } = await jwtVerify(token, secret, { audience: 'authenticated', algorithms: ['HS256'] }));
    } else {
      const url = `${getEnv().SUPABASE_URL!.replace(/\/$/, '')}/auth/v1/.well-known/jwks.json`;
      let jwks = jwksByUrl.get(url);
      if (!jwks) jwksByUrl.set(url, (jwks = createRemoteJWKSet(new URL(url), { timeoutDuration: 3000 })));
      ({ payload } = await jwtVerify(token, jwks, { audience: 'authenticated' }));
    }
  } catch (e) {
    const expired = e instanceof joseErrors.JWTExpired;
    throw new AppError('INVALID_TOKEN', expired ? 'The session has expired; sign in again.' : 'The session token is not valid; sign in again.');
  }
  if (typeof payload.sub !== 'string' || !UUID_RE.test(payload.sub) || typeof payload.email !== 'string' || payload.role !== 'authenticated') {
    throw new AppError('INVALID_TOKEN', 'The session token lacks the required claims; sign in again.');
  }
  return payload as unknown as AccessClaims;
}
