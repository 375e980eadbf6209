import zlib from 'node:zlib';

/**
 * Decompressed-size limits of a PDF, checked before pdfjs sees the file. pdfjs inflates a content stream
 * completely into memory (a 1 MB file can hold a stream of 1 GiB of zeros) and then lexes all of it, so
 * the bound must come first: every Flate stream is inflated by zlib with an output cap (the bytes are
 * counted and dropped), per stream and for the whole document. Image streams are not inflated here:
 * pdfjs decodes an image only to render it (OCR of scans), and then never more than width × height ×
 * components, so their declared pixel count is what is bounded.
 */

export const PDF_STREAM_LIMITS = {
  /** Inflated bytes of one non-image stream (content, form, font, cmap, object stream). */
  maxStreamBytes: 32 * 1024 * 1024,
  /** Inflated bytes of all non-image streams of the document together. */
  maxDocumentBytes: 128 * 1024 * 1024,
  /** Pixels of one embedded image; larger images are not rendered for OCR. */
  maxImagePixels: 50_000_000,
  /** Streams of one document. */
  maxStreams: 200_000,
} as const;

export type PdfStreamCheck =
  { ok: true; streams: number; inflatedBytes: number; oversizedImage: boolean } | { ok: false; message: string };

const MB = 1024 * 1024;
const latin1 = (b: Buffer, from: number, to: number) => b.toString('latin1', Math.max(0, from), Math.min(b.length, to));

/** Names of the stream's filters, in order (`/Filter /FlateDecode` or `/Filter [/A /B]`). */
function filtersOf(dict: string): string[] {
  const m = /\/Filter\s*(\[[^\]]*\]|\/[A-Za-z0-9]+)/.exec(dict);
  if (!m) return [];
  return [...m[1].matchAll(/\/([A-Za-z0-9]+)/g)].map((x) => x[1]);
}

/** Output bytes of a zlib stream, counting at most `cap` (then null): memory stays bounded by the cap. */
function inflatedSize(data: Buffer, cap: number): number | null {
  try {
    // Z_SYNC_FLUSH: a truncated stream (common in damaged PDFs) yields what it holds instead of throwing.
    return zlib.inflateSync(data, { maxOutputLength: cap + 1, finishFlush: zlib.constants.Z_SYNC_FLUSH }).length;
  } catch (err) {
    if ((err as { code?: string }).code === 'ERR_BUFFER_TOO_LARGE' || err instanceof RangeError) return null;
    return 0; // not zlib data (encrypted, damaged): pdfjs reports it or skips it
  }
}

const objKeyword = (head: string) =>
  Math.max(head.lastIndexOf(' obj'), head.lastIndexOf('\nobj'), head.lastIndexOf('\robj'));

export function checkPdfStreams(
  bytes: Uint8Array,
  limits: typeof PDF_STREAM_LIMITS = PDF_STREAM_LIMITS,
): PdfStreamCheck {
  const buf = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let pos = 0;
  let streams = 0;
  let total = 0;
  let oversizedImage = false;
  for (;;) {
    const at = buf.indexOf('stream', pos, 'latin1');
    if (at < 0) break;
    pos = at + 6;
    if (latin1(buf, at - 3, at) === 'end') continue;
    // The keyword is followed by CRLF or LF (some writers: CR or nothing).
    let start = at + 6;
    if (buf[start] === 0x0d) start++;
    if (buf[start] === 0x0a) start++;
    // The dictionary is between "obj" and "stream"; most are short, a few (fonts, images) run long.
    let head = latin1(buf, at - 512, at);
    let dictAt = objKeyword(head);
    if (dictAt < 0) {
      head = latin1(buf, at - 8192, at);
      dictAt = objKeyword(head);
    }
    const dict = dictAt >= 0 ? head.slice(dictAt) : head.slice(-1024);
    if (!dict.trimEnd().endsWith('>>')) continue; // "stream" inside text or data, not a stream keyword
    if (++streams > limits.maxStreams)
      return { ok: false, message: `The PDF has more than ${limits.maxStreams} streams.` };
    // Data ends at /Length when it is direct and lands on "endstream"; otherwise at the next "endstream".
    let end = -1;
    const len = /\/Length\s+(\d+)\b(?!\s+\d+\s+R)/.exec(dict);
    if (len) {
      const guess = start + Number(len[1]);
      if (guess <= buf.length && /^\s*endstream/.test(latin1(buf, guess, guess + 24))) end = guess;
    }
    if (end < 0) end = buf.indexOf('endstream', start, 'latin1');
    if (end < 0) end = buf.length;
    pos = Math.max(pos, end);
    if (/\/Subtype\s*\/Image\b/.test(dict)) {
      const w = Number(/\/Width\s+(\d+)/.exec(dict)?.[1] ?? 0);
      const h = Number(/\/Height\s+(\d+)/.exec(dict)?.[1] ?? 0);
      if (w * h > limits.maxImagePixels) oversizedImage = true;
      continue;
    }
    // Attachments (portfolios) are never decoded to read the text.
    if (/\/Type\s*\/EmbeddedFile\b/.test(dict)) continue;
    const filters = filtersOf(dict);
    if (filters[0] !== 'FlateDecode' && filters[0] !== 'Fl') continue;
    const cap = Math.min(limits.maxStreamBytes, limits.maxDocumentBytes - total);
    const size = inflatedSize(buf.subarray(start, end), cap);
    if (size === null) {
      const objNo = /(\d+)\s+\d+\s+obj\s*$/.exec(head.slice(0, dictAt + 4))?.[1];
      return cap < limits.maxStreamBytes
        ? {
            ok: false,
            message: `The PDF's compressed streams inflate to more than ${limits.maxDocumentBytes / MB} MB in total; the file is refused as a decompression bomb.`,
          }
        : {
            ok: false,
            message: `A compressed stream of the PDF${objNo ? ` (object ${objNo})` : ''} inflates to more than ${limits.maxStreamBytes / MB} MB; the file is refused as a decompression bomb.`,
          };
    }
    total += size;
  }
  return { ok: true, streams, inflatedBytes: total, oversizedImage };
}
