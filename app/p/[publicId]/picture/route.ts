import { z } from 'zod';
import { defineRoute, routeMethods } from '@/lib/http';
import { AppError } from '@/lib/errors';
import { publicFileResponse } from '@/lib/publish/public-page-csp';
import { findPublishedRevision } from '@/lib/publish/public-page';
import { PublicPictureQuery } from '@/lib/publish/schemas';
import { getBlobStore } from '@/lib/storage';

// GET /p/{public_id}/picture – the product picture captured when the shown revision was published.
const get = defineRoute({
  method: 'GET',
  path: '/p/{public_id}/picture',
  operationId: 'publicPagePicture',
  summary: 'Product picture of a public safety page',
  tags: ['Public'],
  stability: 'preview',
  auth: 'none',
  errors: [410],
  params: z.object({ publicId: z.string().max(40) }),
  query: PublicPictureQuery,
  responses: { 200: { description: 'The image.', contentType: 'image/*' } },
  handler: async ({ db, params }) => {
    const found = await findPublishedRevision(db, { rawPublicId: params.publicId });
    if (found.kind === 'gone') throw new AppError('GONE', 'This product page was withdrawn.');
    const pic = found.kind === 'ok' ? found.snapshot.picture : null;
    if (!pic?.captured) throw new AppError('NOT_FOUND', 'This page has no picture.');
    const store = getBlobStore();
    if (!(await store.exists(pic.blob_key))) throw new AppError('NOT_FOUND', 'The picture is no longer stored.');
    // The URL carries the picture's hash, so a new picture gets a new URL and this one may be cached long.
    return publicFileResponse(await store.getStream(pic.blob_key), pic.content_type, {
      maxAge: 86400,
      length: pic.size_bytes,
    });
  },
});

export const { GET, POST, PUT, PATCH, DELETE } = routeMethods(get);
