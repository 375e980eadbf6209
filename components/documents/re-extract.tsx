'use client';

import * as React from 'react';
import { RefreshCw } from 'lucide-react';
import { describeError } from '@/components/api/client';
import { useApiMutation } from '@/components/api/queries/use-api-mutation';
import { useApiQuery } from '@/components/api/queries/use-api-query';
import { Button } from '@/components/ui/button';
import { Progress } from '@/components/ui/progress';
import { toast } from '@/components/ui/toaster';
import { useT } from '@/components/i18n/locale-provider';
import { documentMessages } from '@/lib/i18n/ui/documents';
import type { DocT } from './labels';
import type { JobRun, ReExtractResponse } from './types';
import { RoleGate } from '@/components/team/role-gate';

const POLL_MS = 1000;
/** Stop polling after this long; the job keeps running and the page shows its result on reload. */
const POLL_LIMIT_MS = 3 * 60_000;

function num(v: unknown): number | null {
  return typeof v === 'number' && Number.isFinite(v) ? v : null;
}

const JOB_STATUSES = ['queued', 'running', 'completed', 'failed', 'cancelled'] as const;
const FINAL: JobRun['status'][] = ['completed', 'failed', 'cancelled'];

type Outcome = { kind: 'final'; job: JobRun } | { kind: 'unreadable'; message: string } | { kind: 'still_running' };

/** A job's progress as 0..1 when it says how far it is (percent, or done of total), else null. */

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

function progressText(job: JobRun, t: DocT): string {
  const p = job.progress ?? {};
  const stage = typeof p.stage === 'string' ? p.stage : typeof p.message === 'string' ? p.message : null;
  if (job.status === 'queued') return t('re.waiting');
  if (stage) return `${stage.charAt(0).toUpperCase()}${stage.slice(1).replace(/_/g, ' ')}…`;
  return t('re.reading');
}

/**
 * "Re-extract": queues an extraction job (POST /api/documents/{id}/re-extract, 202 with job ids),
 * then polls GET /api/jobs/{id} once a second and shows its progress until it completes or fails.
 */
export function ReExtract({ documentId, onFinished }: { documentId: string; onFinished: () => void }) {
  const t = useT(documentMessages);
  // The job started here (shown as the POST reported it until the first poll answers) and when polling began.
  const [started, setStarted] = React.useState<{ job: JobRun; since: number } | null>(null);
  const [starting, setStarting] = React.useState(false);
  const reExtract = useApiMutation<ReExtractResponse, void>({
    request: () => ({ path: `/api/documents/${encodeURIComponent(documentId)}/re-extract` }),
  });
  // The start whose polling ran out of time: the job keeps running, the page shows its result on reload.
  const [expired, setExpired] = React.useState<typeof started>(null);
  const timedOut = started !== null && expired === started;
  const poll = useApiQuery<{ job: JobRun }>(
    started && !timedOut ? `/api/jobs/${encodeURIComponent(started.job.id)}` : null,
    {
      // A network blip keeps polling; an answer the server refused (the job is gone, no access) ends it.
      refetchInterval: (data, error) =>
        (error && error.status !== 0) || (data && FINAL.includes(data.job.status)) ? false : POLL_MS,
    },
  );
  // A previous job's answer stays on screen while a new job's first poll runs: only this job's counts.
  const polled = started && poll.data?.job.id === started.job.id ? poll.data.job : undefined;
  const job = started ? (polled ?? started.job) : null;
  const pollError = poll.error && poll.error.status !== 0 ? poll.error : undefined;
  const outcome = React.useMemo<Outcome | null>(() => {
    if (!started) return null;
    if (pollError) return { kind: 'unreadable', message: pollError.message };
    if (polled && FINAL.includes(polled.status)) return { kind: 'final', job: polled };
    return timedOut ? { kind: 'still_running' } : null;
  }, [started, pollError, polled, timedOut]);

  React.useEffect(() => {
    if (!started) return;
    const t = setTimeout(() => setExpired(started), POLL_LIMIT_MS);
    return () => clearTimeout(t);
  }, [started]);

  // Each start's outcome is reported once.
  const reported = React.useRef<typeof started>(null);
  React.useEffect(() => {
    if (!started || !outcome || reported.current === started) return;
    reported.current = started;
    if (outcome.kind === 'unreadable') {
      toast.error(t('re.unreadable'), { description: outcome.message });
    } else if (outcome.kind === 'still_running') {
      toast.info(t('re.still_running'), { description: t('re.still_running_body') });
    } else {
      const j = outcome.job;
      if (j.status === 'completed') toast.success(t('re.finished'), { description: t('re.finished_body') });
      else
        toast.error(j.status === 'failed' ? t('re.failed') : t('re.cancelled'), {
          description: j.error ?? undefined,
        });
      onFinished();
    }
  }, [started, outcome, onFinished, t]);

  async function start() {
    setStarting(true);
    try {
      const body = await reExtract.run();
      const first = body.jobs[0];
      if (!first) {
        toast.info(t('re.nothing'));
        return;
      }
      setStarted({
        since: Date.now(),
        job: {
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
        },
      });
    } catch (e) {
      const { title, description } = describeError(e);
      toast.error(title, { description });
    } finally {
      setStarting(false);
    }
  }

  const running = job !== null && outcome === null && (job.status === 'queued' || job.status === 'running');
  return (
    <div className="flex items-center gap-3">
      {running ? (
        <div className="flex w-56 flex-col gap-1" data-testid="re-extract-progress">
          <Progress value={progressFraction(job)} label={t('re.progress')} />
          <span className="text-xs text-muted-foreground" aria-live="polite">
            {progressText(job, t)}
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
          {t('re.button')}
        </Button>
      </RoleGate>
    </div>
  );
}
