/**
 * How bench/evidence.ts scores extracted facts against a corpus's facts.json (the format of
 * a corpus folder's facts.json). One place for the rules, so a figure means the same on every run.
 *
 * Matching rule per fact kind (a labelled value of `"ambiguous"` is never scored, neither as a miss nor
 * as a wrong extraction; `null` means "not stated", so an extracted value there counts as wrong):
 * - names (operator names, laboratory, signatory, place, product name): both sides folded (case,
 *   accents, punctuation, legal forms as lib/imports normalizeEntityName folds them); right when equal or
 *   when one contains the other and the shorter has at least 4 characters ("Lobaro" vs "Lobaro GmbH").
 * - address: right when the extracted address, folded, contains every stated part: the first street
 *   line, the postal code and the city (the country is a kind of its own).
 * - country: ISO 3166 alpha-2 equality (the extractor writes codes, facts.json too). A country labelled
 *   null (not written in the document) is not scored when extracted: the extractor may infer it from the
 *   city ("Shenzhen" -> CN), which is knowledge, not a misreading.
 * - email, website: equality after lower case, without "mailto:", scheme, "www." and a trailing slash.
 * - standards: a set comparison of references reduced to their number and parts ("EN IEC 62368-1:2014
 *   +A11:2017" -> "62368-1"), with the edition year compared when both sides state one; the issuing
 *   bodies' prefixes (EN, IEC, ISO, ETSI EN, BS EN…) and amendments are not compared. "EN 71" for
 *   "EN 71-3:2019" is wrong (parts differ).
 * - legislation: a set comparison of act numbers ("2014/53/EU", "Regulation (EC) No 1907/2006" ->
 *   "2014/53", "1907/2006").
 * - models: a set comparison of folded identifiers (spaces, dashes and case ignored).
 * - dates: ISO date equality.
 * - CE marking: the labelled boolean against "yes"/"no"; a document labelled false with no extracted
 *   value is not counted.
 * - numbers (certificate, test report): folded equality, or one holding the other with at least 6
 *   characters ("168347750a" in "168347750a 001"); a labelled "A, B" holds each.
 * - models: items split at ";" (and at ", " in extracted values).
 * List kinds count one fact per item (precision over extracted items, recall over labelled items);
 * the other kinds one per document.
 */
import { normalizeEntityName } from '@/lib/model/entity-names';

/** The fact kinds scored, each with the extractor's field keys that carry it. */
export const FACT_KINDS = {
  manufacturer_name: ['manufacturer_name'],
  manufacturer_address: ['manufacturer_address'],
  manufacturer_country: ['manufacturer_country'],
  manufacturer_email: ['manufacturer_email'],
  manufacturer_website: ['manufacturer_website', 'manufacturer_url'],
  eu_operator_name: ['responsible_person_name', 'importer_name', 'authorised_representative_name'],
  product_name: ['product_name'],
  model: ['model_number'],
  legislation: ['applicable_legislation'],
  standards: ['harmonised_standards'],
  date_of_issue: ['doc_issue_date', 'issued_on'],
  place_of_issue: ['place_of_issue'],
  signatory_name: ['signatory_name', 'signatory'],
  ce_marking: ['ce_marking'],
  notified_body: ['notified_body'],
  certificate_number: ['certificate_number'],
  certificate_valid_until: ['certificate_valid_until', 'valid_until'],
  test_report_number: ['test_report_number'],
  laboratory: ['test_laboratory', 'laboratory', 'testing_laboratory'],
  rated_voltage: ['rated_voltage'],
  battery_type: ['battery_type'],
} as const satisfies Record<string, readonly string[]>;
export type FactKind = keyof typeof FACT_KINDS;

const LIST_KINDS = new Set<FactKind>(['model', 'legislation', 'standards']);

export interface Extracted {
  field_key: string;
  value: string;
  confidence: number;
  quote: string;
  page: number | null;
}

/** A labelled value: a string, a list, a boolean, "ambiguous" (not scored) or null (not stated). */
type Labelled = string | string[] | boolean | null;

