/**
 * The app UI's words: dictionaries per area (lib/i18n/ui/<area>.ts), English and German.
 * English defines the keys; TypeScript makes the German dictionary complete. Client components read a
 * dictionary with `useT` (components/i18n/locale-provider.tsx), server components with `getT`
 * (lib/i18n/ui-locale.ts). Public pages and dossier.pdf use the five contract locales (./messages.ts).
 *
 * A message is a string with `{name}` placeholders, or, for counts, a plural form chosen by
 * Intl.PluralRules from `{count}`: `{ one: '{count} SKU', other: '{count} SKUs' }`.
 */
export const UI_LOCALES = ['en', 'de'] as const;
export type UiLocale = (typeof UI_LOCALES)[number];
export const DEFAULT_UI_LOCALE: UiLocale = 'en';
/** The browser's choice of UI language; without it Accept-Language decides. */
export const UI_LOCALE_COOKIE = 'ui_lang';
export const UI_LOCALE_NAMES: Readonly<Record<UiLocale, string>> = { en: 'English', de: 'Deutsch' };

export function isUiLocale(value: unknown): value is UiLocale {
  return value === 'en' || value === 'de';
}

type Plural = { readonly zero?: string; readonly one: string; readonly other: string };
export type Message = string | Plural;
export type Dictionary = Readonly<Record<string, Message>>;
export interface Messages<E extends Dictionary> {
  readonly en: E;
  readonly de: { readonly [K in keyof E]: E[K] extends string ? string : Plural };
}

/** Declares an area's dictionary: `defineMessages({ en: {...}, de: {...} })`. */
export function defineMessages<const E extends Dictionary>(messages: Messages<E>): Messages<E> {
  return messages;
}

export type Vars = Readonly<Record<string, string | number>>;
/** `t('key', { name: 'ACME' })`; plural messages need `count`. */
export type T<E extends Dictionary> = (key: keyof E & string, vars?: Vars) => string;

const pluralRules = new Map<UiLocale, Intl.PluralRules>();
const numberFormats = new Map<UiLocale, Intl.NumberFormat>();

function interpolate(template: string, vars: Vars | undefined, locale: UiLocale): string {
  if (!vars) return template;
  return template.replace(/\{(\w+)\}/g, (whole, name: string) => {
    const v = vars[name];
    if (v === undefined) return whole;
    if (typeof v === 'number') {
      let nf = numberFormats.get(locale);
      if (!nf) numberFormats.set(locale, (nf = new Intl.NumberFormat(locale === 'de' ? 'de-DE' : 'en-GB')));
      return nf.format(v);
    }
    return v;
  });
}

export function translate(message: Message, locale: UiLocale, vars?: Vars): string {
  if (typeof message === 'string') return interpolate(message, vars, locale);
  const count = Number(vars?.count ?? 0);
  let rules = pluralRules.get(locale);
  if (!rules) pluralRules.set(locale, (rules = new Intl.PluralRules(locale)));
  const form =
    count === 0 && message.zero !== undefined
      ? message.zero
      : rules.select(count) === 'one'
        ? message.one
        : message.other;
  return interpolate(form, vars, locale);
}

/** A `t` for one dictionary in one locale. A key missing at run time (never, when it type-checks) shows itself. */
export function translator<E extends Dictionary>(messages: Messages<E>, locale: UiLocale): T<E> {
  const dict = (messages[locale] ?? messages.en) as Dictionary;
  return (key, vars) => {
    const m = dict[key] ?? messages.en[key];
    return m === undefined ? key : translate(m, locale, vars);
  };
}
