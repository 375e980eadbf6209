import { z } from 'zod';
import { defineRoute, routeMethods } from '@/lib/http';
import { AppError } from '@/lib/errors';
import { pictureBlobKey } from '@/lib/publish/picture-upload';
import { publicFileResponse } from '@/lib/publish/public-page-csp';
import { getBlobStore } from '@/lib/storage';

// GET /pictures/{workspace_id}/{sha256}.webp – an uploaded product picture (no credentials: exports link to it).
const get = defineRoute({
  method: 'GET',
  path: '/pictures/{workspace_id}/{file}',
  operationId: 'uploadedPicture',
  summary: 'An uploaded product picture',
  description:
    'The URL is the workspace id and the SHA-256 of the stored WebP, so it cannot be guessed and never changes meaning: cached for a year.',
  tags: ['Public'],
  stability: 'preview',
  auth: 'none',
  params: z.object({ workspaceId: z.uuid(), file: z.string().regex(/^[0-9a-f]{64}\.webp$/) }),
  responses: { 200: { description: 'The picture.', contentType: 'image/webp' } },
  handler: async ({ params }) => {
    const key = pictureBlobKey(params.workspaceId, params.file.slice(0, 64));
    const store = getBlobStore();
    if (!(await store.exists(key))) throw new AppError('NOT_FOUND', 'No such picture.');
    return publicFileResponse(await store.getStream(key), 'image/webp', { maxAge: 31_536_000 });
  },
});

export const { GET, POST, PUT, PATCH, DELETE } = routeMethods(get);
