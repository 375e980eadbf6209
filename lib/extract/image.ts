import type { ExtractionResult, FileFormat } from './types';
import { failure, noText, normaliseText, textResult, visibleChars } from './normalise';
import { ocrImage, OCR_LANGUAGES } from './ocr';
import { prepareForOcr } from './image-prep';
import { imageSize, MAX_OCR_PIXELS } from './image-size';

/**
 * Images are read by OCR. HEIC/HEIF (iPhone photos) cannot be decoded by the OCR engine and are reported
 * as unsupported; a TIFF's pages are counted from its IFD chain even when its compression (JPEG-in-TIFF)
 * is one the engine cannot decode.
 */

/** Number of pages (IFDs) of a TIFF, following the chain with loop and count guards. */
export function tiffPageCount(b: Uint8Array): number | undefined {
  if (b.length < 8) return undefined;
  const view = new DataView(b.buffer, b.byteOffset, b.byteLength);
  const le = b[0] === 0x49;
  let offset = view.getUint32(4, le);
  const seen = new Set<number>();
  let pages = 0;
  while (offset !== 0 && pages < 10_000) {
    if (seen.has(offset) || offset + 2 > b.length) break;
    seen.add(offset);
    const entries = view.getUint16(offset, le);
    const next = offset + 2 + entries * 12;
    if (next + 4 > b.length) {
      pages++;
      break;
    }
    pages++;
    offset = view.getUint32(next, le);
  }
  return pages || undefined;
}

/** TIFF compression of the first page (tag 259); 6/7 = JPEG, which the OCR engine's libtiff lacks. */
export function tiffCompression(b: Uint8Array): number | undefined {
  if (b.length < 8) return undefined;
  const view = new DataView(b.buffer, b.byteOffset, b.byteLength);
  const le = b[0] === 0x49;
  const offset = view.getUint32(4, le);
  if (offset + 2 > b.length) return undefined;
  const entries = view.getUint16(offset, le);
  for (let i = 0; i < entries && offset + 2 + i * 12 + 12 <= b.length; i++) {
    const at = offset + 2 + i * 12;
    if (view.getUint16(at, le) === 259) return view.getUint16(at + 8, le);
  }
  return undefined;
}

export async function extractImage(
  format: FileFormat,
  bytes: Uint8Array,
  opts: { ocr: boolean; ocrTimeoutMs: number; maxChars: number },
): Promise<ExtractionResult> {
  const pageCount = format === 'image_tiff' ? tiffPageCount(bytes) : 1;
  if (format === 'image_heic') {
    return failure(
      format,
      {
        code: 'unsupported_format',
        message:
          'HEIC/HEIF image: this format cannot be decoded for OCR here; export it as JPEG or PNG and upload again.',
      },
      { pageCount },
    );
  }
  if (!opts.ocr) {
    return noText(
      format,
      { code: 'scanned_or_empty_text', message: 'Image without a text layer; OCR was not requested.' },
      { pageCount },
    );
  }
  if (format === 'image_tiff' && [6, 7].includes(tiffCompression(bytes) ?? 0)) {
    return noText(
      format,
      {
        code: 'scanned_or_empty_text',
        message: `JPEG-compressed TIFF (${pageCount ?? '?'} page(s)): the OCR engine cannot decode this compression; export the pages as PDF or PNG.`,
      },
      { pageCount },
    );
  }
  const size = imageSize(format, bytes);
  if (size && size.width * size.height > MAX_OCR_PIXELS) {
    return failure(
      format,
      {
        code: 'parse_failed',
        message: `Image of ${size.width} × ${size.height} pixels (${Math.round((size.width * size.height) / 1e6)} megapixels): larger than the ${MAX_OCR_PIXELS / 1e6} megapixels OCR reads; scale it down (300 dpi is enough) and upload again.`,
      },
      { pageCount },
    );
  }
  // Decoded once and scaled to the OCR pixel budget (a TIFF or PNM the decoder lacks goes as it is).
  const prepared = format === 'image_tiff' ? null : await prepareForOcr(bytes);
  const image = prepared?.image ?? Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  // An image is one page with the file's whole OCR budget; the text never depends on the time it took.
  const ocr = await ocrImage(image, opts.ocrTimeoutMs);
  if (!ocr.ok) {
    // Out of time is a failure of the reading (code timeout), not an image without text.
    if (/time budget/.test(ocr.message))
      return failure(
        format,
        {
          code: 'timeout',
          message: `Image not read: ${ocr.message}. A sharper or smaller scan (about 200-300 dpi) or a PDF with a text layer reads faster.`,
        },
        { pageCount },
      );
    return noText(
      format,
      { code: 'scanned_or_empty_text', message: `Image could not be OCR'd: ${ocr.message}.` },
      { pageCount },
    );
  }
  const text = normaliseText(ocr.text);
  // Tesseract "reads" noise in photos; very low confidence with little text is no text.
  if (visibleChars(text) < 3 || (ocr.confidence < 0.3 && visibleChars(text) < 40)) {
    return noText(
      format,
      { code: 'scanned_or_empty_text', message: 'OCR found no readable text in the image.' },
      { pageCount },
    );
  }
  const result = textResult(format, 'ocr_text', text, opts.maxChars, {
    pageCount,
    pages: [{ page: 1, text }],
    ocr: {
      engine: 'tesseract.js',
      languages: [...OCR_LANGUAGES],
      confidence: Math.round(ocr.confidence * 100) / 100,
      pages: 1,
    },
  });
  return result;
}
