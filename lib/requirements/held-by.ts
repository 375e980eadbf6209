/**
 * Duties a seller's role does not hold itself. A distributor does not keep the manufacturer's technical
 * file or risk analysis; it must be able to have them made available on request (GPSR Art. 12; LVD Art. 9,
 * TSD Art. 7 and the like). For a rule with `other_roles: 'held_by'`, such a role is asked for a satisfiable
 * state instead of the document: "held by <operator linked to the SKU>, available on request", confirmed by
 * a person (who, when). Linking the document itself satisfies it too (the engine only gets here when the
 * rule's own check failed).
 */
import { ruleRoles, type RequirementRule } from './rule-types';
import type {
  BlockerDraft as Draft,
  EntityInput,
  EntityRole,
  HeldByState,
  OperatorRole,
  RequirementInput,
} from './types';

/** What a held-by duty reads of an evaluation: the SKU's linked operators and the confirmations made. */
interface HeldByContext {
  entities: readonly EntityInput[];
  input: Pick<RequirementInput, 'held_by'>;
}

/** Entity roles that can hold another operator's duty (the manufacturer, its importer or representatives). */
const HOLDER_ENTITY_ROLES: readonly EntityRole[] = [
  'manufacturer',
  'importer',
  'authorised_representative',
  'responsible_person',
];

export const OPERATOR_ROLE_LABELS: Record<OperatorRole, string> = {
  manufacturer: 'manufacturer',
  importer: 'importer',
  distributor: 'distributor',
  authorised_representative: 'authorised representative',
  fulfilment_service_provider: 'fulfilment service provider',
};

/** Whether a role outside the rule's roles owes "held by, available on request" for it. */
export function ruleHeldBy(rule: RequirementRule): boolean {
  return rule.other_roles === 'held_by';
}

function listFormat(items: string[]): string {
  if (items.length <= 1) return items.join('');
  return `${items.slice(0, -1).join(', ')} or ${items[items.length - 1]}`;
}

/** The state of one held-by duty: confirmed when a person named a linked operator for it. */
export function heldByState(
  ctx: HeldByContext,
  rule: RequirementRule,
  drafts: readonly Draft[],
  legal_basis: string | undefined,
): HeldByState {
  const candidates = ctx.entities
    .filter((e) => e.id && HOLDER_ENTITY_ROLES.includes(e.role))
    .map((e) => ({ entity_id: e.id!, name: e.name?.trim() || null, role: e.role }));
  const linked = new Set(candidates.map((c) => c.entity_id));
  // The latest confirmation naming an operator still linked to the SKU; one naming an unlinked one is stale.
  const confirmation = (ctx.input.held_by ?? [])
    .filter((h) => h.rule_id === rule.id && linked.has(h.entity_id))
    .sort((a, b) => (a.confirmed_at < b.confirmed_at ? 1 : -1))[0];
  const base = {
    rule_id: rule.id,
    code: rule.code,
    requirement: rule.satisfied_by ?? drafts[0]?.message ?? rule.message,
    holder_roles: [...ruleRoles(rule)],
    ...(legal_basis ? { legal_basis } : {}),
    candidates,
  };
  if (!confirmation) return { ...base, status: 'open' };
  return {
    ...base,
    status: 'confirmed',
    entity_id: confirmation.entity_id,
    entity_name: candidates.find((c) => c.entity_id === confirmation.entity_id)?.name ?? null,
    confirmed_by: confirmation.confirmed_by,
    confirmed_at: confirmation.confirmed_at,
    ...(confirmation.id ? { held_by_id: confirmation.id } : {}),
  };
}

/** The blocker of an open held-by duty: the rule's own finding, and what the role can do instead. */
export function heldByDraft(
  rule: RequirementRule,
  drafts: readonly Draft[],
  state: HeldByState,
  role: OperatorRole,
): Draft {
  const first = drafts[0];
  const holders = listFormat(state.holder_roles.map((r) => `the ${OPERATOR_ROLE_LABELS[r]}`));
  const message = `${first?.message ?? rule.message} As ${role === 'importer' || role === 'authorised_representative' ? 'an' : 'a'} ${OPERATOR_ROLE_LABELS[role]} you need not hold it yourself: confirm which operator (${holders}) holds it and makes it available on request, or link it.`;
  const docTypes = [...new Set(drafts.flatMap((d) => d.required_document_types ?? []))];
  return {
    code: rule.code,
    key: rule.code,
    severity: rule.role_severity?.[role] ?? rule.severity,
    message,
    required_fields: [...new Set(drafts.flatMap((d) => d.required_fields))],
    ...(docTypes.length ? { required_document_types: docTypes } : {}),
    fix: { kind: 'held_by', target: rule.id },
    details: {
      held_by: true,
      rule_id: rule.id,
      holder_roles: state.holder_roles,
      candidates: state.candidates,
      ...(first?.details ?? {}),
    },
  };
}
