import * as React from 'react';
import { CircleAlert } from 'lucide-react';
import { cn } from '@/lib/utils/cn';

/** A label, a control, an optional hint and a validation message, stacked with consistent spacing. */
export function Field({ className, ...props }: React.ComponentProps<'div'>) {
  return <div data-slot="field" className={cn('grid gap-1.5', className)} {...props} />;
}

export function FieldHint({ className, ...props }: React.ComponentProps<'p'>) {
  return <p data-slot="field-hint" className={cn('text-xs text-muted-foreground', className)} {...props} />;
}

/** Validation message for one control; give it the id the control's aria-describedby points at. */
export function FieldError({ className, children, ...props }: React.ComponentProps<'p'>) {
  if (!children) return null;
  return (
    <p
      data-slot="field-error"
      className={cn('flex items-center gap-1 text-xs font-medium text-danger-soft-foreground', className)}
      {...props}
    >
      <CircleAlert className="size-3.5 shrink-0" aria-hidden="true" />
      <span>{children}</span>
    </p>
  );
}
