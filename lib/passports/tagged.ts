/**
 * A passport is built once as a tagged tree: a value whose reader must hold more than the public tier is
 * wrapped in `tier(...)`. `project(tree, tier)` then gives the document of one tier, dropping every
 * wrapped value above it (and an object or array entry holding it), so what a tier can see is declared
 * where the value is written, and tests can list every restricted value with its path (`restrictedPaths`).
 */
import { tierAllows, type PassportTier } from './tiers';

export class TierTag {
  constructor(
    readonly tier: PassportTier,
    readonly value: unknown,
  ) {}
}

/** Marks a value (and everything inside it) as readable from `minTier` up. */
export const tier = <T>(minTier: PassportTier, value: T): T => new TierTag(minTier, value) as unknown as T;

const DROP = Symbol('drop');

function projectValue(x: unknown, t: PassportTier): unknown {
  if (x instanceof TierTag) return tierAllows(t, x.tier) ? projectValue(x.value, t) : DROP;
  if (Array.isArray(x)) return x.map((v) => projectValue(v, t)).filter((v) => v !== DROP);
  if (x && typeof x === 'object') {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(x)) {
      if (v === undefined) continue;
      const p = projectValue(v, t);
      if (p !== DROP) out[k] = p;
    }
    return out;
  }
  return x;
}

/** The document one tier may read. */
export function project<T = Record<string, unknown>>(tree: unknown, t: PassportTier): T {
  const p = projectValue(tree, t);
  return (p === DROP ? {} : p) as T;
}

export interface RestrictedValue {
  path: string;
  tier: PassportTier;
  value: unknown;
}

/** Every tier-tagged value of a tree with its path (array positions as [i]); tags inside tags count too. */
export function restrictedPaths(tree: unknown, path = ''): RestrictedValue[] {
  const out: RestrictedValue[] = [];
  if (tree instanceof TierTag) {
    out.push({ path, tier: tree.tier, value: project(tree.value, 'authority') });
    out.push(...restrictedPaths(tree.value, path));
  } else if (Array.isArray(tree)) tree.forEach((v, i) => out.push(...restrictedPaths(v, `${path}[${i}]`)));
  else if (tree && typeof tree === 'object')
    for (const [k, v] of Object.entries(tree)) out.push(...restrictedPaths(v, path ? `${path}.${k}` : k));
  return out;
}
