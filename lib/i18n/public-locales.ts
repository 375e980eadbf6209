/**
 * The languages of the public safety page, the GS1 resolver and dossier.pdf: the 24 official EU
 * languages plus Icelandic and Norwegian (EEA), the same set as the safety-information languages, so
 * a page can be read in every language a member state may require (GPSR Art. 9(7), 19). The app UI
 * keeps its own, smaller set (lib/i18n/ui-locale.ts); the five contract locales are the first ones
 * written (lib/i18n/locales.ts).
 */
import { SAFETY_INFO_LANGUAGES, type SafetyInfoLanguage } from './languages';
import type { Locale } from './locales';

export const PUBLIC_LOCALES = SAFETY_INFO_LANGUAGES;
export type PublicLocale = SafetyInfoLanguage;
/** The public locales beyond the five contract locales. */
export type ExtraPublicLocale = Exclude<PublicLocale, Locale>;

const SET: ReadonlySet<string> = new Set(PUBLIC_LOCALES);

export function isPublicLocale(value: unknown): value is PublicLocale {
  return typeof value === 'string' && SET.has(value);
}

/**
 * The BCP 47 tag for lang attributes: our Norwegian texts are written in Bokmål ("nb"); the data
 * code stays "no" (the dossier keys safety_warnings_no...).
 */
export function htmlLang(code: string): string {
  return code === 'no' ? 'nb' : code;
}

/** The Intl locale for dates and numbers: European English and Portuguese, Norwegian Bokmål. */
export function intlLocale(locale: string): string {
  if (locale === 'en') return 'en-GB';
  if (locale === 'pt') return 'pt-PT';
  if (locale === 'no') return 'nb';
  return locale;
}
