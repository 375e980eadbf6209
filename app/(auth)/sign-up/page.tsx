import type { Metadata } from 'next';
import { redirect } from 'next/navigation';
import { connection } from 'next/server';
import { getCurrentSession } from '@/lib/auth/current';
import { AuthForm } from '@/components/auth/auth-form';
import { getT } from '@/lib/i18n/ui-locale';
import { pageMessages } from '@/lib/i18n/ui/pages';

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getT(pageMessages))('title.sign_up') };
}

export default async function SignUpPage() {
  await connection();
  if (await getCurrentSession()) redirect('/dashboard');
  return <AuthForm mode="sign-up" nextPath="/dashboard" />;
}
