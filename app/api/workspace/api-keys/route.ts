import { createApiKey, listApiKeys } from '@/lib/auth/api-keys';
import { ApiKeyListResponse, ApiKeyWithSecretResponse, CreateApiKeyInput } from '@/lib/http/auth/api-key-schemas';
import { defineRoute, json, routeMethods } from '@/lib/http';

// GET /api/workspace/api-keys – active keys of the workspace (never plaintext, never hashes).
const list = defineRoute({
  method: 'GET',
  path: '/api/workspace/api-keys',
  operationId: 'listApiKeys',
  summary: 'List active API keys',
  tags: ['API keys'],
  stability: 'stable',
  auth: 'session',
  responses: { 200: { description: 'Active keys.', schema: ApiKeyListResponse } },
  handler: async ({ db, auth }) => json({ data: await listApiKeys(db, { workspaceId: auth.workspace.id }) }),
});

// POST /api/workspace/api-keys – create a key; the plaintext is in this response only.
const create = defineRoute({
  method: 'POST',
  path: '/api/workspace/api-keys',
  operationId: 'createApiKey',
  summary: 'Create an API key',
  tags: ['API keys'],
  stability: 'stable',
  auth: 'session',
  body: CreateApiKeyInput,
  responses: {
    201: {
      description: 'Created; `key` is the plaintext, returned once.',
      schema: ApiKeyWithSecretResponse,
    },
  },
  handler: async ({ db, auth, actor, body }) =>
    json({ data: await createApiKey(db, { workspace: auth.workspace, actor, input: body }) }, 201),
});

export const { GET, POST, PUT, PATCH, DELETE } = routeMethods(list, create);
