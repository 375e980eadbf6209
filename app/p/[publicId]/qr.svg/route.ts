import { z } from 'zod';
import { defineRoute, routeMethods } from '@/lib/http';
import { AppError } from '@/lib/errors';
import { publicFileResponse } from '@/lib/publish/public-page-csp';
import { findPublishedRevision } from '@/lib/publish/public-page';
import { qrSvg } from '@/lib/publish/qr';

// GET /p/{public_id}/qr.svg – the QR code of the page's URL (no credentials).
const get = defineRoute({
  method: 'GET',
  path: '/p/{public_id}/qr.svg',
  operationId: 'publicPageQrSvg',
  summary: 'QR code of a public safety page (SVG)',
  tags: ['Public'],
  stability: 'preview',
  auth: 'none',
  errors: [410],
  params: z.object({ publicId: z.string().max(40) }),
  responses: { 200: { description: 'SVG image.', contentType: 'image/svg+xml' } },
  handler: async ({ db, params }) => {
    const found = await findPublishedRevision(db, { rawPublicId: params.publicId });
    if (found.kind === 'gone') throw new AppError('GONE', 'This product page was withdrawn.');
    if (found.kind !== 'ok') throw new AppError('NOT_FOUND', 'No published page with this id.');
    const svg = await qrSvg(found.snapshot.public_url, { errorCorrectionLevel: 'M' });
    return publicFileResponse(svg, 'image/svg+xml; charset=utf-8', {
      maxAge: 86400,
      disposition: `inline; filename="qr-${found.publicId}.svg"`,
    });
  },
});

export const { GET, POST, PUT, PATCH, DELETE } = routeMethods(get);
