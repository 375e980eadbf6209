/**
 * Entity names as the workspace compares them: a company's name, address and e-mail normalised (case,
 * accents, whitespace, punctuation; legal-form suffixes spelled one way: "G.m.b.H." and "GmbH" both
 * become "gmbh") into a stable identity key. Imports group their candidates by it, entities match on it,
 * and extraction conflicts compare names with it. Model layer: no database, no slice.
 */
import { createHash } from 'node:crypto';
import { parseAddress } from '@/lib/address/parse';

// Legal forms, written as their letters joined: "s a r l" -> "sarl". Longer names map to the short form.
const LEGAL_FORM_WORDS: [RegExp, string][] = [
  [/\bgesellschaft mit beschrankter haftung\b/g, 'gmbh'],
  [/\baktiengesellschaft\b/g, 'ag'],
  [/\bkommanditgesellschaft\b/g, 'kg'],
  [/\blimited\b/g, 'ltd'],
  [/\bincorporated\b/g, 'inc'],
  [/\bcorporation\b/g, 'corp'],
  [/\bcompany\b/g, 'co'],
  [/\bsociete anonyme\b/g, 'sa'],
  [/\bsociedad anonima\b/g, 'sa'],
  [/\bsocieta per azioni\b/g, 'spa'],
  [/\bsocieta a responsabilita limitata\b/g, 'srl'],
  [/\bsociedad limitada\b/g, 'sl'],
  [/\bbesloten vennootschap\b/g, 'bv'],
];

/** Lower case, German umlauts transliterated, accents removed, punctuation to spaces. */
function fold(s: string): string {
  return s
    .toLowerCase()
    .replace(/ä/g, 'ae')
    .replace(/ö/g, 'oe')
    .replace(/ü/g, 'ue')
    .replace(/ß/g, 'ss')
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/&/g, ' ')
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

/** Runs of single letters are dotted abbreviations: "s a r l" -> "sarl", "g m b h" -> "gmbh". */
function joinInitials(s: string): string {
  return s.replace(/\b(?:\p{L} ){1,}\p{L}\b/gu, (m) => m.replace(/ /g, ''));
}

/** "ACME Spielwaren G.m.b.H. & Co. KG" -> "acme spielwaren gmbh co kg" */
export function normalizeEntityName(name: string | null | undefined): string {
  if (!name) return '';
  let s = joinInitials(fold(name));
  // A German umlaut folded to "ae" would hide "beschrankter" from the pattern; fold that word back.
  s = s.replace(/beschraenkter/g, 'beschrankter');
  for (const [re, short] of LEGAL_FORM_WORDS) s = s.replace(re, short);
  return s.replace(/\s+/g, ' ').trim();
}

const STREET_WORDS: [RegExp, string][] = [
  [/\bstr\b/g, 'strasse'],
  [/(\p{L})str\b/gu, '$1strasse'],
  [/\bst\b/g, 'street'],
  [/\brd\b/g, 'road'],
  [/\bave\b/g, 'avenue'],
  [/\bav\b/g, 'avenue'],
  [/\bpl\b/g, 'platz'],
];

/** "Hauptstr. 5, 10115 Berlin" and "Hauptstrasse 5 10115  BERLIN" normalise alike. */
export function normalizeAddress(address: string | null | undefined): string {
  if (!address) return '';
  let s = fold(address);
  for (const [re, long] of STREET_WORDS) s = s.replace(re, long);
  return s.replace(/\s+/g, ' ').trim();
}

export function normalizeEmail(email: string | null | undefined): string {
  return (email ?? '')
    .trim()
    .replace(/^mailto:/i, '')
    .toLowerCase();
}

/**
 * The stable identity key: readable for short identities, hashed tail for long ones (addresses can be
 * long; keys stay under 200 characters). Same inputs give the same key in every run.
 */
export function entityIdentityKey(e: { name: string | null; address: string | null; email: string | null }): string {
  const parts = [normalizeEntityName(e.name), normalizeAddress(e.address), normalizeEmail(e.email)];
  const key = parts.join('|');
  if (key.length <= 160) return key;
  const digest = createHash('sha256').update(key).digest('hex').slice(0, 16);
  return `${parts[0].slice(0, 100)}|#${digest}`;
}

const countryOfAddress = new Map<string, string | null>();

/** The ISO country an address names at its end, or null ("…, 518000 Shenzhen, China" -> "CN"). */
export function countryFromAddress(address: string | null | undefined): string | null {
  if (!address) return null;
  // A catalogue repeats a few makers' addresses on every row, and both planning passes ask for each.
  let country = countryOfAddress.get(address);
  if (country === undefined) {
    country = parseAddress(address).country;
    if (countryOfAddress.size >= 5000) countryOfAddress.clear();
    countryOfAddress.set(address, country);
  }
  return country;
}
