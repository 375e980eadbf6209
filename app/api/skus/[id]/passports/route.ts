import { defineRoute, IdParams, json, routeMethods } from '@/lib/http';
import { publicAppUrl } from '@/lib/config/public-url';
import { PassportList } from '@/lib/passports/schemas';
import { listPassports } from '@/lib/passports/service';

// GET /api/skus/{id}/passports – the SKU's passport versions (newest first), their formats, tiers, hashes and blockers.
const list = defineRoute({
  method: 'GET',
  path: '/api/skus/{id}/passports',
  operationId: 'listSkuPassports',
  summary: 'List passport versions',
  description:
    'One passport version per published revision, compiled from the approved data only: UNTP DPP 0.7.0 for every product, the Battery Pass 1.2.0 data model for LMT, industrial and EV batteries. Each version has a document per format and access tier (Annex XIII of Regulation (EU) 2023/1542) at its own URL, with its sha256. blockers are the mandatory fields the passport lacks, with their Annex XIII point: they never block the SKU.',
  tags: ['Passports'],
  stability: 'preview',
  auth: 'either',
  scope: ['skus:read', 'passports:read', 'passports-authority:read'],
  params: IdParams,
  responses: { 200: { description: 'Passport versions, newest first.', schema: PassportList } },
  handler: async ({ db, auth, params, req }) =>
    json(await listPassports(db, { workspaceId: auth.workspace.id, skuId: params.id, baseUrl: publicAppUrl(req) })),
});

export const { GET, POST, PUT, PATCH, DELETE } = routeMethods(list);
