import { fieldDefinition } from '@/lib/model/catalogue';

/**
 * The defence against invented values: a model's value is kept only when its quote occurs verbatim
 * (up to spacing, case, quote marks and dashes) in the page it cites, the value itself appears in the
 * quote, and the quote is not an instruction aimed at the assistant (text in a document that tells the
 * model what to write is data, and never evidence).
 */

/** Comparison form: Unicode-compatible, lower case, one kind of quote and dash, single spaces. */
export function comparable(s: string): string {
  return s
    .normalize('NFKC')
    .toLowerCase()
    .replace(/[\u2018\u2019\u201a\u201b\u2032]/g, "'")
    .replace(/[\u201c\u201d\u201e\u201f\u2033]/g, '"')
    .replace(/[\u2010-\u2015\u2212]/g, '-')
    .replace(/[\u00ad\u200b-\u200d\ufeff]/g, '')
    .replace(/\s+/g, ' ')
    .trim();
}

// Phrases of prompt injection: orders to the model, role play, talk about prompts and instructions.
const INJECTION = [
  /\b(ignore|disregard|forget|override)\b.{0,40}\b(previous|prior|above|earlier|all|any|the)\b.{0,20}\b(instructions?|prompts?|rules?|directions?)\b/i,
  /\b(you are|act as|pretend to be)\b.{0,30}\b(ai|assistant|model|chatbot|gpt)\b/i,
  /\b(system|developer)\s+(prompt|message|instructions?)\b/i,
  /\b(assistant|ai|model|llm)\b.{0,40}\b(must|should|shall)\b.{0,20}\b(set|write|answer|output|fill|report|say)\b/i,
  /\b(set|fill|change)\s+(the\s+)?[\w ]{0,30}\b(field|value)?\s*\bto\b.{0,80}\b(instead|regardless)\b/i,
  /\b(set|fill)\s+the\s+[\w ]{1,40}\s+to\b/i,
];

export function looksLikeInstruction(quote: string): boolean {
  return INJECTION.some((re) => re.test(quote));
}

const MIN_QUOTE_CHARS = 4;

/**
 * The quote as the source writes it (its case and spacing), found word by word; null when only the
 * looser comparison form matches (typographic quotes or dashes differ).
 */
export function findLiteral(text: string, quote: string): string | null {
  const words = quote
    .trim()
    .split(/\s+/)
    .filter(Boolean)
    .map((w) => w.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));
  if (!words.length || words.length > 200) return null;
  const m = new RegExp(words.join('\\s+'), 'iu').exec(text);
  return m ? m[0] : null;
}

export type CitationVerdict = { ok: true; page: number; quote: string } | { ok: false; reason: string };

/**
 * Checks one citation against the cited document's pages (1-based). A quote found on another page of
 * the same document is accepted with the page corrected; anywhere else is a fabrication.
 */
export function checkCitation(args: {
  fieldKey: string;
  value: string;
  quote: string;
  page: number | null;
  pages: readonly string[];
}): CitationVerdict {
  const quote = comparable(args.quote);
  if (quote.length < MIN_QUOTE_CHARS) return { ok: false, reason: 'quote missing or too short to check' };
  if (looksLikeInstruction(args.quote))
    return { ok: false, reason: 'the quote is an instruction to the assistant, not evidence' };
  const cited = args.page && args.page >= 1 && args.page <= args.pages.length ? args.page : null;
  let foundOn: number | null = null;
  if (cited && comparable(args.pages[cited - 1]).includes(quote)) foundOn = cited;
  else {
    const i = args.pages.findIndex((p) => comparable(p).includes(quote));
    if (i >= 0) foundOn = i + 1;
  }
  if (foundOn === null) return { ok: false, reason: 'the quote does not occur in the cited document' };
  if (!valueSupportedByQuote(args.fieldKey, args.value, quote))
    return { ok: false, reason: 'the value does not appear in its quote' };
  return { ok: true, page: foundOn, quote: findLiteral(args.pages[foundOn - 1], args.quote) ?? args.quote.trim() };
}

const words = (s: string) =>
  comparable(s)
    .split(/[^\p{L}\p{N}@.+-]+/u)
    .filter((w) => w.length > 1);

/**
 * Whether the quote says the value. Text-like fields need the value (or, for lists and long text, most
 * of its words) in the quote; GTINs their digits; dates, countries and yes/no are stated in too many
 * forms to match textually, so the quote check above is their evidence.
 */
export function valueSupportedByQuote(fieldKey: string, value: string, comparableQuote: string): boolean {
  const kind = fieldDefinition(fieldKey)?.kind ?? 'text';
  if (kind === 'date' || kind === 'country' || kind === 'country_list' || kind === 'enum') return true;
  if (kind === 'gtin') return comparableQuote.replace(/\D/g, '').includes(value.replace(/\D/g, ''));
  const v = comparable(value);
  if (!v) return false;
  if (comparableQuote.includes(v)) return true;
  if (kind === 'text' || kind === 'email' || kind === 'url') {
    // Spacing and punctuation may differ ("EN 71-1:2014" / "EN71-1: 2014"); compare the bare characters.
    const bare = (s: string) => s.replace(/[^\p{L}\p{N}]/gu, '');
    return bare(v).length >= 2 && bare(comparableQuote).includes(bare(v));
  }
  const wanted = words(value);
  if (!wanted.length) return false;
  const inQuote = new Set(words(comparableQuote));
  return wanted.filter((w) => inQuote.has(w)).length / wanted.length >= 0.6;
}
