/** Shared vocabulary of the requirement engine (the canonical field keys of lib/model/catalogue.ts). */
import { OPERATOR_ROLES, type OperatorRole } from '@/lib/enums';
import type { CategoryCode } from '@/lib/model/categories';
import type { SafetyInfoLanguage } from '@/lib/i18n/languages';
import type { CurrencyFinding } from '@/lib/currency/types';

export const DOCUMENT_TYPES = [
  'declaration_of_conformity',
  'test_report',
  'risk_assessment',
  'cpsr',
  'safety_data_sheet',
  'manual',
  'certificate',
  'other',
] as const;
export type DocumentType = (typeof DOCUMENT_TYPES)[number];

export const ENTITY_ROLES = ['manufacturer', 'importer', 'responsible_person', 'authorised_representative'] as const;
export type EntityRole = (typeof ENTITY_ROLES)[number];

/** The economic-operator roles (lib/enums.ts, shared with the schema); own brand is recorded as manufacturer. */
export { OPERATOR_ROLES, type OperatorRole };
/** A workspace that has not said otherwise is the manufacturer (the engine's behaviour before roles existed). */
export const DEFAULT_OPERATOR_ROLE: OperatorRole = 'manufacturer';

export type Severity = 'blocker' | 'warning';
/** held_by: confirm which linked operator holds the duty and makes it available on request (target: the rule id). */
export type FixKind = 'field' | 'document' | 'entity' | 'review' | 'held_by';

export interface Waiver {
  /** A blocker `key` (one occurrence, e.g. "WARNINGS_MISSING_FOR_LANGUAGE:fr") or a `code` (every occurrence). */
  code: string;
  reason: string;
  by: string;
  at: string;
}

export interface Blocker {
  /** Stable code, e.g. MANUFACTURER_ADDRESS_MISSING. */
  code: string;
  /** Unique within one evaluation: the code, or "code:qualifier" when a code occurs more than once. */
  key: string;
  severity: Severity;
  message: string;
  required_fields: string[];
  required_document_types?: DocumentType[];
  fix: { kind: FixKind; target: string };
  /** The profile rule that produced it. */
  rule_id: string;
  /** Where the rule comes from, e.g. "Regulation (EU) 2023/988 (GPSR) Art. 19(a)". */
  legal_basis?: string;
  /** The rule's entry on the requirements documentation page ("/docs/requirements#rule-toys-core-manufacturer"). */
  doc_url?: string;
  /** False for blockers that must be resolved rather than waived (open conflicts, review issues). */
  waivable: boolean;
  waived?: { by: string; at: string; reason: string };
  /** Machine-readable context for the UI: language, markets, document id... */
  details?: Record<string, unknown>;
  /**
   * What an open blocker stops (lib/requirements/grouping.ts): placing on the market, the online offer
   * (GPSR Art. 19 only), or nothing yet but the data's quality (questions, review items, prerequisites).
   */
  legal_weight?: 'market' | 'online' | 'data_quality';
}

/** A blocker as a rule writes it, before the engine adds its rule id, citation, waiver and documentation link. */
export type BlockerDraft = Omit<Blocker, 'waived' | 'rule_id' | 'legal_basis' | 'waivable' | 'doc_url'> & {
  waivable?: boolean;
};

// ----- evaluation input --------------------------------------------------------------------------

export interface EntityInput {
  id?: string;
  role: EntityRole;
  name?: string | null;
  /** ISO 3166-1 alpha-2 of the postal address; EU establishment is derived from it. */
  country?: string | null;
  /** Street, postcode and city present. */
  has_postal_address: boolean;
  /** An email or a contact URL present. */
  has_electronic_address: boolean;
  /** The postal address is a PO box (not accepted by marketplaces for a responsible person). */
  is_po_box?: boolean;
}

export interface DocumentInput {
  id: string;
  name: string;
  type: DocumentType;
  /** YYYY-MM-DD (or an ISO timestamp); a date in the past makes the document count as missing. */
  valid_until?: string | null;
  /** Standards and legislation the document cites, when known (e.g. ["EN 71-1:2014", "2009/48/EC"]). */
  references?: readonly string[] | null;
  /**
   * Whether the document is evidence about this very SKU (lib/evidence/status.ts). Only an
   * accepted one satisfies a document requirement; absent counts as accepted (a hypothetical document).
   */
  evidence_status?: 'proposed' | 'accepted' | 'rejected' | 'about_another_product';
  /** For a document about another product: why, and both identities in words ("model X by Y"). */
  evidence?: {
    reason: string | null;
    document_says?: string;
    sku_is?: string;
  }; /** Evidence-currency findings of the document (lib/currency/rules.ts), when its facts were checked. */
  currency?: readonly CurrencyFinding[];
}

