import type { Metadata } from 'next';
import { Fragment } from 'react';
import { connection } from 'next/server';
import { getCurrentSession } from '@/lib/auth/current';
import { getDb } from '@/lib/db/client';
import { AppError } from '@/lib/errors';
import { lookupInvitation } from '@/lib/team/invitations';
import { getT } from '@/lib/i18n/ui-locale';
import { teamMessages } from '@/lib/i18n/ui/team';
import { AuthForm } from '@/components/auth/auth-form';
import { AcceptInvitation } from '@/components/team/accept-invitation';
import { Alert } from '@/components/ui/alert';

export async function generateMetadata(): Promise<Metadata> {
  const t = await getT(teamMessages);
  // The token is in the path: never send it on as a Referer.
  return { title: t('join.meta_title'), referrer: 'no-referrer' };
}

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
  const t = await getT(teamMessages);
  let invitation: Awaited<ReturnType<typeof lookupInvitation>>;
  try {
    invitation = await lookupInvitation(await getDb(), { token });
  } catch (e) {
    if (e instanceof AppError && (e.status === 404 || e.status === 410)) {
      return (
        <Alert variant="danger" title={t('join.unusable')} data-testid="invite-unusable" data-code={e.code}>
          {e.message}
        </Alert>
      );
    }
    throw e;
  }
  const session = await getCurrentSession();
  const here = `/invite/${token}`;
  // The sentence's word order differs by language: its placeholders are filled with elements in place.
  const parts: Record<string, React.ReactNode> = {
    inviter: invitation.invited_by ?? t('join.an_admin'),
    email: <strong>{invitation.email}</strong>,
    role: <strong>{t(`role.${invitation.role}`)}</strong>,
  };
  return (
    <div className="grid gap-5" data-testid="invite-page">
      <div>
        <h1 className="text-xl font-semibold">{t('join.title', { workspace: invitation.workspace_name })}</h1>
        <p className="mt-1 text-sm text-muted-foreground">
          {t('join.invited')
            .split(/\{(\w+)\}/)
            .map((piece, i) => (i % 2 ? <Fragment key={i}>{parts[piece]}</Fragment> : piece))}
        </p>
      </div>
      {session ? (
        <AcceptInvitation token={token} signedInAs={session.user.email} invitedEmail={invitation.email} />
      ) : (
        <>
          <p className="text-sm">{mode === 'sign-in' ? t('join.sign_in_prompt') : t('join.sign_up_prompt')}</p>
          <AuthForm mode={mode === 'sign-in' ? 'sign-in' : 'sign-up'} nextPath={here} />
          <a className="text-sm text-primary hover:underline" href={mode === 'sign-in' ? here : `${here}?mode=sign-in`}>
            {mode === 'sign-in' ? t('join.no_account') : t('join.have_account')}
          </a>
        </>
      )}
    </div>
  );
}
