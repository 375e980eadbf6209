/**
 * The packs in force: the profile packs (one per product category, packs.ts and packs/ppe.ts) and the
 * regime packs added to whatever profile a product has when it falls under them (regimes.ts).
 *
 * A module of its own, above packs.ts and packs/*.ts: the packs in packs/ import their helpers (art,
 * annex, harmonisedCore) from packs.ts, and when packs.ts also built this list, whichever module was
 * imported first decided whether a pack's constants existed yet (a bench importing packs/epr.ts first
 * failed with "Cannot access 'NATIONAL' before initialization").
 */
import type { ProfileDefinition } from './rule-types';
import type { RegimePack } from './regimes';
import {
  BATTERIES_2026_11,
  CHEMICALS_2026_11,
  COSMETICS_2026_11,
  ELECTRICAL_2026_11,
  GPSR_CORE_2026_11,
  MACHINERY_2026_11,
  TEXTILES_2026_11,
  TOYS_2026_11,
} from './packs';
import { cosmeticsLabellingPack } from './packs/cosmetics-labelling';
import { eprBatteriesPack, eprPackagingPack, eprWeeePack } from './packs/epr';
import { lightSourcesPack } from './packs/light-sources';
import { ppePack } from './packs/ppe';

export const CURRENT_PACKS: readonly ProfileDefinition[] = [
  GPSR_CORE_2026_11,
  TOYS_2026_11,
  ELECTRICAL_2026_11,
  COSMETICS_2026_11,
  CHEMICALS_2026_11,
  TEXTILES_2026_11,
  BATTERIES_2026_11,
  MACHINERY_2026_11,
  ppePack(),
];

/** Regime packs: added to whatever profile a product has when it falls under them (regimes.ts). */
export const REGIME_PACKS: readonly RegimePack[] = [
  lightSourcesPack(),
  eprWeeePack(),
  eprBatteriesPack(),
  eprPackagingPack(),
  cosmeticsLabellingPack(),
];
