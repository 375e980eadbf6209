/**
 * Whether a linked document is evidence about this very SKU: the one rule that decides a document-SKU
 * link's evidence status. Pure; lib/evidence/refresh.ts loads its input and stores its answer, and every
 * reader of linked documents (blockers, dossier, exports, public page, MCP) reads that stored answer.
 *
 * In order:
 *  1. A person rejected the link                                     -> rejected.
 *  2. A person rejected one of the document's identity facts (its model, maker or GTIN suggested to this
 *     SKU) after any acceptance                                      -> about_another_product.
 *  3. A person accepted the link (with a reason: a family DoC, …)    -> accepted.
 *  4. The document's identity facts contradict the SKU's (another model where both are known, another
 *     maker where both are known, another GTIN), or, when it names nothing of this SKU, it names another
 *     SKU of the workspace                                           -> about_another_product.
 *  5. The document states this SKU's GTIN, SKU code or model and nothing contradicts: accepted by the
 *     rule with the matching facts and their quotes as the reason; except files a supplier sent (upload
 *     link, mail reply), which always wait for a person             -> accepted / proposed.
 *  6. A link a person made before decisions existed (legacy)        -> accepted.
 *  7. Otherwise                                                       -> proposed (a person decides).
 */
import type { EvidenceStatus, LinkOrigin } from '@/lib/db/schema/documents';
import { gtin14 } from '@/lib/gtin';
import { valuesAgree } from './value-conflicts';
import type { EvidenceReasonCode } from '@/lib/enums';

export type { EvidenceStatus, LinkOrigin, EvidenceReasonCode };

/** The dossier fields that say which product (and whose) a document is about. */
export const IDENTITY_FIELDS = ['model_number', 'manufacturer_name', 'gtin'] as const;
export type IdentityField = (typeof IDENTITY_FIELDS)[number];

export interface DocumentFact {
  field_key: string;
  value: string;
  quote: string | null;
  page?: number | null;
}

/** What the document's text says of this SKU's codes (found by lib/evidence/sku-matching.ts's readers). */
export interface TextMention {
  kind: 'gtin' | 'sku_code' | 'model_number';
  value: string;
  quote: string | null;
}

export interface SkuIdentity {
  sku_code: string;
  product_name: string;
  gtin: string | null;
  model_number: string | null;
  manufacturer_name: string | null;
}

export interface EvidenceInput {
  origin: LinkOrigin;
  person: {
    decision: 'accepted' | 'rejected' | 'legacy_link';
    reason: string | null;
    by: string | null;
    at: string;
  } | null;
  /** Whether the document has a completed extraction: until then nothing can be said against it. */
  extracted: boolean;
  /** The identity facts of the document's latest extraction (empty when it has none yet). */
  facts: readonly DocumentFact[];
  mentions: readonly TextMention[];
  /** Identity suggestions of this document that a person rejected for this SKU. */
  rejected_facts: readonly { field_key: string; value: string; by: string | null; at: string }[];
  /** Codes of other SKUs of the workspace the document names (when it names none of this SKU's). */
  other_skus_named: readonly { sku_code: string; value: string; quote: string | null }[];
  sku: SkuIdentity;
}

export interface Identity {
  model_number: string | null;
  manufacturer_name: string | null;
  gtin: string | null;
}

export interface EvidenceFacts {
  /** Facts of the document that name this SKU, with their quotes. */
  matches: TextMention[];
  /** Where the document and the SKU disagree. */
  contradictions: { field_key: string; document: string; sku: string; quote: string | null }[];
  document_identity: Identity;
  sku_identity: Identity & { sku_code: string; product_name: string };
}

export interface EvidenceDecision {
  status: EvidenceStatus;
  /** A person's decision, or the rule's. */
  decided_by: 'person' | 'rule';
  /** The person, when a person decided. */
  by: string | null;
  reason: string;
  reason_code: EvidenceReasonCode;
  /** The values the sentence names (names, codes, quotes: data, not words). */
  reason_params: Record<string, string>;
  facts: EvidenceFacts;
}

