import { cache } from 'react';
import { redirect } from 'next/navigation';
import { connection } from 'next/server';
import { getCurrentSession } from '@/lib/auth/current';

export type CurrentSession = NonNullable<Awaited<ReturnType<typeof getCurrentSession>>>;

/** The signed-in session, read once per request however many layouts and pages ask for it. */
export const getSession = cache(async () => {
  // Reading the session reads cookies and the database: never at build time.
  await connection();
  return getCurrentSession();
});

/** The session, or a redirect to sign-in. For the workspace layout and its pages. */
export async function requireSession(): Promise<CurrentSession> {
  const session = await getSession();
  if (!session) redirect('/sign-in');
  return session;
}
