/**
 * Blockers a person can read at 200 SKUs, applied to the engine's output:
 *
 * - One blocker per obligation: the per-language blockers of one rule (warnings in French, in Dutch...)
 *   become one, listing each missing language with only the markets that need it.
 * - Ordered by legal weight, not by count: what stops the product being placed on the market, then what
 *   stops it being offered online (GPSR Art. 19 only), then data quality (questions, review items,
 *   prerequisites such as the target markets). Warnings and waived blockers follow, as before.
 *
 * Pure. The SKU list's "most serious first" order and the dashboard read `legal_weight` from the stored
 * blockers (see seriousnessOf).
 */
import { languageName, type SafetyInfoLanguage } from '@/lib/i18n/languages';
import type { Blocker } from './types';

export const LEGAL_WEIGHTS = ['market', 'online', 'data_quality'] as const;
export type LegalWeight = (typeof LEGAL_WEIGHTS)[number];

/** Higher is more serious. */
export const WEIGHT_RANK: Readonly<Record<LegalWeight, number>> = { market: 3, online: 2, data_quality: 1 };

/** Codes that say the data cannot be judged yet rather than that a duty is unmet. */
const DATA_QUALITY_CODES = new Set([
  'TARGET_MARKETS_MISSING',
  'MANUFACTURER_COUNTRY_MISSING',
  'RESPONSIBLE_PERSON_COUNTRY_MISSING',
  'EXTRACTION_CONFLICT_OPEN',
  'REVIEW_ISSUE_OPEN',
  'CATEGORY_NOT_RECOGNISED',
  'GTIN_CHECK_DIGIT_INVALID',
  // The document's own rule (…_MISSING) carries the duty; these say which linked file to clean up.
  'DOCUMENT_EXPIRED',
  'DOCUMENT_ABOUT_ANOTHER_PRODUCT',
]);

/** A citation of GPSR Art. 19 alone: a duty of the online offer, not of the product. */
const ONLINE_ONLY = /^Regulation \(EU\) 2023\/988 \(GPSR\) Art\. 19(\([a-z]\))?(, Art\. 19(\([a-z]\))?)*$/;

/** The legal weight of a blocker: what happens if it stays open. */
export function legalWeight(b: Pick<Blocker, 'code' | 'severity' | 'legal_basis' | 'details'>): LegalWeight {
  if (b.severity === 'warning') return 'data_quality';
  if (DATA_QUALITY_CODES.has(b.code) || b.code.startsWith('QUESTION_') || b.details?.question === true)
    return 'data_quality';
  if (b.legal_basis && ONLINE_ONLY.test(b.legal_basis)) return 'online';
  return 'market';
}

// ----- one blocker per obligation --------------------------------------------------------------

interface LanguageEntry {
  languages: SafetyInfoLanguage[];
  markets: string[];
}

function languageEntry(b: Blocker): LanguageEntry | null {
  const d = b.details;
  if (!d || b.key === b.code || !Array.isArray(d.languages) || !Array.isArray(d.markets)) return null;
  return { languages: d.languages as SafetyInfoLanguage[], markets: d.markets as string[] };
}

function list(items: string[]): string {
  return items.length <= 1 ? items.join('') : `${items.slice(0, -1).join(', ')} and ${items[items.length - 1]}`;
}

/**
 * The rule's message for all languages at once: "{language}" becomes the languages, "{markets}" each
 * language with its markets ("French: FR, BE; Dutch: NL, BE").
 */
function groupedMessage(template: string | undefined, entries: LanguageEntry[], fallback: string): string {
  const names = entries.map((e) => e.languages.map((l) => languageName(l, 'en')).join(' or '));
  const perLanguage = entries.map((e, i) => `${names[i]}: ${e.markets.join(', ')}`).join('; ');
  if (!template || !template.includes('{language}')) return fallback;
  return template.replace(/\{language\}/g, list(names)).replace(/\{markets\}/g, perLanguage);
}

/**
 * Merges the per-language blockers of each code into one (the open ones together, the waived ones
 * together per waiver). `templates` maps a rule id to its message template. Order: where the first of
 * each group stood.
 */
export function groupLanguageBlockers(blockers: Blocker[], templates: ReadonlyMap<string, string>): Blocker[] {
  const groups = new Map<string, { first: Blocker; entries: LanguageEntry[]; members: Blocker[] }>();
  const out: (Blocker | string)[] = [];
  for (const b of blockers) {
    const entry = languageEntry(b);
    if (!entry) {
      out.push(b);
      continue;
    }
    const w = b.waived;
    const id = `${b.code}\u0000${w ? `${w.by}\u0000${w.at}\u0000${w.reason}` : ''}`;
    const g = groups.get(id);
    if (g) {
      g.entries.push(entry);
      g.members.push(b);
    } else {
      groups.set(id, { first: b, entries: [entry], members: [b] });
      out.push(id);
    }
  }
  if (groups.size === 0) return blockers;
  const openCodes = new Set([...groups.values()].filter((g) => !g.first.waived).map((g) => g.first.code));
  return out.map((x) => {
    if (typeof x !== 'string') return x;
    const { first, entries, members } = groups.get(x)!;
    const languages = [...new Set(entries.flatMap((e) => e.languages))];
    const markets = [...new Set(entries.flatMap((e) => e.markets))];
    const required = [...new Set(members.flatMap((m) => m.required_fields))];
    // The open group is the obligation's key (a waiver of it waives the obligation in every language);
    // a waived group keeps the key of its single member, or names the languages when it has several.
    const key = !first.waived
      ? first.code
      : members.length === 1 && !openCodes.has(first.code)
        ? first.key
        : `${first.code}:${languages.join('+')}`;
    return {
      ...first,
      key,
      message:
        members.length === 1 ? first.message : groupedMessage(templates.get(first.rule_id), entries, first.message),
      required_fields: required,
      details: {
        ...first.details,
        languages,
        markets,
        by_language: entries.map((e) => ({ languages: e.languages, markets: e.markets })),
      },
    };
  });
}

// ----- order --------------------------------------------------------------------------------------

/** Open blockers by legal weight (stable within a weight), then open warnings, then waived ones. */
export function orderByWeight(blockers: Blocker[]): Blocker[] {
  const open = blockers.filter((b) => !b.waived && b.severity === 'blocker');
  const warnings = blockers.filter((b) => !b.waived && b.severity === 'warning');
  const waived = blockers.filter((b) => b.waived);
  const rank = (b: Blocker) => WEIGHT_RANK[b.legal_weight ?? legalWeight(b)];
  return open
    .map((b, i) => ({ b, i }))
    .sort((x, y) => rank(y.b) - rank(x.b) || x.i - y.i)
    .map((x) => x.b)
    .concat(warnings, waived);
}

/**
 * A SKU's seriousness for "most serious first": the weight of its worst open blocker, then how many
 * open blockers of that weight it has (the same figure the database computes for the list's order).
 */
export function seriousnessOf(
  blockers: readonly Pick<Blocker, 'severity' | 'waived' | 'legal_weight' | 'code' | 'legal_basis' | 'details'>[],
): number {
  let worst = 0;
  let count = 0;
  for (const b of blockers) {
    if (b.waived || b.severity !== 'blocker') continue;
    const r = WEIGHT_RANK[b.legal_weight ?? legalWeight(b)];
    if (r > worst) {
      worst = r;
      count = 1;
    } else if (r === worst) count++;
  }
  return worst * 10_000 + Math.min(count, 9_999);
}
