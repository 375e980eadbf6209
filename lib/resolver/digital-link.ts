/**
 * GS1 Digital Link URI syntax for the GTIN (AI 01) and its key qualifiers, as the GS1 Digital Link
 * URI Syntax standard defines them: `/01/{gtin}[/22/{cpv}][/10/{lot}][/21/{serial}]`, each qualifier
 * optional but, when present, in that order (22 before 10 before 21). Values are percent-encoded
 * strings of GS1 AI encodable character set 82, at most 20 characters. The GTIN may be written as
 * GTIN-8, -12, -13 or -14 and is normalised to 14 digits, as GS1 resolvers do.
 *
 * Pure: no database, no HTTP. The resolver answers a `DigitalLinkError` as a 400 naming `reason`.
 */
import { checkGtin, gtinCheckDigitOf } from '@/lib/gtin';

export const GTIN_QUALIFIERS = [
  { ai: '22', name: 'cpv', label: 'consumer product variant' },
  { ai: '10', name: 'lot', label: 'batch/lot number' },
  { ai: '21', name: 'serial', label: 'serial number' },
] as const;

export type QualifierName = (typeof GTIN_QUALIFIERS)[number]['name'];

export interface DigitalLink {
  /** GTIN-14, check digit verified. */
  gtin: string;
  /** What was written in the URI (8, 12, 13 or 14 digits). */
  gtinAsWritten: string;
  cpv?: string;
  lot?: string;
  serial?: string;
}

export type DigitalLinkProblem =
  | 'gtin_not_numeric'
  | 'gtin_length'
  | 'gtin_check_digit'
  | 'gtin_all_zeros'
  | 'odd_segments'
  | 'unknown_qualifier'
  | 'qualifier_order'
  | 'qualifier_repeated'
  | 'qualifier_value';

export class DigitalLinkError extends Error {
  constructor(
    readonly reason: DigitalLinkProblem,
    message: string,
    readonly details: Record<string, unknown> = {},
  ) {
    super(message);
  }
}

/** GS1 AI encodable character set 82 (GS1 General Specifications, figure 7.11-1). */
const CSET82 = /^[!"%&'()*+,\-./0-9:;<=>?A-Z_a-z]+$/;
const MAX_QUALIFIER_LENGTH = 20;

function decodeSegment(raw: string): string | null {
  try {
    return decodeURIComponent(raw);
  } catch {
    return null;
  }
}

/** The GTIN of a Digital Link path, normalised to GTIN-14; throws DigitalLinkError saying what is wrong. */
export function parseGtinSegment(raw: string): { gtin: string; asWritten: string } {
  const v = decodeSegment(raw) ?? raw;
  if (!/^\d+$/.test(v))
    throw new DigitalLinkError(
      'gtin_not_numeric',
      `The GTIN after /01/ must be digits only (got "${v.slice(0, 30)}").`,
    );
  const c = checkGtin(v);
  if (!c.ok) {
    if (c.problem === 'invalid_length')
      throw new DigitalLinkError('gtin_length', `A GTIN has 8, 12, 13 or 14 digits (got ${v.length}).`, {
        length: v.length,
      });
    if (c.problem === 'all_zeros') throw new DigitalLinkError('gtin_all_zeros', 'A GTIN of zeros only is no product.');
    const expected = gtinCheckDigitOf(v.slice(0, -1));
    throw new DigitalLinkError(
      'gtin_check_digit',
      `The GTIN check digit is wrong: ${v} ends in ${v[v.length - 1]}, the check digit of the digits before it is ${expected}.`,
      { gtin: v, expected_check_digit: expected },
    );
  }
  return { gtin: c.value.padStart(14, '0'), asWritten: c.value };
}

/**
 * Parses the path after the resolver root: the GTIN segment and the segments after it
 * (["10", "LOT1", "21", "S9"]). Throws DigitalLinkError on a bad check digit, an unknown
 * qualifier, qualifiers out of GS1's order (22, 10, 21), a repeated one, or a value outside CSET 82.
 */
export function parseDigitalLink(gtinSegment: string, qualifierSegments: readonly string[] = []): DigitalLink {
  const { gtin, asWritten } = parseGtinSegment(gtinSegment);
  const out: DigitalLink = { gtin, gtinAsWritten: asWritten };
  if (qualifierSegments.length % 2 === 1)
    throw new DigitalLinkError(
      'odd_segments',
      `Every qualifier is an AI followed by its value; "/${qualifierSegments.at(-1)}" has no value.`,
    );
  let lastIndex = -1;
  for (let i = 0; i < qualifierSegments.length; i += 2) {
    const ai = qualifierSegments[i];
    const index = GTIN_QUALIFIERS.findIndex((q) => q.ai === ai);
    if (index < 0)
      throw new DigitalLinkError(
        'unknown_qualifier',
        `"/${ai.slice(0, 10)}/" is not a key qualifier of a GTIN: after /01/ only /22/ (variant), /10/ (batch/lot) and /21/ (serial) may follow, in that order.`,
        { ai: ai.slice(0, 10), allowed: GTIN_QUALIFIERS.map((q) => q.ai) },
      );
    const q = GTIN_QUALIFIERS[index];
    if (index === lastIndex)
      throw new DigitalLinkError('qualifier_repeated', `The ${q.label} (/${q.ai}/) appears twice.`, { ai: q.ai });
    if (index < lastIndex) {
      const prev = GTIN_QUALIFIERS[lastIndex];
      throw new DigitalLinkError(
        'qualifier_order',
        `Qualifiers are out of GS1's order: /${q.ai}/ (${q.label}) must come before /${prev.ai}/ (${prev.label}); the order is /22/, /10/, /21/.`,
        { ai: q.ai, after: prev.ai, order: GTIN_QUALIFIERS.map((x) => x.ai) },
      );
    }
    const value = decodeSegment(qualifierSegments[i + 1]);
    if (value === null || !value || value.length > MAX_QUALIFIER_LENGTH || !CSET82.test(value))
      throw new DigitalLinkError(
        'qualifier_value',
        `The ${q.label} (/${q.ai}/) must be 1 to ${MAX_QUALIFIER_LENGTH} characters of GS1 character set 82 (letters, digits and !"%&'()*+,-./:;<=>?_).`,
        { ai: q.ai },
      );
    out[q.name] = value;
    lastIndex = index;
  }
  return out;
}

/** The canonical path of a parsed link: GTIN-14 and the qualifiers in GS1's order, percent-encoded. */
export function digitalLinkPath(link: Omit<DigitalLink, 'gtinAsWritten'>): string {
  let path = `/01/${link.gtin}`;
  for (const q of GTIN_QUALIFIERS) {
    const v = link[q.name];
    if (v) path += `/${q.ai}/${encodeURIComponent(v)}`;
  }
  return path;
}
