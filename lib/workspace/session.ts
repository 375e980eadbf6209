import { cache } from 'react';
import { headers } from 'next/headers';
import { redirect } from 'next/navigation';
import { connection } from 'next/server';
import { REQUEST_PATH_HEADER, signInPath } from '@/lib/auth/next-path';
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
  // A deep link opened while signed out comes back to the same page (and tab) after sign-in.
  if (!session) redirect(signInPath((await headers()).get(REQUEST_PATH_HEADER)));
  return session;
}
