import type { Metadata } from 'next';
import { redirect } from 'next/navigation';
import { connection } from 'next/server';
import { getCurrentSession } from '@/lib/auth/current';
import { AuthForm } from '@/components/auth/auth-form';

export const metadata: Metadata = { title: 'Create your account' };

export default async function SignUpPage() {
  await connection();
  if (await getCurrentSession()) redirect('/dashboard');
  return <AuthForm mode="sign-up" nextPath="/dashboard" />;
}
