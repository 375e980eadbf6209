import type { ExtractionResult, FileFormat } from './types';
import { failure, textResult } from './normalise';
import { preflightOfficeZip, readPart } from './office-zip';

/**
 * Text of presentations (PPTX slides) and OpenDocument text/presentations (content.xml). The XML is
 * reduced to text by tags alone, without an XML parser: no DTD, no entity expansion is ever performed,
 * paragraph ends become line breaks.
 */

const NAMED: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

/** Decodes the five predefined XML entities and character references; nothing else. */
export function decodeXmlEntities(s: string): string {
  return s.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (m, e: string) => {
    if (e[0] === '#') {
      const code = e[1] === 'x' || e[1] === 'X' ? parseInt(e.slice(2), 16) : parseInt(e.slice(1), 10);
      return code > 0 && code < 0x110000 ? String.fromCodePoint(code) : '';
    }
    return NAMED[e.toLowerCase()] ?? m;
  });
}

export function xmlToText(xml: string, paragraphTags: RegExp): string {
  return decodeXmlEntities(
    xml
      .replace(/<!DOCTYPE[^[>]*(\[[\s\S]*?\])?\s*>/gi, '')
      .replace(/<!\[CDATA\[([\s\S]*?)\]\]>/g, (_, c: string) => c.replace(/</g, '&lt;'))
      .replace(paragraphTags, '\n')
      .replace(/<(text:tab|a:tab|w:tab)\b[^>]*\/>/g, ' ')
      .replace(/<(text:line-break|a:br|w:br)\b[^>]*\/>/g, '\n')
      .replace(/<[^>]*>/g, ''),
  );
}

export async function extractOfficeXml(
  format: FileFormat,
  bytes: Uint8Array,
  maxChars: number,
): Promise<ExtractionResult> {
  const pre = await preflightOfficeZip(bytes);
  if (!pre.ok) return failure(format, pre.issue);
  const zip = pre.zip;
  try {
    let parts: string[];
    if (format === 'pptx') {
      parts = zip.entries
        .map((e) => e.name)
        .filter((n) => /^ppt\/slides\/slide\d+\.xml$/.test(n))
        .sort((a, b) => Number(a.match(/\d+/)![0]) - Number(b.match(/\d+/)![0]));
    } else {
      parts = ['content.xml'];
    }
    const texts: string[] = [];
    let size = 0;
    for (const name of parts) {
      const xml = await readPart(zip, name);
      if (!xml) continue;
      const text = xmlToText(xml.toString('utf8'), /<\/(a:p|text:p|text:h|text:list-item)>/g);
      texts.push(text);
      size += text.length;
      if (size > maxChars) break;
    }
    if (texts.length === 0)
      return failure(format, { code: 'parse_failed', message: 'No text part found in the document package.' });
    return textResult(format, 'office_text', texts.join('\n\n'), maxChars);
  } finally {
    zip.close();
  }
}
