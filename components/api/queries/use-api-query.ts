'use client';

import * as React from 'react';
import { hashKey, keepPreviousData, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { ApiError, apiFetch } from '@/components/api/client';
import type { UploadTransfer } from '@/components/api/upload';
import { keyOfPath } from './keys';
import { clientErrorT } from '@/components/i18n/page-locale';

export interface ApiQuery<T> {
  data: T | undefined;
  error: ApiError | undefined;
  /** true until the first answer for this path (a refetch keeps the previous data on screen) */
  loading: boolean;
  reload: () => Promise<void>;
  /** Local update of the cached answer (after a write that returned the new state). */
  setData: (update: T | undefined | ((prev: T | undefined) => T | undefined)) => void;
}

function asApiError(e: unknown): ApiError | undefined {
  if (!e) return undefined;
  return e instanceof ApiError
    ? e
    : new ApiError({ status: 0, code: 'UNKNOWN', message: clientErrorT()('unknown_loading') });
}

/**
 * The one way a component GETs JSON: TanStack Query under a key derived from the path (see keys.ts),
 * so writes elsewhere invalidate it by prefix. `null` waits (nothing to ask yet).
 */
export function useApiQuery<T>(
  path: string | null,
  options: {
    staleTime?: number;
    /** how often to refetch, possibly from the answer on screen (poll while it says a job runs) or the last failure */
    refetchInterval?: number | false | ((data: T | undefined, error: ApiError | undefined) => number | false);
  } = {},
): ApiQuery<T> {
  const client = useQueryClient();
  const key = React.useMemo(() => (path ? keyOfPath(path) : ['api', 'idle']), [path]);
  const q = useQuery({
    queryKey: key,
    queryFn: ({ signal }) => apiFetch<T>(path!, { signal }),
    enabled: path !== null,
    placeholderData: keepPreviousData,
    staleTime: options.staleTime,
    refetchInterval: (query) => {
      const r = options.refetchInterval;
      return typeof r === 'function' ? r(query.state.data, asApiError(query.state.error)) : (r ?? false);
    },
  });
  const reload = React.useCallback(async () => {
    await q.refetch();
  }, [q]);
  const setData = React.useCallback<ApiQuery<T>['setData']>(
    (update) => client.setQueryData<T>(key, update as T | ((prev: T | undefined) => T | undefined)),
    [client, key],
  );
  return {
    data: q.data,
    error: asApiError(q.error),
    loading: path !== null && q.isPending,
    reload,
    setData,
  };
}

/**
 * A GET asked from an event handler rather than a render (e.g. after an upload): the same key as
 * useApiQuery's for the path, so the answer lands in the cache every screen showing that resource reads.
 */
export async function fetchApiQuery<T>(client: QueryClient, path: string, signal?: AbortSignal): Promise<T> {
  const data = await client.fetchQuery({
    queryKey: keyOfPath(path),
    queryFn: ({ signal: s }) => apiFetch<T>(path, { signal: s }),
    // Asked now, whatever the cache holds: the caller wants the state after what it just did.
    staleTime: 0,
  });
  // The caller gave up meanwhile (a cancelled upload): its answer is not wanted.
  signal?.throwIfAborted();
  return data;
}

/**
 * The `?dry_run=true` answer of a POST (what the write would do or why it would be refused), read like a
 * GET: cached under the path's key plus `dry-run`, so invalidating the resource asks again.
 */
export function useDryRun<T>(path: string | null) {
  const q = useQuery({
    queryKey: path ? [...keyOfPath(path), 'dry-run'] : ['api', 'idle'],
    queryFn: ({ signal }) =>
      apiFetch<T>(`${path!}${path!.includes('?') ? '&' : '?'}dry_run=true`, { method: 'POST', signal }),
    enabled: path !== null,
    // Asked afresh each time a dialog opens: an answer is only good for the state it was asked about.
    staleTime: 0,
    gcTime: 0,
  });
  return { data: q.data, error: asApiError(q.error) };
}

/**
 * A POST that only reads (it computes an answer and writes nothing, e.g. a draft), read like a GET: cached
 * under the path's key plus its body, asked again when the body changes, the previous answer kept on
 * screen meanwhile. `null` waits.
 */
export function useReadingPost<T>(path: string | null, body: unknown) {
  const q = useQuery({
    queryKey: path ? [...keyOfPath(path), 'post', body] : ['api', 'idle'],
    queryFn: ({ signal }) => apiFetch<T>(path!, { method: 'POST', body, signal }),
    enabled: path !== null,
    placeholderData: keepPreviousData,
    staleTime: 0,
    gcTime: 0,
  });
  return { data: q.data, error: asApiError(q.error), fetching: q.isFetching };
}

/** What a reading upload's function gets: the signal that aborts it, and where to report its progress. */
export interface UploadRun {
  signal: AbortSignal;
  onProgress: (sent: number, total: number) => void;
  onUploaded: () => void;
}

const IDLE: UploadTransfer = { phase: 'idle' };

/**
 * A multipart POST that only reads (the dry run of an upload), read like useReadingPost: asked when
 * `params` change, a newer run aborting the older one, never retried, cached or asked again on focus;
 * `refetch` asks again. The last answer and the last failure outlive their key, so the previous answer
 * stays on screen while a new one is asked and after a failed one (the caller tells from what the
 * answer carries which request it answers); `error` is the failure of the current key only.
 * `null` waits.
 */
export function useReadingUpload<T>(
  path: string | null,
  params: unknown,
  { size, upload }: { size: number; upload: (run: UploadRun) => Promise<T> },
) {
  const [transfer, setTransfer] = React.useState<UploadTransfer>(IDLE);
  const key = path ? [...keyOfPath(path), 'upload', params] : ['api', 'idle'];
  const q = useQuery({
    queryKey: key,
    queryFn: ({ signal }) => {
      setTransfer({ phase: 'uploading', sent: 0, total: size });
      return upload({
        signal,
        onProgress: (sent, total) => setTransfer({ phase: 'uploading', sent, total }),
        onUploaded: () => setTransfer({ phase: 'reading' }),
      });
    },
    enabled: path !== null,
    retry: false,
    gcTime: 0,
    staleTime: Infinity,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
  });
  // Outcomes remembered across keys: a key whose run failed has no answer of its own in TanStack, and an
  // earlier key's answer is dropped as soon as its key is left (gcTime 0).
  const [last, setLast] = React.useState<{ data?: T; failed?: { key: string; cause: Error } }>({});
  if (q.data !== undefined && q.data !== last.data) setLast({ data: q.data });
  else if (q.error && q.error !== last.failed?.cause)
    setLast({ data: last.data, failed: { key: hashKey(key), cause: q.error } });
  const { refetch } = q;
  return {
    data: last.data,
    error: path !== null && last.failed?.key === hashKey(key) ? asApiError(last.failed.cause) : undefined,
    transfer: q.isFetching ? transfer : IDLE,
    refetch: React.useCallback(() => void refetch(), [refetch]),
  };
}
