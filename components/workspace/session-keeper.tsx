'use client';

import * as React from 'react';
import { useRouter } from 'next/navigation';
import { signInUrl } from '@/components/api/client';

const REFRESH_BEFORE_MS = 3 * 60 * 1000; // refresh three minutes before the token expires
const MIN_DELAY_MS = 5 * 1000;
const RETRY_MS = 30 * 1000;

/**
 * Keeps the sb-access-token cookie current while the workspace is open: it calls POST /api/auth/refresh
 * a few minutes before expiry and schedules the next refresh from the new expires_at. If the session
 * is gone (401) it sends the user to sign in; on a network hiccup it retries. Timers are paused by
 * sleeping laptops, so it also re-checks when the tab becomes visible again.
 */
export function SessionKeeper({ expiresAt }: { expiresAt: string }) {
  const router = useRouter();
  const expiry = React.useRef<number>(Date.parse(expiresAt));

  React.useEffect(() => {
    expiry.current = Date.parse(expiresAt);
  }, [expiresAt]);

  React.useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    let inFlight = false;
    let stopped = false;

    async function refresh() {
      if (inFlight || stopped) return;
      inFlight = true;
      try {
        const res = await fetch('/api/auth/refresh', { method: 'POST', credentials: 'same-origin', cache: 'no-store' });
        if (res.status === 401) {
          stopped = true;
          router.replace(signInUrl());
          router.refresh();
          return;
        }
        if (!res.ok) throw new Error(`refresh failed: ${res.status}`);
        const body = (await res.json()) as { expires_at?: string };
        const next = body.expires_at ? Date.parse(body.expires_at) : NaN;
        if (Number.isFinite(next)) expiry.current = next;
        schedule();
      } catch {
        clearTimeout(timer);
        timer = setTimeout(refresh, RETRY_MS);
      } finally {
        inFlight = false;
      }
    }

    function schedule() {
      clearTimeout(timer);
      if (!Number.isFinite(expiry.current) || stopped) return;
      const delay = Math.max(MIN_DELAY_MS, expiry.current - Date.now() - REFRESH_BEFORE_MS);
      // setTimeout overflows above ~24.8 days; wait in steps instead.
      const MAX = 2 ** 31 - 1;
      timer = delay > MAX ? setTimeout(schedule, MAX) : setTimeout(refresh, delay);
    }

    function onVisible() {
      if (document.visibilityState !== 'visible') return;
      if (expiry.current - Date.now() < REFRESH_BEFORE_MS) void refresh();
      else schedule();
    }

    schedule();
    document.addEventListener('visibilitychange', onVisible);
    return () => {
      stopped = true;
      clearTimeout(timer);
      document.removeEventListener('visibilitychange', onVisible);
    };
  }, [router]);

  return null;
}
