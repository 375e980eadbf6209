/**
 * The requirement engine: evaluates a profile (data, see profiles.ts) against a SKU's confirmed
 * dossier values, linked entities and documents, and returns its blockers. Pure and deterministic
 * for a given `now`: no database, no clock unless `now` is omitted.
 */
import { localizedFieldKey, normalizeFieldValue } from '@/lib/model/catalogue';
import { acceptGtin, gtinCheckDigitOf, gtinCheckDigitValid, gtinFixSentence } from '@/lib/gtin';
import { languageName, type SafetyInfoLanguage } from '@/lib/i18n/languages';
import { isCategoryCode } from '@/lib/model/categories';
import { resolveCategory, type CategoryResolution } from '@/lib/model/category-match';
import {
  foldText,
  isEeaMarket,
  isEuEstablished,
  MARKET_LANGUAGE_RULES,
  normalizeCountryCode,
} from '@/lib/model/countries';
import { FACTS, readFact, type FactDefinition } from './facts';
import { formatLegalRefs, ruleDocUrl, type LegalRef } from './legal';
import { CURRENT_PROFILE_BY_CATEGORY, resolveProfile } from './profiles';
import { ruleRoles, type RequirementRule, type RuleSpec } from './rule-types';
import { heldByDraft, heldByState, ruleHeldBy } from './held-by';
import { REGIME_PACKS } from './pack-registry';
import { registeredCountries } from './packs/epr';
import { marketsNotChecked, regimeApplies, regimesNotChecked } from './regimes';
import { groupLanguageBlockers, legalWeight, orderByWeight } from './grouping';
import { boundedMemo } from '@/lib/utils/bounded-memo';
import { currencyBlockers } from '@/lib/currency/sku-warnings';
import type {
  Blocker,
  BlockerDraft as Draft,
  DocumentInput,
  DocumentType,
  EntityInput,
  EntityRole,
  FixKind,
  HeldByState,
  OperatorRole,
  RequirementEvaluation,
  RequirementInput,
  Severity,
  Waiver,
} from './types';
import { DEFAULT_OPERATOR_ROLE } from './types';

export interface Context {
  input: RequirementInput;
  today: string;
  fields: Map<string, string>;
  entities: readonly EntityInput[];
  documents: readonly DocumentInput[];
  markets: readonly string[];
  marketsKnown: boolean;
  /** fieldOperator's answers, worked out once per evaluation (several rules ask for the same role) */
  fieldOperators: Partial<Record<FieldRole, Operator | null>>;
  /** The seller's economic-operator role for this SKU. */
  role: OperatorRole;
}

// ----- helpers --------------------------------------------------------------------------------

const DAY_MS = 86_400_000;
let lastDay = { start: NaN, iso: '' };
/** The UTC day of a time, kept for the day it falls in (every evaluation of an import asks for it). */
function isoDay(d: Date): string {
  const t = d.getTime();
  if (!(t >= lastDay.start && t < lastDay.start + DAY_MS)) {
    const start = Math.floor(t / DAY_MS) * DAY_MS;
    lastDay = { start, iso: new Date(start).toISOString().slice(0, 10) };
  }
  return lastDay.iso;
}

function toDay(value: string | null | undefined): string | null {
  if (!value) return null;
  const m = /^(\d{4}-\d{2}-\d{2})/.exec(value.trim());
  return m ? m[1] : null;
}

/** Splits "EN 71-1:2014" into ["en","71","1","2014"]; letters and digits are separate tokens ("EN71" → en, 71). */
export function referenceTokens(text: string): string[] {
  return foldText(text)
    .replace(/([a-z])(\d)|(\d)([a-z])/g, '$1$3 $2$4')
    .split(' ')
    .filter(Boolean);
}

/** Whether `text` contains the phrase as a whole token sequence ("DIN EN 71-1" mentions "EN 71", "EN 710" does not). */
export function mentions(text: string, phrase: string): boolean {
  const hay = referenceTokens(text);
  const needle = referenceTokens(phrase);
  if (needle.length === 0) return false;
  outer: for (let i = 0; i + needle.length <= hay.length; i++) {
    for (let j = 0; j < needle.length; j++) if (hay[i + j] !== needle[j]) continue outer;
    return true;
  }
  return false;
}

function has(ctx: Context, key: string): boolean {
  if (key === 'gtin' && ctx.input.sku.gtin && ctx.input.sku.gtin.trim()) return true;
  return ctx.fields.has(key);
}

function listFormat(items: string[]): string {
  if (items.length <= 1) return items.join('');
  return `${items.slice(0, -1).join(', ')} and ${items[items.length - 1]}`;
}

function fill(template: string, values: Record<string, string>): string {
  return template.replace(/\{(\w+)\}/g, (all, name: string) => values[name] ?? all);
}

function draft(
  code: string,
  severity: Severity,
  message: string,
  required_fields: string[],
  fix: { kind: FixKind; target: string },
  extra: Partial<Draft> = {},
): Draft {
  return { code, key: code, severity, message, required_fields, fix, ...extra };
}

// ----- operators ------------------------------------------------------------------------------

interface Operator {
  source: 'entity' | 'fields';
  role: EntityRole;
  id?: string;
  name: string | null;
  country: string | null;
  postal: boolean;
  electronic: boolean;
  poBox: boolean;
}

