'use client';

import * as React from 'react';
import { useRouter } from 'next/navigation';
import { ApiError, apiFetch, signInUrl } from './client';

export interface ApiResource<T> {
  data: T | undefined;
  error: ApiError | undefined;
  loading: boolean;
  reload: () => Promise<void>;
  setData: React.Dispatch<React.SetStateAction<T | undefined>>;
}

/**
 * GETs a JSON resource when the component mounts, with reload and local updates. A 401 means the
 * session ended (expired, signed out in another tab): the user is sent to sign in.
 */
export function useApi<T>(path: string): ApiResource<T> {
  const router = useRouter();
  const [data, setData] = React.useState<T | undefined>(undefined);
  const [error, setError] = React.useState<ApiError | undefined>(undefined);
  const [loading, setLoading] = React.useState(true);
  const controller = React.useRef<AbortController | null>(null);

  // State is only set after the request settles, never synchronously inside the effect.
  const fetchInto = React.useCallback(
    async (ac: AbortController) => {
      try {
        const body = await apiFetch<T>(path, { signal: ac.signal });
        if (ac.signal.aborted) return;
        setData(body);
        setError(undefined);
      } catch (e) {
        if (ac.signal.aborted) return;
        if (e instanceof ApiError) {
          if (e.isAuthLoss) {
            router.replace(signInUrl());
            return;
          }
          setError(e);
        } else if (!(e instanceof DOMException && e.name === 'AbortError')) {
          setError(new ApiError({ status: 0, code: 'UNKNOWN', message: 'Something went wrong while loading. Try again.' }));
        }
      } finally {
        if (!ac.signal.aborted) setLoading(false);
      }
    },
    [path, router],
  );

  const start = React.useCallback(() => {
    controller.current?.abort();
    const ac = new AbortController();
    controller.current = ac;
    return ac;
  }, []);

  React.useEffect(() => {
    const ac = start();
    // eslint-disable-next-line react-hooks/set-state-in-effect -- fetchInto sets state only after the request settles
    void fetchInto(ac);
    return () => ac.abort();
  }, [fetchInto, start]);

  const reload = React.useCallback(async () => {
    const ac = start();
    setLoading(true);
    await fetchInto(ac);
  }, [fetchInto, start]);

  return { data, error, loading, reload, setData };
}
