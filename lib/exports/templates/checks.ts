import type { ExportWarning } from '@/lib/db/schema';
import { MARKET_LANGUAGE_RULES, normalizeCountryCode, officialLanguagesOf } from '@/lib/model/countries';
import type { ExportItem } from '../catalogue-data';
import type { ChannelCheck } from './types';

const present = (v: unknown) =>
  Array.isArray(v) ? v.length > 0 : v !== null && v !== undefined && String(v).trim() !== '';

/** Target markets of the SKU as ISO codes ("EU" already expanded when stored). */
export function targetMarkets(item: ExportItem): string[] {
  return (item.fields.target_markets ?? '')
    .split(',')
    .map((c) => normalizeCountryCode(c.trim()))
    .filter((c): c is string => Boolean(c));
}

export function marketLanguages(item: ExportItem): string[] {
  return officialLanguagesOf(targetMarkets(item));
}

/** The SKU's target markets whose official languages include this one (why the language is needed). */
export function marketsNeeding(item: ExportItem, language: string): string[] {
  return targetMarkets(item).filter((m) =>
    (MARKET_LANGUAGE_RULES[m]?.official as string[] | undefined)?.includes(language),
  );
}

/**
 * Warnings grouped by what fixes them ("Add the safety warnings in "fr"." on 12 SKUs): one entry per
 * field and fix, most SKUs first, with the first SKUs to link to. What a person works through.
 */
export function groupWarningsByFix(warnings: readonly ExportWarning[], maxSkus = 20) {
  const groups = new Map<
    string,
    {
      field: string;
      code: string;
      fix: string;
      sku_count: number;
      skus: Array<{ sku_id: string | null; sku_code: string | null }>;
    }
  >();
  for (const w of warnings) {
    const k = `${w.field}\u0000${w.fix}`;
    let g = groups.get(k);
    if (!g) groups.set(k, (g = { field: w.field, code: w.code, fix: w.fix, sku_count: 0, skus: [] }));
    g.sku_count++;
    if (g.skus.length < maxSkus) g.skus.push({ sku_id: w.sku_id, sku_code: w.sku_code });
  }
  return [...groups.values()].sort((a, b) => b.sku_count - a.sku_count || a.field.localeCompare(b.field));
}

/** Runs a template's channel checks on one SKU. */
export function runChecks(checks: readonly ChannelCheck[], item: ExportItem): ExportWarning[] {
  const out: ExportWarning[] = [];
  const w = (field: string, code: string, message: string, fix: string) =>
    out.push({ sku_id: item.sku.id, sku_code: item.sku.sku_code, field, code, message, fix });
  for (const c of checks) {
    switch (c.kind) {
      case 'required':
        if (!present(c.get(item))) w(c.field, 'REQUIRED_MISSING', `${c.label} is missing.`, c.fix);
        break;
      case 'max_length': {
        const v = c.get(item);
        if (v && [...v].length > c.max)
          w(
            c.field,
            'TOO_LONG',
            `${c.label} has ${[...v].length} characters; the channel accepts at most ${c.max} (it is cut).`,
            c.fix ?? `Shorten ${c.label} to ${c.max} characters.`,
          );
        break;
      }
      case 'enum': {
        const v = c.get(item);
        if (v && !c.values.includes(v))
          w(
            c.field,
            'NOT_ALLOWED',
            `${c.label} "${v}" is not one of ${c.values.join(', ')}.`,
            `Set ${c.label} to one of ${c.values.join(', ')}.`,
          );
        break;
      }
      case 'max_count': {
        const n = c.get(item).length;
        if (n > c.max)
          w(
            c.field,
            'TOO_MANY',
            `${c.label}: ${n} given, the channel accepts at most ${c.max} (the first ${c.max} are exported).`,
            `Keep at most ${c.max}.`,
          );
        break;
      }
      case 'custom':
        for (const f of c.run(item)) w(f.field ?? c.field, f.code, f.message, f.fix);
        break;
      case 'languages':
        for (const lang of marketLanguages(item)) {
          if (!c.has(item, lang))
            w(
              `${c.field}_${lang}`,
              'LANGUAGE_MISSING',
              `${c.label} in "${lang}" is missing; the target markets ${marketsNeeding(item, lang).join(', ')} need it.`,
              c.fix.replace('{lang}', lang),
            );
        }
        break;
    }
  }
  return out;
}
