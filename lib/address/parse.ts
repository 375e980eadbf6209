/**
 * A postal address written on one line or several ("Hauptstr. 5, 10115 Berlin, Germany",
 * "Room 1203, Building A\nBao'an District, 518000 Shenzhen\nP.R. China", "12 Rue X, F-75001 Paris",
 * "1 High St, London SW1A 1AA, UK") split into street, postcode, city, region and ISO country.
 * Used by the importer, document extraction and the entity form, so an address is read one way.
 * A part that cannot be told apart stays in the street: nothing of the input is dropped but the
 * country name (which becomes the code) and contact lines (phone, e-mail, web).
 */
import { countryCode, trailingCountry } from './country';

export interface PostalAddress {
  street: string | null;
  postal_code: string | null;
  city: string | null;
  region: string | null;
  country: string | null;
}

/** Licence-plate style prefixes before a postcode ("D-10115", "F-75001", "CH-8000"). */
const PLATE_PREFIX: Record<string, string> = {
  D: 'DE',
  F: 'FR',
  A: 'AT',
  I: 'IT',
  B: 'BE',
  L: 'LU',
  E: 'ES',
  P: 'PT',
  S: 'SE',
  N: 'NO',
  H: 'HU',
  NL: 'NL',
  CH: 'CH',
  DK: 'DK',
  FL: 'LI',
  IRL: 'IE',
  GR: 'GR',
  PL: 'PL',
  CZ: 'CZ',
  SK: 'SK',
  SLO: 'SI',
  HR: 'HR',
  RO: 'RO',
  BG: 'BG',
  FIN: 'FI',
  EST: 'EE',
  LV: 'LV',
  LT: 'LT',
  M: 'MT',
  CY: 'CY',
};

// Postcode first, then the city: 10115 Berlin · 1012 AB Amsterdam · 00-950 Warszawa · 1000-001 Lisboa · 114 55 Stockholm · D-10115 Berlin
const POST_CITY =
  /^(?:([A-Z]{1,3})\s?[-–]\s?)?(\d{4,6}(?:\s?[A-Z]{2}(?=\s))?|\d{2}-\d{3}|\d{4}-\d{3}|\d{3}\s\d{2})\s+(\D.*)$/;
// The city, then the postcode: Shenzhen 518000 · Guangdong 518000 · Dublin D02 X285 (Eircode)
const CITY_POST = /^(\D.*?)\s+(\d{5,6}|[A-Z]\d{2}\s?[A-Z0-9]{4})$/;
// UK postcodes, alone or after the town.
const UK_POST = /^(?:(.+?)\s+)?([A-Z]{1,2}\d[A-Z\d]?\s*\d[A-Z]{2})$/i;
// US/CA state + ZIP: "CA 94105", "NY 10001-1234"
const STATE_ZIP = /^(?:(.+?)\s+)?([A-Z]{2})\s+(\d{5}(?:-\d{4})?)$/;
const POST_ONLY = /^(\d{4,6})$/;
const CONTACT = /^(?:tel|phone|fon|telefon|fax|mobile|e-?mail|mail|courriel|web|www|http|url|internet)\b|@|^www\./i;

const clean = (s: string) =>
  s
    .replace(/\s+/g, ' ')
    .replace(/^[\s,;·|-]+|[\s,;·|]+$/g, '')
    .trim();

