import { getEnv } from '@/lib/config/env';
import { AppError } from './errors';

/**
 * Cookie-authenticated writes must come from our own pages: the Origin (or, failing that, Referer)
 * must match the request's host or PUBLIC_APP_URL. Bearer requests carry no ambient credential and
 * skip this.
 */
export function checkOrigin(req: Request) {
  const origin = req.headers.get('origin') ?? refererOrigin(req.headers.get('referer'));
  const allowed = new Set<string>([new URL(req.url).origin]);
  const host = req.headers.get('x-forwarded-host') ?? req.headers.get('host');
  if (host) {
    const proto = req.headers.get('x-forwarded-proto') ?? new URL(req.url).protocol.replace(':', '');
    allowed.add(`${proto}://${host}`);
  }
  const pub = getEnv().PUBLIC_APP_URL;
  if (pub) allowed.add(new URL(pub).origin);
  if (!origin || !allowed.has(origin)) {
    throw new AppError('CSRF_REJECTED', 'Cross-site request refused: a cookie-authenticated write needs an Origin header from this app.');
  }
}

function refererOrigin(ref: string | null) {
  if (!ref) return null;
  try {
    return new URL(ref).origin;
  } catch {
    return null;
  }
}
