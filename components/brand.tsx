import { ShieldCheck } from 'lucide-react';
import { cn } from '@/lib/utils/cn';

/** The product's name, in one place. */
export const PRODUCT_NAME = 'Compliance Workspace';
export const PRODUCT_TAGLINE = 'Product safety dossiers for the EU GPSR';

export function BrandMark({ className }: { className?: string }) {
  return (
    <span
      className={cn(
        'flex size-8 shrink-0 items-center justify-center rounded-lg bg-primary text-primary-foreground shadow-xs',
        className,
      )}
      aria-hidden="true"
    >
      <ShieldCheck className="size-[18px]" strokeWidth={2.25} />
    </span>
  );
}

export function BrandLockup({ className }: { className?: string }) {
  return (
    <span className={cn('flex items-center gap-2.5', className)}>
      <BrandMark />
      <span className="text-[0.9375rem] font-semibold tracking-tight text-foreground">{PRODUCT_NAME}</span>
    </span>
  );
}
