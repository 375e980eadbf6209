/**
 * Which languages a SKU's target markets need for its safety information (GPSR Art. 9(7): a language
 * the member state determines), and for each whether warnings and instructions are confirmed,
 * suggested or missing. The Publication tab lists them so a missing French text shows before a
 * marketplace or an authority finds it; the blockers say the same per market with their legal basis.
 */
import { localizedFieldKey, normalizeFieldValue } from '@/lib/model/catalogue';
import type { SafetyInfoLanguage } from '@/lib/i18n/languages';
import { MARKET_LANGUAGE_RULES, isEeaMarket } from '@/lib/model/countries';

export type TextState = 'confirmed' | 'suggested' | 'missing';

export interface MarketLanguage {
  language: SafetyInfoLanguage;
  /** The target markets whose official languages include it, in the SKU's order. */
  markets: string[];
  warnings: TextState;
  instructions: TextState;
}

/** The markets of a target_markets value that are in the EEA (where GPSR applies), in order. */
export function eeaMarketsOf(raw: string | null | undefined): string[] {
  if (!raw) return [];
  const parsed = normalizeFieldValue('target_markets', raw);
  return parsed.ok ? [...new Set(parsed.value.split(',').filter(isEeaMarket))] : [];
}

/** Needed languages with the state of their texts; `state(key)` says what the dossier holds for a key. */
export function marketLanguages(markets: readonly string[], state: (fieldKey: string) => TextState): MarketLanguage[] {
  const out = new Map<SafetyInfoLanguage, string[]>();
  for (const m of markets)
    for (const l of MARKET_LANGUAGE_RULES[m]?.official ?? []) out.set(l, [...(out.get(l) ?? []), m]);
  return [...out].map(([language, ms]) => ({
    language,
    markets: ms,
    warnings: state(localizedFieldKey('safety_warnings', language)),
    instructions: state(localizedFieldKey('instructions', language)),
  }));
}
