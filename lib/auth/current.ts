import { cookies } from 'next/headers';
import { getDb } from '@/lib/db/client';
import { AppError } from '@/lib/errors';
import { ACCESS_COOKIE } from './cookies';
import { ACTIVE_WORKSPACE_COOKIE } from './workspace';
import { authenticateSessionToken } from './session';

/** For server components: the signed-in user and workspace, or null (callers redirect to /sign-in). */
export async function getCurrentSession() {
  const jar = await cookies();
  const token = jar.get(ACCESS_COOKIE)?.value;
  if (!token) return null;
  try {
    const s = await authenticateSessionToken(await getDb(), {
      token,
      activeWorkspaceId: jar.get(ACTIVE_WORKSPACE_COOKIE)?.value,
    });
    return { user: s.user, workspace: s.workspace, role: s.role, expiresAt: s.expiresAt.toISOString() };
  } catch (e) {
    if (e instanceof AppError && e.status === 401) return null;
    throw e;
  }
}