function entityOperators(ctx: Context, role: EntityRole): Operator[] {
  return ctx.entities
    .filter((e) => e.role === role)
    .map((e) => ({
      source: 'entity' as const,
      role,
      id: e.id,
      name: e.name?.trim() || null,
      country: e.country ? normalizeCountryCode(e.country) : null,
      postal: !!e.has_postal_address,
      electronic: !!e.has_electronic_address,
      poBox: !!e.is_po_box,
    }));
}

type FieldRole = 'manufacturer' | 'importer' | 'responsible_person';
const OPERATOR_KEYS = Object.fromEntries(
  (['manufacturer', 'importer', 'responsible_person'] as const).map((role) => [
    role,
    {
      name: `${role}_name`,
      address: `${role}_address`,
      email: `${role}_email`,
      url: `${role}_url`,
      country: `${role}_country`,
    },
  ]),
) as Record<FieldRole, Record<'name' | 'address' | 'email' | 'url' | 'country', string>>;

/**
 * The operator as the dossier fields describe it (entity sync copies, or extraction), when any is set.
 * Shared by the rules of one evaluation: they only read it.
 */
function fieldOperator(ctx: Context, role: FieldRole): Operator | null {
  let op = ctx.fieldOperators[role];
  if (op === undefined) ctx.fieldOperators[role] = op = readFieldOperator(ctx, role);
  return op;
}

function readFieldOperator(ctx: Context, role: FieldRole): Operator | null {
  // No helper closure: this runs for every SKU an import evaluates.
  const keys = OPERATOR_KEYS[role];
  const name = ctx.fields.get(keys.name) ?? null;
  const address = ctx.fields.get(keys.address) ?? null;
  const email = ctx.fields.get(keys.email) ?? null;
  const url = ctx.fields.get(keys.url) ?? null;
  const country = ctx.fields.get(keys.country) ?? null;
  if (!name && !address && !email && !url && !country) return null;
  return {
    source: 'fields',
    role,
    name,
    country: country ? normalizeCountryCode(country) : null,
    postal: !!address,
    electronic: !!(email || url),
    poBox:
      !!address &&
      /\b(p\.?\s?o\.?\s?box|postfach|boite postale|bo[iî]te postale|apartado de correos|casella postale)\b/i.test(
        address,
      ),
  };
}

/** Merges what the linked entity and the dossier fields say: a field can complete a sparse entity. */
function manufacturer(ctx: Context): Operator | null {
  const ents = entityOperators(ctx, 'manufacturer');
  const fromFields = fieldOperator(ctx, 'manufacturer');
  if (ents.length === 0) return fromFields;
  // Several linked manufacturers is unusual; judge the most complete one.
  const score = (o: Operator) => Number(!!o.name) + Number(o.postal) + Number(o.electronic) + Number(!!o.country);
  const best = [...ents].sort((a, b) => score(b) - score(a))[0];
  if (!fromFields) return best;
  return {
    ...best,
    name: best.name ?? fromFields.name,
    country: best.country ?? fromFields.country,
    postal: best.postal || fromFields.postal,
    electronic: best.electronic || fromFields.electronic,
  };
}

// ----- rule kinds -----------------------------------------------------------------------------

function evalOperatorContact(ctx: Context, rule: RequirementRule): Draft[] {
  const m = manufacturer(ctx);
  const fields = ['manufacturer_name', 'manufacturer_address', 'manufacturer_email'];
  if (!m || (!m.name && !m.postal && !m.electronic)) {
    return [draft(rule.code, rule.severity, rule.message, fields, { kind: 'entity', target: 'manufacturer' })];
  }
  const out: Draft[] = [];
  const fix = (field: string): { kind: FixKind; target: string } =>
    m.source === 'entity' && m.id ? { kind: 'entity', target: m.id } : { kind: 'field', target: field };
  if (!m.name)
    out.push(
      draft(
        'MANUFACTURER_NAME_MISSING',
        'blocker',
        "The manufacturer's name or registered trade name is missing.",
        ['manufacturer_name'],
        fix('manufacturer_name'),
      ),
    );
  if (!m.postal)
    out.push(
      draft(
        'MANUFACTURER_ADDRESS_MISSING',
        'blocker',
        "The manufacturer's postal address is missing.",
        ['manufacturer_address'],
        fix('manufacturer_address'),
      ),
    );
  if (!m.electronic)
    out.push(
      draft(
        'MANUFACTURER_ELECTRONIC_ADDRESS_MISSING',
        'blocker',
        "The manufacturer's electronic address (email or contact website) is missing.",
        ['manufacturer_email'],
        fix('manufacturer_email'),
      ),
    );
  if (!m.country) {
    // Without the country we cannot tell whether an EU responsible person is required.
    const euOperatorPresent = rpCandidates(ctx, ['responsible_person', 'authorised_representative', 'importer']).some(
      (o) => isEuEstablished(o.country),
    );
    out.push(
      draft(
        'MANUFACTURER_COUNTRY_MISSING',
        euOperatorPresent ? 'warning' : 'blocker',
        "The manufacturer's country is missing, so it is unknown whether an EU responsible person is required.",
        ['manufacturer_country'],
        fix('manufacturer_country'),
      ),
    );
  }
  return out;
}

function rpCandidates(ctx: Context, roles: readonly EntityRole[]): Operator[] {
  const out: Operator[] = [];
  for (const role of roles) {
    out.push(...entityOperators(ctx, role));
    if (role === 'responsible_person' || role === 'importer') {
      const f = fieldOperator(ctx, role);
      if (f) out.push(f);
    }
  }
  return out;
}

