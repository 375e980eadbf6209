/**
 * The requirement profile of a category for a set of markets, rule by rule with its legal basis: what
 * an agent or a user reads before any SKU exists. The concrete checks come from the engine itself (an
 * empty product evaluated against the profile), so the explanation cannot drift from what is enforced.
 */
import { AppError } from '@/lib/errors';
import { evaluateRequirements } from './engine';
import { isEeaMarket, marketLanguageRule, normalizeCountryCode } from '@/lib/model/countries';
import { formatLegalRefs, ruleDocUrl } from './legal';
import { profileForCategory, resolveProfile } from './profiles';
import type { RuleSpec } from './rule-types';

export interface ExplainedRule {
  rule_id: string;
  code: string;
  severity: 'blocker' | 'warning';
  legal_basis: string | null;
  /** The rule's entry on /docs/requirements. */
  doc_url: string;
  requires: string;
  applies_from: string | null;
  applies_until: string | null;
  /** What a product with nothing recorded would be told, one entry per market language where relevant. */
  checks: { code: string; message: string; fix: { kind: string; target: string } | null }[];
}

function describe(spec: RuleSpec): string {
  switch (spec.kind) {
    case 'operator_contact':
      return 'A linked manufacturer with name, postal address and electronic address.';
    case 'eu_responsible_person':
      return `An economic operator established in the EU (${spec.accepted_roles.join(' or ')}) unless the manufacturer is${spec.check_contact ? ', with postal and electronic address' : ''}.`;
    case 'operator_identified':
      return `A linked ${spec.role} (or the dossier fields ${spec.role}_name and ${spec.role}_address) with name and postal address.`;
    case 'fields_all':
      return `Dossier fields: ${spec.fields.join(', ')}.`;
    case 'fields_any':
      return `At least one of the dossier fields: ${spec.fields.join(', ')}.`;
    case 'field_equals':
      return `Dossier field ${spec.field} = "${spec.value}".`;
    case 'field_mentions':
      return `Dossier field ${spec.field} mentions one of: ${spec.any.join('; ')}.`;
    case 'field_date_not_past':
      return `Dossier field ${spec.field}, when given, not in the past.`;
    case 'document':
      return `A linked, unexpired document of type ${spec.types.join(' or ')}${spec.references_any?.length ? ` citing one of: ${spec.references_any.join('; ')}` : ''}.`;
    case 'document_cites':
      return `A linked document of type ${spec.types.join(' or ')}, when one is linked, cites ${spec.act} (one of: ${spec.any.join('; ')}).`;
    case 'languages_listed':
      return `Dossier field ${spec.field} lists the languages of every target market.`;
    case 'safety_info_languages':
      return `${spec.base} in the languages of every target market (field ${spec.base}_<language>).`;
    case 'target_markets':
      return 'The target markets (dossier field target_markets): they decide the languages.';
    case 'gtin_check_digit':
      return 'The GTIN, when given, has a valid check digit.';
    case 'registrations_per_market':
      return `Dossier field ${spec.field} has a "<country>: <number>" entry for every EU/EEA target market.`;
  }
}

export function explainRequirements(args: { category?: string | null; markets: readonly string[] }) {
  const markets: string[] = [];
  const rejected: string[] = [];
  for (const raw of args.markets) {
    const code = normalizeCountryCode(raw);
    if (code && isEeaMarket(code)) {
      if (!markets.includes(code)) markets.push(code);
    } else rejected.push(raw);
  }
  if (rejected.length) {
    throw new AppError(
      'VALIDATION_FAILED',
      `Not EU/EEA markets: ${rejected.join(', ')}. Use ISO 3166-1 alpha-2 codes such as DE, FR, IT.`,
      {
        details: { fields: [{ path: 'markets', message: 'unknown or non-EEA market' }] },
      },
    );
  }
  const chosen = profileForCategory(args.category);
  const profile = resolveProfile(chosen.id)!;
  const empty = evaluateRequirements({
    sku: { category_code: chosen.category_code },
    fields: {},
    target_markets: markets,
    profile_id: profile.id,
  });
  const rules: ExplainedRule[] = profile.rules.map((rule) => ({
    rule_id: rule.id,
    code: rule.code,
    severity: rule.severity,
    legal_basis: rule.legal?.length ? formatLegalRefs(rule.legal) : (rule.legal_basis ?? null),
    doc_url: ruleDocUrl(chosen.category_code, rule.id),
    requires: rule.satisfied_by ?? describe(rule.spec),
    applies_from: rule.applies_from ?? null,
    applies_until: rule.applies_until ?? null,
    checks: empty.blockers
      .filter((b) => b.rule_id === rule.id)
      .map((b) => ({
        code: b.code,
        message: b.message,
        fix: b.fix ? { kind: b.fix.kind, target: b.fix.target } : null,
      })),
  }));
  return {
    category_code: chosen.category_code,
    category_defaulted: chosen.defaulted,
    profile_id: profile.id,
    profile_title: profile.title,
    markets: markets.map((m) => ({
      market: m,
      official_languages: marketLanguageRule(m)?.official ?? [],
      note: marketLanguageRule(m)?.note ?? null,
    })),
    required_languages: empty.required_languages,
    rules,
  };
}
