/**
 * The requirements documentation, built from the current packs: per category, each rule with its legal
 * basis, severity, dates, conditions, what satisfies it and why. /docs/requirements renders it, and the
 * blockers link to its anchors, so the page cannot say something the engine does not do.
 */
import { CATEGORIES, type CategoryCode } from '@/lib/model/categories';
import { FACTS, type FactDefinition } from './facts';
import { formatLegalRef, formatLegalRefs, LEGAL_ACTS, ruleAnchor, type LegalActCode, type LegalRef } from './legal';
import { OPERATOR_ROLE_LABELS } from './held-by';
import { CURRENT_PROFILE_BY_CATEGORY, PROFILE_DEFINITIONS, resolveProfile } from './profiles';
import { ruleRoles, type RequirementRule } from './rule-types';
import { REGIME_PACKS } from './pack-registry';
import { OPERATOR_ROLES, type OperatorRole, type Severity } from './types';

/** What a rule asks of one economic-operator role, and under which article. */
export interface RoleDutyDoc {
  role: OperatorRole;
  label: string;
  /** own: the role holds the duty; held_by: another operator holds it, available on request; none: not asked. */
  duty: 'own' | 'held_by' | 'none';
  severity: Severity | null;
  citations: { text: string; act: LegalActCode; url: string; unsure?: string }[];
}

export interface RuleDoc {
  anchor: string;
  rule_id: string;
  code: string;
  severity: Severity;
  message: string;
  legal_basis: string;
  citations: { text: string; act: LegalActCode; url: string; unsure?: string }[];
  satisfied_by: string;
  why: string;
  applies_from: string | null;
  applies_until: string | null;
  /** The facts that decide whether it applies, with the value they need and the question asked when unknown. */
  conditions: { field: string; is: string; question: string }[];
  /** True when the rule comes from the GPSR core (possibly re-cited by the pack). */
  from_core: boolean;
  /** Per economic-operator role: its duty and article. */
  roles: RoleDutyDoc[];
  /** Sub-codes with their own article (the electronic address). */
  sub_citations: { code: string; legal_basis: string }[];
}

const citationOf = (r: LegalRef) => ({
  text: formatLegalRef(r),
  act: r.act,
  url: LEGAL_ACTS[r.act].url,
  ...(r.unsure ? { unsure: r.unsure } : {}),
});

function roleDuties(rule: RequirementRule): RoleDutyDoc[] {
  return OPERATOR_ROLES.map((role) => {
    const own = ruleRoles(rule).includes(role);
    const duty = own ? 'own' : rule.other_roles === 'held_by' ? 'held_by' : 'none';
    const refs = duty === 'none' ? [] : (rule.role_legal?.[role] ?? rule.legal ?? []);
    return {
      role,
      label: OPERATOR_ROLE_LABELS[role],
      duty,
      severity: duty === 'none' ? null : (rule.role_severity?.[role] ?? rule.severity),
      citations: refs.map(citationOf),
    };
  });
}

export interface CategoryDoc {
  /** A category, or the section of a regime pack ("light-sources"). */
  category: CategoryCode | string;
  label: string;
  profile_id: string;
  title: string;
  summary: string | null;
  acts: { code: LegalActCode; title: string; short: string; url: string }[];
  rules: RuleDoc[];
}

function ruleDoc(category: string, rule: RequirementRule): RuleDoc {
  const legal: LegalRef[] = rule.legal ?? [];
  return {
    anchor: ruleAnchor(category, rule.id),
    rule_id: rule.id,
    code: rule.code,
    severity: rule.severity,
    message: rule.message,
    legal_basis: legal.length ? formatLegalRefs(legal) : (rule.legal_basis ?? ''),
    citations: legal.map(citationOf),
    satisfied_by: rule.satisfied_by ?? '',
    why: rule.why ?? '',
    applies_from: rule.applies_from ?? null,
    applies_until: rule.applies_until ?? null,
    conditions: (rule.when ?? []).map((c) => {
      const f: FactDefinition = FACTS[c.fact];
      return { field: f.field, is: c.is, question: f.question };
    }),
    from_core: rule.id.startsWith('core.'),
    roles: roleDuties(rule),
    sub_citations: Object.entries(rule.sub_legal ?? {}).map(([code, refs]) => ({
      code,
      legal_basis: formatLegalRefs(refs),
    })),
  };
}

export function requirementsDocumentation(): CategoryDoc[] {
  return categoryDocs().concat(regimeDocs());
}

/** The regime packs added to a product's profile when it falls under them (lib/requirements/regimes.ts). */
function regimeDocs(): CategoryDoc[] {
  return REGIME_PACKS.map((p) => ({
    category: p.section,
    label: p.title.split(':')[0],
    profile_id: p.id,
    title: p.title,
    summary: p.summary,
    acts: [...new Set(p.rules.flatMap((r) => (r.legal ?? []).map((l) => l.act)))].map((code) => ({
      code,
      ...LEGAL_ACTS[code],
    })),
    rules: p.rules.map((r) => ruleDoc(p.section, r)),
  }));
}

function categoryDocs(): CategoryDoc[] {
  return CATEGORIES.map((c) => {
    const profile = resolveProfile(CURRENT_PROFILE_BY_CATEGORY[c.code])!;
    const rules = profile.rules.map((r) => ruleDoc(c.code, r));
    const acts = [...new Set(profile.rules.flatMap((r) => (r.legal ?? []).map((l) => l.act)))].map((code) => ({
      code,
      ...LEGAL_ACTS[code],
    }));
    return {
      category: c.code,
      label: c.labels.en,
      profile_id: profile.id,
      title: profile.title,
      summary: profile.summary ?? null,
      acts,
      rules,
    };
  });
}

/** Versions replaced because they misread the law, and their corrections. */
export function correctedVersions(): { id: string; corrected_by: string }[] {
  return PROFILE_DEFINITIONS.filter((p) => p.corrected_by).map((p) => ({ id: p.id, corrected_by: p.corrected_by! }));
}