function evalResponsiblePerson(
  ctx: Context,
  rule: RequirementRule,
  spec: Extract<RuleSpec, { kind: 'eu_responsible_person' }>,
): Draft[] {
  const m = manufacturer(ctx);
  if (m?.country && isEuEstablished(m.country)) return []; // the manufacturer itself is the EU operator
  const candidates = rpCandidates(ctx, spec.accepted_roles);
  const inEu = candidates.filter((o) => isEuEstablished(o.country));
  const rpFix = { kind: 'entity' as const, target: spec.accepted_roles[0] };
  const rpFields = ['responsible_person_name', 'responsible_person_address', 'responsible_person_email'];
  if (inEu.length === 0) {
    if (!m?.country && candidates.length === 0) return []; // MANUFACTURER_COUNTRY_MISSING already says it
    if (candidates.some((o) => !o.country)) {
      return [
        draft(
          spec.check_contact ? 'RESPONSIBLE_PERSON_COUNTRY_MISSING' : rule.code,
          rule.severity,
          spec.check_contact
            ? 'The country of the linked responsible person is missing, so its EU establishment cannot be confirmed.'
            : rule.message,
          ['responsible_person_country'],
          rpFix,
        ),
      ];
    }
    if (candidates.length > 0 && spec.check_contact) {
      const where = [...new Set(candidates.map((o) => o.country).filter(Boolean))].join(', ');
      return [
        draft(
          'RESPONSIBLE_PERSON_NOT_IN_EU',
          'blocker',
          `The linked responsible operator is established outside the EU/EEA (${where}); a responsible person must be established in the EU.`,
          ['responsible_person_country'],
          rpFix,
        ),
      ];
    }
    return [draft(rule.code, rule.severity, rule.message, rpFields, rpFix)];
  }
  if (!spec.check_contact) return [];
  // Prefer a designated responsible person, then an authorised representative, then an importer.
  const rank = (o: Operator) => spec.accepted_roles.indexOf(o.role) * 2 + (o.source === 'entity' ? 0 : 1);
  const rp = [...inEu].sort((a, b) => rank(a) - rank(b))[0];
  const fix = (field: string) =>
    rp.source === 'entity' && rp.id
      ? { kind: 'entity' as const, target: rp.id }
      : { kind: 'field' as const, target: field };
  const out: Draft[] = [];
  const prefix = rp.role === 'importer' ? 'importer' : 'responsible_person';
  if (!rp.postal)
    out.push(
      draft(
        'RESPONSIBLE_PERSON_ADDRESS_MISSING',
        'blocker',
        'The postal address of the EU responsible person is missing.',
        [`${prefix}_address`],
        fix(`${prefix}_address`),
      ),
    );
  if (!rp.electronic)
    out.push(
      draft(
        'RESPONSIBLE_PERSON_ELECTRONIC_ADDRESS_MISSING',
        'blocker',
        'The electronic address (email or contact website) of the EU responsible person is missing.',
        [`${prefix}_email`],
        fix(`${prefix}_email`),
      ),
    );
  if (rp.poBox)
    out.push(
      draft(
        'RESPONSIBLE_PERSON_PO_BOX',
        'warning',
        'The address of the EU responsible person is a PO box; marketplaces reject PO boxes.',
        [`${prefix}_address`],
        fix(`${prefix}_address`),
      ),
    );
  return out;
}

function evalSafetyLanguages(
  ctx: Context,
  rule: RequirementRule,
  spec: Extract<RuleSpec, { kind: 'safety_info_languages' }>,
): Draft[] {
  return missingLanguages(
    ctx,
    rule,
    (l) => ctx.fields.has(localizedFieldKey(spec.base, l)),
    (l) => localizedFieldKey(spec.base, l),
  );
}

/** A list field of language codes ("de; fr") must cover the languages of every market. */
function evalLanguagesListed(
  ctx: Context,
  rule: RequirementRule,
  spec: Extract<RuleSpec, { kind: 'languages_listed' }>,
): Draft[] {
  const listed = new Set(
    (ctx.fields.get(spec.field) ?? '')
      .toLowerCase()
      .split(/[\s;,/]+/)
      .filter(Boolean),
  );
  return missingLanguages(
    ctx,
    rule,
    (l) => listed.has(l),
    () => spec.field,
  );
}

function missingLanguages(
  ctx: Context,
  rule: RequirementRule,
  covered: (l: SafetyInfoLanguage) => boolean,
  keyOf: (l: SafetyInfoLanguage) => string,
): Draft[] {
  // Group the unmet language requirements of all markets: one blocker per language (or either-or group).
  const missing = new Map<string, { languages: SafetyInfoLanguage[]; markets: string[] }>();
  for (const market of ctx.markets) {
    const langRule = MARKET_LANGUAGE_RULES[market];
    if (!langRule) continue;
    for (const group of langRule.required) {
      if (group.some(covered)) continue;
      const { id } = languageGroup(group);
      const entry = missing.get(id) ?? { languages: group, markets: [] };
      entry.markets.push(market);
      missing.set(id, entry);
    }
  }
  const out: Draft[] = [];
  for (const [id, { languages, markets }] of missing) {
    const keys = [...new Set(languages.map(keyOf))];
    const { name } = languageGroup(languages);
    out.push(
      draft(
        rule.code,
        rule.severity,
        languageMessage(`${rule.message}\u0000${name}\u0000${listFormat(markets)}`),
        keys,
        { kind: 'field', target: keys[0] },
        {
          key: `${rule.code}:${id}`,
          details: { languages, markets },
        },
      ),
    );
  }
  return out;
}

