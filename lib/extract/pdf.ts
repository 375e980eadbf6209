import '@/lib/polyfills';
import path from 'node:path';
import { createRequire } from 'node:module';
import type { ExtractionResult, PageText } from './types';
import { EXTRACT_LIMITS } from './types';
import { bound, errorMessage, failure, noText, normaliseText, visibleChars } from './normalise';
import { cpuBudget, withinBudget, type Budget } from './budget';
import { MIME_BY_FORMAT } from './sniff';
import { ocrImage, OCR_LANGUAGES } from './ocr';
import { toPgm } from './pgm';
import { checkPdfStreams, PDF_STREAM_LIMITS } from './pdf-streams';

/**
 * PDF text with pdfjs-dist (legacy build, which runs in Node): the first pages' text layers, page by
 * page. Encrypted PDFs are reported as such. A PDF whose pages carry (almost) no text is a scan or an
 * image export: its first pages are rendered with the canvas pdfjs brings (@napi-rs/canvas) and OCR'd.
 */

type PdfjsModule = typeof import('pdfjs-dist/legacy/build/pdf.mjs');
let pdfjsPromise: Promise<PdfjsModule> | null = null;
export const loadPdfjs = () => (pdfjsPromise ??= import('pdfjs-dist/legacy/build/pdf.mjs'));

function assetDir(sub: string): string | undefined {
  try {
    const pkg = createRequire(import.meta.url).resolve('pdfjs-dist/package.json');
    return path.join(path.dirname(pkg), sub) + path.sep;
  } catch {
    return path.join(process.cwd(), 'node_modules', 'pdfjs-dist', sub) + path.sep;
  }
}

interface TextItemLike {
  str: string;
  hasEOL?: boolean;
  transform: number[];
  width: number;
  height: number;
}

/** Joins text runs into lines: a new line when the baseline moves, a space when there is a gap. */
function itemsToText(items: unknown[]): string {
  let out = '';
  let prev: TextItemLike | null = null;
  for (const raw of items) {
    const item = raw as TextItemLike;
    if (typeof item.str !== 'string') continue;
    if (prev) {
      const sameLine = Math.abs(item.transform[5] - prev.transform[5]) < Math.max(2, Math.abs(prev.transform[3]) * 0.5);
      if (prev.hasEOL) {
        // already broke the line
      } else if (!sameLine) out += '\n';
      else {
        const gap = item.transform[4] - (prev.transform[4] + prev.width);
        if (
          gap > Math.abs(prev.transform[0] || prev.height || 10) * 0.15 &&
          !out.endsWith(' ') &&
          !item.str.startsWith(' ')
        )
          out += ' ';
      }
    }
    out += item.str;
    if (item.hasEOL) out += '\n';
    prev = item;
  }
  return out;
}

export interface PdfOptions {
  maxPages: number;
  maxChars: number;
  ocr: boolean;
  ocrTimeoutMs: number;
  timeoutMs: number;
}

export async function extractPdf(bytes: Uint8Array, options: PdfOptions): Promise<ExtractionResult> {
  const streams = checkPdfStreams(bytes);
  if (!streams.ok) return failure('pdf', { code: 'parse_failed', message: streams.message });
  const opts = { ...options, oversizedImage: streams.oversizedImage };
  const pdfjs = await loadPdfjs();
  // pdfjs transfers (detaches) the buffer it is given: hand it a copy, the caller keeps its bytes.
  const task = pdfjs.getDocument({
    data: new Uint8Array(bytes),
    verbosity: 0,
    disableFontFace: true,
    useSystemFonts: false,
    isOffscreenCanvasSupported: false,
    stopAtErrors: false,
    standardFontDataUrl: assetDir('standard_fonts'),
    cMapUrl: assetDir('cmaps'),
    cMapPacked: true,
    wasmUrl: assetDir('wasm'),
    iccUrl: assetDir('iccs'),
  } as Parameters<PdfjsModule['getDocument']>[0]);
  try {
    const work = readPdf(task, opts);
    // CPU time, not wall time (budget.ts): the text layer is read whole on a busy machine too.
    const result = await withinBudget(work, cpuBudget(opts.timeoutMs));
    if (result === 'timeout') {
      work.catch(() => undefined);
      return failure('pdf', { code: 'timeout', message: `PDF parsing exceeded ${opts.timeoutMs} ms.` });
    }
    // OCR of a scan has a budget of its own (ocrTimeoutMs), not the text layer's.
    return typeof result === 'function' ? await result() : result;
  } catch (err) {
    const name = (err as { name?: string })?.name;
    if (name === 'PasswordException') {
      return failure('pdf', {
        code: 'encrypted',
        message: 'The PDF is password-protected (encrypted with a user password); it cannot be opened without it.',
      });
    }
    if (name === 'InvalidPDFException')
      return failure('pdf', { code: 'parse_failed', message: `Invalid PDF: ${errorMessage(err)}` });
    return failure('pdf', { code: 'parse_failed', message: `PDF could not be read: ${errorMessage(err)}` });
  } finally {
    await task.destroy().catch(() => undefined);
  }
}

