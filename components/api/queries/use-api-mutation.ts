'use client';

import * as React from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ApiError, apiFetch, idempotentWrite, type ApiRequestOptions } from '@/components/api/client';
import type { QueryKey } from './keys';
import { clientErrorT } from '@/components/i18n/page-locale';

type WriteMethod = 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface ApiMutationRequest {
  path: string;
  method?: WriteMethod;
  body?: unknown;
}

export interface ApiMutationOptions<T, V> {
  /** The write a call makes: its path, method (POST) and JSON body. */
  request: (vars: V) => ApiMutationRequest;
  /** Send an Idempotency-Key (remembered per path and body, so a retry after a lost answer replays it). */
  idempotent?: boolean;
  /** Key prefixes to refresh after success (a function sees the answer and the variables). */
  invalidates?: QueryKey[] | ((data: T, vars: V) => QueryKey[]);
  onSuccess?: (data: T, vars: V) => void | Promise<void>;
}

export interface ApiMutation<T, V> {
  /** Runs the write; resolves with the answer, rejects with the envelope's ApiError. */
  run: (vars: V) => Promise<T>;
  pending: boolean;
  /** The last failure, as the contract's envelope (null after a success or reset). */
  error: ApiError | null;
  reset: () => void;
}

function asApiError(e: unknown): ApiError | null {
  if (!e) return null;
  return e instanceof ApiError ? e : new ApiError({ status: 0, code: 'UNKNOWN', message: clientErrorT()('unknown') });
}

/**
 * The one way a component writes: a TanStack mutation over apiFetch/idempotentWrite whose failure is
 * the envelope's ApiError, and which invalidates the key prefixes of what it changed.
 */
export function useApiMutation<T = unknown, V = void>(options: ApiMutationOptions<T, V>): ApiMutation<T, V> {
  const client = useQueryClient();
  const opts = React.useRef(options);
  React.useEffect(() => {
    opts.current = options;
  });
  const m = useMutation<T, unknown, V>({
    mutationFn: (vars) => {
      const { path, method = 'POST', body } = opts.current.request(vars);
      return opts.current.idempotent
        ? idempotentWrite<T>(path, { method, body })
        : apiFetch<T>(path, { method, body } satisfies ApiRequestOptions);
    },
    onSuccess: async (data, vars) => {
      const inv = opts.current.invalidates;
      const keys = typeof inv === 'function' ? inv(data, vars) : (inv ?? []);
      for (const queryKey of keys) void client.invalidateQueries({ queryKey: [...queryKey] });
      await opts.current.onSuccess?.(data, vars);
    },
  });
  const { mutateAsync, reset } = m;
  return {
    run: React.useCallback((vars: V) => mutateAsync(vars), [mutateAsync]),
    pending: m.isPending,
    error: asApiError(m.error),
    reset,
  };
}
