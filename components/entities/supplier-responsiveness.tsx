'use client';

import * as React from 'react';
import { Skeleton } from '@/components/ui/skeleton';
import { cn } from '@/lib/utils/cn';
import { useResponsiveness } from '@/components/api/queries/resources';
import { useT } from '@/components/i18n/locale-provider';
import type { T } from '@/lib/i18n/ui';
import { entityMessages } from '@/lib/i18n/ui/entities';

/** "under a day" reads better than "0 days" for a supplier answering within hours. */
export function formatMedianDays(days: number | null, t: T<(typeof entityMessages)['en']>): string {
  if (days === null) return t('resp.no_answer');
  if (days < 1) return t('resp.under_a_day');
  return t('resp.days', { count: days });
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
  const t = useT(entityMessages);
  const res = useResponsiveness(entityId);
  const r = res.data?.responsiveness;

  return (
    <section
      className={cn('rounded-md border border-border bg-surface-muted/40 px-3 py-2.5 text-[0.8125rem]', className)}
      data-testid="supplier-responsiveness"
      aria-label={t('resp.label', { name })}
    >
      <h3 className="text-xs font-medium text-muted-foreground">{t('resp.title')}</h3>
      {res.error ? (
        <p className="mt-1 text-muted-foreground">{t('resp.load_error', { reason: res.error.message })}</p>
      ) : !r ? (
        <Skeleton className="mt-1.5 h-4 w-48" />
      ) : r.requests_sent === 0 ? (
        <p className="mt-1 text-muted-foreground" data-testid="responsiveness-empty">
          {t('resp.empty', { name })}
        </p>
      ) : (
        <>
          <dl className="mt-1.5 grid grid-cols-3 gap-2">
            <Figure
              label={t('resp.median')}
              value={formatMedianDays(r.median_days_to_answer, t)}
              testId="responsiveness-median"
            />
            <Figure label={t('resp.open')} value={String(r.open_requests)} testId="responsiveness-open" />
            <Figure
              label={t('resp.answered')}
              value={t('resp.answered_value', { answered: r.answered_requests, sent: r.requests_sent })}
              testId="responsiveness-answered"
            />
          </dl>
          {r.no_progress_requests ? (
            <p className="mt-1.5 text-xs text-warning-soft-foreground">
              {t('resp.no_progress', { count: r.no_progress_requests })}
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
