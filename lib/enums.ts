/**
 * Closed value lists that the database schema and the slices share. The schema (lib/db/schema) types
 * its columns with them and the slices validate and display them, so they sit below both and import
 * nothing; client code reads them too.
 */

/** Workspace roles, least to most rights; what each may do is lib/auth/roles.ts. */
export const ROLES = ['viewer', 'editor', 'reviewer', 'admin', 'owner'] as const;
export type Role = (typeof ROLES)[number];

/** A supplier request's statuses (lib/outreach). */
export const SUPPLIER_REQUEST_STATUSES = [
  'sending',
  'sent',
  'in_progress',
  'to_review',
  'done',
  'no_progress',
  'cancelled',
  'failed',
] as const;
export type SupplierRequestStatus = (typeof SUPPLIER_REQUEST_STATUSES)[number];

/**
 * The seller's economic-operator role for a product (GPSR Art. 3(8)-(13); lib/requirements). A seller that
 * puts its own name or trade mark on a product is its manufacturer (GPSR Art. 3(8); one who substantially modifies it becomes its manufacturer, Art. 13).
 */
export const OPERATOR_ROLES = [
  'manufacturer',
  'importer',
  'distributor',
  'authorised_representative',
  'fulfilment_service_provider',
] as const;
export type OperatorRole = (typeof OPERATOR_ROLES)[number];

/**
 * Which sentence a document link's evidence reason is (lib/evidence/status.ts), so a UI says it in its own
 * language; `person_reason`: the reason is what a person wrote.
 */
export const EVIDENCE_REASON_CODES = [
  'person_reason',
  'person_rejected',
  'person_accepted',
  'identity_rejected',
  'contradiction',
  'names_other_sku',
  'still_reading',
  'states_sku_supplier',
  'states_sku',
  'legacy_link',
  'supplier_file',
  'identity_not_stated',
  'nothing_identifies',
] as const;
export type EvidenceReasonCode = (typeof EVIDENCE_REASON_CODES)[number];

/** Product categories (lib/model/categories.ts defines each and matches free text to one). */
export const CATEGORY_CODES = [
  'general',
  'toys',
  'electrical',
  'cosmetics',
  'chemicals',
  'textiles',
  'batteries',
  'machinery',
  'ppe',
] as const;
export type CategoryCode = (typeof CATEGORY_CODES)[number];
export const DEFAULT_CATEGORY: CategoryCode = 'general';
