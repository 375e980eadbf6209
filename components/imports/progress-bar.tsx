import { cn } from '@/lib/utils/cn';

export interface ProgressBarProps {
  /** 0 to 1, or null for "working, amount unknown" (pulsing stripes, never read as an amount). */
  value: number | null;
  label: string;
  /** e.g. "1,204 of 5,000 rows" for screen readers and the caption */
  valueText?: string;
  tone?: 'primary' | 'success' | 'warning' | 'danger';
  className?: string;
}

const TONES = { primary: 'bg-primary', success: 'bg-success', warning: 'bg-warning', danger: 'bg-danger' } as const;

/** A determinate or indeterminate progress bar with role="progressbar" and its value for assistive technology. */
export function ProgressBar({ value, label, valueText, tone = 'primary', className }: ProgressBarProps) {
  const pct = value === null ? null : Math.max(0, Math.min(100, value * 100));
  return (
    <div
      role="progressbar"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={pct === null ? undefined : Math.round(pct)}
      aria-valuetext={valueText}
      className={cn('relative h-2 overflow-hidden rounded-full bg-surface-muted', className)}
    >
      {pct === null ? (
        <div className="h-full w-full animate-pulse rounded-full bg-[repeating-linear-gradient(135deg,var(--color-primary)_0_6px,transparent_6px_12px)] opacity-60" />
      ) : (
        <div
          className={cn('h-full rounded-full transition-[width] duration-300', TONES[tone])}
          style={{ width: `${pct > 0 ? Math.max(pct, 1.5) : 0}%` }}
        />
      )}
    </div>
  );
}
