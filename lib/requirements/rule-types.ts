/**
 * The shape of requirement rules and profiles: what a rule checks (RuleSpec), when it applies, whom it
 * binds, and a profile as a list of them. Types only, beside the packs that are written in them (packs.ts,
 * packs/), the profiles that assemble them (profiles.ts) and the engine that interprets them (engine.ts),
 * so none of those has to import another for its types.
 */
import type { LocalizedFieldBase } from '@/lib/model/catalogue';
import type { CategoryCode } from '@/lib/model/categories';
import type { FactKey, FactValue } from './facts';
import type { LegalRef } from './legal';
import { OPERATOR_ROLES, type DocumentType, type EntityRole, type OperatorRole, type Severity } from './types';

export type RuleSpec =
  /** Name, postal and electronic address of an operator, from its linked entity or the dossier fields. */
  | { kind: 'operator_contact'; role: 'manufacturer' }
  /**
   * An operator established in the EU/EEA (one of accepted_roles) unless the manufacturer is established
   * there itself; with check_contact, also its postal and electronic address.
   */
  | { kind: 'eu_responsible_person'; accepted_roles: EntityRole[]; check_contact: boolean }
  /**
   * An operator of this role identified with its name and postal address, from a linked entity of that role
   * or the dossier fields (an importer's own name and address on the product, PPE Art. 10(3)).
   */
  | { kind: 'operator_identified'; role: 'importer' }
  /** Every field present (required_fields lists the missing ones). */
  | { kind: 'fields_all'; fields: string[] }
  /** At least one of the fields present. */
  | { kind: 'fields_any'; fields: string[] }
  /** A field with exactly this value (ce_marking = yes). */
  | { kind: 'field_equals'; field: string; value: string }
  /** A field that mentions one of the phrases (word sequences, case and accents ignored). */
  | { kind: 'field_mentions'; field: string; any: string[] }
  /** A date field, when present, not in the past. */
  | { kind: 'field_date_not_past'; field: string }
  /**
   * A linked, unexpired document of one of the types. With references_any, a document whose recorded
   * references are known must cite one of them; a document with no recorded references counts.
   */
  | { kind: 'document'; types: DocumentType[]; references_any?: string[] }
  /**
   * When a document of the types is linked (an absent one is another rule's blocker), one of them must
   * cite the act (one of the phrases); a document with no recorded references counts as citing it.
   */
  | { kind: 'document_cites'; types: DocumentType[]; act: string; any: string[] }
  /** Per-language field present for the languages of every EEA target market (one blocker per language). */
  | { kind: 'safety_info_languages'; base: LocalizedFieldBase }
  /** A list field of ISO 639-1 codes that covers the languages of every EEA target market (one blocker per language). */
  | { kind: 'languages_listed'; field: string }
  /** Target markets known (they decide the languages). */
  | { kind: 'target_markets' }
  /** The GTIN (dossier or SKU), when given, has a valid check digit. */
  | { kind: 'gtin_check_digit' }
  /** A list field of "<country>: <number>" entries with one for every EEA target market (one blocker listing the rest). */
  | { kind: 'registrations_per_market'; field: string };

/** The rule applies only when the fact has this value; unknown → the fact's question is asked (see facts.ts). */
export interface RuleCondition {
  fact: FactKey;
  is: FactValue;
}

export interface RequirementRule {
  /** Stable within the profile family; a pack rule with a core rule's id replaces it. */
  id: string;
  /** The blocker code this rule emits (rules of kind operator_contact / eu_responsible_person also emit fixed sub-codes). */
  code: string;
  /**
   * From the law: blocker when it is mandatory for every product of the kind (or for every product
   * meeting the rule's conditions), warning when it is good practice.
   */
  severity: Severity;
  /** Plain English; placeholders {language}, {markets}, {documents}, {date} are filled in by the engine. */
  message: string;
  /** Structured citations; the blocker's legal_basis text is rendered from them. */
  legal?: LegalRef[];
  /** Prose citation of profile versions written before `legal` existed. */
  legal_basis?: string;
  /** What satisfies the rule, for the documentation page. */
  satisfied_by?: string;
  /** Why the law asks for it and why this severity, for the documentation page. */
  why?: string;
  /** First day (YYYY-MM-DD) the rule applies; before it the rule is not evaluated. */
  applies_from?: string;
  /** Last day (YYYY-MM-DD) the rule applies. */
  applies_until?: string;
  /** Every condition must hold for the rule to apply. */
  when?: RuleCondition[];
  /**
   * The economic-operator roles that owe this duty themselves; absent = every role (ruleRoles). A seller in
   * another role is not asked for it (see `held_by` for the duties it must be able to obtain on request).
   */
  roles?: readonly OperatorRole[];
  /**
   * The article of each role's duty where it is not the rule's `legal` (a distributor verifies what the
   * manufacturer must do: GPSR Art. 12(1) rather than Art. 9(5)).
   */
  role_legal?: Partial<Record<OperatorRole, LegalRef[]>>;
  /**
   * What a role outside `roles` owes instead. 'held_by': the duty stays with the operator that holds it
   * (the manufacturer keeps the technical file), and the seller must be able to have it made available on
   * request: satisfied by the document itself or by a confirmed "held by <operator linked to the SKU>,
   * available on request". Absent: nothing (the rule does not apply to that role).
   */
  other_roles?: 'held_by';
  /** The severity for a role where the law asks less of it (a distributor's "available on request" is a warning). */
  role_severity?: Partial<Record<OperatorRole, Severity>>;
  /**
   * Citations of a sub-code the rule emits where it has its own article (the manufacturer's electronic
   * address comes from GPSR Art. 9(6) and 19(a), not from sectoral acts that require a postal address).
   */
  sub_legal?: Record<string, LegalRef[]>;
  spec: RuleSpec;
}

/** The roles a rule applies to (every role when it does not say). */
export function ruleRoles(rule: Pick<RequirementRule, 'roles'>): readonly OperatorRole[] {
  return rule.roles ?? OPERATOR_ROLES;
}

export interface ProfileDefinition {
  id: string;
  category: CategoryCode;
  /** The profile whose rules this one starts from. */
  extends?: string;
  title: string;
  /**
   * Set on a version found to misread the law: SKUs pinned to it are evaluated with the correction
   * (pinning keeps a version choice stable; it must not keep an error alive).
   */
  corrected_by?: string;
  /** Short summary of the pack for the documentation page. */
  summary?: string;
  rules: RequirementRule[];
}
