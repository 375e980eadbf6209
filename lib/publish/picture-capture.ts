import crypto from 'node:crypto';
import { safeFetch } from '@/lib/net/safe-fetch';
import { getBlobStore } from '@/lib/storage';
import { pictureBlobKey, pictureTypeOf, uploadedPictureOf } from './picture-upload';
import type { SnapshotPicture } from './snapshot';

export const MAX_PICTURE_BYTES = 3 * 1024 * 1024;

/**
 * Copies the product picture into our own storage so the public page loads nothing from elsewhere
 * (its CSP allows images from 'self' only) and the revision keeps the picture it was published with.
 * Raster formats only, recognised by their bytes (never SVG: it can carry script). Never throws.
 * With `check`, the same fetch and checks run but nothing is stored: the dry run says beforehand
 * whether the page will have its picture.
 */
export async function capturePicture(
  sourceUrl: string,
  workspaceId: string,
  publicId: string,
  opts: { check?: boolean } = {},
): Promise<SnapshotPicture> {
  try {
    // A picture uploaded to this workspace is already ours, checked and re-encoded: no fetch.
    const uploaded = uploadedPictureOf(sourceUrl);
    if (uploaded?.workspaceId === workspaceId) {
      const blobKey = pictureBlobKey(workspaceId, uploaded.sha256);
      const store = getBlobStore();
      if (!(await store.exists(blobKey))) return { captured: false, source_url: sourceUrl, reason: 'upload_missing' };
      return {
        captured: true,
        source_url: sourceUrl,
        url: `/p/${publicId}/picture?sha=${uploaded.sha256.slice(0, 16)}`,
        content_type: 'image/webp',
        sha256: uploaded.sha256,
        size_bytes: (await store.getBytes(blobKey)).byteLength,
        blob_key: blobKey,
      };
    }
    const res = await safeFetch(sourceUrl, {
      maxBytes: MAX_PICTURE_BYTES,
      timeoutMs: 8000,
      headers: { accept: 'image/png,image/jpeg,image/webp,image/gif' },
    });
    if (!res.ok) return { captured: false, source_url: sourceUrl, reason: res.error.code };
    if (res.status !== 200) return { captured: false, source_url: sourceUrl, reason: `http_${res.status}` };
    const type = pictureTypeOf(res.body);
    if (!type) return { captured: false, source_url: sourceUrl, reason: 'not_a_raster_image' };
    const sha256 = crypto.createHash('sha256').update(res.body).digest('hex');
    const blobKey = `${workspaceId}/public/${sha256}`;
    if (!opts.check) await getBlobStore().put(blobKey, new Uint8Array(res.body), type);
    return {
      captured: true,
      source_url: sourceUrl,
      url: `/p/${publicId}/picture?sha=${sha256.slice(0, 16)}`,
      content_type: type,
      sha256,
      size_bytes: res.body.length,
      blob_key: blobKey,
    };
  } catch (e) {
    return {
      captured: false,
      source_url: sourceUrl,
      reason: e instanceof Error ? e.message.slice(0, 200) : 'capture_failed',
    };
  }
}
