'use client';

import * as React from 'react';
import { useRouter } from 'next/navigation';
import { Button } from '@/components/ui/button';
import { Alert } from '@/components/ui/alert';
import { ApiError, describeError } from '@/components/api/client';
import { useApiMutation } from '@/components/api/queries/use-api-mutation';
import { teamMessages } from '@/lib/i18n/ui/team';
import { useT } from '@/components/i18n/locale-provider';

export function AcceptInvitation({
  token,
  signedInAs,
  invitedEmail,
}: {
  token: string;
  signedInAs: string;
  invitedEmail: string;
}) {
  const router = useRouter();
  const t = useT(teamMessages);
  const [busy, setBusy] = React.useState(false);
  const [error, setError] = React.useState<string | null>(null);
  const acceptRequest = useApiMutation<unknown, void>({
    request: () => ({ path: '/api/invitations/accept', body: { token } }),
  });
  const signOutRequest = useApiMutation<unknown, void>({ request: () => ({ path: '/api/auth/sign-out' }) });
  const mismatch = signedInAs.toLowerCase() !== invitedEmail.toLowerCase();

  async function accept() {
    setBusy(true);
    setError(null);
    try {
      await acceptRequest.run();
      router.replace('/inbox');
      router.refresh();
    } catch (e) {
      setError(e instanceof ApiError ? e.message : describeError(e).title);
      setBusy(false);
    }
  }

  async function signOut() {
    await signOutRequest.run().catch(() => {});
    router.refresh();
  }

  return (
    <div className="grid gap-3">
      <p className="text-sm">{t('join.signed_in_as', { email: signedInAs })}</p>
      {mismatch ? (
        <Alert variant="warning" title={t('join.other_address')}>
          {t('join.mismatch', { email: invitedEmail })}
          <Button variant="secondary" size="sm" className="mt-2" onClick={() => void signOut()}>
            {t('join.sign_out')}
          </Button>
        </Alert>
      ) : (
        <Button onClick={() => void accept()} loading={busy} data-testid="accept-invitation">
          {t('join.accept')}
        </Button>
      )}
      {error ? (
        <Alert variant="danger" title={t('join.not_joined')}>
          {error}
        </Alert>
      ) : null}
    </div>
  );
}
