import crypto from 'node:crypto';
import sharp, { type Sharp } from 'sharp';
import { AppError } from '@/lib/errors';
import { getBlobStore } from '@/lib/storage';

/**
 * Product pictures uploaded by a person. The bytes are recognised by their signature (never by the
 * name or the declared type; never SVG, which can carry script), decoded by sharp under a pixel
 * limit so a small file that expands to gigapixels is refused before it is decoded, turned upright
 * from its EXIF orientation, shrunk to fit the public page and re-encoded as WebP: the re-encoding
 * drops EXIF (GPS position, camera serial), ICC and XMP metadata.
 */

export const MAX_PICTURE_UPLOAD_BYTES = 15 * 1024 * 1024;
/** 50 megapixels: a 8000 × 6000 camera picture passes, a decompression bomb does not. */
export const MAX_PICTURE_PIXELS = 50_000_000;
export const PICTURE_MAX_EDGE = 1600;
/** The variant dossier.pdf embeds: a JPEG (pdf-lib draws JPEG and PNG, not WebP) of at most 800 px. */
export const PDF_PICTURE_MAX_EDGE = 800;

const SIGNATURES: { type: string; test: (b: Uint8Array) => boolean }[] = [
  { type: 'image/png', test: (b) => [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a].every((v, i) => b[i] === v) },
  { type: 'image/jpeg', test: (b) => b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff },
  { type: 'image/gif', test: (b) => String.fromCharCode(...b.subarray(0, 4)) === 'GIF8' },
  {
    type: 'image/webp',
    test: (b) =>
      String.fromCharCode(...b.subarray(0, 4)) === 'RIFF' && String.fromCharCode(...b.subarray(8, 12)) === 'WEBP',
  },
];

/** The raster type the bytes begin as (never SVG: it can carry script), uploaded or fetched for a page. */
export const pictureTypeOf = (bytes: Uint8Array) => SIGNATURES.find((s) => s.test(bytes))?.type ?? null;

export interface ProcessedPicture {
  bytes: Uint8Array;
  contentType: 'image/webp';
  width: number;
  height: number;
  sha256: string;
}

export async function processPicture(input: Uint8Array): Promise<ProcessedPicture> {
  if (input.byteLength > MAX_PICTURE_UPLOAD_BYTES)
    throw new AppError('FILE_TOO_LARGE', `The picture is larger than ${MAX_PICTURE_UPLOAD_BYTES / 1024 / 1024} MB.`, {
      details: { max_bytes: MAX_PICTURE_UPLOAD_BYTES },
    });
  const type = pictureTypeOf(input);
  if (!type)
    throw new AppError('UNSUPPORTED_MEDIA_TYPE', 'Upload a PNG, JPEG, WebP or GIF picture.', {
      details: { accepted: SIGNATURES.map((s) => s.type) },
    });
  const opts = { limitInputPixels: MAX_PICTURE_PIXELS, failOn: 'error' as const, animated: false };
  let meta: Awaited<ReturnType<Sharp['metadata']>>;
  try {
    // The header alone (no decoding), read without the limit so a bomb is named as such.
    meta = await sharp(input, { ...opts, limitInputPixels: false }).metadata();
  } catch {
    throw unreadable('The picture is damaged and cannot be read.', 'damaged');
  }
  const pixels = (meta.width ?? 0) * (meta.height ?? 0);
  if (!pixels) throw unreadable('The picture has no size.', 'no_dimensions');
  if (pixels > MAX_PICTURE_PIXELS)
    throw unreadable(
      `The picture has ${meta.width} × ${meta.height} pixels; at most ${MAX_PICTURE_PIXELS / 1_000_000} megapixels are accepted.`,
      'too_many_pixels',
    );
  let out: { data: Buffer; info: { width: number; height: number } };
  try {
    out = await sharp(input, opts)
      .rotate()
      .resize({ width: PICTURE_MAX_EDGE, height: PICTURE_MAX_EDGE, fit: 'inside', withoutEnlargement: true })
      .webp({ quality: 82 })
      .toBuffer({ resolveWithObject: true });
  } catch {
    throw unreadable('The picture is damaged and cannot be read.', 'damaged');
  }
  const bytes = new Uint8Array(out.data);
  return {
    bytes,
    contentType: 'image/webp',
    width: out.info.width,
    height: out.info.height,
    sha256: crypto.createHash('sha256').update(bytes).digest('hex'),
  };
}

