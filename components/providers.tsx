'use client';

import * as React from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { makeQueryClient } from '@/components/api/queries/query-client';
import { TooltipProvider } from '@/components/ui/tooltip';
import { Toaster } from '@/components/ui/toaster';
import type { UiLocale } from '@/lib/i18n/ui';
import { LocaleProvider } from '@/components/i18n/locale-provider';
// Loaded with every page, so the focus tracker sees the opener of a dialog loaded later (return-focus.ts).
import '@/components/ui/return-focus';

/** Client-side context every page shares: the UI language, the query cache, tooltip timing and the toast region. */
export function Providers({ locale, children }: { locale: UiLocale; children: React.ReactNode }) {
  const [queryClient] = React.useState(makeQueryClient);
  return (
    <LocaleProvider locale={locale}>
      <QueryClientProvider client={queryClient}>
        <TooltipProvider delayDuration={300}>
          {children}
          <Toaster />
        </TooltipProvider>
      </QueryClientProvider>
    </LocaleProvider>
  );
}
