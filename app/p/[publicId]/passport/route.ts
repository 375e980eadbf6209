import { z } from 'zod';
import { defineRoute, routeMethods } from '@/lib/http';
import { publicAppUrl } from '@/lib/config/public-url';
import { bearerOf } from '@/lib/passports/access';
import { servePublicPassport } from '@/lib/passports/public';
import { PassportDocumentBody, PublicPassportQuery } from '@/lib/passports/schemas';

// GET /p/{public_id}/passport – the latest passport version (JSON-LD; HTML for a browser).
const get = defineRoute({
  method: 'GET',
  path: '/p/{public_id}/passport',
  operationId: 'publicPassportLatest',
  summary: 'Latest product passport',
  description:
    'The latest passport version of a published product: UNTP DPP 0.7.0 JSON-LD by default, format=battery_pass for the Battery Pass data model. The public tier is open; tier=legitimate_interest or tier=authority needs Authorization: Bearer with an API key of the workspace holding a passport scope, or an access grant token (also as access_token=). A browser asking for text/html gets a readable page.',
  tags: ['Public'],
  stability: 'preview',
  auth: 'none',
  errors: [401, 403, 410],
  params: z.object({ publicId: z.string().max(40) }),
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
      version: null,
      format: query.format,
      tier: query.tier,
      token: bearerOf(req, url),
      accept: req.headers.get('accept'),
      origin: publicAppUrl(req),
    }),
});

export const { GET, POST, PUT, PATCH, DELETE } = routeMethods(get);
