import { defineRoute, json, routeMethods } from '@/lib/http';
import { previewFromUrl } from '@/lib/imports/preview-from-url';
import { FromUrlInput, FromUrlResponse } from '@/lib/imports/schemas';

// POST /api/import/from-url – propose SKU fields from a public product page (nothing is stored).
const fromUrl = defineRoute({
  method: 'POST',
  path: '/api/import/from-url',
  operationId: 'previewImportFromUrl',
  summary: 'Preview a product import from a shop URL',
  description:
    'Fetches the page (http/https only; private, loopback, link-local and multicast addresses refused, also after redirects; 3 MB and 8 s limits; no cookies) ' +
    'and proposes SKU fields from schema.org JSON-LD, microdata and OpenGraph. Refused URLs are 400 URL_NOT_ALLOWED with details.reason.',
  tags: ['Imports'],
  stability: 'preview',
  auth: 'session',
  body: FromUrlInput,
  rateLimit: 'parse',
  errors: [413, 422],
  responses: { 200: { description: 'Proposed fields with their sources.', schema: FromUrlResponse } },
  handler: async ({ body }) => json(await previewFromUrl(body.url)),
});

export const { GET, POST, PUT, PATCH, DELETE } = routeMethods(fromUrl);
