/**
 * Country recognition from a name in any EU language (and English, Norwegian, Icelandic, Turkish,
 * Chinese...), or an ISO 3166 alpha-2 / alpha-3 code, using the i18n-iso-countries data (kept up to date
 * by its maintainers), plus the handful of spellings seen on declarations that the data lacks
 * ("P.R. China", "VR China", "Hong Kong SAR"). Matching is on a folded form: lower case, no accents,
 * punctuation as spaces.
 */
import countries from 'i18n-iso-countries';
import bg from 'i18n-iso-countries/langs/bg.json';
import cs from 'i18n-iso-countries/langs/cs.json';
import da from 'i18n-iso-countries/langs/da.json';
import de from 'i18n-iso-countries/langs/de.json';
import el from 'i18n-iso-countries/langs/el.json';
import en from 'i18n-iso-countries/langs/en.json';
import es from 'i18n-iso-countries/langs/es.json';
import et from 'i18n-iso-countries/langs/et.json';
import fi from 'i18n-iso-countries/langs/fi.json';
import fr from 'i18n-iso-countries/langs/fr.json';
import ga from 'i18n-iso-countries/langs/ga.json';
import hr from 'i18n-iso-countries/langs/hr.json';
import hu from 'i18n-iso-countries/langs/hu.json';
import it from 'i18n-iso-countries/langs/it.json';
import lt from 'i18n-iso-countries/langs/lt.json';
import lv from 'i18n-iso-countries/langs/lv.json';
import mt from 'i18n-iso-countries/langs/mt.json';
import nl from 'i18n-iso-countries/langs/nl.json';
import no from 'i18n-iso-countries/langs/no.json';
import pl from 'i18n-iso-countries/langs/pl.json';
import pt from 'i18n-iso-countries/langs/pt.json';
import ro from 'i18n-iso-countries/langs/ro.json';
import sk from 'i18n-iso-countries/langs/sk.json';
import sl from 'i18n-iso-countries/langs/sl.json';
import sv from 'i18n-iso-countries/langs/sv.json';
import tr from 'i18n-iso-countries/langs/tr.json';
import zh from 'i18n-iso-countries/langs/zh.json';

const LOCALES = [
  bg,
  cs,
  da,
  de,
  el,
  en,
  es,
  et,
  fi,
  fr,
  ga,
  hr,
  hu,
  it,
  lt,
  lv,
  mt,
  nl,
  no,
  pl,
  pt,
  ro,
  sk,
  sl,
  sv,
  tr,
  zh,
];

/** Spellings on real declarations that the country data does not list. */
const EXTRA: Record<string, string> = {
  'p r china': 'CN',
  'pr china': 'CN',
  prc: 'CN',
  'p r c': 'CN',
  'vr china': 'CN',
  'v r china': 'CN',
  'mainland china': 'CN',
  'rp china': 'CN',
  'r p china': 'CN',
  'hong kong sar': 'HK',
  hongkong: 'HK',
  'hk sar': 'HK',
  england: 'GB',
  scotland: 'GB',
  wales: 'GB',
  'northern ireland': 'GB',
  'republique populaire de chine': 'CN',
  'volksrepublik china': 'CN',
  'repubblica popolare cinese': 'CN',
  'u k': 'GB',
  'czech republic': 'CZ',
  holland: 'NL',
  'the netherlands': 'NL',
  turkiye: 'TR',
  korea: 'KR',
  'taiwan r o c': 'TW',
  roc: 'TW',
};

export function foldCountryText(s: string): string {
  return s
    .replace(/ß/g, 'ss')
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

let index: Map<string, string> | null = null;

function names(): Map<string, string> {
  if (index) return index;
  const map = new Map<string, string>();
  for (const locale of LOCALES) {
    countries.registerLocale(locale);
    const all = countries.getNames(locale.locale, { select: 'all' }) as Record<string, string[]>;
    for (const [code, list] of Object.entries(all)) {
      for (const name of list) {
        const key = foldCountryText(name);
        // Two-letter folded names would shadow alpha-2 codes ("US", "UK" are handled as codes below).
        if (key.length > 2 && !map.has(key)) map.set(key, code);
      }
    }
  }
  for (const [k, v] of Object.entries(EXTRA)) map.set(k, v);
  index = map;
  return map;
}

/**
 * A whole string as a country: "Deutschland", "République populaire de Chine", "CN", "DEU", "uk".
 * Codes are taken in either case only when the string is nothing but the code.
 */
export function countryCode(raw: string | null | undefined): string | null {
  const s = (raw ?? '').trim().replace(/^(?:the|die|der|la|le|les|el|il|l')\s+/i, '');
  if (!s) return null;
  if (/^[A-Za-z]{2}$/.test(s)) {
    const up = s.toUpperCase() === 'UK' ? 'GB' : s.toUpperCase();
    return countries.isValid(up) ? up : null;
  }
  if (/^[A-Za-z]{3}$/.test(s)) {
    const a2 = countries.alpha3ToAlpha2(s.toUpperCase());
    if (a2) return a2;
  }
  return names().get(foldCountryText(s)) ?? null;
}

/**
 * The country at the end of an address line: "518000 Shenzhen China" -> { code: CN, rest: "518000 Shenzhen" }.
 * Tries the last one to five words as a country name (codes only in capitals, so "Berlin DE" works but
 * "in" does not).
 */
export function trailingCountry(line: string): { code: string; rest: string } | null {
  const words = line.trim().split(/\s+/);
  for (let n = Math.min(5, words.length); n >= 1; n--) {
    const tail = words.slice(words.length - n).join(' ');
    if (n === 1 && /^[A-Za-z]{2,3}$/.test(tail) && tail !== tail.toUpperCase()) {
      if (!names().has(foldCountryText(tail))) continue;
    }
    const code = countryCode(tail.replace(/[.,;]+$/, ''));
    if (code)
      return {
        code,
        rest: words
          .slice(0, words.length - n)
          .join(' ')
          .replace(/[\s,;-]+$/, ''),
      };
  }
  return null;
}