/** A group's id (its codes in order) and its name in messages ("German or French"), once per group. */
const languageGroups = new WeakMap<readonly SafetyInfoLanguage[], { id: string; name: string }>();
function languageGroup(group: readonly SafetyInfoLanguage[]) {
  let info = languageGroups.get(group);
  if (!info) {
    info = { id: [...group].sort().join('|'), name: group.map((l) => languageName(l, 'en')).join(' or ') };
    languageGroups.set(group, info);
  }
  return info;
}

/** A missing-language message (template, language, markets, NUL-separated): a catalogue has a few. */
const languageMessage = boundedMemo(
  (key: string) => {
    const [template, language, markets] = key.split('\u0000');
    return fill(template, { language, markets });
  },
  512,
  4096,
);

function documentMatchesReferences(doc: DocumentInput, refs: readonly string[] | undefined): boolean {
  if (!refs || refs.length === 0) return true;
  const known = (doc.references ?? []).filter((r) => typeof r === 'string' && r.trim());
  if (known.length === 0) return true; // nothing recorded: the typed document counts (see RuleSpec)
  return known.some((r) => refs.some((phrase) => mentions(r, phrase)));
}

function isExpired(ctx: Context, doc: DocumentInput): boolean {
  const until = toDay(doc.valid_until);
  return until !== null && until < ctx.today;
}

/** Only a document accepted as evidence about this SKU counts (lib/evidence/status.ts). */
const isEvidence = (d: DocumentInput) => d.evidence_status === undefined || d.evidence_status === 'accepted';

function evalDocument(ctx: Context, rule: RequirementRule, spec: Extract<RuleSpec, { kind: 'document' }>): Draft[] {
  const typed = ctx.documents.filter(
    (d) => spec.types.includes(d.type) && documentMatchesReferences(d, spec.references_any),
  );
  const candidates = typed.filter(isEvidence);
  if (candidates.some((d) => !isExpired(ctx, d))) return [];
  const expired = candidates.filter((d) => isExpired(ctx, d));
  const waiting = typed.filter((d) => d.evidence_status === 'proposed');
  const other = typed.filter((d) => d.evidence_status === 'about_another_product');
  let message = rule.message;
  if (expired.length > 0) {
    const list = expired.map((d) => `"${d.name}" expired on ${toDay(d.valid_until)}`);
    message += ` The linked ${listFormat(list)}.`;
  }
  if (waiting.length > 0)
    message += ` ${listFormat(waiting.map((d) => `"${d.name}"`))} ${waiting.length === 1 ? 'is' : 'are'} linked but not accepted as evidence about this product yet.`;
  if (other.length > 0)
    message += ` ${listFormat(other.map((d) => `"${d.name}"`))} ${other.length === 1 ? 'is' : 'are'} about another product.`;
  const notAccepted = [...waiting, ...other];
  return [
    draft(
      rule.code,
      rule.severity,
      message,
      [],
      { kind: 'document', target: spec.types[0] },
      {
        required_document_types: [...spec.types],
        details:
          expired.length > 0 || notAccepted.length > 0
            ? {
                ...(expired.length > 0 ? { expired_document_ids: expired.map((d) => d.id) } : {}),
                ...(notAccepted.length > 0 ? { not_accepted_document_ids: notAccepted.map((d) => d.id) } : {}),
              }
            : undefined,
      },
    ),
  ];
}

/** A document of the types is linked; fires when none of the unexpired ones cites the act. */
function evalDocumentCites(
  ctx: Context,
  rule: RequirementRule,
  spec: Extract<RuleSpec, { kind: 'document_cites' }>,
): Draft[] {
  const current = ctx.documents.filter((d) => spec.types.includes(d.type) && isEvidence(d) && !isExpired(ctx, d));
  if (current.length === 0 || current.some((d) => documentMatchesReferences(d, spec.any))) return [];
  return [
    draft(
      rule.code,
      rule.severity,
      rule.message,
      [],
      { kind: 'document', target: current[0].id },
      {
        required_document_types: [...spec.types],
        details: {
          act: spec.act,
          document_ids: current.map((d) => d.id),
          cited: current.flatMap((d) => d.references ?? []),
        },
      },
    ),
  ];
}

