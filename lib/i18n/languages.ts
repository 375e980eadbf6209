/**
 * Languages of safety information. The 24 official EU languages, plus Icelandic and Norwegian so that
 * the three EEA states (where GPSR applies too) can be served. ISO 639-1 codes, lower case.
 */
export const EU_LANGUAGES = [
  'bg',
  'cs',
  'da',
  'de',
  'el',
  'en',
  'es',
  'et',
  'fi',
  'fr',
  'ga',
  'hr',
  'hu',
  'it',
  'lt',
  'lv',
  'mt',
  'nl',
  'pl',
  'pt',
  'ro',
  'sk',
  'sl',
  'sv',
] as const;
export type EuLanguage = (typeof EU_LANGUAGES)[number];

export const EEA_EXTRA_LANGUAGES = ['is', 'no'] as const;

/** Every language a `safety_warnings_<lang>` / `instructions_<lang>` key may carry. */
export const SAFETY_INFO_LANGUAGES = [...EU_LANGUAGES, ...EEA_EXTRA_LANGUAGES] as const;
export type SafetyInfoLanguage = (typeof SAFETY_INFO_LANGUAGES)[number];

const SAFETY_SET: ReadonlySet<string> = new Set(SAFETY_INFO_LANGUAGES);

export function isSafetyInfoLanguage(code: unknown): code is SafetyInfoLanguage {
  return typeof code === 'string' && SAFETY_SET.has(code);
}

/**
 * Aliases people type for a language: "nb"/"nn" are written Norwegian; "gr", "cz", "dk" are country
 * codes used as language codes (none of them is an ISO 639-1 code, so the mapping is unambiguous).
 */
const LANGUAGE_ALIASES: Record<string, SafetyInfoLanguage> = { nb: 'no', nn: 'no', gr: 'el', cz: 'cs', dk: 'da' };

/** Normalises "DE", "de-AT", "nb" to a supported safety-information language, or null. */
export function normalizeLanguageCode(raw: unknown): SafetyInfoLanguage | null {
  if (typeof raw !== 'string') return null;
  const base = raw.trim().toLowerCase().split(/[-_]/)[0] ?? '';
  if (SAFETY_SET.has(base)) return base as SafetyInfoLanguage;
  return LANGUAGE_ALIASES[base] ?? null;
}

const languageNameCache = new Map<string, Intl.DisplayNames | null>();

function displayNames(locale: string, type: 'language' | 'region'): Intl.DisplayNames | null {
  const key = `${locale}:${type}`;
  if (!languageNameCache.has(key)) {
    try {
      languageNameCache.set(key, new Intl.DisplayNames([locale, 'en'], { type, fallback: 'code' }));
    } catch {
      languageNameCache.set(key, null);
    }
  }
  return languageNameCache.get(key) ?? null;
}

const languageNames = new Map<string, string>();

/** "fr" in locale "de" → "Französisch". Uses ICU data (Node ships full ICU), falls back to the code. */
export function languageName(code: string, locale = 'en'): string {
  // Asked for per blocker message, i.e. per SKU evaluated (an import evaluates one per row): an ICU
  // lookup each time showed in an import's profile, the answer never changes.
  const key = `${locale}:${code}`;
  let name = languageNames.get(key);
  if (name === undefined) {
    try {
      const found = displayNames(locale, 'language')?.of(code);
      name = found ? capitalize(found, locale) : code;
    } catch {
      name = code;
    }
    if (languageNames.size < 10_000) languageNames.set(key, name);
  }
  return name;
}

/** "DE" in locale "fr" → "Allemagne". Falls back to the code. */
export function countryName(code: string, locale = 'en'): string {
  try {
    return displayNames(locale, 'region')?.of(code.toUpperCase()) ?? code;
  } catch {
    return code;
  }
}

/** French and Italian ICU names are lower case ("allemand"); labels read better capitalised. */
function capitalize(s: string, locale: string): string {
  return s.charAt(0).toLocaleUpperCase(locale) + s.slice(1);
}