/** The labelled value of one kind from a facts.json entry's `facts`. */
export function labelledOf(facts: any, kind: FactKind): Labelled | 'ambiguous' {
  const m = facts?.manufacturer ?? null;
  const pick = (v: unknown): Labelled | 'ambiguous' => (v === undefined ? null : (v as Labelled | 'ambiguous'));
  switch (kind) {
    case 'manufacturer_name':
      return pick(m?.name);
    case 'manufacturer_address': {
      if (!m || m === 'ambiguous') return m ? 'ambiguous' : null;
      const street = Array.isArray(m.street) ? m.street[0] : m.street;
      const parts = [street, m.postal_code, m.city].filter((x) => x && x !== 'ambiguous');
      return parts.length ? parts : null;
    }
    case 'manufacturer_country':
      return pick(m?.country);
    case 'manufacturer_email':
      return pick(m?.email);
    case 'manufacturer_website':
      return pick(m?.website);
    case 'eu_operator_name': {
      const op = facts.authorised_representative ?? facts.importer ?? facts.eu_responsible_person ?? null;
      return op === 'ambiguous' ? 'ambiguous' : pick(op?.name);
    }
    case 'product_name':
      return pick(facts.product?.name);
    case 'model':
      return pick(facts.product?.model_or_type);
    case 'legislation':
      return pick(facts.legislation);
    case 'standards':
      return pick(facts.standards);
    case 'date_of_issue':
      return pick(facts.date_of_issue);
    case 'place_of_issue':
      return pick(facts.place_of_issue);
    case 'signatory_name':
      return facts.signatory === 'ambiguous' ? 'ambiguous' : pick(facts.signatory?.name);
    case 'ce_marking':
      return pick(facts.ce_marking_stated);
    case 'notified_body':
      return typeof facts.notified_body === 'object' && facts.notified_body
        ? pick(facts.notified_body.name ?? facts.notified_body.number)
        : pick(facts.notified_body);
    case 'certificate_number':
      return facts.certificate === 'ambiguous' ? 'ambiguous' : pick(facts.certificate?.number);
    case 'certificate_valid_until':
      return facts.certificate === 'ambiguous' ? 'ambiguous' : pick(facts.certificate?.valid_until);
    case 'test_report_number':
      return facts.test_report === 'ambiguous' ? 'ambiguous' : pick(facts.test_report?.number);
    case 'laboratory':
      return facts.test_report === 'ambiguous' ? 'ambiguous' : pick(facts.test_report?.laboratory);
    case 'rated_voltage':
      return pick(facts.rated_voltage);
    case 'battery_type':
      return pick(facts.battery_type);
  }
}

export const fold = (s: string) =>
  s
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();

const nameFold = (s: string) => normalizeEntityName(s) || fold(s);

function sameName(expected: string, got: string): boolean {
  const a = nameFold(expected);
  const b = nameFold(got);
  if (!a || !b) return false;
  if (a === b) return true;
  const [short, long] = a.length <= b.length ? [a, b] : [b, a];
  return short.length >= 4 && ` ${long} `.includes(` ${short} `);
}

