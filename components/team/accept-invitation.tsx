'use client';

import * as React from 'react';
import { useRouter } from 'next/navigation';
import { Button } from '@/components/ui/button';
import { Alert } from '@/components/ui/alert';
import { ApiError, apiFetch, describeError } from '@/components/api/client';

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
  const [busy, setBusy] = React.useState(false);
  const [error, setError] = React.useState<string | null>(null);
  const mismatch = signedInAs.toLowerCase() !== invitedEmail.toLowerCase();

  async function accept() {
    setBusy(true);
    setError(null);
    try {
      await apiFetch('/api/invitations/accept', { method: 'POST', body: { token } });
      router.replace('/inbox');
      router.refresh();
    } catch (e) {
      setError(e instanceof ApiError ? e.message : describeError(e).title);
      setBusy(false);
    }
  }

  async function signOut() {
    await apiFetch('/api/auth/sign-out', { method: 'POST' }).catch(() => {});
    router.refresh();
  }

  return (
    <div className="grid gap-3">
      <p className="text-sm">You are signed in as {signedInAs}.</p>
      {mismatch ? (
        <Alert variant="warning" title="Another address">
          This invitation is for {invitedEmail}. Sign out and sign in (or sign up) with that address to accept it.
          <Button variant="secondary" size="sm" className="mt-2" onClick={() => void signOut()}>
            Sign out
          </Button>
        </Alert>
      ) : (
        <Button onClick={() => void accept()} loading={busy} data-testid="accept-invitation">
          Accept and join
        </Button>
      )}
      {error ? (
        <Alert variant="danger" title="Not joined">
          {error}
        </Alert>
      ) : null}
    </div>
  );
}