const LEGAL_FORMS = new Set(
  'gmbh mbh ag kg co ohg ug ek e k ltd limited llc inc corp corporation company sa sas sarl srl spa sl bv nv ab oy as aps plc sp zoo z o o kft sro s r o the and'.split(
    ' ',
  ),
);
const nameTokens = (s: string) =>
  new Set(
    s
      .normalize('NFKD')
      .replace(/\p{M}/gu, '')
      .toLowerCase()
      .split(/[^\p{L}\p{N}]+/u)
      .filter((t) => t && !LEGAL_FORMS.has(t)),
  );

/** Two makers agree when one name's distinctive words are all in the other ("Acme" and "ACME Lighting GmbH"). */
export function makersAgree(a: string, b: string): boolean {
  if (valuesAgree('manufacturer_name', a, b)) return true;
  const ta = nameTokens(a);
  const tb = nameTokens(b);
  if (!ta.size || !tb.size) return false;
  const [small, large] = ta.size <= tb.size ? [ta, tb] : [tb, ta];
  return [...small].every((t) => large.has(t));
}

const fact = (facts: readonly DocumentFact[], key: string) => facts.find((f) => f.field_key === key) ?? null;

/** "model X by maker Y" for messages; the parts that are known. */
export function describeIdentity(id: Partial<Identity> & { sku_code?: string }): string {
  const parts: string[] = [];
  if (id.model_number) parts.push(`model ${id.model_number}`);
  else if (id.sku_code) parts.push(`SKU ${id.sku_code}`);
  if (id.gtin) parts.push(`GTIN ${id.gtin}`);
  let out = parts.join(', ') || 'no model';
  if (id.manufacturer_name) out += ` by ${id.manufacturer_name}`;
  return out;
}

const KIND_LABEL: Record<TextMention['kind'], string> = { gtin: 'GTIN', sku_code: 'SKU code', model_number: 'model' };
const quoted = (m: { value: string; quote: string | null }) => (m.quote ? `"${m.quote}"` : `"${m.value}"`);

