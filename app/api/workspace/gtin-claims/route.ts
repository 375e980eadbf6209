import { defineRoute, json, routeMethods } from '@/lib/http';
import { CreateGtinClaimInput, GtinClaimListResponse, GtinClaimResponse } from '@/lib/gtin-claims/schemas';
import { createClaim, listClaims } from '@/lib/gtin-claims/service';

const CLAIMS_DOC =
  'A GTIN resolves (/01/{gtin}) to exactly one workspace. A workspace claims its GS1 company prefixes (GTIN-13 form, 4 to 12 digits) or single GTINs; staff verify claims. ' +
  'A verified claim decides ownership; a pending one stops other workspaces from publishing the GTIN for the first time. See /docs/gs1-resolver.';

// GET /api/workspace/gtin-claims – this workspace's GTIN and prefix claims.
const list = defineRoute({
  method: 'GET',
  path: '/api/workspace/gtin-claims',
  operationId: 'listGtinClaims',
  summary: 'List GTIN ownership claims',
  description: CLAIMS_DOC,
  tags: ['GTIN ownership'],
  stability: 'preview',
  auth: 'session',
  responses: { 200: { description: 'Claims, newest first.', schema: GtinClaimListResponse } },
  handler: async ({ db, auth }) => json({ data: await listClaims(db, { workspaceId: auth.workspace.id }) }),
});

// POST /api/workspace/gtin-claims – claim a GS1 company prefix or a GTIN (pending until staff decide).
const create = defineRoute({
  method: 'POST',
  path: '/api/workspace/gtin-claims',
  operationId: 'createGtinClaim',
  summary: 'Claim a GS1 company prefix or GTIN',
  description: `${CLAIMS_DOC} 409 GTIN_CLAIM_CONFLICT when another workspace's verified claim overlaps; 409 GTIN_CLAIM_EXISTS for a repeat; 400 GTIN_CLAIM_INVALID for a value that is no company prefix or GTIN.`,
  tags: ['GTIN ownership'],
  stability: 'preview',
  auth: 'session',
  body: CreateGtinClaimInput,
  idempotent: true,
  errors: [409],
  responses: { 201: { description: 'The claim, pending.', schema: GtinClaimResponse } },
  handler: async ({ db, auth, actor, body }) =>
    json({ data: await createClaim(db, { workspaceId: auth.workspace.id, actor, input: body }) }, 201),
});

export const { GET, POST, PUT, PATCH, DELETE } = routeMethods(list, create);
