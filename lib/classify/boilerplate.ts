/**
 * Boilerplate of paged documents and Markdown, taken out of the text the classifier scores. A running
 * header or footer repeated on most pages ("Product catalogue 2024 · page 3 of 12", a letterhead naming
 * every product line) says nothing about THIS document and, repeated, would outweigh its own title; a
 * Markdown navigation block (lines that are only links) names other documents. The first occurrence of a
 * repeated line is kept (a letterhead on page 1 can be the issuer), the repeats go. HTML pages get the
 * same treatment in extraction (main content by Readability, lib/extract/markup.ts).
 */

const MIN_PAGES = 3;
/** A line on at least this share of the pages is a running header or footer. */
const REPEATED_SHARE = 0.5;
/** Running headers and footers are short; a long line repeated is content (a repeated warning). */
const MAX_RUNNING_LINE = 160;

/** Page numbers and dates vary between pages: compare lines with digits masked. */
const lineKey = (line: string) => line.replace(/\d+/g, '#').replace(/\s+/g, ' ').trim().toLowerCase();

/** The pages' text without running headers and footers (after their first occurrence), joined. */
export function withoutRunningLines(pages: string[]): string {
  if (pages.length < MIN_PAGES) return pages.join('\n\n');
  const seenOn = new Map<string, number>();
  for (const page of pages) {
    for (const key of new Set(
      page
        .split('\n')
        .filter((l) => l.length <= MAX_RUNNING_LINE)
        .map(lineKey)
        .filter((k) => k.length >= 3),
    ))
      seenOn.set(key, (seenOn.get(key) ?? 0) + 1);
  }
  const running = new Set(
    [...seenOn].filter(([, n]) => n >= Math.max(2, pages.length * REPEATED_SHARE)).map(([k]) => k),
  );
  if (!running.size) return pages.join('\n\n');
  const kept = new Set<string>();
  return pages
    .map((page) =>
      page
        .split('\n')
        .filter((line) => {
          const key = lineKey(line);
          if (!running.has(key)) return true;
          if (kept.has(key)) return false;
          kept.add(key);
          return true;
        })
        .join('\n'),
    )
    .join('\n\n');
}

const LINK_ONLY = /^\s*(?:[-*+]|\d+[.)])?\s*(?:\[[^\]]*\]\([^)]*\)\s*[|·•,]?\s*)+$/;
const looksLikeMarkdown = (text: string) => /^#{1,6} \S/m.test(text) || /\[[^\]]+\]\([^)]+\)/.test(text);

/** Markdown without navigation: lines made only of links (a menu, a table of contents of other pages). */
export function withoutMarkdownNavigation(text: string): string {
  if (!looksLikeMarkdown(text)) return text;
  const lines = text.split('\n');
  const linkOnly = lines.filter((l) => LINK_ONLY.test(l)).length;
  // A page that is all links is a link list: nothing else to read, keep it as it is.
  if (!linkOnly || linkOnly >= lines.filter((l) => l.trim()).length) return text;
  return lines.filter((l) => !LINK_ONLY.test(l)).join('\n');
}

/** The text to classify: pages without running lines, Markdown without navigation. */
export function contentForClassification(text: string, pages?: { text: string }[]): string {
  const paged = pages && pages.length >= MIN_PAGES ? withoutRunningLines(pages.map((p) => p.text)) : text;
  return withoutMarkdownNavigation(paged);
}
