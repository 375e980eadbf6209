import type { Db } from '@/lib/db/client';
import { AppError } from '@/lib/errors';
import type { AuthContext } from './context';
import { ACCESS_COOKIE, parseCookies } from './cookies';
import { cachedSession } from './session-cache';
import { verifyAccessToken } from './tokens';
import { ACTIVE_WORKSPACE_COOKIE, resolveWorkspace } from './workspace';

export function sessionTokenFrom(req: Request): string | null {
  return parseCookies(req.headers.get('cookie'))[ACCESS_COOKIE] || null;
}

export function activeWorkspaceFrom(req: Request): string | null {
  return parseCookies(req.headers.get('cookie'))[ACTIVE_WORKSPACE_COOKIE] || null;
}

/**
 * Resolves the sb-access-token cookie to user + workspace (creating the workspace on first use). The
 * verified token and the membership, and so the role, are kept for a moment (session-cache.ts): a role
 * change or a removal made here clears them, so it applies to the next request at once.
 */
export async function authenticateSessionToken(
  db: Db,
  { token, activeWorkspaceId }: { token: string; activeWorkspaceId?: string | null },
): Promise<Extract<AuthContext, { kind: 'session' }> & { expiresAt: Date }> {
  const session = await cachedSession(`${activeWorkspaceId ?? ''} ${token}`, async () => {
    const claims = await verifyAccessToken(token);
    const user = { id: claims.sub, email: claims.email, isStaff: claims.app_metadata?.staff === true };
    const membership = await resolveWorkspace(db, { user, preferredWorkspaceId: activeWorkspaceId });
    const value = {
      kind: 'session' as const,
      user,
      workspace: membership.workspace,
      role: membership.role,
      expiresAt: new Date(claims.exp * 1000),
    };
    return { value, expiresAt: claims.exp * 1000 };
  });
  // A copy: callers may not change what the next request gets.
  return { ...session, user: { ...session.user }, workspace: { ...session.workspace } };
}

export async function authenticateSession(db: Db, { req }: { req: Request }) {
  const token = sessionTokenFrom(req);
  if (!token) throw new AppError('UNAUTHORIZED', 'Sign in first: no session cookie was sent.');
  return authenticateSessionToken(db, { token, activeWorkspaceId: activeWorkspaceFrom(req) });
}