const unreadable = (message: string, reason: string) =>
  new AppError('UNREADABLE_FILE', message, { details: { reason } });

/** Uploaded pictures live beside the workspace's documents, addressed by the hash of the stored bytes. */
export const pictureBlobKey = (workspaceId: string, sha256: string) => `${workspaceId}/pictures/${sha256}`;

/**
 * The path an uploaded picture is served at (public: the URL carries the workspace and a 256-bit hash
 * of the picture, so it is not guessable; marketplaces fetch it from exports before the product page exists).
 */
export const picturePath = (workspaceId: string, sha256: string) => `/pictures/${workspaceId}/${sha256}.webp`;

const PICTURE_PATH = /^\/pictures\/([0-9a-f-]{36})\/([0-9a-f]{64})\.webp$/;

/** The workspace and hash of an uploaded picture's URL (any host), or null for a picture elsewhere. */
export function uploadedPictureOf(url: string): { workspaceId: string; sha256: string } | null {
  let path: string;
  try {
    path = new URL(url).pathname;
  } catch {
    return null;
  }
  const m = PICTURE_PATH.exec(path);
  return m ? { workspaceId: m[1], sha256: m[2] } : null;
}

/** The PDF variant of an uploaded picture, beside it under the page variant's hash. */
export const pdfPictureBlobKey = (workspaceId: string, sha256: string) => `${workspaceId}/pictures/${sha256}.pdf.jpg`;

/**
 * The page variant (already upright and without metadata) made into the PDF's: at most 800 px, on
 * white where it was transparent (JPEG has no alpha), no metadata.
 */
export async function pdfVariantOf(pageVariant: Uint8Array): Promise<Uint8Array> {
  const out = await sharp(pageVariant, { limitInputPixels: MAX_PICTURE_PIXELS, failOn: 'error' })
    .resize({ width: PDF_PICTURE_MAX_EDGE, height: PDF_PICTURE_MAX_EDGE, fit: 'inside', withoutEnlargement: true })
    .flatten({ background: '#ffffff' })
    .jpeg({ quality: 80 })
    .toBuffer();
  return new Uint8Array(out);
}

export async function storePicture(workspaceId: string, input: Uint8Array) {
  const pic = await processPicture(input);
  const store = getBlobStore();
  await store.put(pictureBlobKey(workspaceId, pic.sha256), pic.bytes, pic.contentType);
  await store.put(pdfPictureBlobKey(workspaceId, pic.sha256), await pdfVariantOf(pic.bytes), 'image/jpeg');
  return pic;
}

/**
 * The JPEG dossier.pdf shows for a product_image_url, when it names an uploaded picture (public like
 * its URL); null for a picture elsewhere (rendering fetches nothing from the network) or one no longer
 * stored. A picture uploaded before PDF variants existed gets its variant made now and kept.
 */
export async function loadPdfPicture(url: string | null | undefined): Promise<Uint8Array | null> {
  const uploaded = url ? uploadedPictureOf(url) : null;
  if (!uploaded) return null;
  const { workspaceId } = uploaded;
  const store = getBlobStore();
  const key = pdfPictureBlobKey(workspaceId, uploaded.sha256);
  try {
    if (await store.exists(key)) return await store.getBytes(key);
    const page = pictureBlobKey(workspaceId, uploaded.sha256);
    if (!(await store.exists(page))) return null;
    const jpeg = await pdfVariantOf(await store.getBytes(page));
    await store.put(key, jpeg, 'image/jpeg');
    return jpeg;
  } catch {
    // A damaged or unreadable picture leaves the PDF without it rather than without the PDF.
    return null;
  }
}
