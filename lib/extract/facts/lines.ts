import type { PageText } from '../types';

/** One non-empty line of a document, with where it is and whether a blank line came before it. */
export interface Line {
  text: string;
  norm: string;
  page: number | null;
  index: number;
  blankBefore: boolean;
  /** A line put together from others (a column's label and its value): the lines it quotes. */
  from?: Line[];
}

/** A label with nothing after it ("Date of issue ....... :"). */
const LABEL_ONLY = /^[\p{L}][\p{L}\p{N} .'’/()&#-]{1,60}?\s?[:：]$/u;

/**
 * A form printed as a column of labels, then the column of their values in the same order ("Report Number:" /
 * "Date of issue:" / "Total number of pages:" above "CHTSE…" / "2022-07-13" / "56"): each label with its
 * value, as one line "Label: value" that quotes both. Only where the counts agree and no value is a label.
 */
export function pairedColumns(lines: Line[]): Line[] {
  const out: Line[] = [];
  for (let i = 0; i < lines.length;) {
    let n = 0;
    while (i + n < lines.length && lines[i + n].page === lines[i].page && LABEL_ONLY.test(lines[i + n].text)) n++;
    if (n < 2) {
      i += Math.max(n, 1);
      continue;
    }
    const values = lines.slice(i + n, i + 2 * n);
    const fits =
      values.length === n &&
      values.every((v, k) => v.page === lines[i].page && !/[:：]/.test(v.text) && (k === 0 || !v.blankBefore)) &&
      (lines[i + 2 * n] === undefined || lines[i + 2 * n].blankBefore || lines[i + 2 * n].page !== lines[i].page);
    if (fits)
      for (let k = 0; k < n; k++) {
        const label = lines[i + k];
        const value = values[k];
        const text = `${label.text.replace(/[\s.…]*[:：]$/, '')}: ${value.text}`;
        out.push({
          text,
          norm: norm(text),
          page: label.page,
          index: value.index,
          blankBefore: false,
          from: [label, value],
        });
      }
    i += n;
  }
  return out;
}

export interface FactSuggestion {
  field_key: string;
  value: string;
  /** 1-based page the value was found on; null when the text has no pages. */
  page: number | null;
  /** The source line (or lines) the value was read from, verbatim. */
  quote: string;
  confidence: number;
}

export interface ExtractFactsInput {
  text?: string;
  pages?: PageText[];
  /** When known, dates are attributed by document type (issue date of a declaration, validity of a certificate). */
  documentType?: string | null;
}

/** Lower case, accents and ß folded, typographic apostrophes straightened: what label patterns read. */
export const norm = (s: string) =>
  s
    .replace(/ß/g, 'ss')
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[’‘`´]/g, "'")
    // Typographic hyphens ("2021‐7‐30", "61000‐3‐2") read as hyphens.
    .replace(/[\u2010\u2011\u2012]/g, '-');

const TABLE_RULE = /^\s*\|?\s*:?-{3,}:?\s*(?:\|\s*:?-{3,}:?\s*)*\|?\s*$/;
/** A Markdown image, "![CE](ce.png "CE"){ align=right }": what a reader sees of it is its alt text. */
const MD_IMAGE = /!\[([^\]]*)\]\([^)]*\)(?:\{[^}]*\})?/g;
const HTML_CELL = /<t[dh]\b[^>]*>([\s\S]*?)<\/t[dh]>/gi;

/**
 * A line as a reader sees it, whatever markup the file kept: a Markdown or HTML table row of a label
 * and a value ("| Company name | Arduino SRL |", "<tr><td>Company name</td><td>…</td></tr>") becomes
 * "label: value", other rows their cells joined; a table's rule line (|---|---|) is nothing (null);
 * emphasis (**…**, __…__), heading marks and inline tags go, an image is its alt text; full-width brackets
 * become plain ones.
 */
export function layoutLine(raw: string): string | null {
  if (TABLE_RULE.test(raw) && raw.includes('-')) return null;
  let line = raw;
  if (/<t[dh]\b/i.test(line)) {
    const cells = [...line.matchAll(HTML_CELL)].map((m) => m[1].replace(/<[^>]+>/g, '').trim());
    if (cells.length) line = cellsLine(cells);
  } else if (/^\s*\|.*\|\s*$/.test(line)) {
    line = cellsLine(line.trim().slice(1, -1).split('|'));
  }
  return (
    line
      // A form's dotted leader ("Report No. ........ : X", "Date of testing………: X") is a label's colon.
      .replace(/\s*(?:\.{4,}|…{2,}|[.…]{4,})[.…\s]*[:：]?\s*/g, (m, at: number, all: string) =>
        at + m.length >= all.length ? ':' : ': ',
      )
      .replace(MD_IMAGE, ' $1 ')
      .replace(/<\/?(?:p|div|span|br|strong|b|em|i|u|a|sup|sub|tr|table|tbody|thead)\b[^>]*>/gi, ' ')
      // Emphasis marks go; a form's blank ("Signature: ____") stays as written.
      .replace(/\*\*|(?<!_)__(?!_)/g, '')
      .replace(/^\s*#{1,6}\s+/, '')
      .replace(/（/g, ' (')
      .replace(/）/g, ')')
  );
}

function cellsLine(raw: string[]): string {
  const cells = raw.map((c) => c.replace(/<br\s*\/?>/gi, ' ').trim()).filter(Boolean);
  if (cells.length === 2) {
    const label = cells[0].replace(/\*\*|__/g, '').trim();
    return `${label.replace(/\s*:$/, '')}: ${cells[1]}`;
  }
  return cells.join(' · ');
}

export function toLines(input: ExtractFactsInput): Line[] {
  const sources: { page: number | null; text: string }[] = input.pages?.length
    ? input.pages.map((p) => ({ page: p.page, text: p.text }))
    : [{ page: null, text: input.text ?? '' }];
  const lines: Line[] = [];
  for (const src of sources) {
    let blank = true;
    const first = lines.length;
    for (const raw of src.text.slice(0, 400_000).split(/\r?\n/)) {
      // NFKD keeps the length of most text but splits ligatures; norm() is only used for matching.
      // List bullets ("· 1.3 Details of the supplier") are layout, not text.
      const laid = layoutLine(raw);
      if (laid === null) continue;
      const text = laid
        .replace(/\s+/g, ' ')
        .trim()
        .replace(/^(?:[·•▪●◦*]\s*|[-–]\s+(?=\p{L}))/u, '');
      if (!text) {
        blank = true;
        continue;
      }
      lines.push({ text, norm: norm(text), page: src.page, index: lines.length, blankBefore: blank });
      blank = false;
    }
    unspace(lines, first);
  }
  return lines;
}

/**
 * A page whose lines nearly all stand between blank lines (a PDF's text laid out line by line with its
 * spacing): there a blank line is the spacing, not a paragraph's end, so none is one. Measured on real
 * declarations: a double-spaced page lost the address below "We, the manufacturer / Lobaro GmbH".
 */
function unspace(lines: Line[], first: number) {
  const page = lines.slice(first);
  if (page.length < 8) return;
  const spaced = page.filter((l) => l.blankBefore).length;
  if (spaced / page.length < SPACED_PAGE) return;
  for (const l of page) l.blankBefore = false;
}

/** The share of a page's lines after a blank line from which its blank lines are read as its spacing. */
const SPACED_PAGE = 0.65;

export const quoteOf = (lines: Line[]) =>
  lines
    .map((l) => l.text)
    .join(' … ')
    .slice(0, 300);

/** Collects suggestions: one per field key, the most confident wins (the first among equals). */
export class FactSet {
  readonly out: FactSuggestion[] = [];
  add(field_key: string, value: string, at: Line[], confidence: number) {
    const v = value.trim();
    if (!v) return;
    const existing = this.out.find((s) => s.field_key === field_key);
    if (existing && existing.confidence >= confidence) return;
    if (existing) this.out.splice(this.out.indexOf(existing), 1);
    this.out.push({
      field_key,
      value: v,
      page: at[0]?.page ?? null,
      quote: quoteOf(at.flatMap((l) => l.from ?? [l])),
      confidence: Math.round(confidence * 100) / 100,
    });
  }
  has(field_key: string) {
    return this.out.some((s) => s.field_key === field_key);
  }
}
