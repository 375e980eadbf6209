/**
 * Entity candidates of an import: the manufacturers, importers and responsible persons named in the
 * rows, grouped per role under a stable identity key built from name + address + email after
 * normalisation (case, accents, whitespace, punctuation; legal-form suffixes kept but spelled one way:
 * "G.m.b.H." and "GmbH" both become "gmbh", "S.à r.l." becomes "sarl"). Candidates that share a name
 * but differ in address or email are flagged as conflicting, so the user decides whether they are one
 * company. The key is what ImportEntityResolutionDecision.candidate_key refers to.
 */
import { createHash } from 'node:crypto';
import { parseAddress } from '@/lib/address/parse';
import type { EntityRole } from './fields';

export interface EntityInput {
  role: EntityRole;
  name: string | null;
  address: string | null;
  email: string | null;
  country: string | null;
  url?: string | null;
}

export interface EntityConflict {
  type: 'same_name_different_address' | 'same_name_different_email' | 'same_identity_different_country';
  message: string;
  other_candidate_key?: string;
  values: { value: string | null; rows: number[] }[];
}

export interface EntityCandidate {
  candidate_key: string;
  role: EntityRole;
  /** the spelling most rows use */
  proposed_values: { name: string | null; address: string | null; email: string | null };
  country: string | null;
  url: string | null;
  source_rows: number[];
  /** other spellings that normalised to the same identity */
  variants: { name: string; address: string | null; email: string | null; rows: number }[];
  has_conflicts: boolean;
  conflicts: EntityConflict[];
}

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

interface Group {
  key: string;
  role: EntityRole;
  nameKey: string;
  rows: number[];
  spellings: Map<string, { name: string; address: string | null; email: string | null; rows: number }>;
  countries: Map<string | null, number[]>;
  urls: Map<string, number>;
  addressKey: string;
  emailKey: string;
}

/** Collects entities row by row (bounded by distinct identities, not rows) and builds the candidates. */
export class EntityCandidateCollector {
  private groups = new Map<string, Group>();
  /** raw spelling -> group key, so repeated spellings (most rows) skip the normalisation */
  private keyOf = new Map<string, string>();

  add(row: number, e: EntityInput) {
    const name = clean(e.name);
    if (!name) return;
    const address = clean(e.address);
    const email = clean(e.email);
    const rawKey = `${e.role}\u0000${name}\u0000${address ?? ''}\u0000${email ?? ''}`;
    let key = this.keyOf.get(rawKey);
    if (key === undefined) {
      key = entityIdentityKey({ name, address, email });
      if (this.keyOf.size < 50_000) this.keyOf.set(rawKey, key);
    }
    const mapKey = `${e.role}\u0000${key}`;
    let g = this.groups.get(mapKey);
    if (!g) {
      g = {
        key,
        role: e.role,
        nameKey: normalizeEntityName(name),
        rows: [],
        spellings: new Map(),
        countries: new Map(),
        urls: new Map(),
        addressKey: normalizeAddress(address),
        emailKey: normalizeEmail(email),
      };
      this.groups.set(mapKey, g);
    }
    g.rows.push(row);
    const spellingKey = `${name}\u0000${address ?? ''}\u0000${email ?? ''}`;
    const sp = g.spellings.get(spellingKey);
    if (sp) sp.rows++;
    else if (g.spellings.size < 50) g.spellings.set(spellingKey, { name, address, email, rows: 1 });
    const country = clean(e.country);
    const list = g.countries.get(country) ?? [];
    list.push(row);
    g.countries.set(country, list);
    const url = clean(e.url ?? null);
    if (url) g.urls.set(url, (g.urls.get(url) ?? 0) + 1);
  }

  candidates(): EntityCandidate[] {
    const groups = [...this.groups.values()];
    const byName = new Map<string, Group[]>();
    for (const g of groups) {
      const k = `${g.role}\u0000${g.nameKey}`;
      byName.set(k, [...(byName.get(k) ?? []), g]);
    }
    return groups.map((g) => {
      const spellings = [...g.spellings.values()].sort((a, b) => b.rows - a.rows);
      const main = spellings[0];
      const conflicts: EntityConflict[] = [];
      const siblings = (byName.get(`${g.role}\u0000${g.nameKey}`) ?? []).filter((o) => o !== g);
      for (const o of siblings) {
        const oMain = [...o.spellings.values()].sort((a, b) => b.rows - a.rows)[0];
        if (o.addressKey !== g.addressKey) {
          conflicts.push({
            type: 'same_name_different_address',
            message: `"${main.name}" also appears with another address in ${o.rows.length} row(s).`,
            other_candidate_key: o.key,
            values: [
              { value: main.address, rows: g.rows.slice(0, 100) },
              { value: oMain.address, rows: o.rows.slice(0, 100) },
            ],
          });
        }
        if (o.emailKey !== g.emailKey) {
          conflicts.push({
            type: 'same_name_different_email',
            message: `"${main.name}" also appears with another email in ${o.rows.length} row(s).`,
            other_candidate_key: o.key,
            values: [
              { value: main.email, rows: g.rows.slice(0, 100) },
              { value: oMain.email, rows: o.rows.slice(0, 100) },
            ],
          });
        }
      }
      const countries = [...g.countries.entries()]
        .filter(([c]) => c !== null)
        .sort((a, b) => b[1].length - a[1].length);
      if (countries.length > 1) {
        conflicts.push({
          type: 'same_identity_different_country',
          message: `Rows of "${main.name}" give ${countries.length} different countries.`,
          values: countries.map(([value, rows]) => ({ value, rows: rows.slice(0, 100) })),
        });
      }
      const url = [...g.urls.entries()].sort((a, b) => b[1] - a[1])[0]?.[0] ?? null;
      return {
        candidate_key: g.key,
        role: g.role,
        proposed_values: { name: main.name, address: main.address, email: main.email },
        country: countries[0]?.[0] ?? null,
        url,
        source_rows: g.rows,
        variants: spellings.slice(1).map((s) => ({ name: s.name, address: s.address, email: s.email, rows: s.rows })),
        has_conflicts: conflicts.length > 0,
        conflicts,
      };
    });
  }
}

export function collectEntityCandidates(
  items: Iterable<{ row_number: number; entities: EntityInput[] }>,
): EntityCandidate[] {
  const c = new EntityCandidateCollector();
  for (const item of items) for (const e of item.entities) c.add(item.row_number, e);
  return c.candidates();
}

function clean(s: string | null | undefined): string | null {
  if (s === null || s === undefined) return null;
  const t = s.replace(/\s+/g, ' ').trim();
  return t === '' ? null : t;
}
