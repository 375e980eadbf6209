import { z } from 'zod';
import { defineRoute, routeMethods } from '@/lib/http';
import { statusPage } from '@/lib/publish/public-page-csp';
import { resolveGtinToPublicId, resolverLanguageQuery, uiLocaleFor } from '@/lib/publish/public-page';

// GET /01/{gtin}[/10/{batch}|/21/{serial}...] – GS1 Digital Link: 308 to the safety page of the
// published SKU with that GTIN (8, 12, 13 or 14 digits, valid check digit; matched padded to 14).
const get = defineRoute({
  method: 'GET',
  path: '/01/{gtin}',
  operationId: 'gs1DigitalLink',
  summary: 'GS1 Digital Link resolver',
  tags: ['Public'],
  stability: 'preview',
  auth: 'none',
  params: z.object({ gtin: z.string().max(20), qualifiers: z.array(z.string().max(100)).max(6).optional() }),
  query: z.object({ lang: z.string().max(20).optional(), linkType: z.string().max(100).optional() }).loose(),
  responses: {
    308: { description: 'Redirect to /p/{public_id}.' },
    404: { description: 'No published page for this GTIN (an HTML page).', contentType: 'text/html' },
  },
  handler: async ({ db, params, query, req }) => {
    const publicId = await resolveGtinToPublicId(db, params.gtin);
    if (!publicId) return statusPage(404, uiLocaleFor(req.headers.get('accept-language'), query.lang));
    const lang = resolverLanguageQuery(query.lang);
    return new Response(null, {
      status: 308,
      headers: { location: `/p/${publicId}${lang}`, 'cache-control': 'public, max-age=300' },
    });
  },
});

export const { GET, POST, PUT, PATCH, DELETE } = routeMethods(get);
