import { parse as parseHtml, type HTMLElement } from 'node-html-parser';
import { parseHTML as parseDom } from 'linkedom';
import { Readability } from '@mozilla/readability';
import { XMLParser } from 'fast-xml-parser';
import type { ExtractionResult } from './types';
import { errorMessage, textResult } from './normalise';
import { decodeText } from '@/lib/text/decode';
import { decodeXmlEntities, xmlToText } from './office-xml';

/**
 * HTML and XML text. The charset a page declares is believed only when the bytes agree with it (the
 * corpus holds an Arabic page that claims UTF-8 but is windows-1256). XML is read without DTDs: the
 * DOCTYPE is cut before parsing and entities are not processed, so no external entity or file is ever
 * touched and no entity expansion can blow up.
 *
 * An HTML page is read for its main content (Mozilla Readability on a linkedom DOM: no scripts run, no
 * resource is loaded), so a documentation site's navigation, header, footer and sidebars, which name
 * other products and other document types, do not decide what the page is. The page title and the
 * main content's headings lead the text, where the classifier weighs titles most.
 */

function declaredHtmlCharset(bytes: Uint8Array): string | null {
  const head = Buffer.from(bytes.subarray(0, 4096)).toString('latin1');
  const m = /<meta[^>]+charset\s*=\s*["']?\s*([\w.:-]+)/i.exec(head);
  return m ? m[1] : null;
}

/** Elements of page chrome, dropped when Readability finds no article. */
const CHROME =
  'nav, header, footer, aside, script, style, noscript, form, [role=navigation], [role=banner], [role=contentinfo], [aria-hidden=true]';
/** Readability gives up (throws) past this many elements: a hostile page falls back to the plain path. */
const MAX_ELEMENTS = 20_000;
/** Below this many characters of main content, Readability's pick is not trusted. */
const MIN_ARTICLE_CHARS = 200;

const headingsOf = (root: HTMLElement) =>
  root
    .querySelectorAll('h1, h2, h3')
    .map((h) => h.text.replace(/\s+/g, ' ').trim())
    .filter(Boolean);

/** Main content of a page: title, headings of the content, then its text. Null when none is found. */
function mainContent(html: string): { title: string; text: string } | null {
  try {
    const { document } = parseDom(html);
    const article = new Readability(document as unknown as Document, {
      maxElemsToParse: MAX_ELEMENTS,
      charThreshold: MIN_ARTICLE_CHARS,
    }).parse();
    if (!article?.content) return null;
    const content = parseHtml(article.content, {
      lowerCaseTagName: true,
      comment: false,
      blockTextElements: { script: false, style: false, noscript: false, pre: true },
    });
    const text = content.structuredText;
    if (text.replace(/\s+/g, '').length < MIN_ARTICLE_CHARS) return null;
    return { title: (article.title ?? '').trim(), text };
  } catch {
    return null;
  }
}

export function extractHtml(bytes: Uint8Array, maxChars: number): ExtractionResult {
  const declared = declaredHtmlCharset(bytes);
  const decoded = decodeText(bytes, declared);
  const root = parseHtml(decoded.text, {
    lowerCaseTagName: true,
    comment: false,
    blockTextElements: { script: false, style: false, noscript: false, pre: true },
  });
  const pageTitle = root.querySelector('title')?.text.replace(/\s+/g, ' ').trim() ?? '';
  const main = mainContent(decoded.text);
  let body: string;
  let headings: string[];
  if (main) {
    body = main.text;
    headings = []; // Readability keeps the content's headings in place
  } else {
    const b = root.querySelector('body') ?? root;
    for (const el of b.querySelectorAll(CHROME)) el.remove();
    body = b.structuredText;
    headings = headingsOf(b);
  }
  // Title first, then the first heading when it differs: a page's own name is its strongest signal.
  const lead: string[] = [];
  for (const t of [pageTitle, main?.title ?? '', ...headings.slice(0, 1)]) {
    if (t && !body.slice(0, 300).includes(t) && !lead.some((l) => l.includes(t))) lead.push(t);
  }
  const text = [...lead, body].join('\n');
  const r = textResult('html', 'html_text', text, maxChars, { encoding: decoded.encoding });
  if (
    declared &&
    decoded.encoding !== declared.toLowerCase() &&
    !(declared.toLowerCase() === 'utf-8' && decoded.encoding === 'utf-8')
  ) {
    r.warnings.push(
      `Declared charset ${JSON.stringify(declared)} does not match the bytes; decoded as ${decoded.encoding}.`,
    );
  }
  if (decoded.replacements > 0) {
    r.warnings.push(`${decoded.replacements} character(s) could not be decoded.`);
  }
  return r;
}

const DOCTYPE = /<!DOCTYPE[^[>]*(\[[\s\S]*?\])?\s*>/gi;

function declaredXmlEncoding(bytes: Uint8Array): string | null {
  const head = Buffer.from(bytes.subarray(0, 200)).toString('latin1');
  return /^\s*<\?xml[^>]*encoding\s*=\s*["']([\w.:-]+)["']/.exec(head)?.[1] ?? null;
}

function collectText(node: unknown, out: string[], depth = 0): void {
  if (depth > 200 || out.length > 100_000) return;
  if (typeof node === 'string') {
    if (node.trim()) out.push(decodeXmlEntities(node.trim()));
  } else if (typeof node === 'number' || typeof node === 'boolean') {
    out.push(String(node));
  } else if (Array.isArray(node)) {
    for (const n of node) collectText(n, out, depth + 1);
  } else if (node && typeof node === 'object') {
    for (const v of Object.values(node)) collectText(v, out, depth + 1);
  }
}

export function extractXml(bytes: Uint8Array, maxChars: number): ExtractionResult {
  const decoded = decodeText(bytes, declaredXmlEncoding(bytes));
  const hadDoctype = DOCTYPE.test(decoded.text);
  DOCTYPE.lastIndex = 0;
  const xml = decoded.text.replace(DOCTYPE, '');
  const warnings: string[] = [];
  if (hadDoctype) warnings.push('DOCTYPE ignored: external DTDs and entities are never resolved.');
  let text: string;
  try {
    const parser = new XMLParser({
      ignoreAttributes: true,
      processEntities: false,
      htmlEntities: false,
      ignoreDeclaration: true,
      ignorePiTags: true,
      parseTagValue: false,
      trimValues: true,
    });
    const out: string[] = [];
    collectText(parser.parse(xml), out);
    text = out.join('\n');
  } catch (err) {
    // Not well-formed: keep the text between tags rather than nothing.
    warnings.push(`XML is not well-formed (${errorMessage(err)}); text taken between tags.`);
    text = xmlToText(xml, /<\/[^>]+>/g);
  }
  const r = textResult('xml', 'xml_text', text, maxChars, { encoding: decoded.encoding });
  r.warnings.push(...warnings);
  return r;
}
