import { z } from 'zod';
import { defineRoute, routeMethods, Uuid } from '@/lib/http';
import { AppError } from '@/lib/errors';
import { publicFileResponse } from '@/lib/publish/public-page-csp';
import { attachmentDisposition, findPublicDocument, findPublishedRevision } from '@/lib/publish/public-page';
import { getBlobStore } from '@/lib/storage';

// Types served with their own content type; anything else is a plain download (never rendered by us).
const SAFE_TYPES = new Set(['application/pdf', 'image/png', 'image/jpeg', 'image/webp', 'text/plain']);

// GET /p/{public_id}/documents/{document_id} – a document the shown revision published (no credentials).
const get = defineRoute({
  method: 'GET',
  path: '/p/{public_id}/documents/{document_id}',
  operationId: 'publicPageDocument',
  summary: 'Download a public document of a safety page',
  tags: ['Public'],
  stability: 'preview',
  auth: 'none',
  errors: [410],
  params: z.object({ publicId: z.string().max(40), documentId: Uuid }),
  responses: { 200: { description: 'The file, as an attachment.', contentType: 'application/octet-stream' } },
  handler: async ({ db, params }) => {
    const found = await findPublishedRevision(db, { rawPublicId: params.publicId });
    if (found.kind === 'gone') throw new AppError('GONE', 'This product page was withdrawn.');
    if (found.kind !== 'ok') throw new AppError('NOT_FOUND', 'No published page with this id.');
    const doc = await findPublicDocument(db, { found, documentId: params.documentId });
    if (!doc) throw new AppError('NOT_FOUND', 'This page publishes no such document.');
    const store = getBlobStore();
    if (!(await store.exists(doc.storageKey))) throw new AppError('GONE', 'The document is no longer stored.');
    const type = SAFE_TYPES.has(doc.entry.mime_type) ? doc.entry.mime_type : 'application/octet-stream';
    return publicFileResponse(await store.getStream(doc.storageKey), type, {
      maxAge: 3600,
      length: doc.entry.size_bytes,
      disposition: attachmentDisposition(doc.entry.name),
    });
  },
});

export const { GET, POST, PUT, PATCH, DELETE } = routeMethods(get);
