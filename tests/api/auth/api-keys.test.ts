/**
 * Workspace API keys: plaintext shown once and never listed, body validation, the trial plan's one read-
 * only key, revoked/rotated/expired keys answer 401 while the replacement works, other workspaces get 404,
 * and last_used_at is written at most once a minute.
 */
import { describe, expect, it } from 'vitest';
import * as keysRoute from '@/app/api/workspace/api-keys/route';
import * as keyRoute from '@/app/api/workspace/api-keys/[id]/route';
import * as whoami from '@/app/api/auth/whoami/route';
import { getDb } from '@/lib/db/client';
import { apiKeys } from '@/lib/db/schema';
import { eq } from 'drizzle-orm';
import { call, expectEnvelope, makeUser } from '../../helpers/http';
import { useTestDatabase } from '../../helpers/db';

useTestDatabase();

const create = (cookie: string, body: unknown) => call(keysRoute, 'POST', '/api/workspace/api-keys', { cookie, body });

describe('createApiKey, listApiKeys, rotateApiKey, revokeApiKey; whoami — API keys', () => {
  it('creates a key, shows the plaintext once, lists it without secrets', async () => {
    const u = await makeUser({ plan: 'pro' });
    const res = await create(u.cookie, { name: 'CI export', scopes: ['skus:read', 'export'] });
    expect(res.status).toBe(201);
    const k = res.body.data;
    expect(k.key).toMatch(/^cw_live_[A-Za-z0-9_-]{43}$/);
    expect(k.key.startsWith(k.key_prefix)).toBe(true);
    expect(Object.keys(k).sort()).toEqual([
      'created_at',
      'expires_at',
      'id',
      'key',
      'key_prefix',
      'last_used_at',
      'name',
      'revoked_at',
      'scopes',
    ]);

    const list = await call(keysRoute, 'GET', '/api/workspace/api-keys', { cookie: u.cookie });
    expect(list.status).toBe(200);
    expect(list.body.data).toHaveLength(1);
    expect(list.body.data[0]).not.toHaveProperty('key');
    expect(JSON.stringify(list.body)).not.toContain(k.key);

    // Only the SHA-256 is stored.
    const [row] = await (await getDb()).select().from(apiKeys).where(eq(apiKeys.id, k.id));
    expect(row.keyHash).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(row)).not.toContain(k.key);

    const who = await call(whoami, 'GET', '/api/auth/whoami', { bearer: k.key });
    expect(who.status).toBe(200);
    expect(who.body).toMatchObject({ workspace_id: u.workspaceId, auth: 'bearer', scopes: ['skus:read', 'export'] });
  });

  it('validates the body per constraint', async () => {
    const u = await makeUser({ plan: 'pro' });
    const cases: [unknown, string][] = [
      [{ scopes: ['skus:read'] }, 'name'],
      [{ name: '', scopes: ['skus:read'] }, 'name'],
      [{ name: 'x'.repeat(101), scopes: ['skus:read'] }, 'name'],
      [{ name: 'ok', scopes: [] }, 'scopes'],
      [{ name: 'ok', scopes: Array(11).fill('skus:read') }, 'scopes'],
      [{ name: 'ok', scopes: ['skus:read'], expires_at: 'tomorrow' }, 'expires_at'],
      [{ name: 'ok', scopes: ['skus:read'], extra: 1 }, ''],
      [{ name: 'ok', scopes: ['nope:read'] }, 'scopes'],
      [{ name: 'ok', scopes: ['skus:read'], expires_at: '2001-01-01T00:00:00Z' }, 'expires_at'],
    ];
    for (const [body, field] of cases) {
      const res = await create(u.cookie, body);
      const err = expectEnvelope(res, 400, 'VALIDATION_FAILED');
      if (field) expect(err.details.fields.map((f: any) => f.path)).toContain(field);
      else expect(err.details.fields[0].code).toBe('unrecognized_keys');
    }
  });

  it('trial workspaces get one read-only key', async () => {
    const u = await makeUser();
    const denied = await create(u.cookie, { name: 'w', scopes: ['export'] });
    const err = expectEnvelope(denied, 403, 'SCOPE_NOT_ALLOWED_ON_PLAN');
    expect(err.details.denied_scopes).toEqual(['export']);
    expect((await create(u.cookie, { name: 'r', scopes: ['skus:read'] })).status).toBe(201);
    const second = await create(u.cookie, { name: 'r2', scopes: ['skus:read'] });
    expectEnvelope(second, 403, 'PLAN_LIMIT_REACHED');
  });

  it('revoked, rotated and expired keys answer 401; the rotated replacement works', async () => {
    const u = await makeUser({ plan: 'pro' });
    const a = (await create(u.cookie, { name: 'a', scopes: ['skus:read'] })).body.data;
    const rot = await call(keyRoute, 'POST', `/api/workspace/api-keys/${a.id}`, {
      cookie: u.cookie,
      params: { id: a.id },
    });
    expect(rot.status).toBe(201);
    expect(rot.body.data.key).not.toBe(a.key);
    expect(rot.body.data.name).toBe('a');
    expectEnvelope(await call(whoami, 'GET', '/api/auth/whoami', { bearer: a.key }), 401, 'API_KEY_REVOKED');
    expect((await call(whoami, 'GET', '/api/auth/whoami', { bearer: rot.body.data.key })).status).toBe(200);

    const b = rot.body.data;
    const rev = await call(keyRoute, 'DELETE', `/api/workspace/api-keys/${b.id}`, {
      cookie: u.cookie,
      params: { id: b.id },
    });
    expect(rev.status).toBe(200);
    expect(rev.body).toEqual({ data: { id: b.id, revoked: true } });
    expectEnvelope(await call(whoami, 'GET', '/api/auth/whoami', { bearer: b.key }), 401, 'API_KEY_REVOKED');
    expect((await call(keysRoute, 'GET', '/api/workspace/api-keys', { cookie: u.cookie })).body.data).toHaveLength(0);

    const c = (
      await create(u.cookie, {
        name: 'c',
        scopes: ['skus:read'],
        expires_at: new Date(Date.now() + 60_000).toISOString(),
      })
    ).body.data;
    await (
      await getDb()
    )
      .update(apiKeys)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(apiKeys.id, c.id));
    expectEnvelope(await call(whoami, 'GET', '/api/auth/whoami', { bearer: c.key }), 401, 'API_KEY_EXPIRED');
    expectEnvelope(
      await call(whoami, 'GET', '/api/auth/whoami', { bearer: 'cw_live_' + 'x'.repeat(43) }),
      401,
      'API_KEY_INVALID',
    );
  });

  it("another workspace's key is a 404 to revoke or rotate", async () => {
    const owner = await makeUser({ plan: 'pro' });
    const other = await makeUser({ plan: 'pro' });
    const k = (await create(owner.cookie, { name: 'a', scopes: ['skus:read'] })).body.data;
    expectEnvelope(
      await call(keyRoute, 'DELETE', `/api/workspace/api-keys/${k.id}`, { cookie: other.cookie, params: { id: k.id } }),
      404,
      'NOT_FOUND',
    );
    expectEnvelope(
      await call(keyRoute, 'POST', `/api/workspace/api-keys/${k.id}`, { cookie: other.cookie, params: { id: k.id } }),
      404,
      'NOT_FOUND',
    );
    expectEnvelope(
      await call(keyRoute, 'DELETE', `/api/workspace/api-keys/not-a-uuid`, {
        cookie: owner.cookie,
        params: { id: 'not-a-uuid' },
      }),
      404,
      'NOT_FOUND',
    );
    expect((await call(whoami, 'GET', '/api/auth/whoami', { bearer: k.key })).status).toBe(200);
  });

  it('updates last_used_at at most once a minute', async () => {
    const u = await makeUser({ plan: 'pro' });
    const k = (await create(u.cookie, { name: 'a', scopes: ['skus:read'] })).body.data;
    await call(whoami, 'GET', '/api/auth/whoami', { bearer: k.key });
    const db = await getDb();
    const [first] = await db.select().from(apiKeys).where(eq(apiKeys.id, k.id));
    expect(first.lastUsedAt).toBeInstanceOf(Date);
    await call(whoami, 'GET', '/api/auth/whoami', { bearer: k.key });
    const [second] = await db.select().from(apiKeys).where(eq(apiKeys.id, k.id));
    expect(second.lastUsedAt!.getTime()).toBe(first.lastUsedAt!.getTime());
  });
});