const webFold = (s: string) =>
  s
    .trim()
    .toLowerCase()
    .replace(/^mailto:/, '')
    .replace(/^https?:\/\//, '')
    .replace(/^www\./, '')
    .replace(/\/+$/, '');

/** A standard's reference reduced to number and parts, and its year when stated. */
export function standardKey(ref: string): { id: string; year: string | null } | null {
  const s = ref.replace(/\s+/g, ' ');
  // The first number of 2+ digits after any body prefixes (ETSI's "300 328" in two groups), with its
  // "-part" suffixes.
  const m =
    /(?:^|[^\d.])(\d{3} \d{3}(?!\d)(?:\s?-\s?\d{1,3}(?!\d))*|\d{2,6}(?:\s?-\s?\d{1,3}(?!\d))*)(?:\s*[:/-]\s*((?:19|20)\d{2}))?/.exec(
      s,
    );
  if (!m) return null;
  return { id: m[1].replace(/\s/g, ''), year: m[2] ?? null };
}

/**
 * Act numbers as written, year and number in their order: "2014/53/EU" -> "2014/53", "Regulation (EC) No
 * 1907/2006" and a bare "1907/2006" -> "1907/2006", "(EU) 2019/1021" -> "2019/1021", "94/62/EC" -> "94/62".
 */
export function actKeys(s: string): string[] {
  return [...s.matchAll(/(?<![\d/])(\d{2,4})\s*\/\s*(\d{1,4})(?![\d])/g)].map((m) => `${m[1]}/${m[2]}`);
}

const modelFold = (s: string) => s.toLowerCase().replace(/[\s\-_.]/g, '');

/** The items of a list value as the extractor writes it ("a; b", models also "a, b") or as labelled. */
const itemsOf = (v: string | string[], commas = false) =>
  (Array.isArray(v) ? v : v.split(commas ? /\s*;\s*|,\s+/ : /\s*;\s*/)).map((x) => x.trim()).filter(Boolean);

export interface KindScore {
  /** Extracted items judged right / extracted items scored. */
  right: number;
  extracted: number;
  /** Labelled items found / labelled items. */
  found: number;
  labelled: number;
  /** Wrong extracted values with their quote and confidence (for the "worst misses" list). */
  wrong: { value: string; expected: string; confidence: number; quote: string }[];
  /** Labelled values not found. */
  missed: string[];
}

const emptyScore = (): KindScore => ({ right: 0, extracted: 0, found: 0, labelled: 0, wrong: [], missed: [] });

/** Scores one document's extracted facts of one kind against its labelled value. */
export function scoreKind(kind: FactKind, labelled: Labelled | 'ambiguous', extracted: Extracted[]): KindScore {
  const s = emptyScore();
  if (labelled === 'ambiguous') return s;
  const expectedText =
    labelled === null ? '(not stated)' : Array.isArray(labelled) ? labelled.join('; ') : String(labelled);
  const wrong = (e: Extracted, value = e.value) =>
    s.wrong.push({ value, expected: expectedText, confidence: e.confidence, quote: e.quote });

  if (LIST_KINDS.has(kind)) {
    const want =
      labelled === null || typeof labelled === 'boolean' ? [] : itemsOf(labelled).filter((x) => x !== 'ambiguous');
    const got = extracted.flatMap((e) => itemsOf(e.value, kind === 'model').map((v) => ({ e, v })));
    const keyed = (v: string): string[] => {
      if (kind === 'legislation') return actKeys(v);
      if (kind === 'model') return [modelFold(v)];
      const k = standardKey(v);
      return k ? [k.id] : [];
    };
    const same = (w: string, g: string) => {
      if (kind === 'standards') {
        const a = standardKey(w);
        const b = standardKey(g);
        return Boolean(a && b && a.id === b.id && (!a.year || !b.year || a.year === b.year));
      }
      const a = keyed(w);
      const b = keyed(g);
      return a.length > 0 && a.some((x) => b.includes(x));
    };
    const seen = new Set<string>();
    for (const { e, v } of got) {
      const key = keyed(v).join('|') || v;
      if (seen.has(key)) continue;
      seen.add(key);
      s.extracted++;
      if (want.some((w) => same(w, v))) s.right++;
      else wrong(e, v);
    }
    for (const w of want) {
      // A labelled act written twice ("2014/53/EU", "RED 2014/53/EU") is one fact.
      s.labelled++;
      if (got.some(({ v }) => same(w, v))) s.found++;
      else s.missed.push(w);
    }
    return s;
  }

  const e = extracted[0];
  if (kind === 'manufacturer_country' && labelled === null) return s;
  if (kind === 'ce_marking') {
    if (labelled === true) {
      s.labelled = 1;
      if (e?.value === 'yes') s.found = 1;
      else s.missed.push('CE marking stated');
    }
    if (e) {
      s.extracted = 1;
      if ((e.value === 'yes') === (labelled === true)) s.right = 1;
      else wrong(e);
    }
    return s;
  }
  const want = labelled === null || typeof labelled === 'boolean' ? null : labelled;
  const ok = (got: string): boolean => {
    if (want === null) return false;
    switch (kind) {
      case 'manufacturer_address': {
        const g = fold(got);
        return itemsOf(want).every((part) => ` ${g} `.includes(` ${fold(part)} `));
      }
      case 'manufacturer_country':
        return got.trim().toUpperCase() === String(want).trim().toUpperCase();
      case 'manufacturer_email':
      case 'manufacturer_website':
        return webFold(got) === webFold(String(want));
      case 'date_of_issue':
      case 'certificate_valid_until':
        return got.trim() === String(want).trim();
      case 'certificate_number':
      case 'test_report_number': {
        // Equal, or one holds the other ("168347750a" of "168347750a 001") with 6 characters at least.
        const g = modelFold(got);
        return itemsOf(String(want).replace(/,/g, ';')).some((w) => {
          const x = modelFold(w);
          return x === g || (Math.min(x.length, g.length) >= 6 && (x.includes(g) || g.includes(x)));
        });
      }
      case 'rated_voltage':
        return modelFold(got) === modelFold(String(want));
      default:
        return sameName(Array.isArray(want) ? want.join(' ') : want, got);
    }
  };
  if (want !== null) {
    s.labelled = 1;
    if (e && ok(e.value)) s.found = 1;
    else s.missed.push(Array.isArray(want) ? want.join(', ') : want);
  }
  if (e) {
    s.extracted = 1;
    if (ok(e.value)) s.right = 1;
    else wrong(e);
  }
  return s;
}

export function addScore(into: KindScore, s: KindScore) {
  into.right += s.right;
  into.extracted += s.extracted;
  into.found += s.found;
  into.labelled += s.labelled;
  into.wrong.push(...s.wrong);
  into.missed.push(...s.missed);
}

export { emptyScore, LIST_KINDS };