function evalRule(ctx: Context, rule: RequirementRule): Draft[] {
  const spec = rule.spec;
  switch (spec.kind) {
    case 'operator_contact':
      return evalOperatorContact(ctx, rule);
    case 'eu_responsible_person':
      return evalResponsiblePerson(ctx, rule, spec);
    case 'operator_identified': {
      const ops = rpCandidates(ctx, [spec.role]);
      if (ops.some((o) => o.name && o.postal)) return [];
      const linked = ops.find((o) => o.source === 'entity' && o.id);
      return [
        draft(
          rule.code,
          rule.severity,
          rule.message,
          [`${spec.role}_name`, `${spec.role}_address`],
          linked ? { kind: 'entity', target: linked.id! } : { kind: 'entity', target: spec.role },
        ),
      ];
    }
    case 'fields_all': {
      const missing = spec.fields.filter((f) => !has(ctx, f));
      return missing.length
        ? [draft(rule.code, rule.severity, rule.message, missing, { kind: 'field', target: missing[0] })]
        : [];
    }
    case 'fields_any':
      return spec.fields.some((f) => has(ctx, f))
        ? []
        : [draft(rule.code, rule.severity, rule.message, [...spec.fields], { kind: 'field', target: spec.fields[0] })];
    case 'field_equals':
      return ctx.fields.get(spec.field) === spec.value
        ? []
        : [draft(rule.code, rule.severity, rule.message, [spec.field], { kind: 'field', target: spec.field })];
    case 'field_mentions': {
      const value = ctx.fields.get(spec.field);
      return value && spec.any.some((p) => mentions(value, p))
        ? []
        : [draft(rule.code, rule.severity, rule.message, [spec.field], { kind: 'field', target: spec.field })];
    }
    case 'field_date_not_past': {
      const day = toDay(ctx.fields.get(spec.field));
      return day && day < ctx.today
        ? [
            draft(rule.code, rule.severity, fill(rule.message, { date: day }), [spec.field], {
              kind: 'field',
              target: spec.field,
            }),
          ]
        : [];
    }
    case 'document':
      return evalDocument(ctx, rule, spec);
    case 'safety_info_languages':
      return evalSafetyLanguages(ctx, rule, spec);
    case 'languages_listed':
      return evalLanguagesListed(ctx, rule, spec);
    case 'document_cites':
      return evalDocumentCites(ctx, rule, spec);
    case 'target_markets':
      return ctx.marketsKnown
        ? []
        : [
            draft(rule.code, rule.severity, rule.message, ['target_markets'], {
              kind: 'field',
              target: 'target_markets',
            }),
          ];
    case 'registrations_per_market': {
      const registered = registeredCountries(ctx.fields.get(spec.field));
      const missing = ctx.markets.filter((m) => !registered.has(m));
      if (missing.length === 0) return [];
      return [
        draft(
          rule.code,
          rule.severity,
          fill(rule.message, { markets: listFormat(missing) }),
          [spec.field],
          { kind: 'field', target: spec.field },
          { details: { markets: missing, registered: [...registered] } },
        ),
      ];
    }
    case 'gtin_check_digit': {
      const gtins = [ctx.input.sku.gtin?.trim(), ctx.fields.get('gtin')].filter(
        (g): g is string => !!g && /^\d{8,14}$/.test(g),
      );
      const wrong = gtins.find((g) => !gtinCheckDigitValid(g) || /^0+$/.test(g));
      if (!wrong) return [];
      const accepted = acceptGtin(wrong);
      const fixes = accepted.ok ? accepted.likely_fixes : [];
      const message = /^0+$/.test(wrong)
        ? `The GTIN ${wrong} is zeros only, a placeholder rather than a product code.`
        : `${rule.message.replace(/\.$/, '')} (GTIN ${wrong}; the check digit for these digits would be ${gtinCheckDigitOf(wrong.slice(0, -1))}).${gtinFixSentence(fixes)}`;
      return [
        draft(
          rule.code,
          rule.severity,
          message,
          ['gtin'],
          { kind: 'field', target: 'gtin' },
          {
            details: {
              gtin: wrong,
              expected_check_digit: accepted.ok ? (accepted.expected_check_digit ?? null) : null,
              likely_fixes: fixes,
            },
          },
        ),
      ];
    }
  }
}

// ----- dates and conditions -------------------------------------------------------------------

/** Whether the rule applies on the evaluation day (applies_from / applies_until are inclusive days). */
function inForce(ctx: Context, rule: RequirementRule): boolean {
  if (rule.applies_from && ctx.today < rule.applies_from) return false;
  if (rule.applies_until && ctx.today > rule.applies_until) return false;
  return true;
}

type Gate = { kind: 'applies' } | { kind: 'skip' } | { kind: 'ask'; facts: FactDefinition[] };

/** Conditions of the rule: all true → applies; one false → skip; otherwise ask the first unknown fact. */
function gate(ctx: Context, rule: RequirementRule): Gate {
  const unknown: FactDefinition[] = [];
  for (const c of rule.when ?? []) {
    const value = readFact(c.fact, ctx.fields);
    if (value === null) unknown.push(FACTS[c.fact]);
    else if (value !== c.is) return { kind: 'skip' };
  }
  // One question at a time, in the rule's order: the first answer may make the others moot ("not electric").
  return unknown.length ? { kind: 'ask', facts: unknown.slice(0, 1) } : { kind: 'applies' };
}

function question(fact: FactDefinition, severity: Severity): Draft {
  return draft(
    fact.code,
    severity,
    fact.question,
    [fact.field],
    { kind: 'field', target: fact.field },
    { details: { question: true, field: fact.field } },
  );
}

// ----- built-in checks that apply whatever the profile -------------------------------------------

/**
 * Expired documents of a type some applicable rule asks for. A linked document no requirement asks for
 * (a halal certificate on a face cream) never blocks the SKU: its expiry shows on the document itself.
 */
