import { parse as parseHtml } from 'node-html-parser';
import { XMLParser } from 'fast-xml-parser';
import type { ExtractionResult } from './types';
import { errorMessage, textResult } from './normalise';
import { decodeText } from './text-decode';
import { decodeXmlEntities, xmlToText } from './office-xml';

/**
 * HTML and XML text. The charset a page declares is believed only when the bytes agree with it (the
 * corpus holds an Arabic page that claims UTF-8 but is windows-1256). XML is read without DTDs: the
 * DOCTYPE is cut before parsing and entities are not processed, so no external entity or file is ever
 * touched and no entity expansion can blow up.
 */

function declaredHtmlCharset(bytes: Uint8Array): string | null {
  const head = Buffer.from(bytes.subarray(0, 4096)).toString('latin1');
  const m = /<meta[^>]+charset\s*=\s*["']?\s*([\w.:-]+)/i.exec(head);
  return m ? m[1] : null;
}

export function extractHtml(bytes: Uint8Array, maxChars: number): ExtractionResult {
  const declared = declaredHtmlCharset(bytes);
  const decoded = decodeText(bytes, declared);
  const root = parseHtml(decoded.text, {
    lowerCaseTagName: true,
    comment: false,
    blockTextElements: { script: false, style: false, noscript: false, pre: true },
  });
  const title = root.querySelector('title')?.text.trim() ?? '';
  const body = root.querySelector('body') ?? root;
  const text = body.structuredText;
  const r = textResult('html', 'html_text', title && !text.includes(title) ? `${title}\n${text}` : text, maxChars, { encoding: decoded.encoding });
  if (declared && decoded.encoding !== declared.toLowerCase() && !(declared.toLowerCase() === 'utf-8' && decoded.encoding === 'utf-8')) {
    r.warnings.push(`Declared charset ${JSON.stringify(declared)} does not match the bytes; decoded as ${decoded.encoding}.`);
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
