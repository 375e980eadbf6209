// Holds true: the public page and dossier.pdf speak all 26 public languages (the 24 official EU
// languages, Icelandic, Norwegian). Every dictionary is complete with the same placeholders as the
// English one and actually translated; the economic-operator roles use the terms of the regulations'
// own language versions; every dossier field and category has a label in every language; dates and
// numbers follow the locale; and the fonts dossier.pdf embeds (DejaVu Sans, regular and bold) have a
// glyph for every character any of these texts uses (checked with fontkit).
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import * as fontkitModule from '@pdf-lib/fontkit';
import { FIELD_CATALOGUE } from '@/lib/model/catalogue';
import { languageName } from '@/lib/i18n/languages';
import { MESSAGES, formatDate, t, type MessageKey } from '@/lib/i18n/messages';
import { FIELD_LABEL_KEYS } from '@/lib/i18n/public';
import { publicCategoryLabel, publicFieldLabel, quoteMarks } from '@/lib/publish/public-labels';
import { PUBLIC_LOCALES, htmlLang, intlLocale } from '@/lib/i18n/public-locales';
import { CATEGORY_CODES } from '@/lib/model/categories';

const fontkit = ((fontkitModule as unknown as { default?: typeof fontkitModule }).default ??
  fontkitModule) as typeof fontkitModule;

/** The official terms for "manufacturer" and "importer" (GPSR, Regulation (EU) 2023/988, Art. 3). */
const ROLE_TERMS: Record<string, [manufacturer: string, importer: string]> = {
  bg: ['Производител', 'Вносител'],
  cs: ['Výrobce', 'Dovozce'],
  da: ['Fabrikant', 'Importør'],
  de: ['Hersteller', 'Importeur'],
  el: ['Κατασκευαστής', 'Εισαγωγέας'],
  en: ['Manufacturer', 'Importer'],
  es: ['Fabricante', 'Importador'],
  et: ['Tootja', 'Importija'],
  fi: ['Valmistaja', 'Maahantuoja'],
  fr: ['Fabricant', 'Importateur'],
  ga: ['Monaróir', 'Allmhaireoir'],
  hr: ['Proizvođač', 'Uvoznik'],
  hu: ['Gyártó', 'Importőr'],
  it: ['Fabbricante', 'Importatore'],
  lt: ['Gamintojas', 'Importuotojas'],
  lv: ['Ražotājs', 'Importētājs'],
  mt: ['Manifattur', 'Importatur'],
  nl: ['Fabrikant', 'Importeur'],
  pl: ['Producent', 'Importer'],
  pt: ['Fabricante', 'Importador'],
  ro: ['Producător', 'Importator'],
  sk: ['Výrobca', 'Dovozca'],
  sl: ['Proizvajalec', 'Uvoznik'],
  sv: ['Tillverkare', 'Importör'],
  is: ['Framleiðandi', 'Innflytjandi'],
  no: ['Produsent', 'Importør'],
};

const placeholders = (s: string) => [...s.matchAll(/\{\w+\}/g)].map((m) => m[0]).sort();

/** Every text a locale contributes to the page and the PDF. */
function allTexts(locale: (typeof PUBLIC_LOCALES)[number]): string[] {
  return [
    ...Object.values(MESSAGES[locale]),
    ...FIELD_CATALOGUE.map((d) => publicFieldLabel(d.localized ? `${d.key}_${locale}` : d.key, locale)),
    ...CATEGORY_CODES.map((c) => publicCategoryLabel(c, locale)),
    ...PUBLIC_LOCALES.map((l) => languageName(l, locale)),
    languageName(locale, locale),
    formatDate('2026-05-01', locale),
    ...quoteMarks(locale),
  ];
}

describe('the 26 public locales', () => {
  it('are the 24 official EU languages plus Icelandic and Norwegian', () => {
    expect([...PUBLIC_LOCALES].sort()).toEqual(
      'bg cs da de el en es et fi fr ga hr hu is it lt lv mt nl no pl pt ro sk sl sv'.split(' '),
    );
    expect(htmlLang('no')).toBe('nb');
    expect(intlLocale('pt')).toBe('pt-PT');
  });

  it('every dictionary is complete, keeps the placeholders and is translated', () => {
    const keys = Object.keys(MESSAGES.en) as MessageKey[];
    for (const locale of PUBLIC_LOCALES) {
      const dict = MESSAGES[locale];
      expect(Object.keys(dict).sort(), locale).toEqual([...keys].sort());
      for (const key of keys) {
        expect(dict[key].trim(), `${locale} ${key}`).not.toBe('');
        expect(placeholders(dict[key]), `${locale} ${key}`).toEqual(placeholders(MESSAGES.en[key]));
      }
      if (locale === 'en') continue;
      // Texts that are words in every language: none may be left in English.
      for (const key of [
        'public.title',
        'public.warnings',
        'public.no_safety_info',
        'pdf.title',
        'public.withdrawn_body',
      ] as const)
        expect(dict[key], `${locale} ${key}`).not.toBe(MESSAGES.en[key]);
    }
  });

  it('the economic operators carry the terms of the regulations', () => {
    for (const locale of PUBLIC_LOCALES) {
      expect(t(locale, 'role.manufacturer'), locale).toBe(ROLE_TERMS[locale][0]);
      expect(t(locale, 'role.importer'), locale).toBe(ROLE_TERMS[locale][1]);
    }
  });

  it('every dossier field and category has a label in every language', () => {
    expect([...FIELD_LABEL_KEYS].sort()).toEqual(FIELD_CATALOGUE.map((d) => d.key).sort());
    for (const locale of PUBLIC_LOCALES) {
      for (const def of FIELD_CATALOGUE) {
        // Per-language fields exist as concrete keys only (safety_warnings_de...).
        const key = def.localized ? `${def.key}_de` : def.key;
        expect(publicFieldLabel(key, locale), `${locale} ${key}`).not.toBe(key);
      }
      for (const code of CATEGORY_CODES) expect(publicCategoryLabel(code, locale), `${locale} ${code}`).not.toBe(code);
    }
    expect(publicFieldLabel('safety_warnings_lv', 'lv')).toBe('Drošuma brīdinājumi (Latviešu)');
    expect(publicFieldLabel('manufacturer_name', 'hu')).toBe('A gyártó neve');
    expect(publicCategoryLabel('toys', 'el')).toBe('Παιχνίδια');
  });

  it('dates follow the locale', () => {
    expect(formatDate('2026-05-01', 'de')).toBe('01.05.2026');
    expect(formatDate('2026-05-01', 'en')).toBe('1 May 2026');
    expect(formatDate('2026-05-01', 'lv')).toBe('2026. gada 1. maijs');
    expect(formatDate('2026-05-01', 'hu')).toBe('2026. máj. 1.');
    expect(formatDate('2026-05-01', 'el')).toBe('1 Μαΐ 2026');
  });

  it('the embedded PDF fonts have a glyph for every character of every language', () => {
    const dir = path.join(process.cwd(), 'node_modules', 'dejavu-fonts-ttf', 'ttf');
    const fonts = ['DejaVuSans.ttf', 'DejaVuSans-Bold.ttf'].map((f) =>
      fontkit.create(fs.readFileSync(path.join(dir, f))),
    );
    for (const locale of PUBLIC_LOCALES) {
      const chars = new Set([...allTexts(locale).join('')].filter((c) => c.trim() !== ''));
      const missing = [...chars].filter((c) => fonts.some((f) => !f.hasGlyphForCodePoint(c.codePointAt(0)!)));
      expect(missing, locale).toEqual([]);
    }
  });
});