type LoadingTask = ReturnType<PdfjsModule['getDocument']>;
type PdfDocument = Awaited<LoadingTask['promise']>;

type ReadOptions = PdfOptions & { oversizedImage: boolean };

/** The text layer's result, or (for a scan) the OCR still to run. */
async function readPdf(
  task: LoadingTask,
  opts: ReadOptions,
): Promise<ExtractionResult | (() => Promise<ExtractionResult>)> {
  const doc = await task.promise;
  const pageCount = doc.numPages;
  const limit = Math.min(pageCount, opts.maxPages);
  const pages: PageText[] = [];
  let total = 0;
  for (let n = 1; n <= limit; n++) {
    const page = await doc.getPage(n);
    const content = await page.getTextContent();
    const text = normaliseText(itemsToText(content.items));
    pages.push({ page: n, text });
    page.cleanup();
    total += text.length;
    if (total > opts.maxChars) break;
  }
  const visible = pages.reduce((s, p) => s + visibleChars(p.text), 0);
  const truncatedPages = pages.length < pageCount;
  if (visible >= EXTRACT_LIMITS.minCharsPerTextPage * pages.length || visible >= 200) {
    const { text, truncated } = bound(pages.map((p) => p.text).join('\n\n'), opts.maxChars);
    return {
      status: 'ok',
      text,
      pages,
      snippetSource: 'pdf_first_page',
      mimeType: MIME_BY_FORMAT.pdf,
      format: 'pdf',
      truncated: truncated || truncatedPages,
      pageCount,
      warnings: [],
    };
  }
  // No text layer worth the name: a scan or an image-only export.
  const scanned = `No text layer on the first ${pages.length} page(s): the PDF is a scan or image-only.`;
  if (!opts.ocr) {
    if (visible > 0) {
      const { text, truncated } = bound(pages.map((p) => p.text).join('\n\n'), opts.maxChars);
      return {
        status: 'ok',
        text,
        pages,
        snippetSource: 'pdf_first_page',
        mimeType: MIME_BY_FORMAT.pdf,
        format: 'pdf',
        truncated: truncated || truncatedPages,
        pageCount,
        warnings: ['Little text on the pages; OCR was not requested.'],
      };
    }
    return noText(
      'pdf',
      { code: 'scanned_or_empty_text', message: `${scanned} OCR was not requested.` },
      { pageCount },
    );
  }
  return () => ocrPdf(doc, pageCount, opts, scanned, pages);
}

