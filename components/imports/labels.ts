/**
 * Words the import screens show for the API's codes: batch statuses, mapping targets (SKU columns and
 * dossier fields, grouped as the dossier is), mapping reasons, file shapes, operator roles and actions,
 * in the UI language (`useImportLabels()`).
 */
import * as React from 'react';
import { FIELD_CATALOGUE, fieldLabel, type FieldSection } from '@/lib/model/catalogue';
import { SAFETY_INFO_LANGUAGES } from '@/lib/i18n/languages';
import { entityMessages } from '@/lib/i18n/ui/entities';
import { importLabelMessages } from '@/lib/i18n/ui/import-labels';
import { translator, type UiLocale } from '@/lib/i18n/ui';
import { useLocale } from '@/components/i18n/locale-provider';
import type { ImportBatch, ImportEntityCandidate } from '@/lib/imports/schemas';
import type { RESOLUTION_ACTIONS } from '@/lib/imports/resolution';
import type { MappingReason } from '@/lib/imports/mapping';

type BatchStatus = ImportBatch['status'];
type ImportEntityRole = ImportEntityCandidate['role'];
type ResolutionAction = (typeof RESOLUTION_ACTIONS)[number];

const BATCH_STATUSES: readonly BatchStatus[] = ['queued', 'processing', 'completed', 'completed_with_errors', 'failed'];
const ROLES: readonly ImportEntityRole[] = ['manufacturer', 'importer', 'responsible_person'];
const ACTIONS: readonly ResolutionAction[] = ['link_existing', 'create_new', 'ignore', 'unresolved'];

export function isBatchRunning(s: string | null | undefined): boolean {
  return s === 'queued' || s === 'processing';
}

export const SKU_TARGETS = ['sku_code', 'product_name', 'gtin', 'category_code', 'external_sku_id'] as const;
type SkuTarget = (typeof SKU_TARGETS)[number];

export function isSkuTarget(key: string): boolean {
  return (SKU_TARGETS as readonly string[]).includes(key);
}

/** Reasons the mapping gives for a column's field (lib/imports/mapping.ts). */
const REASONS = [
  'explicit',
  'explicit_ignore',
  'exact_key',
  'header_synonym',
  'header_partial',
  'header_role_attribute',
  'neighbour_role',
  'attribute_without_role',
  'content_gtin',
  'content_email',
  'content_image_url',
  'fallback_product_name',
  'no_match',
  'duplicate_target',
  'content_mismatch',
  'empty_column',
] as const satisfies readonly MappingReason[];
type Reason = (typeof REASONS)[number];

/** Formats whose name reads the same in every language. */
const FORMAT_NAMES: Record<string, string> = { csv: 'CSV', tsv: 'TSV', xls: 'Excel 97–2003 (.xls)' };

export interface TargetOption {
  key: string;
  label: string;
}

export interface TargetGroup {
  id: string;
  label: string;
  options: TargetOption[];
}

export interface ImportLabels {
  batchStatus(s: string | null | undefined): string;
  /** "gtin" → "GTIN / EAN", "manufacturer_email" → "Manufacturer email", unknown keys as they are. */
  target(key: string | null | undefined): string;
  targetGroups(): TargetGroup[];
  reason(reason: string | null | undefined): string;
  format(f: string | null | undefined): string;
  delimiter(d: string | null | undefined): string;
  entityRole(role: string): string;
  /** The role inside a sentence: "manufacturer" in English, "Hersteller" in German. */
  entityRoleInText(role: string): string;
  action(a: string | null | undefined): string;
  /** "2, 3, 4, 7 and 12 more" – row numbers, shortened. */
  rowList(rows: readonly number[], max?: number, total?: number): string;
}

const spaced = (code: string) => code.replace(/_/g, ' ');
const cache = new Map<UiLocale, ImportLabels>();

