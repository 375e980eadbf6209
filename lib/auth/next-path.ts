/** Set by the proxy on app pages: the path and query the browser asked for. */
export const REQUEST_PATH_HEADER = 'x-request-path';

/** The sign-in page, with a way back to `path` when that is a safe same-site path. */
export function signInPath(path: string | null | undefined): string {
  const next = safeNextPath(path, '');
  return next && next !== '/dashboard' ? `/sign-in?next=${encodeURIComponent(next)}` : '/sign-in';
}

/**
 * Where to go after signing in. Only same-site paths are accepted ("/skus?x=1"), never another origin
 * ("//evil.example", "https://...") nor the auth pages themselves, so the parameter cannot be used to
 * redirect users off the site.
 */
export function safeNextPath(next: string | undefined | null, fallback = '/dashboard'): string {
  if (!next || typeof next !== 'string' || next.length > 500) return fallback;
  // Browsers read a backslash as a slash ("/\\evil.example" is another host): none anywhere.
  if (!next.startsWith('/') || next.startsWith('//') || next.includes('\\')) return fallback;
  if (/[\u0000-\u001f\u007f]/.test(next)) return fallback;
  if (/^\/(sign-in|sign-up)(\/|\?|$)/.test(next)) return fallback;
  return next;
}
