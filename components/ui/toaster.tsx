'use client';

import { Toaster as SonnerToaster } from 'sonner';

export { toast } from 'sonner';

/** The app's toast region (sonner), styled with the design tokens. Mounted once in the root layout. */
export function Toaster() {
  return (
    <SonnerToaster
      position="bottom-right"
      closeButton
      duration={6000}
      toastOptions={{
        classNames: {
          toast: '!rounded-lg !border !border-border !bg-surface !text-foreground !shadow-lg !text-sm',
          description: '!text-muted-foreground',
          error: '!border-danger/30 [&_[data-icon]]:!text-danger',
          success: '[&_[data-icon]]:!text-success',
        },
      }}
    />
  );
}
