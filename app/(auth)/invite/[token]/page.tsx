import type { Metadata } from 'next';
import { connection } from 'next/server';
import { getCurrentSession } from '@/lib/auth/current';
import { getDb } from '@/lib/db/client';
import { AppError } from '@/lib/http/errors';
import { lookupInvitation } from '@/lib/team/invitations';
import { AuthForm } from '@/components/auth/auth-form';
import { AcceptInvitation } from '@/components/team/accept-invitation';
import { Alert } from '@/components/ui/alert';

// The token is in the path: never send it on as a Referer.
export const metadata: Metadata = { title: 'Invitation', referrer: 'no-referrer' };

export default async function InvitePage({
  params,
  searchParams,
}: {
  params: Promise<{ token: string }>;
  searchParams: Promise<{ mode?: string }>;
}) {
  await connection();
  const { token } = await params;
  const { mode } = await searchParams;
  let invitation: Awaited<ReturnType<typeof lookupInvitation>>;
  try {
    invitation = await lookupInvitation(await getDb(), token);
  } catch (e) {
    if (e instanceof AppError && (e.status === 404 || e.status === 410)) {
      return (
        <Alert variant="danger" title="This invitation cannot be used" data-testid="invite-unusable" data-code={e.code}>
          {e.message}
        </Alert>
      );
    }
    throw e;
  }
  const session = await getCurrentSession();
  const here = `/invite/${token}`;
  return (
    <div className="grid gap-5" data-testid="invite-page">
      <div>
        <h1 className="text-xl font-semibold">Join {invitation.workspace_name}</h1>
        <p className="mt-1 text-sm text-muted-foreground">
          {invitation.invited_by ?? 'An admin'} invited <strong>{invitation.email}</strong> as{' '}
          <strong>{invitation.role}</strong>.
        </p>
      </div>
      {session ? (
        <AcceptInvitation token={token} signedInAs={session.user.email} invitedEmail={invitation.email} />
      ) : (
        <>
          <p className="text-sm">
            {mode === 'sign-in'
              ? 'Sign in with the invited address to accept.'
              : 'Create your account with the invited address, or sign in if you have one.'}
          </p>
          <AuthForm mode={mode === 'sign-in' ? 'sign-in' : 'sign-up'} nextPath={here} />
          <a className="text-sm text-primary hover:underline" href={mode === 'sign-in' ? here : `${here}?mode=sign-in`}>
            {mode === 'sign-in' ? 'No account yet? Create one' : 'Already have an account? Sign in here'}
          </a>
        </>
      )}
    </div>
  );
}
