'use client';

import { CircleSlash, OctagonAlert, PencilLine, Plus } from 'lucide-react';
import { Alert } from '@/components/ui/alert';
import { useFormat, useT } from '@/components/i18n/locale-provider';
import { importMessages, type ImportT } from '@/lib/i18n/ui/imports';
import { BatchStatusPill } from './status';
import { ProgressBar } from './progress-bar';
import type { ImportBatch } from '@/lib/imports/schemas';

function Count({
  icon: Icon,
  label,
  value,
  testId,
}: {
  icon: typeof Plus;
  label: string;
  value: number | null | undefined;
  testId: string;
}) {
  const f = useFormat();
  return (
    <div className="flex items-center gap-1.5 text-[0.8125rem] text-muted-foreground" data-testid={testId}>
      <Icon className="size-3.5" aria-hidden="true" />
      <span className="font-semibold text-foreground tabular-nums">{f.number(value ?? 0)}</span> {label}
    </div>
  );
}

/** Seconds left as people say it: "under a minute", "about 3 min". */
function etaText(seconds: number, t: ImportT): string {
  if (seconds < 60) return t('progress.eta_minute');
  if (seconds < 3600) return t('progress.eta_minutes', { min: Math.round(seconds / 60) });
  return t('progress.eta_hours', { h: Math.floor(seconds / 3600), min: Math.round((seconds % 3600) / 60) });
}

/** The run's speed and time left, from the batch's own figures (rows_per_second, eta_seconds). */
function Throughput({ batch }: { batch: ThroughputBatch }) {
  const t = useT(importMessages);
  const rate = batch.rows_per_second ?? null;
  if (rate === null) return null;
  const running = batch.status === 'processing';
  return (
    <span className="text-[0.8125rem] text-muted-foreground tabular-nums" data-testid="batch-throughput">
      {t('progress.rate', { rate })}
      {running && batch.eta_seconds !== null && batch.eta_seconds !== undefined
        ? ` · ${etaText(batch.eta_seconds, t)}`
        : ''}
    </span>
  );
}

type ThroughputBatch = ImportBatch & { rows_per_second?: number | null; eta_seconds?: number | null };

/** A running or finished batch: status, processed rows of total as a bar, speed and time left, and the counts so far. */
export function BatchProgress({ batch }: { batch: ThroughputBatch }) {
  const t = useT(importMessages);
  const f = useFormat();
  const total = batch.total_rows ?? null;
  const done = batch.processed_rows ?? 0;
  // Queued: nothing done yet (an empty bar); processing without a known total: stripes.
  const ratio = batch.status === 'queued' ? 0 : total ? done / total : batch.status === 'processing' ? null : 1;
  const tone =
    batch.status === 'failed'
      ? 'danger'
      : batch.status === 'completed_with_errors'
        ? 'warning'
        : batch.status === 'completed'
          ? 'success'
          : 'primary';
  return (
    <div className="grid gap-3" data-testid="batch-progress" data-status={batch.status}>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <BatchStatusPill status={batch.status} />
        <span className="text-[0.8125rem] text-muted-foreground tabular-nums" data-testid="batch-processed">
          {batch.status === 'queued'
            ? t('progress.waiting')
            : total !== null
              ? t('progress.rows_of', { done, total })
              : t('progress.rows', { done })}
        </span>
      </div>
      <ProgressBar
        value={ratio}
        label={t('progress.label')}
        valueText={total !== null ? t('progress.rows_of', { done, total }) : undefined}
        tone={tone}
      />
      <Throughput batch={batch} />
      <div className="flex flex-wrap gap-x-5 gap-y-1.5">
        <Count icon={Plus} label={t('progress.created')} value={batch.created_rows} testId="batch-created" />
        <Count icon={PencilLine} label={t('progress.updated')} value={batch.updated_rows} testId="batch-updated" />
        <Count icon={CircleSlash} label={t('progress.skipped')} value={batch.skipped_rows} testId="batch-skipped" />
        <Count icon={OctagonAlert} label={t('progress.failed')} value={batch.failed_rows} testId="batch-failed" />
      </div>
      {batch.status === 'failed' ? (
        <Alert variant="danger" title={t('progress.stopped_title')}>
          {batch.error_message || t('progress.stopped')}
        </Alert>
      ) : null}
      {batch.completed_at ? (
        <p className="text-xs text-muted-foreground">
          {t('progress.finished', { time: f.dateTime(batch.completed_at) })}
        </p>
      ) : null}
    </div>
  );
}
