import * as React from 'react';
import { cva, type VariantProps } from 'class-variance-authority';
import { CircleAlert, Info, TriangleAlert, CircleCheck } from 'lucide-react';
import { cn } from '@/lib/utils/cn';

const alertVariants = cva(
  'flex gap-2.5 rounded-lg border px-3.5 py-3 text-sm [&>svg]:mt-0.5 [&>svg]:size-4 [&>svg]:shrink-0',
  {
    variants: {
      variant: {
        info: 'border-info-soft-foreground/15 bg-info-soft text-info-soft-foreground',
        warning: 'border-warning/30 bg-warning-soft text-warning-soft-foreground',
        danger: 'border-danger/25 bg-danger-soft text-danger-soft-foreground',
        success: 'border-success/25 bg-success-soft text-success-soft-foreground',
      },
    },
    defaultVariants: { variant: 'info' },
  },
);

const icons = { info: Info, warning: TriangleAlert, danger: CircleAlert, success: CircleCheck } as const;

export interface AlertProps extends Omit<React.ComponentProps<'div'>, 'title'>, VariantProps<typeof alertVariants> {
  title?: React.ReactNode;
}

/** An inline message box. Danger alerts use role="alert" so they are announced when they appear. */
export function Alert({ className, variant, title, children, ...props }: AlertProps) {
  const v = variant ?? 'info';
  const Icon = icons[v];
  return (
    <div
      role={v === 'danger' ? 'alert' : 'note'}
      data-slot="alert"
      className={cn(alertVariants({ variant }), className)}
      {...props}
    >
      <Icon aria-hidden="true" />
      <div className="min-w-0 space-y-0.5">
        {title ? <div className="font-medium">{title}</div> : null}
        {children ? <div className={cn(title && 'opacity-90')}>{children}</div> : null}
      </div>
    </div>
  );
}
