import { defineRoute, IdParams, json, routeMethods } from '@/lib/http';
import { createGrant, listGrants } from '@/lib/passports/grants';
import {
  CreatePassportGrantInput,
  PassportGrantCreatedResponse,
  PassportGrantListResponse,
} from '@/lib/passports/schemas';

// GET /api/skus/{id}/passport-grants – access grants to the SKU's passports, revoked and expired ones included.
const list = defineRoute({
  method: 'GET',
  path: '/api/skus/{id}/passport-grants',
  operationId: 'listPassportAccessGrants',
  summary: 'List passport access grants',
  tags: ['Passports'],
  stability: 'preview',
  auth: 'either',
  scope: 'skus:read',
  params: IdParams,
  responses: {
    200: { description: 'Grants, newest first.', schema: PassportGrantListResponse },
  },
  handler: async ({ db, auth, params }) =>
    json({ data: await listGrants(db, { workspaceId: auth.workspace.id, skuId: params.id }) }),
});

// POST /api/skus/{id}/passport-grants – a signed, expiring token for one recipient and tier (shown once).
const create = defineRoute({
  method: 'POST',
  path: '/api/skus/{id}/passport-grants',
  operationId: 'createPassportAccessGrant',
  summary: 'Grant access to a passport tier',
  description:
    'Creates an access grant for the legitimate_interest or authority tier of every passport version of this SKU, for one recipient, expiring after expires_in_days (1-366, default 30). The token is answered once; only its sha256 is stored. Audited as passport.grant_created.',
  tags: ['Passports'],
  stability: 'preview',
  auth: 'session',
  params: IdParams,
  body: CreatePassportGrantInput,
  idempotent: true,
  responses: {
    201: {
      description: 'The grant with its token (shown only now).',
      schema: PassportGrantCreatedResponse,
    },
  },
  handler: async ({ db, auth, actor, params, body }) =>
    json(
      {
        grant: await createGrant(db, {
          workspaceId: auth.workspace.id,
          actor,
          skuId: params.id,
          tier: body.tier,
          recipient: body.recipient,
          expiresInDays: body.expires_in_days,
        }),
      },
      201,
    ),
});

export const { GET, POST, PUT, PATCH, DELETE } = routeMethods(list, create);
