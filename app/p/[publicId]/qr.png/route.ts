import { z } from 'zod';
import { defineRoute, routeMethods } from '@/lib/http';
import { AppError } from '@/lib/errors';
import { publicFileResponse } from '@/lib/publish/public-page-csp';
import { findPublishedRevision } from '@/lib/publish/public-page';
import { qrPng } from '@/lib/publish/qr';
import { PublicQrQuery } from '@/lib/publish/schemas';

// GET /p/{public_id}/qr.png?size=512 – the QR code of the page's URL as PNG (for print; no credentials).
const get = defineRoute({
  method: 'GET',
  path: '/p/{public_id}/qr.png',
  operationId: 'publicPageQrPng',
  summary: 'QR code of a public safety page (PNG)',
  tags: ['Public'],
  stability: 'preview',
  auth: 'none',
  errors: [410],
  params: z.object({ publicId: z.string().max(40) }),
  query: PublicQrQuery,
  responses: { 200: { description: 'PNG image.', contentType: 'image/png' } },
  handler: async ({ db, params, query }) => {
    const found = await findPublishedRevision(db, { rawPublicId: params.publicId });
    if (found.kind === 'gone') throw new AppError('GONE', 'This product page was withdrawn.');
    if (found.kind !== 'ok') throw new AppError('NOT_FOUND', 'No published page with this id.');
    const png = await qrPng(found.snapshot.public_url, { size: query.size, errorCorrectionLevel: 'Q' });
    return publicFileResponse(new Uint8Array(png), 'image/png', {
      maxAge: 86400,
      length: png.length,
      disposition: `inline; filename="qr-${found.publicId}.png"`,
    });
  },
});

export const { GET, POST, PUT, PATCH, DELETE } = routeMethods(get);
