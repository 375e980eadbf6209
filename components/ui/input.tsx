import * as React from 'react';
import { cn } from '@/lib/utils/cn';

export const inputClassName =
  'flex h-9 w-full min-w-0 rounded-md border border-input bg-surface px-3 py-1 text-sm text-foreground shadow-xs ' +
  'transition-[color,box-shadow,border-color] placeholder:text-subtle-foreground ' +
  // A solid 2px outline at the border: the former 25 % halo was near-white on white.
  'focus-visible:border-ring focus-visible:outline-2 focus-visible:outline-offset-0 focus-visible:outline-ring ' +
  'disabled:cursor-not-allowed disabled:bg-surface-muted disabled:opacity-70 ' +
  'aria-invalid:border-danger aria-invalid:focus-visible:outline-danger read-only:bg-surface-muted ' +
  'file:border-0 file:bg-transparent file:text-sm file:font-medium';

export function Input({ className, type = 'text', ...props }: React.ComponentProps<'input'>) {
  return <input type={type} data-slot="input" className={cn(inputClassName, className)} {...props} />;
}
