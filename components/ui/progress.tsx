'use client';

import * as React from 'react';
import { cn } from '@/lib/utils/cn';
import { useT } from '@/components/i18n/locale-provider';
import { uiKitMessages } from '@/lib/i18n/ui/ui-kit';

export interface ProgressProps extends Omit<React.ComponentProps<'div'>, 'children'> {
  /** 0 to 1; null draws an indeterminate bar (work under way, amount unknown). */
  value: number | null;
  /** Accessible name ("Uploading report.pdf"). */
  label: string;
  tone?: 'primary' | 'success' | 'danger';
}

/** A thin progress bar with the progressbar role; indeterminate when the amount is unknown. */
export function Progress({ value, label, tone = 'primary', className, ...props }: ProgressProps) {
  const t = useT(uiKitMessages);
  const pct = value === null ? null : Math.max(0, Math.min(100, Math.round(value * 100)));
  const bar = tone === 'success' ? 'bg-success' : tone === 'danger' ? 'bg-danger' : 'bg-primary';
  return (
    <div
      role="progressbar"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={pct ?? undefined}
      aria-valuetext={pct === null ? t('progress.indeterminate') : `${pct} %`}
      data-slot="progress"
      className={cn('relative h-1.5 w-full overflow-hidden rounded-full bg-surface-muted', className)}
      {...props}
    >
      {pct === null ? (
        <div className={cn('h-full w-full animate-pulse rounded-full opacity-50', bar)} />
      ) : (
        <div className={cn('h-full rounded-full transition-[width] duration-200', bar)} style={{ width: `${pct}%` }} />
      )}
    </div>
  );
}
