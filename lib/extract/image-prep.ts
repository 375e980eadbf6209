import { toPgm } from './pgm';

/**
 * An image made ready for OCR: decoded once, scaled down to a pixel budget and handed over as a grayscale
 * PGM, as the PDF path does with its rendered pages. A phone photo or a 600 dpi scan (20-35 megapixels)
 * costs tesseract several times the work of the same page at ~200 dpi and reads no better, so the page
 * is scaled to at most OCR_PIXEL_BUDGET pixels and OCR_MAX_SIDE on its long side; a smaller image keeps
 * its size. Decoding uses the canvas pdfjs brings (@napi-rs/canvas: PNG, JPEG, GIF, WebP, BMP); a format
 * it cannot decode (TIFF, PNM) goes to tesseract as it is.
 */

/** An A4 page at ~210 dpi. */
export const OCR_PIXEL_BUDGET = 4_500_000;
export const OCR_MAX_SIDE = 3000;

export interface PreparedImage {
  image: Buffer;
  width: number;
  height: number;
  /** Scale applied to the original (1 = unchanged). */
  scale: number;
}

type Canvas = {
  createCanvas(
    w: number,
    h: number,
  ): {
    getContext(k: '2d'): {
      fillStyle: string;
      imageSmoothingQuality?: string;
      fillRect(x: number, y: number, w: number, h: number): void;
      drawImage(img: unknown, x: number, y: number, w: number, h: number): void;
      getImageData(x: number, y: number, w: number, h: number): { data: Uint8ClampedArray };
    };
  };
  loadImage(src: Buffer): Promise<{ width: number; height: number }>;
};

let canvasModule: Promise<Canvas | null> | null = null;
const loadCanvas = () =>
  (canvasModule ??= import('@napi-rs/canvas' as string).then(
    (m: unknown) => ((m as { default?: Canvas }).default ?? m) as Canvas,
    () => null,
  ));

export function ocrScale(width: number, height: number): number {
  return Math.min(1, OCR_MAX_SIDE / Math.max(width, height), Math.sqrt(OCR_PIXEL_BUDGET / (width * height)));
}

/** The image as a PGM at OCR size, or null when it cannot be decoded here (the caller passes the bytes on). */
export async function prepareForOcr(bytes: Uint8Array): Promise<PreparedImage | null> {
  const canvas = await loadCanvas();
  if (!canvas) return null;
  let img: { width: number; height: number };
  try {
    img = await canvas.loadImage(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength));
  } catch {
    return null;
  }
  if (!img.width || !img.height) return null;
  const scale = ocrScale(img.width, img.height);
  const width = Math.max(1, Math.round(img.width * scale));
  const height = Math.max(1, Math.round(img.height * scale));
  const c = canvas.createCanvas(width, height);
  const ctx = c.getContext('2d');
  // Transparent pixels are paper: white under the image.
  ctx.fillStyle = '#ffffff';
  ctx.fillRect(0, 0, width, height);
  ctx.imageSmoothingQuality = 'high';
  ctx.drawImage(img, 0, 0, width, height);
  return { image: toPgm(ctx.getImageData(0, 0, width, height).data, width, height), width, height, scale };
}
