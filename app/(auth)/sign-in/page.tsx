import type { Metadata } from 'next';
import { redirect } from 'next/navigation';
import { connection } from 'next/server';
import { getCurrentSession } from '@/lib/auth/current';
import { AuthForm } from '@/components/auth/auth-form';
import { getT } from '@/lib/i18n/ui-locale';
import { pageMessages } from '@/lib/i18n/ui/pages';
import { safeNextPath } from '@/lib/auth/next-path';

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getT(pageMessages))('title.sign_in') };
}

export default async function SignInPage({ searchParams }: { searchParams: Promise<{ next?: string | string[] }> }) {
  await connection();
  const { next } = await searchParams;
  const nextPath = safeNextPath(typeof next === 'string' ? next : undefined);
  if (await getCurrentSession()) redirect(nextPath);
  return <AuthForm mode="sign-in" nextPath={nextPath} />;
}