export function decideEvidenceStatus(input: EvidenceInput): EvidenceDecision {
  const { sku, facts } = input;
  const docModel = fact(facts, 'model_number');
  const docMaker = fact(facts, 'manufacturer_name');
  const docGtin = fact(facts, 'gtin');

  const contradictions: EvidenceFacts['contradictions'] = [];
  if (docModel && sku.model_number && !valuesAgree('model_number', sku.model_number, docModel.value))
    contradictions.push({
      field_key: 'model_number',
      document: docModel.value,
      sku: sku.model_number,
      quote: docModel.quote,
    });
  if (docMaker && sku.manufacturer_name && !makersAgree(sku.manufacturer_name, docMaker.value))
    contradictions.push({
      field_key: 'manufacturer_name',
      document: docMaker.value,
      sku: sku.manufacturer_name,
      quote: docMaker.quote,
    });
  const skuGtin = sku.gtin ? gtin14(sku.gtin) : null;
  const statedGtin = docGtin ? gtin14(docGtin.value) : null;
  if (skuGtin && statedGtin && skuGtin !== statedGtin)
    contradictions.push({ field_key: 'gtin', document: docGtin!.value, sku: sku.gtin!, quote: docGtin!.quote });

  const matches: TextMention[] = [...input.mentions];
  if (
    docModel &&
    sku.model_number &&
    valuesAgree('model_number', sku.model_number, docModel.value) &&
    !matches.some((m) => m.kind === 'model_number')
  )
    matches.push({ kind: 'model_number', value: docModel.value, quote: docModel.quote });
  // A model equal to the SKU code names the SKU too (many shops use the maker's model as their code).
  if (
    docModel &&
    !sku.model_number &&
    valuesAgree('model_number', sku.sku_code, docModel.value) &&
    !matches.some((m) => m.kind === 'sku_code')
  )
    matches.push({ kind: 'sku_code', value: sku.sku_code, quote: docModel.quote });

  const facts_: EvidenceFacts = {
    matches,
    contradictions,
    document_identity: {
      model_number: docModel?.value ?? null,
      manufacturer_name: docMaker?.value ?? null,
      gtin: docGtin?.value ?? null,
    },
    sku_identity: {
      sku_code: sku.sku_code,
      product_name: sku.product_name,
      model_number: sku.model_number,
      manufacturer_name: sku.manufacturer_name,
      gtin: sku.gtin,
    },
  };
  const decision = (
    status: EvidenceStatus,
    decided_by: 'person' | 'rule',
    [reason_code, reason, reason_params = {}]: [EvidenceReasonCode, string, Record<string, string>?],
    by: string | null = null,
  ): EvidenceDecision => ({ status, decided_by, by, reason, reason_code, reason_params, facts: facts_ });
  /** A person's own words when they gave some, else the rule's sentence. */
  const personSaid = (
    text: string | null | undefined,
    fallback: [EvidenceReasonCode, string, Record<string, string>?],
  ): [EvidenceReasonCode, string, Record<string, string>?] =>
    text?.trim() ? ['person_reason', text.trim()] : fallback;
  const person = input.person;

  if (person?.decision === 'rejected')
    return decision(
      'rejected',
      'person',
      personSaid(person.reason, ['person_rejected', 'Rejected by a person.']),
      person.by,
    );

  const explicit = person?.decision === 'accepted' ? person : null;
  const rejectedLater = input.rejected_facts.filter(
    (r) => IDENTITY_FIELDS.includes(r.field_key as IdentityField) && (!explicit || r.at > explicit.at),
  );
  if (rejectedLater.length) {
    const what = rejectedLater.map((r) => `${r.field_key.replace(/_/g, ' ')} "${r.value}"`).join(', ');
    const by = rejectedLater[0].by;
    return decision(
      'about_another_product',
      'person',
      [
        'identity_rejected',
        `${by ?? 'A person'} rejected this document's ${what} for this SKU: it is not evidence about this product.`,
        { by: by ?? '', values: rejectedLater.map((r) => `"${r.value}"`).join(', ') },
      ],
      by,
    );
  }

  if (explicit)
    return decision(
      'accepted',
      'person',
      personSaid(explicit.reason, [
        'person_accepted',
        `Accepted by ${explicit.by ?? 'a person'}.`,
        { by: explicit.by ?? '' },
      ]),
      explicit.by,
    );

  const documentSays = describeIdentity(facts_.document_identity);
  const skuIs = describeIdentity(facts_.sku_identity);
  if (contradictions.length)
    return decision('about_another_product', 'rule', [
      'contradiction',
      `This document says ${documentSays}; the SKU is ${skuIs}.`,
    ]);
  if (!matches.length && input.other_skus_named.length) {
    const other = input.other_skus_named[0];
    return decision('about_another_product', 'rule', [
      'names_other_sku',
      `This document names ${other.value} (SKU ${other.sku_code} of this workspace), not this SKU; the SKU is ${skuIs}.`,
      { value: other.value, sku_code: other.sku_code },
    ]);
  }
  if (matches.length && !input.extracted)
    return decision(
      person?.decision === 'legacy_link' ? 'accepted' : 'proposed',
      person?.decision === 'legacy_link' ? 'person' : 'rule',
      [
        'still_reading',
        'The document is still being read: whether anything in it names another product is not known yet.',
      ],
    );
  if (matches.length) {
    const said = matches.map((m) => `${KIND_LABEL[m.kind]} ${m.value} (${quoted(m)})`).join('; ');
    // The UI names the kinds in its language; the values and quotes are the document's own.
    const values = matches.map((m) => `${m.value} (${quoted(m)})`).join('; ');
    if (input.origin === 'supplier_upload' || input.origin === 'inbound_mail')
      return decision('proposed', 'rule', [
        'states_sku_supplier',
        `The document states this SKU's ${said}; files a supplier sent wait for a person to accept them.`,
        { values },
      ]);
    return decision('accepted', 'rule', [
      'states_sku',
      `The document states this SKU's ${said}, and nothing in it names another product.`,
      { values },
    ]);
  }
  if (person?.decision === 'legacy_link')
    return decision(
      'accepted',
      'person',
      personSaid(person.reason, ['legacy_link', 'Linked by a person before link decisions existed.']),
      person.by,
    );
  if (input.origin === 'supplier_upload' || input.origin === 'inbound_mail')
    return decision('proposed', 'rule', [
      'supplier_file',
      'Sent by a supplier: a person accepts it once it is checked against the SKU.',
    ]);
  return decision(
    'proposed',
    'rule',
    facts.length
      ? [
          'identity_not_stated',
          `The document does not state this SKU's model, GTIN or SKU code (it says ${documentSays}); a person accepts it.`,
        ]
      : ['nothing_identifies', 'Nothing read from the document identifies this SKU yet; a person accepts it.'],
  );
}
