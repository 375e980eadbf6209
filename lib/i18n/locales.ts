/** The five UI locales: labels of the app, the dossier PDF and the public safety page. */
export const LOCALES = ['en', 'de', 'fr', 'es', 'it'] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = 'en';

const LOCALE_SET: ReadonlySet<string> = new Set(LOCALES);

export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && LOCALE_SET.has(value);
}

/** A label in every UI locale. */
export type LocalizedText = Readonly<Record<Locale, string>>;
