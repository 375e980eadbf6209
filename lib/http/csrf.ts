import { allowedOrigins } from '@/lib/config/env';
import { AppError } from '@/lib/errors';

/**
 * Cookie-authenticated writes must come from our own pages: the Origin (or, failing that, Referer)
 * must be one of the configured origins (PUBLIC_APP_URL, ALLOWED_ORIGINS). Host and X-Forwarded-Host
 * are not consulted: whoever sends the request chooses them. Bearer requests carry no ambient
 * credential and skip this.
 */
export function checkOrigin(req: Request) {
  const origin = req.headers.get('origin') ?? refererOrigin(req.headers.get('referer'));
  if (!origin) {
    throw new AppError(
      'CSRF_REJECTED',
      'Cross-site request refused: a cookie-authenticated write needs an Origin header from this app.',
    );
  }
  if (!allowedOrigins().has(origin)) {
    throw new AppError(
      'CSRF_REJECTED',
      `Cross-site request refused: cookie-authenticated writes are accepted only from this app's own address, not from ${origin.slice(0, 200)}.`,
    );
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
