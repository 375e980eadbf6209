'use client';

import * as React from 'react';
import { Skeleton } from '@/components/ui/skeleton';
import { cn } from '@/lib/utils/cn';
import { useResponsiveness } from '@/components/api/queries/resources';

/** "same day" reads better than "0 days" for a supplier answering within hours. */
export function formatMedianDays(days: number | null): string {
  if (days === null) return 'no answer yet';
  if (days < 1) return 'under a day';
  return `${days} ${days === 1 ? 'day' : 'days'}`;
}

/**
 * How this supplier answers outreach requests (issue 9): median days to the first answer, open and
 * answered requests. Writes to outreach invalidate the figures through the query cache.
 */
export function SupplierResponsiveness({
  entityId,
  name,
  className,
}: {
  entityId: string;
  name: string;
  className?: string;
}) {
  const res = useResponsiveness(entityId);
  const r = res.data?.responsiveness;

  return (
    <section
      className={cn('rounded-md border border-border bg-surface-muted/40 px-3 py-2.5 text-[0.8125rem]', className)}
      data-testid="supplier-responsiveness"
      aria-label={`Responsiveness of ${name}`}
    >
      <h3 className="text-xs font-medium text-muted-foreground">Supplier responsiveness</h3>
      {res.error ? (
        <p className="mt-1 text-muted-foreground">The responsiveness could not be loaded: {res.error.message}</p>
      ) : !r ? (
        <Skeleton className="mt-1.5 h-4 w-48" />
      ) : r.requests_sent === 0 ? (
        <p className="mt-1 text-muted-foreground" data-testid="responsiveness-empty">
          No supplier requests have been sent to {name} yet, so there is no history of how it answers.
        </p>
      ) : (
        <>
          <dl className="mt-1.5 grid grid-cols-3 gap-2">
            <Figure
              label="Median time to answer"
              value={formatMedianDays(r.median_days_to_answer)}
              testId="responsiveness-median"
            />
            <Figure label="Open requests" value={String(r.open_requests)} testId="responsiveness-open" />
            <Figure
              label="Answered"
              value={`${r.answered_requests} of ${r.requests_sent}`}
              testId="responsiveness-answered"
            />
          </dl>
          {r.no_progress_requests ? (
            <p className="mt-1.5 text-xs text-warning-soft-foreground">
              {r.no_progress_requests} {r.no_progress_requests === 1 ? 'request' : 'requests'} went unanswered after
              every reminder.
            </p>
          ) : null}
        </>
      )}
    </section>
  );
}

function Figure({ label, value, testId }: { label: string; value: string; testId: string }) {
  return (
    <div className="min-w-0">
      <dt className="truncate text-xs text-subtle-foreground">{label}</dt>
      <dd className="font-semibold text-foreground tabular-nums" data-testid={testId}>
        {value}
      </dd>
    </div>
  );
}
