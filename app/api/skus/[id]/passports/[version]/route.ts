import { defineRoute, routeMethods } from '@/lib/http';
import { tierOfCaller, assertTier } from '@/lib/passports/access';
import { passportResponse } from '@/lib/passports/render';
import { PassportDocumentBody, PassportDocumentQuery, PassportVersionParams } from '@/lib/passports/schemas';
import { getPassportRow, passportDocument } from '@/lib/passports/service';
import { getSkuRow } from '@/lib/skus/service';

// GET /api/skus/{id}/passports/{version} – one version's document in a format and tier.
const get = defineRoute({
  method: 'GET',
  path: '/api/skus/{id}/passports/{version}',
  operationId: 'getSkuPassport',
  summary: 'Get a passport document',
  description:
    'The document of one passport version in a format (untp_dpp, battery_pass) and access tier (public, legitimate_interest, authority), as the canonical JSON its sha256 (header x-content-sha256) was computed over. A session reads every tier; an API key reads the public tier with skus:read, legitimate_interest with passports:read, authority with passports-authority:read.',
  tags: ['Passports'],
  stability: 'preview',
  auth: 'either',
  scope: ['skus:read', 'passports:read', 'passports-authority:read'],
  params: PassportVersionParams,
  query: PassportDocumentQuery,
  responses: {
    200: {
      description: 'The passport document (JSON-LD for UNTP, JSON for the Battery Pass).',
      schema: PassportDocumentBody,
      contentType: 'application/ld+json',
      otherContentTypes: ['application/json'],
    },
  },
  handler: async ({ db, auth, params, query }) => {
    await getSkuRow(db, { workspaceId: auth.workspace.id, id: params.id });
    assertTier(tierOfCaller(auth), query.tier, "this API key's scopes");
    const row = await getPassportRow(db, { workspaceId: auth.workspace.id, skuId: params.id, version: params.version });
    return passportResponse(passportDocument(row, query.format, query.tier), row, { cache: false });
  },
});

export const { GET, POST, PUT, PATCH, DELETE } = routeMethods(get);
