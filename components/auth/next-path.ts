/**
 * Where to go after signing in. Only same-site paths are accepted ("/skus?x=1"), never another origin
 * ("//evil.example", "https://...") nor the auth pages themselves, so the parameter cannot be used to
 * redirect users off the site.
 */
export function safeNextPath(next: string | undefined | null, fallback = '/dashboard'): string {
  if (!next || typeof next !== 'string' || next.length > 500) return fallback;
  if (!next.startsWith('/') || next.startsWith('//') || next.startsWith('/\\')) return fallback;
  if (/[\u0000-\u001f]/.test(next)) return fallback;
  if (/^\/(sign-in|sign-up)(\/|\?|$)/.test(next)) return fallback;
  return next;
}
