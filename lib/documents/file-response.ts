import type { Db } from '@/lib/db/client';
import { AppError } from '@/lib/errors';
import { getBlobStore } from '@/lib/storage';
import type { DocumentRow } from './serialize';
import { getDocumentRow } from './service';

/**
 * Headers for serving a stored document. Only formats a browser renders without running anything are
 * inline (the vault previews them in an iframe or img); HTML, SVG, XML and the rest download. The
 * sandbox CSP and nosniff hold even if a file lies about its type.
 */
const INLINE_TYPES = new Set(['application/pdf', 'image/png', 'image/jpeg', 'image/gif', 'image/webp']);

/** RFC 6266 / 5987: an ASCII fallback and the UTF-8 name. */
export function contentDisposition(kind: 'inline' | 'attachment', filename: string) {
  const ascii = filename.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_') || 'document';
  return `${kind}; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(filename)}`;
}

export function documentFileHeaders(row: Pick<DocumentRow, 'mimeType' | 'filename' | 'sizeBytes' | 'sha256'>): Headers {
  const inline = INLINE_TYPES.has(row.mimeType);
  return new Headers({
    'content-type': row.mimeType,
    'content-length': String(row.sizeBytes),
    'content-disposition': contentDisposition(inline ? 'inline' : 'attachment', row.filename),
    'x-content-type-options': 'nosniff',
    'content-security-policy': 'sandbox',
    'cache-control': 'private, no-store',
    etag: `"${row.sha256}"`,
  });
}

/** The stored bytes, with what the file route needs to answer safely. */
export async function openDocumentFile(db: Db, { workspaceId, id }: { workspaceId: string; id: string }) {
  const row = await getDocumentRow(db, { workspaceId, id });
  let stream: ReadableStream<Uint8Array>;
  try {
    stream = await getBlobStore().getStream(row.storageKey);
  } catch {
    throw new AppError('NOT_FOUND', 'The stored file of this document is missing.');
  }
  return { row, stream };
}
