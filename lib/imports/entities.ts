/**
 * Entity candidates of an import: the manufacturers, importers and responsible persons named in the
 * rows, grouped per role under a stable identity key built from name + address + email after
 * normalisation (case, accents, whitespace, punctuation; legal-form suffixes kept but spelled one way:
 * "G.m.b.H." and "GmbH" both become "gmbh", "S.à r.l." becomes "sarl"). Candidates that share a name
 * but differ in address or email are flagged as conflicting, so the user decides whether they are one
 * company. The key is what ImportEntityResolutionDecision.candidate_key refers to.
 */
import { entityIdentityKey, normalizeAddress, normalizeEmail, normalizeEntityName } from '@/lib/model/entity-names';
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
