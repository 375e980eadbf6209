import { StringDecoder } from 'node:string_decoder';
import yauzl from 'yauzl';

/**
 * Inspects a workbook zip (XLSX, ODS) before SheetJS sees it. SheetJS inflates every part in memory and
 * cannot be interrupted, so this pass enforces the limits first: entry count, real (not declared)
 * uncompressed bytes, and no DTD in any XML part (the shared-strings "billion laughs" bomb and XXE both
 * need one). It streams every entry and keeps only small heads, so its memory is bounded too. It also
 * collects what SheetJS does not report for ODS: which sheets are hidden (table:display="false").
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
  let zip: yauzl.ZipFile;
  try {
    zip = await openZip(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength));
  } catch (e) {
    return { ok: false, code: 'parse_failed', message: `The file is not a readable zip archive (${errorText(e)}).` };
  }
  if (zip.entryCount > limits.maxEntries) {
    zip.close();
    return {
      ok: false,
      code: 'archive_limits_exceeded',
      message: `The workbook has ${zip.entryCount} parts; at most ${limits.maxEntries} are read.`,
    };
  }
  const entryNames: string[] = [];
  let mimetype: string | null = null;
  let total = 0;
  const ods = new OdsTableScanner();
  try {
    for (;;) {
      const entry = await nextEntry(zip);
      if (!entry) break;
      entryNames.push(entry.fileName);
      if (entry.fileName.endsWith('/')) continue;
      if (total + entry.uncompressedSize > limits.maxUncompressedBytes) {
        return {
          ok: false,
          code: 'archive_limits_exceeded',
          message: `The workbook expands to more than ${mb(limits.maxUncompressedBytes)} MB.`,
        };
      }
      const isXml = /\.(xml|rels|vml)$/i.test(entry.fileName) || entry.fileName === '[Content_Types].xml';
      const isOdsContent = entry.fileName === 'content.xml';
      const isMime = entry.fileName === 'mimetype';
      let head = '';
      let entryBytes = 0;
      const utf8 = isOdsContent ? new StringDecoder('utf8') : null;
      const stream = await openStream(zip, entry);
      const outcome = await new Promise<'ok' | 'too_big' | 'dtd'>((resolve, reject) => {
        stream.on('data', (chunk: Buffer) => {
          entryBytes += chunk.length;
          if (total + entryBytes > limits.maxUncompressedBytes) {
            stream.destroy();
            resolve('too_big');
            return;
          }
          if ((isXml || isMime) && head.length < XML_HEAD_BYTES) {
            head += chunk.subarray(0, XML_HEAD_BYTES - head.length).toString('latin1');
            if (isXml && DTD.test(head)) {
              stream.destroy();
              resolve('dtd');
              return;
            }
          }
          if (utf8) ods.feed(utf8.write(chunk));
        });
        stream.on('end', () => resolve('ok'));
        stream.on('error', reject);
      });
      if (outcome === 'too_big') {
        return {
          ok: false,
          code: 'archive_limits_exceeded',
          message: `The workbook expands to more than ${mb(limits.maxUncompressedBytes)} MB.`,
        };
      }
      if (outcome === 'dtd') {
        return {
          ok: false,
          code: 'unsafe_xml',
          message: `The workbook part ${safeName(entry.fileName)} declares a DTD or entities; such files are refused (entity-expansion and external-entity attacks).`,
        };
      }
      total += entryBytes;
      if (isMime) mimetype = head.trim();
    }
  } catch (e) {
    return { ok: false, code: 'parse_failed', message: `The workbook archive is damaged (${errorText(e)}).` };
  } finally {
    zip.close();
  }
  return { ok: true, entryNames, mimetype, odsTables: ods.tables() };
}

function openZip(buffer: Buffer): Promise<yauzl.ZipFile> {
  return new Promise((resolve, reject) => {
    yauzl.fromBuffer(buffer, { lazyEntries: true, validateEntrySizes: true, decodeStrings: true }, (err, zip) => {
      if (err || !zip) reject(err ?? new Error('no zip'));
      else resolve(zip);
    });
  });
}

function nextEntry(zip: yauzl.ZipFile): Promise<yauzl.Entry | null> {
  return new Promise((resolve, reject) => {
    const onEntry = (entry: yauzl.Entry) => {
      cleanup();
      resolve(entry);
    };
    const onEnd = () => {
      cleanup();
      resolve(null);
    };
    const onError = (err: Error) => {
      cleanup();
      reject(err);
    };
    const cleanup = () => {
      zip.removeListener('entry', onEntry);
      zip.removeListener('end', onEnd);
      zip.removeListener('error', onError);
    };
    zip.on('entry', onEntry);
    zip.on('end', onEnd);
    zip.on('error', onError);
    zip.readEntry();
  });
}

function openStream(zip: yauzl.ZipFile, entry: yauzl.Entry): Promise<NodeJS.ReadableStream & { destroy(): void }> {
  return new Promise((resolve, reject) => {
    zip.openReadStream(entry, (err, stream) => {
      if (err || !stream) reject(err ?? new Error('no stream'));
      else resolve(stream);
    });
  });
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

function errorText(e: unknown) {
  return e instanceof Error ? e.message : String(e);
}

function mb(n: number) {
  return Math.round(n / (1024 * 1024));
}
