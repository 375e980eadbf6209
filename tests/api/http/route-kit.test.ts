/**
 * The route kit on a real operation: error envelopes (500 without internals, 405 with Allow, 400 per
 * field, 413 before buffering), auth (401 for missing, forged and expired tokens; CSRF on cookie writes;
 * INSUFFICIENT_SCOPE naming the scope), dry_run, idempotency with replays and concurrent duplicates, per-
 * user and per-IP rate limits, and AppError's status table.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { eq, sql } from 'drizzle-orm';
import { defineRoute, json, routeMethods } from '@/lib/http';
import { AppError } from '@/lib/errors';
import { getDb } from '@/lib/db/client';
import { auditEvents } from '@/lib/db/schema';
import { resetEnvCache } from '@/lib/config/env';
import * as catchAll from '@/app/api/[...path]/route';
import * as health from '@/app/api/health/route';
import * as keysRoute from '@/app/api/workspace/api-keys/route';
import { call, expectEnvelope, makeUser } from '../../helpers/http';
import { useTestDatabase } from '../../helpers/db';

useTestDatabase();

// A real operation declared with the kit: writes an audit row, supports dry_run and idempotency.
let effects = 0;
const write = defineRoute({
  method: 'POST',
  path: '/api/test/things',
  operationId: 'createThing',
  summary: 'test',
  tags: ['Test'],
  stability: 'preview',
  auth: 'session',
  body: z.strictObject({ name: z.string().min(1).max(10), n: z.number().int().optional() }),
  dryRun: true,
  idempotent: true,
  maxBodyBytes: 2048,
  errors: [409],
  responses: {
    200: { description: 'dry run', schema: z.object({ dry_run: z.literal(true), would_create: z.string() }) },
    201: { description: 'ok', schema: z.object({ id: z.string(), name: z.string() }) },
  },
  handler: async ({ db, auth, body, dryRun }) => {
    if (dryRun) return json({ dry_run: true, would_create: body.name });
    await new Promise((r) => setTimeout(r, 30));
    effects++;
    const [row] = await db
      .insert(auditEvents)
      .values({ workspaceId: auth.workspace.id, action: 'thing.created', data: { name: body.name } })
      .returning();
    return json({ id: row.id, name: body.name }, 201);
  },
});
const boom = defineRoute({
  method: 'GET',
  path: '/api/test/boom',
  operationId: 'boom',
  summary: 'test',
  tags: ['Test'],
  stability: 'preview',
  auth: 'either',
  scope: 'export',
  responses: { 200: { description: 'never' } },
  handler: async () => {
    throw new Error('secret internal detail');
  },
});
const thingRoutes = routeMethods(write);
const boomRoutes = routeMethods(boom);

const post = (
  cookie: string,
  body: unknown,
  headers: Record<string, string> = {},
  query: Record<string, string> = {},
) => call(thingRoutes, 'POST', '/api/test/things', { cookie, body, headers, query });

afterEach(() => {
  delete process.env.RATE_LIMIT_DEFAULT;
  delete process.env.RATE_LIMIT_IP;
  resetEnvCache();
});

describe('route kit: errors', () => {
  it('unknown exceptions become a 500 envelope without internals, with support_email', async () => {
    const u = await makeUser();
    const res = await call(boomRoutes, 'GET', '/api/test/boom', { cookie: u.cookie });
    const err = expectEnvelope(res, 500, 'INTERNAL_ERROR');
    expect(res.text).not.toContain('secret internal detail');
    expect(err.retryable).toBe(true);
  });

  it('wrong method is 405 with Allow; unknown /api path is 404', async () => {
    const res = await call(thingRoutes, 'GET', '/api/test/things');
    expectEnvelope(res, 405, 'METHOD_NOT_ALLOWED');
    expect(res.headers.get('allow')).toBe('POST');
    expectEnvelope(await call(health, 'DELETE', '/api/health'), 405, 'METHOD_NOT_ALLOWED');
    for (const m of ['GET', 'POST', 'DELETE'] as const)
      expectEnvelope(await call(catchAll, m, '/api/nope/nothing'), 404, 'NOT_FOUND');
  });

  it('400 per field, unknown keys, bad JSON, wrong content type', async () => {
    const u = await makeUser();
    let err = expectEnvelope(await post(u.cookie, { name: '' }), 400, 'VALIDATION_FAILED');
    expect(err.details.fields[0].path).toBe('name');
    err = expectEnvelope(await post(u.cookie, { name: 'a', n: 1.5, zzz: 1 }), 400, 'VALIDATION_FAILED');
    expect(err.details.fields.map((f: any) => f.path).sort()).toEqual(['body', 'n'].sort());
    expectEnvelope(await post(u.cookie, '{"name": '), 400, 'INVALID_JSON');
    expectEnvelope(
      await call(thingRoutes, 'POST', '/api/test/things', {
        cookie: u.cookie,
        rawBody: 'name=a',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
      }),
      415,
      'UNSUPPORTED_MEDIA_TYPE',
    );
  });

  it('413 while reading, before the whole body is buffered', async () => {
    const u = await makeUser();
    expectEnvelope(await post(u.cookie, { name: 'a'.repeat(5000) }), 413, 'PAYLOAD_TOO_LARGE');
    // A body with no Content-Length that never ends: the kit must stop reading at the limit.
    let pulled = 0;
    const endless = new ReadableStream({
      pull(c) {
        pulled += 1024;
        c.enqueue(new Uint8Array(1024).fill(32));
      },
    });
    const res = await call(thingRoutes, 'POST', '/api/test/things', {
      cookie: u.cookie,
      rawBody: endless,
      headers: { 'content-type': 'application/json' },
    });
    expectEnvelope(res, 413, 'PAYLOAD_TOO_LARGE');
    expect(pulled).toBeLessThan(10 * 1024);
  });
});

describe('route kit: auth', () => {
  it('401 missing, forged and expired session tokens', async () => {
    expectEnvelope(await post('', { name: 'a' }), 401, 'UNAUTHORIZED');
    const u = await makeUser();
    const [h, p] = u.token.split('.');
    expectEnvelope(await post(`sb-access-token=${h}.${p}.forgedsig`, { name: 'a' }), 401, 'INVALID_TOKEN');
    const { SignJWT } = await import('jose');
    const expired = await new SignJWT({ email: u.email, role: 'authenticated' })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(u.id)
      .setAudience('authenticated')
      .setIssuedAt(Math.floor(Date.now() / 1000) - 3600)
      // Past the 60 s clock skew the verifier allows.
      .setExpirationTime(Math.floor(Date.now() / 1000) - 120)
      .sign(new TextEncoder().encode(process.env.SUPABASE_JWT_SECRET));
    const err = expectEnvelope(await post(`sb-access-token=${expired}`, { name: 'a' }), 401, 'INVALID_TOKEN');
    expect(err.message).toMatch(/expired/);
    const otherSecret = await new SignJWT({ email: u.email, role: 'authenticated' })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(u.id)
      .setAudience('authenticated')
      .setExpirationTime('1h')
      .sign(new TextEncoder().encode('another-secret-another-secret-another-secret'));
    expectEnvelope(await post(`sb-access-token=${otherSecret}`, { name: 'a' }), 401, 'INVALID_TOKEN');
  });

  it('cookie writes need a same-origin Origin header (CSRF)', async () => {
    const u = await makeUser();
    expectEnvelope(
      await call(thingRoutes, 'POST', '/api/test/things', {
        cookie: u.cookie,
        body: { name: 'a' },
        origin: 'https://evil.example',
      }),
      403,
      'CSRF_REJECTED',
    );
    expectEnvelope(
      await call(thingRoutes, 'POST', '/api/test/things', { cookie: u.cookie, body: { name: 'a' }, origin: null }),
      403,
      'CSRF_REJECTED',
    );
  });

  it('403 INSUFFICIENT_SCOPE names the required scope', async () => {
    const u = await makeUser({ plan: 'pro' });
    const key = (
      await call(keysRoute, 'POST', '/api/workspace/api-keys', {
        cookie: u.cookie,
        body: { name: 'r', scopes: ['skus:read'] },
      })
    ).body.data.key;
    const err = expectEnvelope(
      await call(boomRoutes, 'GET', '/api/test/boom', { bearer: key }),
      403,
      'INSUFFICIENT_SCOPE',
    );
    expect(err.details).toEqual({ required_scope: 'export' });
  });
});

describe('route kit: dry_run and idempotency', () => {
  it('dry_run writes nothing', async () => {
    const u = await makeUser();
    const db = await getDb();
    const res = await post(u.cookie, { name: 'dry' }, {}, { dry_run: 'true' });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ dry_run: true, would_create: 'dry' });
    const rows = await db.select().from(auditEvents).where(eq(auditEvents.workspaceId, u.workspaceId));
    expect(rows).toHaveLength(0);
  });

  it('replays the original response, 409 on a different request, 400 on a bad key', async () => {
    const u = await makeUser();
    const first = await post(u.cookie, { name: 'one' }, { 'Idempotency-Key': 'k-1' });
    expect(first.status).toBe(201);
    const again = await post(u.cookie, { name: 'one' }, { 'Idempotency-Key': 'k-1' });
    expect(again.status).toBe(201);
    expect(again.body).toEqual(first.body);
    expect(again.headers.get('idempotency-replayed')).toBe('true');
    const err = expectEnvelope(
      await post(u.cookie, { name: 'two' }, { 'Idempotency-Key': 'k-1' }),
      409,
      'IDEMPOTENCY_KEY_REUSED',
    );
    expect(err.details.idempotency_key).toBe('k-1');
    expectEnvelope(
      await post(u.cookie, { name: 'x' }, { 'Idempotency-Key': 'k'.repeat(256) }),
      400,
      'INVALID_IDEMPOTENCY_KEY',
    );
    // Keys are per workspace: another workspace may use the same key.
    const v = await makeUser();
    expect((await post(v.cookie, { name: 'two' }, { 'Idempotency-Key': 'k-1' })).status).toBe(201);
  });

  it('concurrent duplicates produce one effect and the same answer', async () => {
    const u = await makeUser();
    const before = effects;
    const results = await Promise.all(
      Array.from({ length: 5 }, () => post(u.cookie, { name: 'race' }, { 'Idempotency-Key': 'race-1' })),
    );
    expect(results.map((r) => r.status)).toEqual([201, 201, 201, 201, 201]);
    expect(new Set(results.map((r) => r.body.id)).size).toBe(1);
    expect(effects - before).toBe(1);
    const db = await getDb();
    const [{ n }] = await db
      .select({ n: sql<number>`count(*)::int` })
      .from(auditEvents)
      .where(eq(auditEvents.workspaceId, u.workspaceId));
    expect(n).toBe(1);
  });
});

describe('route kit: rate limits', () => {
  it('429 with Retry-After and X-RateLimit headers once the per-user budget is spent', async () => {
    process.env.RATE_LIMIT_DEFAULT = '3';
    resetEnvCache();
    const u = await makeUser();
    const ok = await call(keysRoute, 'GET', '/api/workspace/api-keys', { cookie: u.cookie });
    expect(ok.status).toBe(200);
    expect(ok.headers.get('x-ratelimit-limit')).toBe('3');
    expect(ok.headers.get('x-ratelimit-remaining')).toBe('2');
    expect(Number(ok.headers.get('x-ratelimit-reset'))).toBeGreaterThan(Date.now() / 1000);
    await call(keysRoute, 'GET', '/api/workspace/api-keys', { cookie: u.cookie });
    await call(keysRoute, 'GET', '/api/workspace/api-keys', { cookie: u.cookie });
    const limited = await call(keysRoute, 'GET', '/api/workspace/api-keys', { cookie: u.cookie });
    const err = expectEnvelope(limited, 429, 'RATE_LIMITED');
    expect(err.retryable).toBe(true);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(limited.headers.get('x-ratelimit-remaining')).toBe('0');
    // Another user has their own budget.
    const v = await makeUser();
    expect((await call(keysRoute, 'GET', '/api/workspace/api-keys', { cookie: v.cookie })).status).toBe(200);
  });

  it('limits per IP too', async () => {
    process.env.RATE_LIMIT_IP = '2';
    resetEnvCache();
    const ip = { 'x-forwarded-for': '203.0.113.77' };
    expect((await call(health, 'GET', '/api/health', { headers: ip })).status).toBe(200);
    expect((await call(health, 'GET', '/api/health', { headers: ip })).status).toBe(200);
    expectEnvelope(await call(health, 'GET', '/api/health', { headers: ip }), 429, 'RATE_LIMITED');
    expect((await call(health, 'GET', '/api/health', { headers: { 'x-forwarded-for': '203.0.113.78' } })).status).toBe(
      200,
    );
  });
});

describe('AppError', () => {
  it('maps codes to statuses from the one table', () => {
    expect(new AppError('NOT_FOUND').status).toBe(404);
    expect(new AppError('RATE_LIMITED').retryable).toBe(true);
  });
});