function build(locale: UiLocale): ImportLabels {
  const t = translator(importLabelMessages, locale);
  const roleT = translator(entityMessages, locale);
  const skuTargetLabel = (k: SkuTarget) => (k === 'gtin' ? fieldLabel('gtin', locale) : t(`target.${k}`));
  let groups: TargetGroup[] | null = null;
  return {
    batchStatus: (s) =>
      s && (BATCH_STATUSES as readonly string[]).includes(s) ? t(`status.${s as BatchStatus}`) : s ? spaced(s) : '—',
    target(key) {
      if (!key) return t('target.none');
      if (isSkuTarget(key)) return skuTargetLabel(key as SkuTarget);
      const label = fieldLabel(key, locale);
      return label === key ? spaced(key) : label;
    },
    /**
     * Every mapping target, grouped: the SKU's own columns first, then the dossier fields section by
     * section (per-language fields once per language). "gtin" is stored on the SKU, so it is offered
     * there only.
     */
    targetGroups() {
      if (groups) return groups;
      const out: TargetGroup[] = [
        { id: 'sku', label: 'SKU', options: SKU_TARGETS.map((k) => ({ key: k, label: skuTargetLabel(k) })) },
      ];
      const bySection = new Map<FieldSection, TargetOption[]>();
      for (const d of FIELD_CATALOGUE) {
        if (d.key === 'gtin') continue;
        const list = bySection.get(d.section) ?? [];
        if (d.localized)
          for (const l of SAFETY_INFO_LANGUAGES)
            list.push({ key: `${d.key}_${l}`, label: fieldLabel(`${d.key}_${l}`, locale) });
        else list.push({ key: d.key, label: fieldLabel(d.key, locale) });
        bySection.set(d.section, list);
      }
      for (const [section, options] of bySection) out.push({ id: section, label: t(`group.${section}`), options });
      groups = out;
      return out;
    },
    reason: (r) => (!r ? '' : (REASONS as readonly string[]).includes(r) ? t(`reason.${r as Reason}`) : spaced(r)),
    format(f) {
      if (!f) return '—';
      if (f === 'txt' || f === 'xlsx' || f === 'ods') return t(`format.${f}`);
      return FORMAT_NAMES[f] ?? f.toUpperCase();
    },
    delimiter(d) {
      if (d === null || d === undefined || d === '') return '—';
      if (d === ';') return t('delimiter.semicolon');
      if (d === ',') return t('delimiter.comma');
      if (d === '\t') return t('delimiter.tab');
      if (d === '|') return t('delimiter.pipe');
      return t('delimiter.other', { delimiter: d });
    },
    entityRole: (role) =>
      (ROLES as readonly string[]).includes(role) ? roleT(`role.${role as ImportEntityRole}`) : spaced(role),
    entityRoleInText: (role) =>
      (ROLES as readonly string[]).includes(role) ? roleT(`role_noun.${role as ImportEntityRole}`) : spaced(role),
    action: (a) =>
      a && (ACTIONS as readonly string[]).includes(a) ? t(`action.${a as ResolutionAction}`) : a ? spaced(a) : '—',
    rowList(rows, max = 6, total = rows.length) {
      if (rows.length === 0) return '—';
      const shown = rows.slice(0, max).join(', ');
      const all = Math.max(total, rows.length);
      const more = all - Math.min(max, rows.length);
      return more > 0 ? t('rows.more', { shown, count: more }) : shown;
    },
  };
}

/** The labels in one language; built once per language. */
export function importLabels(locale: UiLocale): ImportLabels {
  let l = cache.get(locale);
  if (!l) cache.set(locale, (l = build(locale)));
  return l;
}

export function useImportLabels(): ImportLabels {
  const locale = useLocale();
  return React.useMemo(() => importLabels(locale), [locale]);
}

/** "duplicate_sku_code" → "Duplicate sku code": the row issue's code, readable; codes are not translated. */
export function issueCodeLabel(code: string): string {
  const s = code.replace(/_/g, ' ').toLowerCase();
  return s.charAt(0).toUpperCase() + s.slice(1);
}
