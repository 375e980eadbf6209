/**
 * Facts from document text, by rules that read a document as a compliance manager does: by its
 * structure (labelled blocks, a declaration's numbered items, an SDS's sections, a test report's cover),
 * each value from the section that is about it. Languages: English, German, French, Spanish, Italian.
 * Every fact carries the page and the verbatim source line(s) as quote. Field keys are the dossier's
 * canonical keys where the fact is a dossier field; document-level facts (issuing body, notified body,
 * batch, warning languages, the validity of a test report) have keys of their own and are not
 * suggested to SKUs (DOCUMENT_FACTS). The modules under ./facts/ hold the rules per subject.
 */
import { parseAddress, type PostalAddress } from '@/lib/address/parse';
import { readDates } from './facts/dates';
import { FactSet, toLines, type ExtractFactsInput, type FactSuggestion } from './facts/lines';
import { readMarks } from './facts/marks';
import { addPartyFacts, applicantAsMaker, findParties, type Party } from './facts/parties';
import { readLabelled } from './facts/labelled';
import { notAModel } from './facts/not-a-model';
import { readProduct } from './facts/product';
import { readReferences } from './facts/references';
import { readSds, readSdsProduct, readSdsSupplier } from './facts/sds';
import { readSignature } from './facts/signature';
import { templatePlaceholders, TEMPLATE_MIN_PLACEHOLDERS } from './template';

export type { ExtractFactsInput, FactSuggestion } from './facts/lines';
export { findDates } from './facts/date-parse';
export { splitNameAddress } from './facts/parties';
export { identifiersIn } from './facts/product';

/** Facts about the document itself: kept on the extraction, never suggested as dossier values. */
export const DOCUMENT_FACTS = new Set([
  'issued_on',
  'valid_until',
  'issuing_body',
  'notified_body',
  'batch',
  'warning_languages',
  'product_name',
  'certificate_number',
  'test_report_number',
  'test_laboratory',
  'signatory_name',
  'signatory_function',
  'place_of_issue',
  'certificate_holder',
  'applicant',
  'hazard_statements',
  'clp_classification',
]);

/** The country an address names (last part, any EU language or ISO code). */
export const countryOf = (address: string): string | null => parseAddress(address).country;

/** A model number read from anywhere keeps only the items that can be one (lib/extract/facts/not-a-model.ts). */
function withoutFalseModels(facts: FactSuggestion[]): FactSuggestion[] {
  return facts.flatMap((f) => {
    if (f.field_key !== 'model_number') return [f];
    const items = f.value.split(/\s*,\s*(?![^()]*\))/).filter((x) => !notAModel(x));
    return items.length ? [{ ...f, value: items.join(', ') }] : [];
  });
}

export function extractFacts(input: ExtractFactsInput): FactSuggestion[] {
  const lines = toLines(input);
  const facts = new FactSet();
  const parties = findParties(lines);
  if (
    (input.documentType === 'certificate' || input.documentType === 'test_report') &&
    !parties.some((p) => p.role === 'manufacturer')
  ) {
    const applicant = applicantAsMaker(lines);
    if (applicant) parties.push(applicant);
  }
  addPartyFacts(parties, facts);
  readLabelled(lines, facts);
  readProduct(lines, facts);
  readReferences(lines, facts, input.documentType);
  readDates(lines, facts, input.documentType);
  readSignature(lines, facts, input.documentType);
  readMarks(lines, facts);
  readSds(lines, facts, input.documentType);
  readSdsSupplier(lines, facts, input.documentType);
  readSdsProduct(lines, facts, input.documentType);
  return asTemplate(lines, withoutFalseModels(facts.out));
}

/** Below the 0.8 at which the review presents a value as certain. */
export const TEMPLATE_FACT_CONFIDENCE = 0.5;

/**
 * A value that is a template's slot is none. An unfilled template ("Manufactured by: xxxx", "[Company
 * Name]", lib/extract/template.ts) declares nothing: the values its author pre-filled (a list of
 * standards, a date) are read as written, but none is presented as certain, since no one stated them
 * for a product.
 */
function asTemplate(lines: { text: string }[], all: FactSuggestion[]): FactSuggestion[] {
  // A value that is itself a slot ("[Position, e.g., Managing Director]", "xxxx") is no value.
  const facts = all.filter((f) => !templatePlaceholders(f.value).length);
  const text = lines.map((l) => l.text).join('\n');
  if (templatePlaceholders(text).length < TEMPLATE_MIN_PLACEHOLDERS) return facts;
  return facts.map((f) => ({ ...f, confidence: Math.min(f.confidence, TEMPLATE_FACT_CONFIDENCE) }));
}

/** An economic operator a document names, as the entity it would become. */
export interface EntityCandidate {
  role: Party;
  name: string;
  address: PostalAddress | null;
  /** The address as written (one line). */
  address_text: string | null;
  email: string | null;
  page: number | null;
  quote: string;
}

/** The operators among a document's facts (one per role), their addresses split into parts. */
export function entityCandidatesOf(
  facts: readonly Pick<FactSuggestion, 'field_key' | 'value' | 'page' | 'quote'>[],
): EntityCandidate[] {
  const out: EntityCandidate[] = [];
  for (const role of ['manufacturer', 'importer', 'responsible_person'] as const) {
    const get = (attr: string) => facts.find((f) => f.field_key === `${role}_${attr}`);
    const name = get('name');
    if (!name) continue;
    const address = get('address')?.value ?? null;
    const parsed = address ? parseAddress(address) : null;
    const country = get('country')?.value ?? parsed?.country ?? null;
    out.push({
      role,
      name: name.value,
      address: parsed
        ? { ...parsed, country }
        : country
          ? { street: null, postal_code: null, city: null, region: null, country }
          : null,
      address_text: address,
      email: get('email')?.value ?? null,
      page: name.page,
      quote: name.quote,
    });
  }
  return out;
}
