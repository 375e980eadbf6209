'use client';

import { Toaster as SonnerToaster } from 'sonner';
import { useT } from '@/components/i18n/locale-provider';
import { languagesMessages } from '@/lib/i18n/ui/languages';

export { toast } from 'sonner';

/** The app's toast region (sonner), styled with the design tokens. Mounted once in the root layout. */
export function Toaster() {
  // Sonner's own labels are English ("Notifications alt+T", "Close toast"): the German UI names them in German.
  const t = useT(languagesMessages);
  return (
    <SonnerToaster
      position="bottom-right"
      closeButton
      containerAriaLabel={t('toast.region')}
      duration={6000}
      toastOptions={{
        closeButtonAriaLabel: t('toast.close'),
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
