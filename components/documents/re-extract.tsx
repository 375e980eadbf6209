'use client';

import * as React from 'react';
import { RefreshCw } from 'lucide-react';
import { ApiError, apiFetch, describeError } from '@/components/api/client';
import { Button } from '@/components/ui/button';
import { Progress } from '@/components/ui/progress';
import { toast } from '@/components/ui/toaster';
import type { JobRun, ReExtractResponse } from './types';
import { RoleGate } from '@/components/team/role-gate';

const POLL_MS = 1000;
/** Stop polling after this long; the job keeps running and the page shows its result on reload. */
const POLL_LIMIT_MS = 3 * 60_000;

function num(v: unknown): number | null {
  return typeof v === 'number' && Number.isFinite(v) ? v : null;
}

/** A job's progress as 0..1 when it says how far it is (percent, or done of total), else null. */
const JOB_STATUSES = ['queued', 'running', 'completed', 'failed', 'cancelled'] as const;

export function progressFraction(job: JobRun | null): number | null {
  const p = job?.progress;
  if (!p) return null;
  const pct = num(p.percent) ?? num(p.pct);
  if (pct !== null) return Math.max(0, Math.min(1, pct > 1 ? pct / 100 : pct));
  const done = num(p.done) ?? num(p.processed) ?? num(p.current);
  const total = num(p.total);
  if (done !== null && total) return Math.max(0, Math.min(1, done / total));
  return null;
}

function progressText(job: JobRun): string {
  const p = job.progress ?? {};
  const stage = typeof p.stage === 'string' ? p.stage : typeof p.message === 'string' ? p.message : null;
  if (job.status === 'queued') return 'Waiting for a worker…';
  if (stage) return `${stage.charAt(0).toUpperCase()}${stage.slice(1).replace(/_/g, ' ')}…`;
  return 'Reading the document…';
}

/**
 * "Re-extract": queues an extraction job (POST /api/documents/{id}/re-extract, 202 with job ids),
 * then polls GET /api/jobs/{id} once a second and shows its progress until it completes or fails.
 */
export function ReExtract({ documentId, onFinished }: { documentId: string; onFinished: () => void }) {
  const [job, setJob] = React.useState<JobRun | null>(null);
  const [starting, setStarting] = React.useState(false);
  const stopped = React.useRef(false);

  React.useEffect(
    () => () => {
      stopped.current = true;
    },
    [],
  );

  async function poll(id: string) {
    const started = Date.now();
    while (!stopped.current && Date.now() - started < POLL_LIMIT_MS) {
      await new Promise((r) => setTimeout(r, POLL_MS));
      if (stopped.current) return;
      try {
        const { job: j } = await apiFetch<{ job: JobRun }>(`/api/jobs/${encodeURIComponent(id)}`);
        setJob(j);
        if (j.status === 'completed') {
          toast.success('Extraction finished.', {
            description: 'The facts below are up to date, and linked SKUs have new suggestions to review.',
          });
          onFinished();
          return;
        }
        if (j.status === 'failed' || j.status === 'cancelled') {
          toast.error(j.status === 'failed' ? 'The extraction failed.' : 'The extraction was cancelled.', {
            description: j.error ?? undefined,
          });
          onFinished();
          return;
        }
      } catch (e) {
        if (e instanceof ApiError && e.status !== 0) {
          toast.error('The extraction’s progress could not be read.', { description: e.message });
          return;
        }
        // A network blip: keep polling.
      }
    }
    if (!stopped.current) {
      toast.info('The extraction is still running.', {
        description: 'Its facts will appear here when it finishes; reload the page later.',
      });
      setJob(null);
    }
  }

  async function start() {
    setStarting(true);
    try {
      const body = await apiFetch<ReExtractResponse>(`/api/documents/${encodeURIComponent(documentId)}/re-extract`, {
        method: 'POST',
      });
      const first = body.jobs[0];
      if (!first) {
        toast.info('Nothing to extract.');
        return;
      }
      setJob({
        id: first.id,
        type: 'document.extract',
        status: JOB_STATUSES.find((st) => st === first.status) ?? 'queued',
        subject_type: 'document',
        subject_id: documentId,
        progress: null,
        result: null,
        error: null,
        attempts: 0,
        created_at: new Date().toISOString(),
        started_at: null,
        completed_at: null,
      });
      void poll(first.id).finally(() =>
        setJob((j) =>
          j && (j.status === 'completed' || j.status === 'failed' || j.status === 'cancelled') ? null : j,
        ),
      );
    } catch (e) {
      const { title, description } = describeError(e);
      toast.error(title, { description });
    } finally {
      setStarting(false);
    }
  }

  const running = job !== null && (job.status === 'queued' || job.status === 'running');
  return (
    <div className="flex items-center gap-3">
      {running ? (
        <div className="flex w-56 flex-col gap-1" data-testid="re-extract-progress">
          <Progress value={progressFraction(job)} label="Extraction progress" />
          <span className="text-xs text-muted-foreground" aria-live="polite">
            {progressText(job)}
          </span>
        </div>
      ) : null}
      <RoleGate need={'edit'}>
        <Button
          variant="secondary"
          size="sm"
          onClick={start}
          loading={starting}
          disabled={running}
          data-testid="re-extract"
        >
          {!starting ? <RefreshCw aria-hidden="true" /> : null}
          Re-extract
        </Button>
      </RoleGate>
    </div>
  );
}
