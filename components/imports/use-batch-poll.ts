'use client';

import * as React from 'react';
import { useQuery } from '@tanstack/react-query';
import { ApiError, apiFetch } from '@/components/api/client';
import { queryKeys } from '@/components/api/queries/keys';
import { isBatchRunning } from './labels';
import type { ImportBatch } from '@/lib/imports/schemas';

export interface BatchPoll {
  batch: ImportBatch | null;
  /** the last failed poll; polling goes on (a restart of the server, a lost request) */
  error: ApiError | null;
}

/**
 * The import batch `id`, polled every `intervalMs` while it is queued or processing; stops at a final
 * status, or at an answer that polling will not change (404, lost session, no access).
 */
export function useBatchPoll(
  id: string | null,
  initial: ImportBatch | null = null,
  onFinished?: (batch: ImportBatch) => void,
  intervalMs = 1000,
): BatchPoll {
  const q = useQuery({
    queryKey: queryKeys.importBatch(id ?? 'none'),
    queryFn: ({ signal }) => apiFetch<{ batch: ImportBatch }>(`/api/imports/${id}`, { signal }),
    enabled: id !== null,
    retry: false,
    staleTime: 0,
    refetchInterval: (query) => {
      const e = query.state.error;
      if (e instanceof ApiError && [401, 403, 404].includes(e.status)) return false;
      const b = query.state.data?.batch;
      return !b || isBatchRunning(b.status) ? intervalMs : false;
    },
  });
  const batch = q.data?.batch ?? initial;
  const finished = React.useRef(onFinished);
  React.useEffect(() => {
    finished.current = onFinished;
  }, [onFinished]);
  const reported = React.useRef<string | null>(null);
  React.useEffect(() => {
    const b = q.data?.batch;
    if (!b || isBatchRunning(b.status) || reported.current === `${b.id}:${b.status}`) return;
    reported.current = `${b.id}:${b.status}`;
    finished.current?.(b);
  }, [q.data]);
  return { batch, error: q.error instanceof ApiError ? q.error : null };
}
