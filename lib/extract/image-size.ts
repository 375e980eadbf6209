import type { FileFormat } from './types';

/**
 * Width and height of an image from its header, without decoding it. OCR decodes the whole bitmap
 * (4 bytes a pixel and more in the engine), so a 30,000 × 30,000 px PNG of a few hundred kilobytes would
 * need gigabytes: the pixel count is checked before the engine sees the file.
 */

/** Largest image OCR'd: an A4 page at 600 dpi is 35 megapixels. */
export const MAX_OCR_PIXELS = 40_000_000;

export function imageSize(format: FileFormat, b: Uint8Array): { width: number; height: number } | null {
  const view = new DataView(b.buffer, b.byteOffset, b.byteLength);
  const have = (n: number) => b.length >= n;
  switch (format) {
    case 'image_png':
      return have(24) ? { width: view.getUint32(16), height: view.getUint32(20) } : null;
    case 'image_gif':
      return have(10) ? { width: view.getUint16(6, true), height: view.getUint16(8, true) } : null;
    case 'image_bmp':
      return have(26) ? { width: Math.abs(view.getInt32(18, true)), height: Math.abs(view.getInt32(22, true)) } : null;
    case 'image_jpeg':
      return jpegSize(b, view);
    case 'image_webp':
      return webpSize(b, view);
    case 'image_tiff':
      return tiffSize(b, view);
    default:
      return null;
  }
}

/** The frame header (SOF0..SOF15 but DHT, JPG, DAC) carries the size; markers are walked by their lengths. */
function jpegSize(b: Uint8Array, view: DataView) {
  let i = 2;
  while (i + 9 < b.length) {
    if (b[i] !== 0xff) return null;
    const marker = b[i + 1];
    if (marker === 0xff) {
      i++;
      continue;
    }
    if (marker === 0xd8 || (marker >= 0xd0 && marker <= 0xd7) || marker === 0x01) {
      i += 2;
      continue;
    }
    if (marker >= 0xc0 && marker <= 0xcf && ![0xc4, 0xc8, 0xcc].includes(marker)) {
      return { height: view.getUint16(i + 5), width: view.getUint16(i + 7) };
    }
    i += 2 + view.getUint16(i + 2);
  }
  return null;
}

function webpSize(b: Uint8Array, view: DataView) {
  if (b.length < 30) return null;
  const chunk = Buffer.from(b.subarray(12, 16)).toString('latin1');
  if (chunk === 'VP8X')
    return { width: 1 + (view.getUint32(24, true) & 0xffffff), height: 1 + (view.getUint32(27, true) & 0xffffff) };
  if (chunk === 'VP8L') {
    const bits = view.getUint32(21, true);
    return { width: 1 + (bits & 0x3fff), height: 1 + ((bits >> 14) & 0x3fff) };
  }
  if (chunk === 'VP8 ') return { width: view.getUint16(26, true) & 0x3fff, height: view.getUint16(28, true) & 0x3fff };
  return null;
}

/** ImageWidth (256) and ImageLength (257) of the first IFD, SHORT or LONG. */
function tiffSize(b: Uint8Array, view: DataView) {
  if (b.length < 8) return null;
  const le = b[0] === 0x49;
  const ifd = view.getUint32(4, le);
  if (ifd + 2 > b.length) return null;
  const n = view.getUint16(ifd, le);
  let width = 0;
  let height = 0;
  for (let k = 0; k < n && ifd + 2 + k * 12 + 12 <= b.length; k++) {
    const at = ifd + 2 + k * 12;
    const tag = view.getUint16(at, le);
    const value = view.getUint16(at + 2, le) === 3 ? view.getUint16(at + 8, le) : view.getUint32(at + 8, le);
    if (tag === 256) width = value;
    if (tag === 257) height = value;
  }
  return width && height ? { width, height } : null;
}
