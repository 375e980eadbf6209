'use client';

import * as React from 'react';
import { ApiError, apiFetch } from '@/components/api/client';
import { isBatchRunning } from './labels';
import type { ImportBatch } from './types';

export interface BatchPoll {
  batch: ImportBatch | null;
  /** the last failed poll; polling goes on (a restart of the server, a lost request) */
  error: ApiError | null;
}

/**
 * GET /api/imports/{id} every `intervalMs` while the batch is queued or processing; stops at a final
 * status. Requests never overlap: the next one is scheduled when the previous one settled.
 */
export function useBatchPoll(id: string | null, initial: ImportBatch | null = null, onFinished?: (batch: ImportBatch) => void, intervalMs = 1000): BatchPoll {
  const [state, setState] = React.useState<BatchPoll>({ batch: initial, error: null });
  const finished = React.useRef(onFinished);
  React.useEffect(() => {
    finished.current = onFinished;
  }, [onFinished]);

  React.useEffect(() => {
    if (!id) return;
    let stopped = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const ac = new AbortController();
    const tick = async () => {
      let running = true;
      try {
        const body = await apiFetch<{ batch: ImportBatch }>(`/api/imports/${id}`, { signal: ac.signal });
        if (stopped) return;
        setState({ batch: body.batch, error: null });
        running = isBatchRunning(body.batch.status);
        if (!running) finished.current?.(body.batch);
      } catch (e) {
        if (stopped) return;
        if (e instanceof ApiError) {
          setState((s) => ({ ...s, error: e }));
          // A batch that does not exist (404) or a lost session will not come back by polling.
          if (e.status === 404 || e.status === 401 || e.status === 403) running = false;
        }
      }
      if (running && !stopped) timer = setTimeout(() => void tick(), intervalMs);
    };
    void tick();
    return () => {
      stopped = true;
      ac.abort();
      clearTimeout(timer);
    };
  }, [id, intervalMs]);

  return state;
}