async function ocrPdf(
  doc: PdfDocument,
  pageCount: number,
  opts: ReadOptions,
  scanned: string,
  textLayer: PageText[],
): Promise<ExtractionResult> {
  const layerVisible = textLayer.reduce((s, p) => s + visibleChars(p.text), 0);
  // A scan with a short OCR layer of its own keeps the producer's text when our OCR finds no more.
  const layerResult = (warning: string): ExtractionResult => {
    const { text, truncated } = bound(textLayer.map((p) => p.text).join('\n\n'), opts.maxChars);
    return {
      status: 'ok',
      text,
      pages: textLayer,
      snippetSource: 'pdf_first_page',
      mimeType: MIME_BY_FORMAT.pdf,
      format: 'pdf',
      truncated: truncated || textLayer.length < pageCount,
      pageCount,
      warnings: [warning],
    };
  };
  const giveUp = (message: string): ExtractionResult =>
    layerVisible > 0
      ? layerResult(`Little text on the pages; ${message}`)
      : noText('pdf', { code: 'scanned_or_empty_text', message: `${scanned} ${message}` }, { pageCount });

  // Rendering decodes every image of the page in full: one over the limit is not rendered at all.
  if (opts.oversizedImage)
    return giveUp(
      `An image in the PDF is larger than ${PDF_STREAM_LIMITS.maxImagePixels / 1e6} megapixels; it is not rendered for OCR.`,
    );
  // One bound for the whole document, none per page: the pages read and their text never depend on
  // how busy the machine was (issue 34). Running out of it fails the reading whole (code timeout), so a
  // document is never stored with the part a slow run managed to read.
  const budget = cpuBudget(opts.ocrTimeoutMs);
  const outOfTime = (): ExtractionResult =>
    failure('pdf', {
      code: 'timeout',
      message: `${scanned} OCR did not finish within its time budget of ${Math.round(opts.ocrTimeoutMs / 1000)} s.`,
    });
  const ocrPages: PageText[] = [];
  let confidenceSum = 0;
  const count = Math.min(pageCount, EXTRACT_LIMITS.maxOcrPages, opts.maxPages);
  for (let n = 1; n <= count; n++) {
    if (budget.left() <= 0) return outOfTime();
    let png: Buffer;
    try {
      png = await renderPage(doc, n, budget);
    } catch (err) {
      if (err instanceof RenderTimeout) return outOfTime();
      if (ocrPages.length) break; // a page that cannot be rendered ends the reading; the pages before stand
      return giveUp(
        `Rendering the page for OCR is not possible here (${errorMessage(err)}); upload a PDF with a text layer.`,
      );
    }
    const ocr = await ocrImage(png, budget);
    if (!ocr.ok) {
      if (/time budget/.test(ocr.message)) return outOfTime();
      if (ocrPages.length) break;
      return giveUp(`${ocr.message}.`);
    }
    ocrPages.push({ page: n, text: normaliseText(ocr.text) });
    confidenceSum += ocr.confidence;
  }
  const visible = ocrPages.reduce((s, p) => s + visibleChars(p.text), 0);
  if (visible === 0 || layerVisible >= visible) return giveUp('OCR found no more text.');
  const { text, truncated } = bound(ocrPages.map((p) => p.text).join('\n\n'), opts.maxChars);
  return {
    status: 'ok',
    text,
    pages: ocrPages,
    snippetSource: 'ocr_text',
    mimeType: MIME_BY_FORMAT.pdf,
    format: 'pdf',
    truncated: truncated || ocrPages.length < pageCount,
    pageCount,
    ocr: {
      engine: 'tesseract.js',
      languages: [...OCR_LANGUAGES],
      confidence: round2(confidenceSum / ocrPages.length),
      pages: ocrPages.length,
    },
    warnings: [],
  };
}

const round2 = (x: number) => Math.round(x * 100) / 100;

/** A page's rendering ran past the document's OCR time budget. */
class RenderTimeout extends Error {}

/**
 * Renders one page for OCR at about 200 dpi (bounded to 3000 px on the long side) and hands tesseract a
 * grayscale PGM: tesseract binarises a gray image anyway, and a PGM is written in ~10 ms where PNG
 * compression of the same RGBA canvas took 150-350 ms per page (measured on the corpus scans).
 */
async function renderPage(doc: PdfDocument, n: number, budget: Budget): Promise<Buffer> {
  const page = await doc.getPage(n);
  try {
    const base = page.getViewport({ scale: 1 });
    const scale = Math.min(200 / 72, 3000 / Math.max(base.width, base.height));
    const viewport = page.getViewport({ scale });
    const factory = (
      doc as unknown as { canvasFactory?: { create(w: number, h: number): { canvas: unknown; context: unknown } } }
    ).canvasFactory;
    if (!factory) throw new Error('no canvas factory');
    const width = Math.ceil(viewport.width);
    const height = Math.ceil(viewport.height);
    const { canvas, context } = factory.create(width, height);
    const task = page.render({ canvasContext: context, canvas, viewport } as unknown as Parameters<
      typeof page.render
    >[0]);
    // A page that renders too slowly (huge vector art, many images) is cancelled, not waited for.
    const rendered = await withinBudget(task.promise, budget);
    if (rendered === 'timeout') {
      task.cancel();
      task.promise.catch(() => undefined);
      throw new RenderTimeout('rendering the page ran past the OCR time budget');
    }
    const getImageData = (
      context as { getImageData?: (x: number, y: number, w: number, h: number) => { data: Uint8ClampedArray } }
    ).getImageData;
    if (typeof getImageData !== 'function') throw new Error('canvas cannot read pixels');
    return toPgm(getImageData.call(context, 0, 0, width, height).data, width, height);
  } finally {
    page.cleanup();
  }
}
