import { isUiLocale, translator, type T } from '@/lib/i18n/ui';
import { clientErrorMessages } from '@/lib/i18n/ui/client-errors';

/**
 * `t` for code outside React that runs in the browser (the fetch layer): the page's `<html lang>` is the
 * UI language the server chose for it. On the server (no document) English.
 */
export function clientErrorT(): T<(typeof clientErrorMessages)['en']> {
  const lang = typeof document === 'undefined' ? 'en' : document.documentElement.lang;
  return translator(clientErrorMessages, isUiLocale(lang) ? lang : 'en');
}
