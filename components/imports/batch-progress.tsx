'use client';

import { CircleSlash, OctagonAlert, PencilLine, Plus } from 'lucide-react';
import { Alert } from '@/components/ui/alert';
import { formatDateTime, formatNumber } from '@/components/format';
import { BatchStatusPill } from './status';
import { ProgressBar } from './progress-bar';
import type { ImportBatch } from '@/lib/imports/service-schemas';

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
  return (
    <div className="flex items-center gap-1.5 text-[0.8125rem] text-muted-foreground" data-testid={testId}>
      <Icon className="size-3.5" aria-hidden="true" />
      <span className="font-semibold text-foreground tabular-nums">{formatNumber(value ?? 0)}</span> {label}
    </div>
  );
}

/** Seconds left as people say it: "under a minute", "about 3 min". */
function etaText(seconds: number): string {
  if (seconds < 60) return 'under a minute left';
  if (seconds < 3600) return `about ${Math.round(seconds / 60)} min left`;
  return `about ${Math.floor(seconds / 3600)} h ${Math.round((seconds % 3600) / 60)} min left`;
}

/** The run's speed and time left, from the batch's own figures (rows_per_second, eta_seconds). */
function Throughput({ batch }: { batch: ThroughputBatch }) {
  const rate = batch.rows_per_second ?? null;
  if (rate === null) return null;
  const running = batch.status === 'processing';
  return (
    <span className="text-[0.8125rem] text-muted-foreground tabular-nums" data-testid="batch-throughput">
      {formatNumber(rate)} rows/s
      {running && batch.eta_seconds !== null && batch.eta_seconds !== undefined
        ? ` · ${etaText(batch.eta_seconds)}`
        : ''}
    </span>
  );
}

type ThroughputBatch = ImportBatch & { rows_per_second?: number | null; eta_seconds?: number | null };

/** A running or finished batch: status, processed rows of total as a bar, speed and time left, and the counts so far. */
export function BatchProgress({ batch }: { batch: ThroughputBatch }) {
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
            ? 'Waiting for a worker…'
            : total !== null
              ? `${formatNumber(done)} of ${formatNumber(total)} rows`
              : `${formatNumber(done)} rows`}
        </span>
      </div>
      <ProgressBar
        value={ratio}
        label="Import progress"
        valueText={total !== null ? `${done} of ${total} rows` : undefined}
        tone={tone}
      />
      <Throughput batch={batch} />
      <div className="flex flex-wrap gap-x-5 gap-y-1.5">
        <Count icon={Plus} label="created" value={batch.created_rows} testId="batch-created" />
        <Count icon={PencilLine} label="updated" value={batch.updated_rows} testId="batch-updated" />
        <Count icon={CircleSlash} label="skipped" value={batch.skipped_rows} testId="batch-skipped" />
        <Count icon={OctagonAlert} label="failed" value={batch.failed_rows} testId="batch-failed" />
      </div>
      {batch.status === 'failed' ? (
        <Alert variant="danger" title="The import stopped">
          {batch.error_message ||
            'The import could not finish. Rows written before the stop stay; importing the same file again continues without duplicates.'}
        </Alert>
      ) : null}
      {batch.completed_at ? (
        <p className="text-xs text-muted-foreground">Finished {formatDateTime(batch.completed_at)}</p>
      ) : null}
    </div>
  );
}
