import { z } from 'zod';
import { DateTime, Uuid } from '@/lib/http/schemas';

export const CreateApiKeyInput = z
  .strictObject({
    name: z.string().trim().min(1).max(100),
    scopes: z.array(z.string()).min(1).max(10),
    expires_at: DateTime.nullable().optional(),
  })
  .meta({ id: 'CreateApiKeyInput' });

export const ApiKey = z
  .strictObject({
    id: Uuid,
    name: z.string(),
    key_prefix: z.string(),
    scopes: z.array(z.string()),
    created_at: DateTime,
    last_used_at: DateTime.nullable().optional(),
    expires_at: DateTime.nullable().optional(),
    revoked_at: DateTime.nullable().optional(),
  })
  .meta({ id: 'ApiKey' });

export const ApiKeyWithSecret = ApiKey.extend({
  key: z.string().describe('The plaintext key; shown only in this response.'),
});

// The API's response shapes (routes under /api/workspace/api-keys).
export const ApiKeyListResponse = z.object({ data: z.array(ApiKey) });
export const ApiKeyWithSecretResponse = z.object({ data: ApiKeyWithSecret });
export const ApiKeyRevokedResponse = z.object({ data: z.object({ id: Uuid, revoked: z.boolean() }) });