function expiredDocuments(ctx: Context, askedTypes: ReadonlySet<DocumentType>): Blocker[] {
  const out: Blocker[] = [];
  const evidence = ctx.documents.filter(isEvidence);
  for (const doc of evidence) {
    if (!isExpired(ctx, doc) || !askedTypes.has(doc.type)) continue;
    const replaced = evidence.some((d) => d.id !== doc.id && d.type === doc.type && !isExpired(ctx, d));
    out.push({
      code: 'DOCUMENT_EXPIRED',
      key: `DOCUMENT_EXPIRED:${doc.id}`,
      severity: replaced ? 'warning' : 'blocker',
      message: replaced
        ? `"${doc.name}" expired on ${toDay(doc.valid_until)}; a current ${doc.type.replace(/_/g, ' ')} is also linked, so unlink the old one.`
        : `"${doc.name}" expired on ${toDay(doc.valid_until)}; an expired ${doc.type.replace(/_/g, ' ')} counts as missing.`,
      required_fields: [],
      required_document_types: [doc.type],
      fix: { kind: 'document', target: doc.id },
      rule_id: 'builtin.document_expired',
      waivable: true,
      details: { document_id: doc.id, valid_until: toDay(doc.valid_until) },
    });
  }
  return out;
}

const ABOUT_ANOTHER_PRODUCT_LEGAL = formatLegalRefs([
  { act: 'gpsr', article: '9', paragraph: '2' },
  { act: 'gpsr', article: '9', paragraph: '5' },
]);

/**
 * A linked document whose identity facts name another product or maker (or whose identity a person
 * rejected): the technical documentation must be about the product itself. Resolved by unlinking the
 * document, correcting the SKU, or a person accepting it with a reason (a family declaration).
 */
function documentsAboutAnotherProduct(ctx: Context): Blocker[] {
  return ctx.documents
    .filter((d) => d.evidence_status === 'about_another_product')
    .map((doc) => {
      const e = doc.evidence;
      const both =
        e?.document_says && e.sku_is ? `this document says ${e.document_says}; the SKU is ${e.sku_is}.` : null;
      const why = both ?? e?.reason ?? 'its identity does not match this SKU.';
      return {
        code: 'DOCUMENT_ABOUT_ANOTHER_PRODUCT',
        key: `DOCUMENT_ABOUT_ANOTHER_PRODUCT:${doc.id}`,
        severity: 'blocker' as const,
        message: `"${doc.name}" is about another product: ${why} It is not evidence for this SKU until it is unlinked, the SKU's data is corrected, or a person accepts it with a reason (e.g. a declaration covering several models).`,
        required_fields: [],
        required_document_types: [doc.type],
        fix: { kind: 'document' as const, target: doc.id },
        rule_id: 'builtin.document_about_another_product',
        legal_basis: ABOUT_ANOTHER_PRODUCT_LEGAL,
        waivable: false,
        details: {
          document_id: doc.id,
          document_says: e?.document_says ?? null,
          sku_is: e?.sku_is ?? null,
          reason: e?.reason ?? null,
        },
      };
    });
}

function openReviewItems(ctx: Context): Blocker[] {
  const out: Blocker[] = [];
  for (const c of ctx.input.conflicts ?? []) {
    const field = c.field_key ?? null;
    out.push({
      code: 'EXTRACTION_CONFLICT_OPEN',
      key: `EXTRACTION_CONFLICT_OPEN:${c.id}`,
      severity: 'blocker',
      message:
        c.message?.trim() ||
        (field
          ? `Documents disagree about "${field}"; choose the correct value.`
          : 'An extraction conflict is open; choose the correct value.'),
      required_fields: field ? [field] : [],
      fix: { kind: 'review', target: c.id },
      rule_id: 'builtin.extraction_conflict',
      waivable: false,
      details: { conflict_id: c.id },
    });
  }
  for (const r of ctx.input.review_issues ?? []) {
    const field = r.field_key ?? null;
    out.push({
      code: 'REVIEW_ISSUE_OPEN',
      key: `REVIEW_ISSUE_OPEN:${r.id}`,
      severity: 'blocker',
      message: r.message.trim() || 'A review issue is open.',
      required_fields: field ? [field] : [],
      fix: { kind: 'review', target: r.id },
      rule_id: 'builtin.review_issue',
      waivable: false,
      details: { review_issue_id: r.id },
    });
  }
  return out;
}

/**
 * The SKU's category: a person's pick stands; otherwise what the category as given (a code or a shop path)
 * and the product itself (name, rated voltage, battery type, documents, description) show. A stored code
 * that was a default (category_defaulted) is not evidence: the product is looked at again each time.
 */
function skuCategory(input: RequirementInput, fields: ReadonlyMap<string, string>): CategoryResolution {
  const s = input.sku;
  if (s.category_source === 'person' && s.category_code && isCategoryCode(s.category_code))
    return { code: s.category_code, defaulted: false, confidence: 1, reason: 'Chosen by a person.', source: 'person' };
  const text = s.category_text ?? (s.category_defaulted ? null : s.category_code);
  return resolveCategory({
    category_text: text,
    product_name: s.product_name,
    fields,
    documents: input.documents,
  });
}

/** Never silently general: an unrecognised product says so until a person picks its category. */
function categoryNotRecognised(input: RequirementInput, category: CategoryResolution): Blocker {
  return {
    code: 'CATEGORY_NOT_RECOGNISED',
    key: 'CATEGORY_NOT_RECOGNISED',
    severity: 'warning',
    message: `Category not recognised: only the general rules were checked. ${category.reason} Pick the category so the rules of its law (toys, electrical equipment, cosmetics, …) are checked too.`,
    required_fields: [],
    fix: { kind: 'field', target: 'category_code' },
    rule_id: 'builtin.category_not_recognised',
    waivable: true,
    details: { category_text: input.sku.category_text ?? null },
  };
}

// ----- entry point -----------------------------------------------------------------------------

