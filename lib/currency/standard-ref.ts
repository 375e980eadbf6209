/**
 * A standard's reference taken apart for comparing a document's citation with the Official Journal's
 * list: the standard (body and number), the edition year, and the amendments. "EN IEC 62368-1:2020+A11:2020"
 * and "EN 62368-1:2014" are the same standard in two editions: the body words after "EN" (IEC, ISO,
 * ISO/IEC) name where the text came from, not a different standard, so they are left out of the key.
 */

export interface StandardRef {
  /** "EN 62368-1", "ETSI EN 300 328": what identifies the standard across editions. */
  base: string;
  /** The edition: its year ("2014"), or an ETSI standard's version ("V2.2.2"); null when not given. */
  edition: string | null;
  /** Amendments and corrigenda, normalised and sorted ("A11:2017", "AC:2015"). */
  amendments: string[];
  /** The citation as given. */
  text: string;
}

export function parseStandardRef(text: string): StandardRef | null {
  const s = text
    .replace(/\s+/g, ' ')
    .replace(/(?<=\d)\s?[‐‑–]\s?(?=\d)/g, '-')
    .trim()
    .toUpperCase();
  const m =
    /^(ETSI EN|EN(?: IEC| ISO(?:\/IEC)?)?|IEC|ISO(?:\/IEC)?)\s?(\d{3} \d{3}|\d{2,6})((?:-\d{1,3})*)(?:\s?(V\d+\.\d+\.\d+))?(?:\s?:\s?((?:19|20)\d{2}))?(.*)$/.exec(
      s,
    );
  if (!m) return null;
  const body = m[1] === 'ETSI EN' ? 'ETSI EN' : m[1].startsWith('EN') ? 'EN' : m[1];
  const amendments = [
    ...(m[6] ?? '').matchAll(/[+/]\s?(AC|AA|IS|A|COR\.?)\s?(\d{0,2})(?:\s?[:-]\s?((?:19|20)\d{2}))?/g),
  ]
    .map((a) => `${a[1].startsWith('COR') ? 'AC' : a[1]}${a[2]}${a[3] ? `:${a[3]}` : ''}`)
    .sort();
  return { base: `${body} ${m[2]}${m[3]}`, edition: m[4] ?? m[5] ?? null, amendments, text };
}

/** Same standard, same edition, same amendments. */
export const sameEdition = (a: StandardRef, b: StandardRef) =>
  a.base === b.base && a.edition === b.edition && a.amendments.join('+') === b.amendments.join('+');
