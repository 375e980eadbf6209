/**
 * Words the import screens show for the API's codes: batch statuses, mapping targets (SKU columns and
 * dossier fields, grouped as the dossier is), mapping reasons, row-issue codes and file shapes.
 */
import { FIELD_CATALOGUE, fieldLabel, type FieldSection } from '@/lib/dossier/catalogue';
import { SAFETY_INFO_LANGUAGES } from '@/lib/i18n/languages';
import type { ImportBatch, ImportEntityCandidate } from '@/lib/imports/service-schemas';
import type { RESOLUTION_ACTIONS } from '@/lib/imports/resolution';

type BatchStatus = ImportBatch['status'];
type ImportEntityRole = ImportEntityCandidate['role'];
type ResolutionAction = (typeof RESOLUTION_ACTIONS)[number];

export const BATCH_STATUS_LABELS: Record<BatchStatus, string> = {
  queued: 'Queued',
  processing: 'Importing',
  completed: 'Completed',
  completed_with_errors: 'Completed with errors',
  failed: 'Failed',
};

export function batchStatusLabel(s: string | null | undefined): string {
  return (s && BATCH_STATUS_LABELS[s as BatchStatus]) || (s ? s.replace(/_/g, ' ') : '—');
}

export function isBatchRunning(s: string | null | undefined): boolean {
  return s === 'queued' || s === 'processing';
}

export const SKU_TARGETS = ['sku_code', 'product_name', 'gtin', 'category_code', 'external_sku_id'] as const;

const SKU_TARGET_LABELS: Record<(typeof SKU_TARGETS)[number], string> = {
  sku_code: 'SKU code',
  product_name: 'Product name',
  gtin: 'GTIN / EAN',
  category_code: 'Category',
  external_sku_id: 'External ID',
};

const SECTION_GROUP_LABELS: Record<FieldSection, string> = {
  identification: 'Dossier · identification',
  entities: 'Dossier · operators',
  safety: 'Dossier · safety information',
  compliance: 'Dossier · compliance',
  category: 'Dossier · category requirements',
};

export interface TargetOption {
  key: string;
  label: string;
}

export interface TargetGroup {
  id: string;
  label: string;
  options: TargetOption[];
}

let groupsCache: TargetGroup[] | null = null;

/**
 * Every mapping target, grouped: the SKU's own columns first, then the dossier fields section by
 * section (per-language fields once per language). "gtin" is stored on the SKU, so it is offered
 * there only.
 */
export function targetGroups(): TargetGroup[] {
  if (groupsCache) return groupsCache;
  const groups: TargetGroup[] = [
    { id: 'sku', label: 'SKU', options: SKU_TARGETS.map((k) => ({ key: k, label: SKU_TARGET_LABELS[k] })) },
  ];
  const bySection = new Map<FieldSection, TargetOption[]>();
  for (const d of FIELD_CATALOGUE) {
    if (d.key === 'gtin') continue;
    const list = bySection.get(d.section) ?? [];
    if (d.localized)
      for (const l of SAFETY_INFO_LANGUAGES)
        list.push({ key: `${d.key}_${l}`, label: fieldLabel(`${d.key}_${l}`, 'en') });
    else list.push({ key: d.key, label: fieldLabel(d.key, 'en') });
    bySection.set(d.section, list);
  }
  for (const [section, options] of bySection)
    groups.push({ id: section, label: SECTION_GROUP_LABELS[section] ?? section, options });
  groupsCache = groups;
  return groups;
}

/** "gtin" → "GTIN / EAN", "manufacturer_email" → "Manufacturer email", unknown keys as they are. */
export function targetLabel(key: string | null | undefined): string {
  if (!key) return 'Not imported';
  if (key in SKU_TARGET_LABELS) return SKU_TARGET_LABELS[key as keyof typeof SKU_TARGET_LABELS];
  const label = fieldLabel(key, 'en');
  return label === key ? key.replace(/_/g, ' ') : label;
}

export function isSkuTarget(key: string): boolean {
  return (SKU_TARGETS as readonly string[]).includes(key);
}

const REASON_LABELS: Record<string, string> = {
  explicit: 'Chosen by you',
  explicit_ignore: 'Ignored by you',
  exact_key: 'Header is the field key',
  header_synonym: 'Header matches',
  header_partial: 'Header partly matches',
  header_role_attribute: 'Operator + attribute in header',
  neighbour_role: 'Follows operator columns',
  attribute_without_role: 'Attribute without operator',
  content_gtin: 'Values are GTINs',
  content_email: 'Values are email addresses',
  content_image_url: 'Values are image links',
  fallback_product_name: 'Short texts used as name',
  no_match: 'No match',
  duplicate_target: 'Field taken by another column',
  content_mismatch: 'Values do not fit',
  empty_column: 'Empty column',
};

export function reasonLabel(reason: string | null | undefined): string {
  if (!reason) return '';
  return REASON_LABELS[reason] ?? reason.replace(/_/g, ' ');
}

const FORMAT_LABELS: Record<string, string> = {
  csv: 'CSV',
  tsv: 'TSV',
  txt: 'Text (tab-separated)',
  xlsx: 'Excel workbook (.xlsx)',
  xls: 'Excel 97–2003 (.xls)',
  ods: 'OpenDocument spreadsheet (.ods)',
};

export function formatLabel(f: string | null | undefined): string {
  if (!f) return '—';
  return FORMAT_LABELS[f] ?? f.toUpperCase();
}

export function delimiterLabel(d: string | null | undefined): string {
  if (d === null || d === undefined || d === '') return '—';
  if (d === ';') return 'Semicolon ( ; )';
  if (d === ',') return 'Comma ( , )';
  if (d === '\t') return 'Tab';
  if (d === '|') return 'Pipe ( | )';
  return `“${d}”`;
}

export const ENTITY_ROLE_LABELS: Record<ImportEntityRole, string> = {
  manufacturer: 'Manufacturer',
  importer: 'Importer',
  responsible_person: 'EU responsible person',
};

export function entityRoleLabel(role: string): string {
  return ENTITY_ROLE_LABELS[role as ImportEntityRole] ?? role.replace(/_/g, ' ');
}

export const ACTION_LABELS: Record<ResolutionAction, string> = {
  link_existing: 'Link to existing',
  create_new: 'Create new',
  ignore: 'Ignore',
  unresolved: 'Leave unresolved',
};

export function actionLabel(a: string | null | undefined): string {
  return (a && ACTION_LABELS[a as ResolutionAction]) || (a ? a.replace(/_/g, ' ') : '—');
}

/** "duplicate_sku_code" → "Duplicate sku code" for codes without a better word. */
export function issueCodeLabel(code: string): string {
  const s = code.replace(/_/g, ' ').toLowerCase();
  return s.charAt(0).toUpperCase() + s.slice(1);
}

/** "2, 3, 4, 7 and 12 more" – row numbers, shortened. */
export function rowList(rows: readonly number[], max = 6, total = rows.length): string {
  if (rows.length === 0) return '—';
  const shown = rows.slice(0, max).join(', ');
  const all = Math.max(total, rows.length);
  return all > Math.min(max, rows.length) ? `${shown} and ${all - Math.min(max, rows.length)} more` : shown;
}