function confirmedFields(raw: RequirementInput['fields']): Map<string, string> {
  const out = new Map<string, string>();
  if (!raw) return out;
  for (const k in raw) {
    if (!Object.prototype.hasOwnProperty.call(raw, k)) continue;
    const v = raw[k];
    if (typeof v !== 'string') continue;
    const t = v.trim();
    if (t) out.set(k, t);
  }
  return out;
}

type Markets = { markets: readonly string[]; known: boolean };

function resolveMarkets(input: RequirementInput, fields: Map<string, string>): Markets {
  if (input.target_markets && input.target_markets.length > 0)
    return marketsOf(input.target_markets.map((m) => normalizeCountryCode(m)).filter((m): m is string => !!m));
  const raw = fields.get('target_markets');
  return raw ? marketsOfField(raw) : NO_MARKETS;
}

const NO_MARKETS: Markets = { markets: [], known: false };

function marketsOf(list: string[]): Markets {
  const unique = [...new Set(list)];
  return { markets: unique.filter(isEeaMarket), known: unique.length > 0 };
}

/** The markets of a target_markets value: the same few strings down a catalogue. */
const marketsOfField = boundedMemo((raw: string): Markets => {
  const parsed = normalizeFieldValue('target_markets', raw);
  return parsed.ok ? marketsOf(parsed.value.split(',')) : NO_MARKETS;
});

/** Evaluates the SKU's requirement profile. Never throws for well-typed input. */
/**
 * A rule's legal basis and documentation link: fixed texts of the catalogue, formatted once per rule
 * and category instead of on every evaluation (an import evaluates each new SKU's rules).
 */
const ruleTextCache = new WeakMap<RequirementRule, Map<string, { legal_basis: string | undefined; doc_url: string }>>();
function ruleTexts(category: string, rule: RequirementRule, role: OperatorRole) {
  let byCategory = ruleTextCache.get(rule);
  if (!byCategory) ruleTextCache.set(rule, (byCategory = new Map()));
  const key = `${category}\u0000${role}`;
  let texts = byCategory.get(key);
  if (!texts) {
    // The article of this role's duty where the rule names one (a distributor verifies: GPSR Art. 12(1)).
    const refs = rule.role_legal?.[role] ?? rule.legal;
    const legal_basis: string | undefined = refs ? formatLegalRefs(refs) : rule.legal_basis;
    byCategory.set(key, (texts = { legal_basis, doc_url: ruleDocUrl(category, rule.id) }));
  }
  return texts;
}

const subLegalTexts = new WeakMap<readonly LegalRef[], string>();
function subLegalText(refs: readonly LegalRef[]): string {
  let text = subLegalTexts.get(refs);
  if (text === undefined) subLegalTexts.set(refs, (text = formatLegalRefs(refs)));
  return text;
}

