/**
 * Session tokens and credentials at the edges: malformed tokens are 401 INVALID_TOKEN (never 500), clock
 * skew within 60 s is tolerated, a valid key on a cookie-only operation is 403 API_KEY_NOT_ACCEPTED, read
 * scopes open their GET operations, and CSRF origins come from configuration only, never from Host or
 * X-Forwarded-Host.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { SignJWT } from 'jose';
import * as sessionRoute from '@/app/api/auth/session/route';
import * as whoami from '@/app/api/auth/whoami/route';
import * as skusRoute from '@/app/api/skus/route';
import * as v1Skus from '@/app/api/v1/skus/route';
import * as workspaceRoute from '@/app/api/workspace/route';
import * as dashboardRoute from '@/app/api/dashboard/route';
import * as membersRoute from '@/app/api/members/route';
import * as documentsRoute from '@/app/api/documents/route';
import * as documentRoute from '@/app/api/documents/[id]/route';
import * as documentFileRoute from '@/app/api/documents/[id]/file/route';
import * as auditRoute from '@/app/api/audit-events/route';
import * as importsRoute from '@/app/api/imports/route';
import * as batchRoute from '@/app/api/imports/[batchId]/route';
import * as reviewRoute from '@/app/api/imports/[batchId]/review/route';
import * as rowsRoute from '@/app/api/imports/[batchId]/rows/route';
import * as errorsCsvRoute from '@/app/api/imports/[batchId]/errors.csv/route';
import { parseEnv, resetEnvCache } from '@/lib/config/env';
import { call, expectEnvelope, makeUser, ORIGIN, type TestUser } from '../../helpers/http';
import { useTestDatabase } from '../../helpers/db';
import { createKey, upload } from '../documents/helpers';
import { postImport } from '../imports/helpers';

useTestDatabase();

const secret = () => new TextEncoder().encode(process.env.SUPABASE_JWT_SECRET);
const now = () => Math.floor(Date.now() / 1000);

/** A token signed with the real secret, with the claims given (raw: nothing added). */
async function token(u: TestUser, claims: Record<string, unknown>) {
  return new SignJWT({ sub: u.id, email: u.email, role: 'authenticated', aud: 'authenticated', ...claims })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .sign(secret());
}

afterEach(() => {
  delete process.env.PUBLIC_APP_URL;
  delete process.env.ALLOWED_ORIGINS;
  resetEnvCache();
});

describe('session tokens: exp required, iat/nbf checked, bounded skew; never a 500', () => {
  it('each malformed shape is a 401 INVALID_TOKEN on the session endpoint and on a data route', async () => {
    const u = await makeUser();
    const t = now();
    const shapes: Record<string, string> = {
      'no exp': await token(u, { iat: t }),
      'no iat': await token(u, { exp: t + 600 }),
      'exp as string': await token(u, { iat: t, exp: String(t + 600) }),
      'exp in the past beyond skew': await token(u, { iat: t - 7200, exp: t - 120 }),
      'iat in the future': await token(u, { iat: t + 600, exp: t + 1200 }),
      'nbf in the future': await token(u, { iat: t, nbf: t + 600, exp: t + 1200 }),
      'lifetime of ten years': await token(u, { iat: t, exp: t + 10 * 365 * 86400 }),
      'wrong aud': await token(u, { iat: t, exp: t + 600, aud: 'anon' }),
      'wrong role': await token(u, { iat: t, exp: t + 600, role: 'service_role' }),
      'sub not a uuid': await token(u, { iat: t, exp: t + 600, sub: 'admin' }),
      garbage: 'not.a.jwt',
      'very long': `${u.token}${'A'.repeat(200_000)}`,
      'alg none': `${Buffer.from('{"alg":"none","typ":"JWT"}').toString('base64url')}.${Buffer.from(JSON.stringify({ sub: u.id, email: u.email, role: 'authenticated', aud: 'authenticated', iat: t, exp: t + 600 })).toString('base64url')}.`,
    };
    for (const [shape, tok] of Object.entries(shapes)) {
      const cookie = `sb-access-token=${tok}`;
      const s = await call(sessionRoute, 'GET', '/api/auth/session', { cookie });
      expect(s.status, `${shape}: ${s.text}`).toBe(401);
      expectEnvelope(s, 401, 'INVALID_TOKEN');
      expectEnvelope(await call(skusRoute, 'GET', '/api/skus', { cookie }), 401, 'INVALID_TOKEN');
      expectEnvelope(await call(whoami, 'GET', '/api/auth/whoami', { cookie }), 401, 'INVALID_TOKEN');
    }
    expect(
      (await call(sessionRoute, 'GET', '/api/auth/session', { cookie: `sb-access-token=${shapes['no exp']}` })).body
        .error.message,
    ).toMatch(/"exp"/);
    expect(
      (
        await call(sessionRoute, 'GET', '/api/auth/session', {
          cookie: `sb-access-token=${shapes['nbf in the future']}`,
        })
      ).body.error.message,
    ).toMatch(/not valid yet/);
  });

  it('clocks within 60 s are tolerated: a token issued 30 s "in the future" or expired 30 s ago still works', async () => {
    const u = await makeUser();
    const t = now();
    for (const claims of [
      { iat: t + 30, exp: t + 3600 },
      { iat: t - 3600, exp: t - 30 },
      { iat: t, nbf: t + 30, exp: t + 3600 },
    ]) {
      const s = await call(sessionRoute, 'GET', '/api/auth/session', {
        cookie: `sb-access-token=${await token(u, claims)}`,
      });
      expect(s.status, s.text).toBe(200);
      expect(s.body.expires_at).toBe(new Date(claims.exp * 1000).toISOString());
    }
    // The issuer's own tokens pass.
    expect((await call(sessionRoute, 'GET', '/api/auth/session', { cookie: u.cookie })).status).toBe(200);
  });
});

