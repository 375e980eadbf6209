import { z } from 'zod';
import { defineRoute, routeMethods } from '@/lib/http';
import { publicAppUrl } from '@/lib/config/public-url';
import { bearerOf } from '@/lib/passports/access';
import { servePublicPassport } from '@/lib/passports/public';
import { PassportDocumentBody, PublicPassportQuery } from '@/lib/passports/schemas';

// GET /p/{public_id}/passport/{version} – one passport version, immutable (JSON-LD; HTML for a browser).
const get = defineRoute({
  method: 'GET',
  path: '/p/{public_id}/passport/{version}',
  operationId: 'publicPassportVersion',
  summary: 'A product passport version',
  description:
    'One passport version, as compiled when its revision was published; it never changes (its sha256 is in x-content-sha256). format and tier as for /p/{public_id}/passport.',
  tags: ['Public'],
  stability: 'preview',
  auth: 'none',
  errors: [401, 403, 410],
  params: z.object({ publicId: z.string().max(40), version: z.coerce.number().int().min(1).max(1_000_000) }),
  query: PublicPassportQuery,
  responses: {
    200: {
      description: 'The passport document.',
      schema: PassportDocumentBody,
      contentType: 'application/ld+json',
      otherContentTypes: ['application/json', 'text/html'],
    },
  },
  handler: async ({ db, params, query, req, url }) =>
    servePublicPassport(db, {
      publicId: params.publicId,
      version: params.version,
      format: query.format,
      tier: query.tier,
      token: bearerOf(req, url),
      accept: req.headers.get('accept'),
      origin: publicAppUrl(req),
    }),
});

export const { GET, POST, PUT, PATCH, DELETE } = routeMethods(get);