export function parseAddress(raw: string | null | undefined): PostalAddress {
  const out: PostalAddress = { street: null, postal_code: null, city: null, region: null, country: null };
  const text = (raw ?? '').slice(0, 2000);
  let parts = text
    .split(/\s*(?:\r?\n|;|,|·|\|)\s*/)
    .map(clean)
    .filter((p) => p && !CONTACT.test(p));
  if (!parts.length) return out;

  // The country: the last part as a whole, or its last words ("10115 Berlin Germany").
  const last = parts[parts.length - 1];
  const whole = countryCode(last);
  if (whole) {
    out.country = whole;
    parts = parts.slice(0, -1);
  } else {
    const tail = trailingCountry(last);
    if (tail && /\d/.test(tail.rest)) {
      out.country = tail.code;
      parts[parts.length - 1] = tail.rest;
    }
  }
  if (!parts.length) return out;

  // The postcode, searched from the end.
  let cityAt = -1;
  let usedAt = -1;
  for (let i = parts.length - 1; i >= Math.max(0, parts.length - 3) && usedAt < 0; i--) {
    const p = parts[i];
    let m: RegExpExecArray | null;
    if ((m = POST_CITY.exec(p)) && (i > 0 || parts.length === 1 || !/^\d+[a-z]?\s/i.test(p) || m[1])) {
      // "12 Main Street" is a street, not postcode 12: only 4+ digits match, and a part that is the first
      // of several with a house-number look is only taken when it carries a plate prefix.
      if (m[1]) {
        const plate = PLATE_PREFIX[m[1]] ?? (countryCode(m[1]) && m[1].length === 2 ? m[1] : null);
        if (!plate) continue;
        out.country ??= plate;
      }
      out.postal_code = m[2];
      out.city = clean(m[3]);
      usedAt = i;
    } else if ((m = STATE_ZIP.exec(p))) {
      out.region = m[2];
      out.postal_code = m[3];
      if (m[1]) out.city = clean(m[1]);
      else cityAt = i - 1;
      usedAt = i;
    } else if ((m = UK_POST.exec(p)) && /\d[A-Z]{2}$/i.test(p.replace(/\s/g, '')) && /[A-Z]/i.test(m[2].slice(0, 1))) {
      out.postal_code = m[2].toUpperCase();
      if (m[1]) out.city = clean(m[1]);
      else cityAt = i - 1;
      usedAt = i;
    } else if ((m = CITY_POST.exec(p)) && i > 0) {
      out.postal_code = m[2];
      // "Guangdong 518000" after "Shenzhen": the province is a region, the city the part before.
      const previous = parts[i - 1];
      if (
        i >= 2 &&
        previous &&
        !/\d/.test(previous) &&
        i === parts.length - 1 &&
        /(?:province|provinz|sheng|guangdong|zhejiang|jiangsu|fujian|shandong|hebei|henan|hubei|hunan|anhui|sichuan|jiangxi|shanghai|beijing|tianjin|chongqing)$/i.test(
          m[1],
        )
      ) {
        out.region = clean(m[1]);
        cityAt = i - 1;
      } else out.city = clean(m[1]);
      usedAt = i;
    } else if ((m = POST_ONLY.exec(p)) && i > 0) {
      out.postal_code = m[1];
      cityAt = i - 1;
      usedAt = i;
    }
  }
  if (cityAt >= 0 && !out.city) out.city = parts[cityAt];
  const streetParts = parts.filter(
    (_, i) => i !== usedAt && i !== cityAt && (usedAt < 0 || i < usedAt || (i > usedAt && i !== cityAt)),
  );
  if (usedAt < 0 && parts.length >= 2) {
    // No postcode: the last part is the town ("Unit 5, Kowloon Bay, Hong Kong" -> city "Kowloon Bay").
    out.city = streetParts.pop() ?? null;
  }
  out.street = streetParts.length ? streetParts.join(', ').slice(0, 300) : null;
  if (out.city) out.city = out.city.slice(0, 120);
  return out;
}

/** Two addresses that differ only in line breaks, commas, case or spacing are the same address. */
export function sameAddress(a: string, b: string): boolean {
  const key = (s: string) => {
    const p = parseAddress(s);
    return [p.street, p.postal_code, p.city, p.country]
      .map((x) =>
        (x ?? '')
          .normalize('NFKD')
          .replace(/\p{M}/gu, '')
          .toLowerCase()
          .replace(/[^\p{L}\p{N}]+/gu, ''),
      )
      .join('|');
  };
  return key(a) === key(b);
}
