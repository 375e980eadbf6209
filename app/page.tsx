import { redirect } from 'next/navigation';
import { connection } from 'next/server';
import { getCurrentSession } from '@/lib/auth/current';

/** The front door: the workspace for signed-in users, the sign-in page for everyone else. */
export default async function Home() {
  await connection();
  const session = await getCurrentSession();
  redirect(session ? '/dashboard' : '/sign-in');
}
