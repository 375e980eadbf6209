import { QueryCache, QueryClient } from '@tanstack/react-query';
import { ApiError, signInUrl } from '@/components/api/client';

/**
 * The client's one QueryClient. 4xx answers are outcomes, not glitches: never retried. A lost
 * session (401) sends the user to sign in, from wherever the query ran.
 */
export function makeQueryClient(): QueryClient {
  return new QueryClient({
    queryCache: new QueryCache({
      onError: (e) => {
        if (e instanceof ApiError && e.isAuthLoss && typeof window !== 'undefined')
          window.location.replace(signInUrl());
      },
    }),
    defaultOptions: {
      queries: {
        staleTime: 5_000,
        refetchOnWindowFocus: false,
        retry: (failures, e) => !(e instanceof ApiError && e.status >= 400 && e.status < 500) && failures < 2,
      },
      mutations: { retry: false },
    },
  });
}
