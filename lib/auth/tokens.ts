import { createRemoteJWKSet, jwtVerify, SignJWT, errors as joseErrors, type JWTPayload } from 'jose';
import { publicAppUrl } from '@/lib/config/public-url';
import { getEnv } from '@/lib/config/env';
import { AppError } from '@/lib/errors';
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
  return `${publicAppUrl()}/auth/v1`;
}

export async function signAccessToken(
  user: { id: string; email: string; isStaff: boolean },
  ttlSeconds = ACCESS_TOKEN_TTL_SECONDS,
) {
  const secret = getJwtSecret();
  if (!secret)
    throw new AppError('SERVICE_UNAVAILABLE', 'Local sign-in is disabled while Supabase Auth is configured.');
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

/** Clocks of the issuer and this server may differ by this much (exp, nbf, iat). */
export const CLOCK_SKEW_SECONDS = 60;
/** The longest lifetime Supabase allows for an access token (JWT expiry limit: one week). */
export const MAX_TOKEN_LIFETIME_SECONDS = 7 * 24 * 60 * 60;
/** Far longer than any real access token; a longer cookie is not parsed at all. */
const MAX_TOKEN_LENGTH = 8 * 1024;

/** Failures of the claim checks, in words a user can act on. */
function tokenFailure(e: unknown): AppError {
  if (e instanceof joseErrors.JWTExpired)
    return new AppError('INVALID_TOKEN', 'The session has expired; sign in again.');
  if (e instanceof joseErrors.JWTClaimValidationFailed) {
    const claim = e.claim;
    const why =
      e.reason === 'missing'
        ? `it has no "${claim}" claim`
        : claim === 'nbf'
          ? 'it is not valid yet ("nbf" is in the future)'
          : claim === 'iat'
            ? 'it was issued in the future ("iat")'
            : `its "${claim}" claim is not acceptable`;
    return new AppError('INVALID_TOKEN', `The session token was refused: ${why}; sign in again.`);
  }
  return new AppError('INVALID_TOKEN', 'The session token is not valid; sign in again.');
}

/**
 * Verifies a session token; every failure is a 401 INVALID_TOKEN (never a 500). exp, iat and sub are
 * required, nbf/iat may not lie in the future and the lifetime is bounded, each within a clock skew
 * of CLOCK_SKEW_SECONDS.
 */
export async function verifyAccessToken(token: string): Promise<AccessClaims> {
  if (token.length > MAX_TOKEN_LENGTH)
    throw new AppError('INVALID_TOKEN', 'The session token is not valid (too long); sign in again.');
  const options = {
    audience: 'authenticated',
    requiredClaims: ['exp', 'iat', 'sub'],
    clockTolerance: CLOCK_SKEW_SECONDS,
    // Also makes jose refuse an iat in the future (beyond the skew).
    maxTokenAge: MAX_TOKEN_LIFETIME_SECONDS,
  };
  let payload: JWTPayload;
  try {
    const secret = getJwtSecret();
    if (secret) {
      ({ payload } = await jwtVerify(token, secret, { ...options, algorithms: ['HS256'] }));
    } else {
      const url = `${getEnv().SUPABASE_URL!.replace(/\/$/, '')}/auth/v1/.well-known/jwks.json`;
      let jwks = jwksByUrl.get(url);
      if (!jwks) jwksByUrl.set(url, (jwks = createRemoteJWKSet(new URL(url), { timeoutDuration: 3000 })));
      ({ payload } = await jwtVerify(token, jwks, options));
    }
  } catch (e) {
    throw tokenFailure(e);
  }
  // jose has checked exp and iat are numbers; a token may not outlive the longest lifetime an issuer grants.
  if (payload.exp! - payload.iat! > MAX_TOKEN_LIFETIME_SECONDS + CLOCK_SKEW_SECONDS) {
    throw new AppError(
      'INVALID_TOKEN',
      'The session token was refused: its lifetime is longer than any issuer grants; sign in again.',
    );
  }
  if (
    typeof payload.sub !== 'string' ||
    !UUID_RE.test(payload.sub) ||
    typeof payload.email !== 'string' ||
    payload.role !== 'authenticated'
  ) {
    throw new AppError('INVALID_TOKEN', 'The session token lacks the required claims; sign in again.');
  }
  return payload as unknown as AccessClaims;
}
