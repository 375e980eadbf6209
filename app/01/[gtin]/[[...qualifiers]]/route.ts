import { z } from 'zod';
import { publicAppUrl } from '@/lib/config/public-url';
import { defineRoute, routeMethods } from '@/lib/http';
import { LinksetDocument } from '@/lib/resolver/linkset';
import { answerDigitalLink } from '@/lib/resolver/respond';
import { DigitalLinkQuery } from '@/lib/resolver/schemas';

// GET /01/{gtin}[/22/{cpv}][/10/{lot}][/21/{serial}] – the GS1-Conformant resolver (lib/resolver/respond).
const get = defineRoute({
  method: 'GET',
  path: '/01/{gtin}',
  operationId: 'gs1DigitalLink',
  summary: 'GS1 Digital Link resolver',
  description:
    'GS1-Conformant resolver for GTINs (8, 12, 13 or 14 digits, normalised to GTIN-14; key qualifiers /22/{variant}, /10/{batch}, /21/{serial} in that order may follow). ' +
    "Without a link type: 307 to the safety page in the visitor's language (Accept-Language, or ?lang=). `?linkType=gs1:pip|safetyInfo|instructions|certificationInfo|sustainabilityInfo|recallStatus`: 307 to that link (the default link when the product has none). " +
    '`?linkType=all` or `Accept: application/linkset+json`: the RFC 9264 linkset. A GTIN resolves to the one workspace that owns it (a verified claim, else its only publisher); see /docs/gs1-resolver.',
  tags: ['Public'],
  stability: 'preview',
  auth: 'none',
  // Segments are parsed by the resolver itself, so a malformed link is a 400 that names the problem.
  params: z.object({ gtin: z.string().max(100), qualifiers: z.array(z.string().max(200)).max(20).optional() }),
  query: DigitalLinkQuery,
  responses: {
    200: {
      description: 'The RFC 9264 linkset (application/linkset+json).',
      contentType: 'application/linkset+json',
      schema: LinksetDocument,
    },
    300: {
      description: 'Several workspaces published this GTIN and none owns it verifiably: a choice (HTML).',
      contentType: 'text/html',
    },
    307: { description: 'Redirect to the requested (or default) link.' },
    400: {
      description:
        'A malformed Digital Link (wrong check digit, qualifiers out of order, …): a page saying why for browsers, else the error envelope GS1_DIGITAL_LINK_INVALID with details.reason.',
      contentType: 'text/html',
      otherContentTypes: ['application/json'],
    },
    404: {
      description: 'No published page for this GTIN: an HTML page, or the error envelope for a linkset request.',
      contentType: 'text/html',
      otherContentTypes: ['application/json'],
    },
  },
  errors: [409],
  handler: async ({ db, params, req }) =>
    answerDigitalLink(db, {
      req,
      args: { gtin: params.gtin, qualifiers: params.qualifiers ?? [], origin: publicAppUrl(req) },
    }),
});

export const { GET, POST, PUT, PATCH, DELETE } = routeMethods(get);
