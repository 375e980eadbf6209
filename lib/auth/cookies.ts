import { isProduction } from '@/lib/config/env';

export const ACCESS_COOKIE = 'sb-access-token';
export const REFRESH_COOKIE = 'sb-refresh-token';
const REFRESH_MAX_AGE = 30 * 24 * 60 * 60;

/**
 * The last header parsed, and what it gave: a request reads its cookies three times (is there a
 * session, its token, the active workspace), each from the same header. Frozen, since callers share it.
 */
let last: { header: string; cookies: Readonly<Record<string, string>> } | null = null;

export function parseCookies(header: string | null): Readonly<Record<string, string>> {
  if (!header) return {};
  if (last?.header === header) return last.cookies;
  const cookies = Object.freeze(parseCookieHeader(header));
  last = { header, cookies };
  return cookies;
}

function parseCookieHeader(header: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const part of header.split(';')) {
    const i = part.indexOf('=');
    if (i < 0) continue;
    const name = part.slice(0, i).trim();
    if (!name || name in out) continue;
    try {
      out[name] = decodeURIComponent(part.slice(i + 1).trim());
    } catch {
      out[name] = part.slice(i + 1).trim();
    }
  }
  return out;
}

function cookie(name: string, value: string, maxAge: number, path = '/') {
  const attrs = [
    `${name}=${encodeURIComponent(value)}`,
    `Path=${path}`,
    `Max-Age=${maxAge}`,
    'HttpOnly',
    'SameSite=Lax',
  ];
  if (isProduction()) attrs.push('Secure');
  return attrs.join('; ');
}

/** Set-Cookie values for a new session. The refresh token is only sent to the auth endpoints. */
export function sessionCookies(s: { accessToken: string; expiresAt: Date; refreshToken?: string | null }) {
  const ttl = Math.max(0, Math.floor((s.expiresAt.getTime() - Date.now()) / 1000));
  const out = [cookie(ACCESS_COOKIE, s.accessToken, ttl)];
  if (s.refreshToken) out.push(cookie(REFRESH_COOKIE, s.refreshToken, REFRESH_MAX_AGE, '/api/auth'));
  return out;
}

export function clearedSessionCookies() {
  return [cookie(ACCESS_COOKIE, '', 0), cookie(REFRESH_COOKIE, '', 0, '/api/auth')];
}

/** Set-Cookie naming the active workspace (not a credential: membership is checked on every request). */
export function activeWorkspaceCookie(name: string, workspaceId: string) {
  return cookie(name, workspaceId, 365 * 24 * 60 * 60);
}
