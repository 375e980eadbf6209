import * as React from 'react';
import { cn } from '@/lib/utils/cn';

/** A placeholder block while content loads; decorative, so hidden from assistive technology. */
export function Skeleton({ className, ...props }: React.ComponentProps<'div'>) {
  return (
    <div
      data-slot="skeleton"
      aria-hidden="true"
      className={cn('animate-pulse rounded-md bg-surface-muted', className)}
      {...props}
    />
  );
}
