/**
 * Access tiers of a passport, in the order of Regulation (EU) 2023/1542 Annex XIII: 1 the public;
 * 2 persons with a legitimate interest (and the Commission); 3 notified bodies, market surveillance
 * authorities and the Commission. A higher tier sees everything of the lower ones. Every field a
 * format emits is declared with the lowest tier allowed to read it, and a document for a tier is built
 * with only the fields at or below it (tests/unit/passports/tiers.test.ts checks this field by field).
 */
import type { PassportTier } from '@/lib/db/schema';

export const PASSPORT_TIERS = ['public', 'legitimate_interest', 'authority'] as const satisfies readonly PassportTier[];
export type { PassportTier };

const RANK: Record<PassportTier, number> = { public: 0, legitimate_interest: 1, authority: 2 };

/** Whether a reader of `tier` may see a field declared for `fieldTier`. */
export const tierAllows = (tier: PassportTier, fieldTier: PassportTier) => RANK[fieldTier] <= RANK[tier];

export const isPassportTier = (v: unknown): v is PassportTier =>
  typeof v === 'string' && (PASSPORT_TIERS as readonly string[]).includes(v);

export const TIER_BASIS: Record<PassportTier, string> = {
  public: 'Regulation (EU) 2023/1542 Annex XIII point 1: accessible to the public.',
  legitimate_interest:
    'Annex XIII points 2 and 4: persons with a legitimate interest in accessing and processing the information, and the Commission.',
  authority: 'Annex XIII point 3: notified bodies, market surveillance authorities and the Commission.',
};
