import { revokeApiKey, rotateApiKey } from '@/lib/auth/api-keys';
import { ApiKeyRevokedResponse, ApiKeyWithSecretResponse } from '@/lib/http/auth/api-key-schemas';
import { defineRoute, IdParams, json, routeMethods } from '@/lib/http';

// DELETE /api/workspace/api-keys/{id} – revoke; Bearer requests with it answer 401 from now on.
const revoke = defineRoute({
  method: 'DELETE',
  path: '/api/workspace/api-keys/{id}',
  operationId: 'revokeApiKey',
  summary: 'Revoke an API key',
  tags: ['API keys'],
  stability: 'stable',
  auth: 'session',
  params: IdParams,
  responses: {
    200: { description: 'Revoked.', schema: ApiKeyRevokedResponse },
  },
  handler: async ({ db, auth, params }) =>
    json({ data: await revokeApiKey(db, { workspaceId: auth.workspace.id, id: params.id }) }),
});

// POST /api/workspace/api-keys/{id} – rotate: revoke this key and return its replacement once.
const rotate = defineRoute({
  method: 'POST',
  path: '/api/workspace/api-keys/{id}',
  operationId: 'rotateApiKey',
  summary: 'Rotate an API key',
  tags: ['API keys'],
  stability: 'stable',
  auth: 'session',
  params: IdParams,
  errors: [409],
  responses: {
    201: { description: 'The new key; the old one is revoked.', schema: ApiKeyWithSecretResponse },
  },
  handler: async ({ db, auth, actor, params }) =>
    json({ data: await rotateApiKey(db, { workspaceId: auth.workspace.id, actor, id: params.id }) }, 201),
});

export const { GET, POST, PUT, PATCH, DELETE } = routeMethods(revoke, rotate);
