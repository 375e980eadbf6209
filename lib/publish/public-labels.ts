/**
 * Field and category labels in every public locale: the five contract locales from the catalogue
 * and the category definitions, the other 21 from lib/i18n/public/<code>.ts.
 */
import { fieldLabel, parseFieldKey } from '@/lib/model/catalogue';
import { categoryDefinition, isCategoryCode } from '@/lib/model/categories';
import { languageName } from '@/lib/i18n/languages';
import { isLocale } from '@/lib/i18n/locales';
import { EXTRA_LOCALE_TEXTS, type FieldLabelKey } from '@/lib/i18n/public';
import type { PublicLocale } from '@/lib/i18n/public-locales';

/** "safety_warnings_lv" in Latvian → "Drošuma brīdinājumi (latviešu)"; an unknown key is itself. */
export function publicFieldLabel(key: string, locale: PublicLocale): string {
  if (isLocale(locale)) return fieldLabel(key, locale);
  const parsed = parseFieldKey(key);
  if (!parsed) return key;
  const base = EXTRA_LOCALE_TEXTS[locale].fields[parsed.definition.key as FieldLabelKey] ?? parsed.definition.labels.en;
  return parsed.language ? `${base} (${languageName(parsed.language, locale)})` : base;
}

/** A category's label; an unknown code is itself. */
export function publicCategoryLabel(code: string, locale: PublicLocale): string {
  if (!isCategoryCode(code)) return code;
  return isLocale(locale) ? categoryDefinition(code).labels[locale] : EXTRA_LOCALE_TEXTS[locale].categories[code];
}

/** Quotation marks of a locale, for a quoted source text. */
export function quoteMarks(locale: PublicLocale): readonly [string, string] {
  if (isLocale(locale)) return CONTRACT_QUOTES[locale];
  return EXTRA_LOCALE_TEXTS[locale].quotes;
}

// French guillemets take no-break spaces so a line never starts with a lone « or ».
const CONTRACT_QUOTES = {
  en: ['“', '”'],
  de: ['„', '“'],
  fr: ['«\u00a0', '\u00a0»'],
  es: ['«', '»'],
  it: ['«', '»'],
} as const;
