import * as React from 'react';
import { cn } from '@/lib/utils/cn';

export interface MeterProps {
  label: string;
  value: number;
  /** null means unlimited: the bar is hidden and the text says so. */
  max: number | null;
  format?: (n: number) => string;
  className?: string;
}

/** A usage bar ("12 of 50 SKUs") that turns amber near the limit and red at it. */
export function Meter({ label, value, max, format = String, className }: MeterProps) {
  const unlimited = max === null || !Number.isFinite(max);
  const ratio = unlimited || !max ? 0 : Math.min(1, value / max);
  const tone = ratio >= 1 ? 'bg-danger' : ratio >= 0.8 ? 'bg-warning' : 'bg-primary';
  return (
    <div className={cn('grid gap-1.5', className)}>
      <div className="flex items-baseline justify-between gap-3 text-[0.8125rem]">
        <span className="font-medium text-foreground">{label}</span>
        <span className="tabular-nums text-muted-foreground">
          {format(value)} {unlimited ? <span>· unlimited</span> : <>of {format(max as number)}</>}
        </span>
      </div>
      {unlimited ? null : (
        <div
          role="meter"
          aria-label={label}
          aria-valuemin={0}
          aria-valuemax={max as number}
          aria-valuenow={value}
          aria-valuetext={`${format(value)} of ${format(max as number)}`}
          className="h-1.5 overflow-hidden rounded-full bg-surface-muted"
        >
          <div
            className={cn('h-full rounded-full transition-[width]', tone)}
            style={{ width: `${Math.max(ratio * 100, value > 0 ? 2 : 0)}%` }}
          />
        </div>
      )}
    </div>
  );
}