describe('API keys on operations that do not take them', () => {
  it('a valid key on a cookie-only operation is 403 API_KEY_NOT_ACCEPTED (an invalid one 401), saying what was sent', async () => {
    const u = await makeUser({ plan: 'pro' });
    const key = await createKey(u, ['skus:read', 'skus:write']);
    for (const [mod, path] of [
      [membersRoute, '/api/members'],
      [workspaceRoute, '/api/workspace'],
      [sessionRoute, '/api/auth/session'],
    ] as const) {
      const err = expectEnvelope(await call(mod, 'GET', path, { bearer: key }), 403, 'API_KEY_NOT_ACCEPTED');
      expect(err.message).toMatch(/API key was sent/);
      expect(err.message).toMatch(/not accepted/);
      // Contract rule 1: only a missing or invalid credential is 401.
      expectEnvelope(await call(mod, 'GET', path, { bearer: `cw_live_${'B'.repeat(43)}` }), 401, 'API_KEY_INVALID');
    }
    // No credential at all still says so; a cookie on a Bearer-only operation says cookies are not accepted.
    expect(expectEnvelope(await call(workspaceRoute, 'GET', '/api/workspace'), 401, 'UNAUTHORIZED').message).toMatch(
      /no session cookie was sent/,
    );
    expect(
      expectEnvelope(await call(v1Skus, 'GET', '/api/v1/skus', { cookie: u.cookie }), 401, 'UNAUTHORIZED').message,
    ).toMatch(/session cookie was sent/);
    expect(
      expectEnvelope(
        await call(v1Skus, 'GET', '/api/v1/skus', { headers: { authorization: 'Basic dXNlcjpwdw==' } }),
        401,
        'UNAUTHORIZED',
      ).message,
    ).toMatch(/not a Bearer token/);
    // Behind a proxy with HTTP Basic auth the browser sends Authorization: Basic beside its cookie.
    expect(
      (
        await call(documentsRoute, 'GET', '/api/documents', {
          cookie: u.cookie,
          headers: { authorization: 'Basic dXNlcjpwdw==' },
        })
      ).status,
    ).toBe(200);
    expect(
      (
        await call(dashboardRoute, 'GET', '/api/dashboard', {
          cookie: u.cookie,
          headers: { authorization: 'Basic dXNlcjpwdw==' },
        })
      ).status,
    ).toBe(200);
    expect(
      expectEnvelope(
        await call(documentsRoute, 'GET', '/api/documents', { headers: { authorization: 'Basic dXNlcjpwdw==' } }),
        401,
        'UNAUTHORIZED',
      ).message,
    ).toMatch(/not a Bearer token/);
    // A session still works on the cookie-only route, even when a key is sent beside it.
    expect((await call(workspaceRoute, 'GET', '/api/workspace', { cookie: u.cookie, bearer: key })).status).toBe(200);
  });

  it('documents:read opens the GET document operations, audit:read the audit events; imports:read the GET import operations', async () => {
    const u = await makeUser({ plan: 'pro' });
    const up = await upload(u, [['note.txt', 'Declaration of conformity, model WT-100', 'text/plain']]);
    expect(up.status, up.text).toBeLessThan(300);
    const docId = up.body.results[0].document_id as string;
    const imp = await postImport(u, 'sku,product_name\nA-1,Kettle\nA-2,\n', 'c.csv');
    expect(imp.status, imp.text).toBe(202);
    const batchId = imp.body.batch.id;

    const docs = await createKey(u, ['documents:read', 'audit:read']);
    const imports = await createKey(u, ['imports:read']);
    const other = await createKey(u, ['skus:read']);

    const docOps = [
      () => call(documentsRoute, 'GET', '/api/documents', { bearer: docs }),
      () => call(documentRoute, 'GET', `/api/documents/${docId}`, { bearer: docs, params: { id: docId } }),
      () => call(documentFileRoute, 'GET', `/api/documents/${docId}/file`, { bearer: docs, params: { id: docId } }),
      () => call(auditRoute, 'GET', '/api/audit-events', { bearer: docs }),
    ];
    const list = await docOps[0]();
    expect(list.status, list.text).toBe(200);
    expect(list.body.data.map((d: { id: string }) => d.id)).toContain(docId);
    expect((await docOps[1]()).body.document.id).toBe(docId);
    const file = await docOps[2]();
    expect(file.status).toBe(200);
    expect(file.text).toContain('WT-100');
    expect((await docOps[3]()).status).toBe(200);

    const importOps = [
      (k: string) => call(importsRoute, 'GET', '/api/imports', { bearer: k }),
      (k: string) => call(batchRoute, 'GET', `/api/imports/${batchId}`, { bearer: k, params: { batchId } }),
      (k: string) => call(reviewRoute, 'GET', `/api/imports/${batchId}/review`, { bearer: k, params: { batchId } }),
      (k: string) => call(rowsRoute, 'GET', `/api/imports/${batchId}/rows`, { bearer: k, params: { batchId } }),
      (k: string) =>
        call(errorsCsvRoute, 'GET', `/api/imports/${batchId}/errors.csv`, { bearer: k, params: { batchId } }),
    ];
    for (const op of importOps) {
      const r = await op(imports);
      expect(r.status, r.text).toBe(200);
      // The wrong scope names the one needed.
      expect(expectEnvelope(await op(docs), 403, 'INSUFFICIENT_SCOPE').details).toEqual({
        required_scope: 'imports:read',
      });
    }
    expect((await importOps[1](imports)).body.batch.id).toBe(batchId);
    expect(
      expectEnvelope(await call(documentsRoute, 'GET', '/api/documents', { bearer: other }), 403, 'INSUFFICIENT_SCOPE')
        .details,
    ).toEqual({ required_scope: 'documents:read' });
    expect(
      expectEnvelope(await call(auditRoute, 'GET', '/api/audit-events', { bearer: imports }), 403, 'INSUFFICIENT_SCOPE')
        .details,
    ).toEqual({ required_scope: 'audit:read' });

    // Another workspace's key sees none of it (404, never the document).
    const stranger = await makeUser({ plan: 'pro' });
    const strangerKey = await createKey(stranger, ['documents:read', 'imports:read']);
    expectEnvelope(
      await call(documentRoute, 'GET', `/api/documents/${docId}`, { bearer: strangerKey, params: { id: docId } }),
      404,
      'NOT_FOUND',
    );
    expectEnvelope(
      await call(batchRoute, 'GET', `/api/imports/${batchId}`, { bearer: strangerKey, params: { batchId } }),
      404,
      'NOT_FOUND',
    );
    // Sessions keep their access unchanged.
    expect((await call(documentsRoute, 'GET', '/api/documents', { cookie: u.cookie })).status).toBe(200);
    expect(
      (await call(rowsRoute, 'GET', `/api/imports/${batchId}/rows`, { cookie: u.cookie, params: { batchId } })).status,
    ).toBe(200);
  });
});

