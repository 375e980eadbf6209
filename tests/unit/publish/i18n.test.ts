/**
 * Public page locales: Accept-Language with quality values and fallbacks, ?lang= winning when offered,
 * malformed headers harmless, and complete, translated dictionaries with per-locale formatting.
 */
import { describe, expect, it } from 'vitest';
import {
  LOCALES,
  MESSAGES,
  formatBytes,
  formatDate,
  languageName,
  negotiateLanguage,
  normalizeLanguageCode,
  pickLocale,
  t,
} from '@/lib/i18n';

describe('pickLocale', () => {
  it('honours quality values and order', () => {
    expect(pickLocale('fr-CH, fr;q=0.9, en;q=0.8, de;q=0.7, *;q=0.5', LOCALES)).toBe('fr');
    expect(pickLocale('de;q=0.5, it;q=0.8', LOCALES)).toBe('it');
    expect(pickLocale('es, de', LOCALES)).toBe('es');
    expect(pickLocale('en-US,en;q=0.9', LOCALES)).toBe('en');
  });

  it('falls back from region tags to the primary language and from unknown ones to the default', () => {
    expect(pickLocale('de-AT', LOCALES)).toBe('de');
    expect(pickLocale('pt-BR, ja', LOCALES)).toBe('en');
    expect(pickLocale('ja', LOCALES, 'de')).toBe('de');
    expect(pickLocale('pt-BR, it;q=0.1', LOCALES)).toBe('it');
    expect(pickLocale('', LOCALES)).toBe('en');
    expect(pickLocale(null, ['de', 'fr'])).toBe('de');
    expect(pickLocale('*', ['pl', 'cs'])).toBe('pl');
  });

  it('ignores q=0, malformed and oversized headers without throwing', () => {
    expect(pickLocale('de;q=0, fr', LOCALES)).toBe('fr');
    expect(pickLocale('de;q=abc, it', LOCALES)).toBe('de'); // a bad q is ignored (q defaults to 1)
    expect(pickLocale(';;;,,,=', LOCALES)).toBe('en');
    expect(pickLocale(`${'x-'.repeat(5000)}de`, LOCALES)).toBe('en');
    expect(pickLocale('en-gb', ['en-GB', 'de'])).toBe('en-GB');
    expect(pickLocale('en', ['de', 'en-GB'])).toBe('en-GB');
  });

  it('a ?lang= choice wins when offered', () => {
    expect(negotiateLanguage({ query: 'IT', acceptLanguage: 'de', available: LOCALES })).toBe('it');
    expect(negotiateLanguage({ query: 'pl', acceptLanguage: 'de', available: LOCALES })).toBe('de');
  });
});

describe('dictionaries', () => {
  it('every locale has every key, and the translations differ from English', () => {
    const keys = Object.keys(MESSAGES.en);
    for (const l of LOCALES) expect(Object.keys(MESSAGES[l]).sort()).toEqual([...keys].sort());
    const same = keys.filter(
      (k) => MESSAGES.de[k as keyof typeof MESSAGES.en] === MESSAGES.en[k as keyof typeof MESSAGES.en],
    );
    expect(same.length).toBeLessThan(keys.length / 5); // codes like GTIN, SHA-256 stay as they are
  });

  it('fills placeholders and formats dates, sizes and language names per locale', () => {
    expect(t('de', 'pdf.page_of', { page: 2, pages: 7 })).toBe('Seite 2 von 7');
    expect(t('xx', 'pdf.page_of', { page: 1, pages: 1 })).toBe('Page 1 of 1');
    expect(formatDate('2026-04-03', 'de')).toBe('03.04.2026');
    expect(formatDate('2026-04-03', 'en')).toBe('3 Apr 2026');
    expect(formatBytes(1_234_567, 'de')).toBe('1,2 MB');
    expect(languageName('fr', 'de')).toBe('Französisch');
    expect(languageName('de', 'it')).toBe('Tedesco');
    expect(normalizeLanguageCode('nb-NO')).toBe('no');
    expect(normalizeLanguageCode('zh')).toBeNull();
  });
});
