import * as React from 'react';
import { cn } from '@/lib/utils/cn';
import { inputClassName } from './input';

/** A multi-line text field styled like Input; grows with its rows prop, resizable vertically. */
export function Textarea({ className, rows = 4, ...props }: React.ComponentProps<'textarea'>) {
  return (
    <textarea
      data-slot="textarea"
      rows={rows}
      className={cn(inputClassName, 'h-auto min-h-16 resize-y py-2 leading-relaxed', className)}
      {...props}
    />
  );
}
