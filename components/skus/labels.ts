/** Words the SKU screens show for the API's codes (statuses, roles, sources, document types). */
import { CATEGORIES } from '@/lib/requirements/categories';
import { blockerTitle } from '@/lib/requirements/titles';
import type { EntityRole, SkuStatus } from './types';

export const STATUS_LABELS: Record<SkuStatus, string> = {
  blocked: 'Blocked',
  needs_review: 'Needs review',
  ready_for_approval: 'Ready for approval',
  approved: 'Approved',
  published: 'Published',
};

export const STATUS_HINTS: Record<SkuStatus, string> = {
  blocked: 'Open blockers stop approval: clear or waive them.',
  needs_review: 'No blockers left: a person completes the review.',
  ready_for_approval: 'Reviewed: waiting for approval.',
  approved: 'Approved: publish its safety page when ready.',
  published: 'The safety page is public.',
};

export function statusLabel(s: string | null | undefined): string {
  return (s && STATUS_LABELS[s as SkuStatus]) || (s ? s.replace(/_/g, ' ') : '—');
}

export const ROLE_LABELS: Record<EntityRole, string> = {
  manufacturer: 'Manufacturer',
  importer: 'Importer',
  responsible_person: 'EU responsible person',
  authorised_representative: 'Authorised representative',
};

/** The role inside a sentence: "link an importer", but "EU" keeps its capitals. */
export function roleNoun(role: EntityRole | string): string {
  const label = ROLE_LABELS[role as EntityRole] ?? role.replace(/_/g, ' ');
  return label.replace(/^(?!EU)(\w)/, (c) => c.toLowerCase());
}

export const ROLE_HINTS: Record<EntityRole, string> = {
  manufacturer: 'Who made the product, or had it made under their name (GPSR Art. 19(a)).',
  importer: 'Who places a product from outside the EU on the EU market.',
  responsible_person: 'The economic operator established in the EU that answers to authorities (GPSR Art. 16).',
  authorised_representative: 'Appointed in writing by the manufacturer to act on its behalf in the EU.',
};

export const DOCUMENT_TYPE_LABELS: Record<string, string> = {
  declaration_of_conformity: 'Declaration of conformity',
  test_report: 'Test report',
  risk_assessment: 'Risk assessment',
  cpsr: 'Cosmetic product safety report',
  safety_data_sheet: 'Safety data sheet',
  manual: 'Manual',
  certificate: 'Certificate',
  other: 'Other',
};

export function documentTypeLabel(t: string | null | undefined): string {
  return (t && DOCUMENT_TYPE_LABELS[t]) || (t ? t.replace(/_/g, ' ') : 'Document');
}

export const SECTION_LABELS: Record<string, string> = {
  identification: 'Identification',
  entities: 'Operators',
  safety: 'Safety information',
  compliance: 'Compliance',
  category: 'Category requirements',
};

export const SECTION_HINTS: Record<string, string> = {
  identification: 'What identifies the product on the label, in the listing and in the documents.',
  entities:
    'Operator data as documents or imports state it. The entities linked in the Entities tab are the primary source.',
  safety: 'Warnings and instructions, one text per language the target markets need (GPSR Art. 9(7)).',
  compliance: 'Markets, marks, legislation, standards and dates.',
  category: 'What the sector rules of this category add.',
};

const CATEGORY_LABELS = new Map<string, string>(CATEGORIES.map((c) => [c.code, c.labels.en]));

export function categoryLabel(code: string | null | undefined): string {
  if (!code) return '—';
  return CATEGORY_LABELS.get(code) ?? code;
}

export const CATEGORY_OPTIONS: { code: string; label: string }[] = CATEGORIES.map((c) => ({
  code: c.code,
  label: c.labels.en,
}));

/** "MANUFACTURER_ADDRESS_MISSING" → "Manufacturer address missing", for places where only a code is known. */
/** A blocker code as people read it ("CE marking missing (toy)"), from the one table of titles. */
export function humanizeCode(code: string): string {
  return blockerTitle(code, 'en');
}
