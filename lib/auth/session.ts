import type { Db } from '@/lib/db/client';
import { AppError } from '@/lib/http/errors';
import type { AuthContext } from './context';
import { ACCESS_COOKIE, parseCookies } from './cookies';
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
 * membership, and so the role, is read on every request: a role change or a removal applies at once.
 */
export async function authenticateSessionToken(
  db: Db,
  token: string,
  activeWorkspaceId?: string | null,
): Promise<Extract<AuthContext, { kind: 'session' }> & { expiresAt: Date }> {
  const claims = await verifyAccessToken(token);
  const user = { id: claims.sub, email: claims.email, isStaff: claims.app_metadata?.staff === true };
  const membership = await resolveWorkspace(db, user, activeWorkspaceId);
  return {
    kind: 'session',
    user,
    workspace: membership.workspace,
    role: membership.role,
    expiresAt: new Date(claims.exp * 1000),
  };
}

export async function authenticateSession(db: Db, req: Request) {
  const token = sessionTokenFrom(req);
  if (!token) throw new AppError('UNAUTHORIZED', 'Sign in first: no session cookie was sent.');
  return authenticateSessionToken(db, token, activeWorkspaceFrom(req));
}
