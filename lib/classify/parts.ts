import type { DocumentType } from './schemas';
import { classifyRules } from './rules';
import { SIGNALS } from './signals';
import { compileSignal, normaliseForMatch } from './text-match';

/**
 * Evidence parts inside one document (issue 34): a manual whose appendix is an EU declaration of
 * conformity, a test report that ends with its certificate. The document keeps its type; each part is
 * a run of pages that reads, on its own, as another evidence type, with its page range and confidence.
 *
 * A page belongs to a part when the rules classify that page alone (its text, no file name) as the
 * part's type with at least PAGE_CONFIDENCE; consecutive such pages form one part. A part begins on a
 * page whose heading (its first short lines) names the type ("EU Declaration of
 * Conformity", "Test Report", "Certificate"): a page of an SDS or a data sheet that talks of
 * "certification" in its body is no certificate, and a part's pages after its first need no heading. Only the types that
 * are evidence of their own are looked for (declaration, certificate, test report): a page of a manual
 * that reads like an SDS section is not a separate SDS. A document of one page has no parts; a run that
 * covers every page is the document itself, not a part of it.
 */

export interface EvidencePart {
  type: DocumentType;
  /** First and last page (1-based, inclusive). */
  page_from: number;
  page_to: number;
  confidence: number;
}

const PART_TYPES: ReadonlySet<DocumentType> = new Set(['declaration_of_conformity', 'certificate', 'test_report']);
/** A page must read as the part's type at least this surely on its own. */
const PAGE_CONFIDENCE = 0.6;
/** Pages of little text say nothing on their own (a cover, a blank). */
const MIN_PAGE_CHARS = 200;
/** A page's heading: its first HEADING_LINES short lines (a title, a running header, a subtitle), not a sentence of its body. */
const HEADING_LINES = 4;
const HEADING_LINE_CHARS = 60;

const HEADING_TITLES = new Map(
  [...PART_TYPES].map((t) => [t, SIGNALS[t].title.map(([, src]) => compileSignal(src))] as const),
);

/** The page's heading names the type (one of its titles in the first HEADING_CHARS characters). */
function headingNames(type: DocumentType, text: string): boolean {
  const head = text
    .split('\n')
    .map((l) => normaliseForMatch(l))
    .filter((l) => l.length > 0 && l.length <= HEADING_LINE_CHARS)
    .slice(0, HEADING_LINES)
    .join(' ');
  return (HEADING_TITLES.get(type) ?? []).some((re) => re.test(head));
}

export function detectEvidenceParts(
  pages: readonly { page: number; text: string }[],
  documentType: DocumentType | null,
): EvidencePart[] {
  if (pages.length < 2) return [];
  const perPage = pages.map((p) => {
    if (p.text.replace(/\s+/g, '').length < MIN_PAGE_CHARS) return null;
    const r = classifyRules({ filename: '', snippet: p.text, snippetSource: 'pdf_first_page' });
    const type = r.document_type;
    return type && PART_TYPES.has(type) && type !== documentType && r.confidence >= PAGE_CONFIDENCE
      ? { type, confidence: r.confidence }
      : null;
  });
  const parts: EvidencePart[] = [];
  for (let i = 0; i < pages.length; i++) {
    const hit = perPage[i];
    if (!hit) continue;
    const last = parts[parts.length - 1];
    if (last && last.type === hit.type && last.page_to === pages[i - 1]?.page && perPage[i - 1]) {
      last.page_to = pages[i].page;
      last.confidence = Math.max(last.confidence, hit.confidence);
    } else if (headingNames(hit.type, pages[i].text))
      parts.push({ type: hit.type, page_from: pages[i].page, page_to: pages[i].page, confidence: hit.confidence });
  }
  // A run over the whole document is the document, not a part of it.
  return parts.filter((p) => !(p.page_from === pages[0].page && p.page_to === pages[pages.length - 1].page));
}
