/**
 * Shapes of the SKU, dossier, entity and dashboard JSON the workspace UI reads, as agreed in
 * notes/issue3-api.md. Optional members are ones the agreement leaves open (free-form objects).
 */

export const SKU_STATUSES = ['blocked', 'needs_review', 'ready_for_approval', 'approved', 'published'] as const;
export type SkuStatus = (typeof SKU_STATUSES)[number];

export const SKU_SORTS = ['created_desc', 'created_asc', 'code_asc', 'code_desc', 'blockers_desc'] as const;
export type SkuSort = (typeof SKU_SORTS)[number];

export interface Sku {
  id: string;
  sku_code: string;
  product_name: string;
  gtin?: string | null;
  category_code?: string | null;
  review_state?: string | null;
  approval_state?: string | null;
  blocker_count?: number | null;
  warning_count?: number | null;
  status?: SkuStatus;
  created_at: string;
  updated_at?: string;
  external_sku_id?: string | null;
  category_defaulted?: boolean;
  requirement_profile_id?: string | null;
  review_completed_at?: string | null;
  review_completed_by?: string | null;
  approved_at?: string | null;
  approved_by?: string | null;
  public_id?: string | null;
  published_revision?: number | null;
  published_at?: string | null;
}

export interface SkuList {
  data: Sku[];
  next_cursor?: string | null;
  has_more: boolean;
}

export type FixKind = 'field' | 'document' | 'entity' | 'review';

export interface Blocker {
  code: string;
  key?: string;
  severity: 'blocker' | 'warning' | string;
  message: string;
  required_fields?: string[];
  required_document_types?: string[];
  fix?: { kind: FixKind | string; target: string };
  waivable?: boolean;
  legal_basis?: string;
  /** The rule's entry on /docs/requirements. */
  doc_url?: string;
  rule_id?: string;
  details?: Record<string, unknown>;
  waived?: { by: string; at: string; reason: string } | null;
}

export interface SkuDetail {
  sku: Sku;
  blockers: Blocker[];
  status: SkuStatus | string;
  can_generate_draft: boolean;
  can_publish: boolean;
}

export interface CreateSkuDryRun {
  dry_run: true;
  can_create: boolean;
  normalized_sku: { sku_code: string; product_name: string; gtin: string | null; category_code: string; external_sku_id: string | null } | null;
  category: { selected_code: string | null; defaulted: boolean };
  requirement_profile: { would_attach_default: boolean; id: string | null };
  plan_limit: { plan: string; limit: number; current_count: number | null } | null;
  blocking_reason: { code: string; message: string; details?: unknown } | null;
}

// ----- dossier ---------------------------------------------------------------------------------

export type DossierSource = 'manual' | 'import' | 'document_extraction' | 'ai_suggestion' | 'entity_sync';

export interface Provenance {
  document_id?: string;
  document_name?: string;
  page?: number;
  quote?: string;
  batch_id?: string;
  row?: number;
  column?: string;
  job_id?: string;
  entity_id?: string;
  note?: string;
}

export interface DossierValue {
  id: string;
  field_key: string;
  value: string;
  status: 'suggested' | 'confirmed' | 'rejected' | string;
  source: DossierSource | string;
  provenance: Provenance | null;
  confidence: number | null;
  created_by: string | null;
  created_at: string;
  decided_by: string | null;
  decided_at: string | null;
  superseded_at: string | null;
}

export type DossierSuggestion = DossierValue & { conflicts_with_current: boolean };

export interface DossierField {
  field_key: string;
  section: string | null;
  current: DossierValue | null;
  suggestions: DossierSuggestion[];
  history: DossierValue[];
}

export type Locale = 'en' | 'de' | 'fr' | 'es' | 'it';
export const LOCALES: readonly Locale[] = ['en', 'de', 'fr', 'es', 'it'];

export type FieldKind = 'text' | 'multiline' | 'email' | 'url' | 'date' | 'country' | 'country_list' | 'gtin' | 'enum' | 'list';

export interface CatalogueField {
  key: string;
  section: string;
  kind: FieldKind | string;
  localized: boolean;
  public: boolean;
  label?: Partial<Record<Locale, string>>;
  help?: string;
  enum_values?: string[];
  category?: string | null;
}

export interface CatalogueSection {
  key?: string;
  code?: string;
  id?: string;
  label?: string | Partial<Record<Locale, string>>;
}

export interface Catalogue {
  sections: (string | CatalogueSection)[];
  fields: CatalogueField[];
  categories: { code: string; label: string | Partial<Record<Locale, string>> }[];
  languages: (string | { code: string; name?: string })[];
}

// ----- entities, waivers, activity, publication --------------------------------------------------

export const ENTITY_ROLES = ['manufacturer', 'importer', 'responsible_person', 'authorised_representative'] as const;
export type EntityRole = (typeof ENTITY_ROLES)[number];

export interface Entity {
  id: string;
  name: string;
  trade_mark: string | null;
  street: string | null;
  postal_code: string | null;
  city: string | null;
  region: string | null;
  country: string | null;
  email: string | null;
  contact_url: string | null;
  phone: string | null;
  eu_established: boolean;
  postal_address: string | null;
  sku_count?: number;
  created_at: string;
  updated_at: string;
}

export interface EntityLink {
  role: EntityRole;
  entity: Entity;
}

export interface Waiver {
  id: string;
  code: string;
  reason: string;
  waived_by: string | null;
  waived_at: string;
  revoked_at: string | null;
}

export interface ActivityEvent {
  id: string;
  action: string;
  actor: string | null;
  data: Record<string, unknown> | null;
  created_at: string;
}

export interface Revision {
  revision: number;
  published_at: string;
  published_by: string | null;
  public_url: string;
}

/** GET /api/skus/{id}/documents items are free-form; these are the members the UI looks for. */
export interface SkuDocument {
  id: string;
  filename?: string;
  name?: string;
  document_type?: string;
  type?: string;
  valid_until?: string | null;
  issued_on?: string | null;
  detected_language?: string | null;
  language?: string | null;
  size_bytes?: number;
  created_at?: string;
  is_public?: boolean;
  status?: string;
  classification_confidence?: number | null;
  suggestions?: unknown[];
  facts?: unknown[];
  extraction?: { facts?: unknown[]; status?: string } | null;
  [key: string]: unknown;
}

export interface DashboardData {
  totals: { skus: number; published: number; approved: number; blocked: number; needs_review: number; ready_for_approval: number };
  by_status: { status: SkuStatus | string; count: number }[];
  top_blockers: { code: string; count: number; example_message?: string | null }[];
}