export interface ConflictInput {
  id: string;
  field_key?: string | null;
  message?: string | null;
}

export interface ReviewIssueInput {
  id: string;
  message: string;
  field_key?: string | null;
}

/**
 * A person's confirmation that a duty the seller's role does not hold itself (the manufacturer's technical
 * file) is held by an operator linked to the SKU and available on request.
 */
export interface HeldByInput {
  id?: string;
  /** The rule the confirmation answers (e.g. "core.risk_assessment"). */
  rule_id: string;
  /** The operator holding it: an entity linked to the SKU (a confirmation naming an unlinked one does not count). */
  entity_id: string;
  confirmed_by: string;
  confirmed_at: string;
  note?: string | null;
}

/** A duty held by another operator, as the evaluation found it: confirmed, or open (then also a blocker). */
export interface HeldByState {
  rule_id: string;
  code: string;
  status: 'confirmed' | 'open';
  /** What is held (the rule's requirement, in words). */
  requirement: string;
  /** The roles that hold it themselves (the manufacturer; the importer for its copy of the declaration). */
  holder_roles: OperatorRole[];
  legal_basis?: string;
  /** Confirmed: the operator named, and who confirmed it when. */
  entity_id?: string;
  entity_name?: string | null;
  confirmed_by?: string;
  confirmed_at?: string;
  held_by_id?: string;
  /** Linked operators that could hold it (entity id, name, role), for the confirmation form. */
  candidates: { entity_id: string; name: string | null; role: EntityRole }[];
}

export interface RequirementInput {
  sku: {
    /** a category code, or free text (a shop path) when category_text is not given */
    category_code?: string | null;
    gtin?: string | null;
    /** true: category_code is the general default, not evidence of what the product is */
    category_defaulted?: boolean | null;
    /** the category as given (a shop path such as "Leuchten > Tischleuchten") */
    category_text?: string | null;
    /** 'person': a person picked category_code, which then stands */
    category_source?: string | null;
    product_name?: string | null;
  };
  /** CONFIRMED dossier values only, by canonical key (suggested or rejected values must not be passed). */
  fields: Readonly<Record<string, string | null | undefined>>;
  entities?: readonly EntityInput[];
  documents?: readonly DocumentInput[];
  conflicts?: readonly ConflictInput[];
  review_issues?: readonly ReviewIssueInput[];
  /** ISO alpha-2 codes; when absent, the confirmed `target_markets` field is used. */
  target_markets?: readonly string[] | null;
  waivers?: readonly Waiver[];
  /** Pin a profile version (e.g. the one stored on the SKU); defaults to the current one of the category. */
  profile_id?: string | null;
  /** Reference time for expiry checks; defaults to now. */
  now?: Date | string;
  /** The seller's economic-operator role for this SKU (its own, else the workspace's); default manufacturer. */
  operator_role?: OperatorRole | null;
  /** Confirmations "held by <operator>, available on request" of duties the role does not hold itself. */
  held_by?: readonly HeldByInput[];
}

export interface RequirementEvaluation {
  profile_id: string;
  category_code: CategoryCode;
  category_defaulted: boolean;
  /** how the category was decided: confidence 0..1, a sentence, and from what */
  category_match: { confidence: number; reason: string; source: string };
  evaluated_at: string;
  /** Open blockers first, then warnings; waived ones stay in the list with `waived` set. */
  blockers: Blocker[];
  /** Severity "blocker", not waived: what stops approval. */
  open_blocker_count: number;
  open_warning_count: number;
  waived_count: number;
  /** Waivers that matched no current blocker (stale, or aimed at a code that cannot be waived). */
  unmatched_waivers: Waiver[];
  /** EEA target markets considered and the languages their safety information needs. */
  target_markets: string[];
  required_languages: SafetyInfoLanguage[];
  /** The regime packs added to the profile (lib/requirements/regimes.ts), e.g. "light-sources@2026-11". */
  regime_packs?: string[];
  /** The role the SKU was evaluated for. */
  operator_role: OperatorRole;
  /** Duties the role does not hold itself, held by another operator: confirmed ones and open ones. */
  held_by: HeldByState[];
}
