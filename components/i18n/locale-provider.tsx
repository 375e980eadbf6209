'use client';

import * as React from 'react';
import { DEFAULT_UI_LOCALE, translator, type Dictionary, type Messages, type T, type UiLocale } from '@/lib/i18n/ui';
import { formatters, type Formatters } from './formatters';

const LocaleContext = React.createContext<UiLocale>(DEFAULT_UI_LOCALE);

/** The UI language chosen on the server for this request (lib/i18n/ui-locale.ts), for every client component. */
export function LocaleProvider({ locale, children }: { locale: UiLocale; children: React.ReactNode }) {
  return <LocaleContext.Provider value={locale}>{children}</LocaleContext.Provider>;
}

export function useLocale(): UiLocale {
  return React.useContext(LocaleContext);
}

/** `const t = useT(skuMessages); t('list.empty')`. */
export function useT<E extends Dictionary>(messages: Messages<E>): T<E> {
  const locale = useLocale();
  return React.useMemo(() => translator(messages, locale), [messages, locale]);
}

/** Dates, numbers, sizes and "5 minutes ago" in the UI language. */
export function useFormat(): Formatters {
  return formatters(useLocale());
}