describe('CSRF: allowed origins come from configuration, never from Host / X-Forwarded-Host', () => {
  const patch = (u: TestUser, origin: string, headers: Record<string, string> = {}) =>
    call(workspaceRoute, 'PATCH', '/api/workspace', { cookie: u.cookie, body: { name: 'Renamed' }, origin, headers });

  it('Origin evil.example is refused even when Host or X-Forwarded-Host says evil.example', async () => {
    const u = await makeUser();
    expectEnvelope(await patch(u, 'http://evil.example', { host: 'evil.example' }), 403, 'CSRF_REJECTED');
    expectEnvelope(
      await patch(u, 'http://evil.example', { 'x-forwarded-host': 'evil.example', 'x-forwarded-proto': 'http' }),
      403,
      'CSRF_REJECTED',
    );
    expectEnvelope(
      await patch(u, 'https://evil.example', { 'x-forwarded-host': 'evil.example', 'x-forwarded-proto': 'https' }),
      403,
      'CSRF_REJECTED',
    );
    // The request URL's own origin is client-chosen too (Next builds it from Host).
    const viaUrl = await call(workspaceRoute, 'PATCH', 'http://evil.example/api/workspace', {
      cookie: u.cookie,
      body: { name: 'x' },
      origin: 'http://evil.example',
    });
    expectEnvelope(viaUrl, 403, 'CSRF_REJECTED');
    // Unset PUBLIC_APP_URL: the local address is the default, both spellings.
    expect((await patch(u, ORIGIN)).status).toBe(200);
    expect((await patch(u, 'http://localhost:3100')).status).toBe(200);
  });

  it('PUBLIC_APP_URL and ALLOWED_ORIGINS are the allowed origins; the default no longer applies', async () => {
    const u = await makeUser();
    process.env.PUBLIC_APP_URL = 'https://app.example.com/some/path';
    process.env.ALLOWED_ORIGINS = 'https://www.example.com, http://127.0.0.1:4000';
    resetEnvCache();
    expect((await patch(u, 'https://app.example.com')).status).toBe(200);
    expect((await patch(u, 'https://www.example.com')).status).toBe(200);
    expect((await patch(u, 'http://127.0.0.1:4000')).status).toBe(200);
    expectEnvelope(await patch(u, ORIGIN), 403, 'CSRF_REJECTED');
    expectEnvelope(
      await patch(u, 'https://app.example.com.evil.example', { host: 'app.example.com.evil.example' }),
      403,
      'CSRF_REJECTED',
    );
    // Referer works when Origin is absent; a Referer from elsewhere does not.
    expect(
      (
        await call(workspaceRoute, 'PATCH', '/api/workspace', {
          cookie: u.cookie,
          body: { name: 'R' },
          origin: null,
          headers: { referer: 'https://app.example.com/settings' },
        })
      ).status,
    ).toBe(200);
    expectEnvelope(
      await call(workspaceRoute, 'PATCH', '/api/workspace', {
        cookie: u.cookie,
        body: { name: 'R' },
        origin: null,
        headers: { referer: 'https://evil.example/x' },
      }),
      403,
      'CSRF_REJECTED',
    );
  });

  it('ALLOWED_ORIGINS is validated at startup: each entry an http(s) origin without path', () => {
    expect(parseEnv({ ALLOWED_ORIGINS: 'https://a.example, http://b.example:8080' }).ALLOWED_ORIGINS).toEqual([
      'https://a.example',
      'http://b.example:8080',
    ]);
    expect(() => parseEnv({ ALLOWED_ORIGINS: 'https://a.example/path' })).toThrow(/ALLOWED_ORIGINS/);
    expect(() => parseEnv({ ALLOWED_ORIGINS: 'ftp://a.example' })).toThrow(/ALLOWED_ORIGINS/);
    expect(() => parseEnv({ ALLOWED_ORIGINS: 'not a url' })).toThrow(/ALLOWED_ORIGINS/);
    expect(() => parseEnv({ ALLOWED_ORIGINS: 'https://user:pw@a.example' })).toThrow(/ALLOWED_ORIGINS/);
  });
});
