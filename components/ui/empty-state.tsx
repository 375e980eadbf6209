import * as React from 'react';
import type { LucideIcon } from 'lucide-react';
import { cn } from '@/lib/utils/cn';

export interface EmptyStateProps extends Omit<React.ComponentProps<'div'>, 'title'> {
  icon?: LucideIcon;
  title: React.ReactNode;
  description?: React.ReactNode;
  /** Buttons or links that get the user out of the empty state. */
  actions?: React.ReactNode;
  /** Smaller padding, for use inside a card or table. */
  compact?: boolean;
}

export function EmptyState({
  icon: Icon,
  title,
  description,
  actions,
  compact = false,
  className,
  children,
  ...props
}: EmptyStateProps) {
  return (
    <div
      data-slot="empty-state"
      className={cn('flex flex-col items-center text-center', compact ? 'px-6 py-10' : 'px-6 py-16', className)}
      {...props}
    >
      {Icon ? (
        <div className="mb-4 flex size-11 items-center justify-center rounded-xl border border-border bg-surface-muted text-muted-foreground">
          <Icon className="size-5" aria-hidden="true" />
        </div>
      ) : null}
      <h2 className="text-[0.9375rem] font-semibold text-foreground">{title}</h2>
      {description ? <div className="mt-1.5 max-w-md text-sm text-muted-foreground">{description}</div> : null}
      {children}
      {actions ? <div className="mt-5 flex flex-wrap items-center justify-center gap-2">{actions}</div> : null}
    </div>
  );
}