export function evaluateRequirements(input: RequirementInput): RequirementEvaluation {
  const now = input.now === undefined ? new Date() : new Date(input.now);
  const at = Number.isNaN(now.getTime()) ? new Date() : now;
  const fields = confirmedFields(input.fields);
  const category = skuCategory(input, fields);
  // A pinned version wins over a category as given; but a product found to be something else than its
  // pinned profile's kind (its path, name, voltage or documents now say so) gets the profile of what it is.
  const pinnedProfile = input.profile_id ? resolveProfile(input.profile_id) : null;
  const foundOtherwise =
    !category.defaulted &&
    category.source !== 'code' &&
    category.source !== 'person' &&
    pinnedProfile?.category !== category.code;
  const pinned = pinnedProfile && !foundOtherwise ? pinnedProfile : null;
  const profile = pinned ?? resolveProfile(CURRENT_PROFILE_BY_CATEGORY[category.code])!;
  const categoryDefaulted = category.defaulted && (!pinned || pinned.category === 'general');

  const { markets, known } = resolveMarkets(input, fields);
  const ctx: Context = {
    input,
    today: isoDay(at),
    fields,
    entities: input.entities ?? [],
    documents: input.documents ?? [],
    markets,
    marketsKnown: known,
    fieldOperators: {},
    role: input.operator_role ?? DEFAULT_OPERATOR_ROLE,
  };

  const blockers: Blocker[] = [];
  const seen = new Set<string>();
  const push = (b: Blocker) => {
    if (seen.has(b.key)) return; // e.g. a pack rule and a core rule both reporting the same sub-code
    seen.add(b.key);
    blockers.push(b);
  };
  const questions: Blocker[] = [];
  // The profile's rules, then those of the regime packs the product falls under (lib/requirements/regimes.ts).
  const regimes = REGIME_PACKS.filter((p) => regimeApplies(p, profile.category, input, fields));
  const sections = new Map<RequirementRule, string>();
  for (const p of regimes) for (const r of p.rules) sections.set(r, p.section);
  const rules = regimes.length ? profile.rules.concat(regimes.flatMap((p) => p.rules)) : profile.rules;
  const templates = new Map<string, string>();
  const heldBy: HeldByState[] = [];
  /** Document types some rule that applies to this role asks for: only their expiry can block. */
  const askedTypes = new Set<DocumentType>();
  for (const rule of rules) {
    if (!inForce(ctx, rule)) continue;
    // A duty of another role: either nothing is owed, or it must be held by an operator on request.
    const own = ruleRoles(rule).includes(ctx.role);
    const held = !own && ruleHeldBy(rule);
    if (!own && !held) continue;
    if (rule.spec.kind === 'document' || rule.spec.kind === 'document_cites')
      for (const t of rule.spec.types) askedTypes.add(t);
    let drafts = evalRule(ctx, rule);
    if (drafts.length === 0) continue;
    // A conditional rule that would fire: its conditions decide; an unknown fact is asked, once.
    const g = gate(ctx, rule);
    if (g.kind === 'skip') continue;
    templates.set(rule.id, rule.message);
    const { legal_basis, doc_url } = ruleTexts(sections.get(rule) ?? profile.category, rule, ctx.role);
    if (held && g.kind === 'applies') {
      const state = heldByState(ctx, rule, drafts, legal_basis);
      heldBy.push(state);
      if (state.status === 'confirmed') continue;
      drafts = [heldByDraft(rule, drafts, state, ctx.role)];
    }
    const out = g.kind === 'ask' ? g.facts.map((f) => question(f, rule.severity)) : drafts;
    const severity = rule.role_severity?.[ctx.role];
    for (const d of out) {
      if (severity && d.severity === rule.severity) d.severity = severity;
      // Completed in place: every draft is a fresh object, and copying it with a spread (one new object of
      // varying shape per blocker) was most of an evaluation's time (an import evaluates each new SKU).
      // Keys end up in the order the spread gave them.
      const b = d as Blocker;
      b.rule_id = rule.id;
      const sub = rule.sub_legal?.[b.code];
      if (sub) b.legal_basis = subLegalText(sub);
      else if (legal_basis) b.legal_basis = legal_basis;
      b.doc_url = doc_url;
      b.waivable = d.waivable ?? true;
      if (g.kind === 'ask') {
        const asked = questions.find((q) => q.key === b.key);
        if (asked) {
          // The same fact asked by a blocker rule wins over a warning rule.
          if (b.severity === 'blocker') asked.severity = 'blocker';
          continue;
        }
        questions.push(b);
      } else push(b);
    }
  }
  // A question about a field another blocker already asks for (a missing rated voltage) is redundant.
  const asked = new Set(blockers.flatMap((b) => b.required_fields));
  for (const q of questions) if (!q.required_fields.some((f) => asked.has(f))) push(q);
  expiredDocuments(ctx, askedTypes).forEach(push);
  documentsAboutAnotherProduct(ctx).forEach(push);
  openReviewItems(ctx).forEach(push);
  currencyBlockers(ctx.documents).forEach(push);
  if (categoryDefaulted) push(categoryNotRecognised(input, category));
  regimesNotChecked(profile.category, input).forEach(push);
  marketsNotChecked(input, fields).forEach(push);

  const used = new Set<Waiver>();
  const waivers = input.waivers ?? [];
  for (const b of blockers) {
    if (!b.waivable) continue;
    const w = waivers.find((x) => x.code === b.key) ?? waivers.find((x) => x.code === b.code);
    if (w) {
      b.waived = { by: w.by, at: w.at, reason: w.reason };
      used.add(w);
    }
  }

  // One blocker per obligation (languages merged), open blockers by legal weight, then open warnings,
  // then waived ones (lib/requirements/grouping.ts).
  const grouped = groupLanguageBlockers(blockers, templates);
  for (const b of grouped) b.legal_weight = legalWeight(b);
  const ordered = orderByWeight(grouped);
  const openBlockers = ordered.filter((b) => !b.waived && b.severity === 'blocker');
  const openWarnings = ordered.filter((b) => !b.waived && b.severity === 'warning');
  const waived = ordered.filter((b) => b.waived);

  const required = new Set<SafetyInfoLanguage>();
  for (const m of markets)
    for (const group of MARKET_LANGUAGE_RULES[m]?.required ?? []) group.forEach((l) => required.add(l));

  return {
    profile_id: profile.id,
    category_code: profile.category,
    category_defaulted: categoryDefaulted,
    category_match: {
      confidence: categoryDefaulted ? 0 : pinned && category.defaulted ? 1 : category.confidence,
      reason: pinned && category.defaulted && !categoryDefaulted ? `Pinned to ${pinned.id}.` : category.reason,
      source: pinned && category.defaulted && !categoryDefaulted ? 'person' : category.source,
    },
    evaluated_at: at.toISOString(),
    blockers: ordered,
    open_blocker_count: openBlockers.length,
    open_warning_count: openWarnings.length,
    waived_count: waived.length,
    unmatched_waivers: waivers.filter((w) => !used.has(w)),
    target_markets: [...markets],
    required_languages: [...required],
    regime_packs: regimes.map((p) => p.id),
    operator_role: ctx.role,
    held_by: heldBy,
  };
}

/** Blocker codes that can be waived (review items must be resolved instead). */
export function isWaivableCode(code: string): boolean {
  const base = code.split(':')[0];
  return (
    base !== 'EXTRACTION_CONFLICT_OPEN' && base !== 'REVIEW_ISSUE_OPEN' && base !== 'DOCUMENT_ABOUT_ANOTHER_PRODUCT'
  );
}

/** Builds the `fields` input from dossier rows, keeping confirmed values only. */
export function confirmedFieldMap(
  rows: ReadonlyArray<{ field_key: string; value: string | null; status: string }>,
): Record<string, string> {
  const out: Record<string, string> = {};
  for (const r of rows)
    if (r.status === 'confirmed' && typeof r.value === 'string' && r.value.trim()) out[r.field_key] = r.value;
  return out;
}
