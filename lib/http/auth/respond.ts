import { json } from '../route';
import type { Db } from '@/lib/db/client';
import type { SessionUser } from '@/lib/auth/context';
import { sessionCookies } from '@/lib/auth/cookies';
import { ensureWorkspace } from '@/lib/auth/workspace';

/** The JSON answer to sign-in, sign-up and refresh, with the session cookies set. */
export async function sessionResponse(
  db: Db,
  {
    session: s,
    status = 200,
  }: {
    session: { user: SessionUser; accessToken: string; expiresAt: Date; refreshToken?: string | null };
    status?: number;
  },
) {
  const membership = await ensureWorkspace(db, { user: s.user });
  const headers = new Headers();
  for (const c of sessionCookies(s)) headers.append('set-cookie', c);
  return json(
    {
      user: { id: s.user.id, email: s.user.email, is_staff: s.user.isStaff },
      workspace: membership.workspace,
      expires_at: s.expiresAt.toISOString(),
    },
    status,
    headers,
  );
}
