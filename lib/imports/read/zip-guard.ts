import { StringDecoder } from 'node:string_decoder';
import { entryPathProblem, openZip, type ZipOpenFailure } from '@/lib/extract/zip-reader';

/**
 * Inspects a workbook zip (XLSX, ODS) before SheetJS sees it. SheetJS inflates every part in memory and
 * cannot be interrupted, so this pass enforces the limits first: entry count, overlapping entries, real
 * (not declared) uncompressed bytes, and no DTD in any XML part (the shared-strings "billion laughs" bomb
 * and XXE both need one). It streams every entry through the zip reader and keeps only small heads, so
 * its memory is bounded too. It also collects what SheetJS does not report for ODS: which sheets are
 * hidden (table:display="false").
 */

export interface ZipInspection {
  ok: true;
  entryNames: string[];
  mimetype: string | null;
  /** ODS only: sheet names in order with their display flag */
  odsTables: { name: string; hidden: boolean }[];
}

export interface ZipRefusal {
  ok: false;
  code: 'unsafe_xml' | 'archive_limits_exceeded' | 'parse_failed';
  message: string;
}

export interface ZipLimits {
  maxUncompressedBytes: number;
  maxEntries: number;
}

const XML_HEAD_BYTES = 8 * 1024;
const DTD = /<!DOCTYPE|<!ENTITY/i;

export async function inspectWorkbookZip(bytes: Uint8Array, limits: ZipLimits): Promise<ZipInspection | ZipRefusal> {
  // The import's limit is on the real bytes of the whole workbook; it has no ratio limit (a sheet of
  // repeated rows compresses like a bomb). No repair: SheetJS reads the archive as it is.
  const zip = await openZip(
    bytes,
    {
      maxEntries: limits.maxEntries,
      maxEntryBytes: limits.maxUncompressedBytes,
      maxRatio: Infinity,
      ratioGraceBytes: 0,
    },
    { repair: false },
  );
  if (!zip.ok) return openRefusal(zip, limits);
  const tooBig: ZipRefusal = {
    ok: false,
    code: 'archive_limits_exceeded',
    message: `The workbook expands to more than ${mb(limits.maxUncompressedBytes)} MB.`,
  };
  const budget = { bytesLeft: limits.maxUncompressedBytes };
  const entryNames: string[] = [];
  let mimetype: string | null = null;
  const ods = new OdsTableScanner();
  try {
    for (const entry of zip.entries) {
      // Names as the import always read them: backslashes are separators, and a name that leaves the
      // archive is refused.
      const name = entry.name.replace(/\\/g, '/');
      const problem = entryPathProblem(name);
      if (problem) return damaged(problem);
      entryNames.push(name);
      if (name.endsWith('/')) continue;
      const isXml = /\.(xml|rels|vml)$/i.test(name) || name === '[Content_Types].xml';
      const isMime = name === 'mimetype';
      const utf8 = name === 'content.xml' ? new StringDecoder('utf8') : null;
      let head = '';
      let dtd = false;
      const read = await zip.read(entry, budget, {
        discard: true,
        onChunk: (chunk) => {
          if ((isXml || isMime) && head.length < XML_HEAD_BYTES) {
            head += chunk.subarray(0, XML_HEAD_BYTES - head.length).toString('latin1');
            dtd = isXml && DTD.test(head);
            if (dtd) return false;
          }
          if (utf8) ods.feed(utf8.write(chunk));
        },
      });
      if (!read.ok)
        return read.reason === 'too_large' || read.reason === 'budget' ? tooBig : damaged(read.cause ?? read.message);
      if (dtd) {
        return {
          ok: false,
          code: 'unsafe_xml',
          message: `The workbook part ${safeName(name)} declares a DTD or entities; such files are refused (entity-expansion and external-entity attacks).`,
        };
      }
      if (isMime) mimetype = head.trim();
    }
  } finally {
    zip.close();
  }
  return { ok: true, entryNames, mimetype, odsTables: ods.tables() };
}

function openRefusal(zip: ZipOpenFailure, limits: ZipLimits): ZipRefusal {
  if (zip.reason === 'too_many_entries') {
    return {
      ok: false,
      code: 'archive_limits_exceeded',
      message: `The workbook has ${zip.entryCount} parts; at most ${limits.maxEntries} are read.`,
    };
  }
  if (zip.reason === 'zip_bomb') {
    return {
      ok: false,
      code: 'archive_limits_exceeded',
      message: `The workbook's parts overlap each other, the construction of a zip bomb; such files are refused.`,
    };
  }
  if (zip.cause && !zip.cause.opened)
    return { ok: false, code: 'parse_failed', message: `The file is not a readable zip archive (${zip.cause.text}).` };
  return damaged(zip.cause?.text ?? zip.message);
}

function damaged(text: string): ZipRefusal {
  return { ok: false, code: 'parse_failed', message: `The workbook archive is damaged (${text}).` };
}

/**
 * Streaming scan of ODS content.xml for table styles with table:display="false" and the tables that use
 * them. Automatic styles precede the body, so a style is always known before a table refers to it.
 */
class OdsTableScanner {
  private tail = '';
  private currentStyle: string | null = null;
  private hiddenStyles = new Set<string>();
  private found: { name: string; hidden: boolean }[] = [];
  private static TAG = /<(style:style|style:table-properties|table:table)\b([^>]*)>/g;

  feed(text: string) {
    const buf = this.tail + text;
    let lastEnd = 0;
    OdsTableScanner.TAG.lastIndex = 0;
    for (let m = OdsTableScanner.TAG.exec(buf); m; m = OdsTableScanner.TAG.exec(buf)) {
      lastEnd = m.index + m[0].length;
      const attrs = m[2];
      if (m[1] === 'style:style') {
        this.currentStyle = /style:family="table"/.test(attrs) ? attr(attrs, 'style:name') : null;
      } else if (m[1] === 'style:table-properties') {
        if (this.currentStyle && attr(attrs, 'table:display') === 'false') this.hiddenStyles.add(this.currentStyle);
      } else if (this.found.length < 10_000) {
        const name = attr(attrs, 'table:name');
        const style = attr(attrs, 'table:style-name');
        if (name !== null)
          this.found.push({ name: decodeXmlAttr(name), hidden: style !== null && this.hiddenStyles.has(style) });
      }
    }
    // Keep an unfinished tag for the next chunk; bounded so a hostile file cannot grow it.
    const open = buf.lastIndexOf('<');
    this.tail = open >= lastEnd && buf.length - open < 4096 ? buf.slice(open) : '';
  }

  tables() {
    return this.found;
  }
}

function attr(attrs: string, name: string): string | null {
  const m = new RegExp(`${name.replace(':', '\\:')}="([^"]*)"`).exec(attrs);
  return m ? m[1] : null;
}

function decodeXmlAttr(s: string): string {
  return s
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&apos;/g, "'")
    .replace(/&#(\d+);/g, (_, d) => codePoint(Number(d)))
    .replace(/&#x([0-9a-f]+);/gi, (_, h) => codePoint(parseInt(h, 16)))
    .replace(/&amp;/g, '&');
}

function codePoint(n: number) {
  return n > 0 && n <= 0x10ffff ? String.fromCodePoint(n) : '\uFFFD';
}

function safeName(name: string) {
  return JSON.stringify(name.slice(0, 120));
}

function mb(n: number) {
  return Math.round(n / (1024 * 1024));
}
