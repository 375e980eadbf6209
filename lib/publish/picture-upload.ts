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

export async function storePicture(workspaceId: string, input: Uint8Array) {
  const pic = await processPicture(input);
  await getBlobStore().put(pictureBlobKey(workspaceId, pic.sha256), pic.bytes, pic.contentType);
  return pic;
}
