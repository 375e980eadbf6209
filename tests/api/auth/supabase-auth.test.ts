/**
 * Supabase Auth mode (SUPABASE_URL set, no JWT secret) against a stand-in GoTrue on loopback: tokens
 * verified with the project's JWKS, the workspace created on first use, tokens of another key refused, and
 * sign-in through Supabase setting sb-access-token.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exportJWK, generateKeyPair, SignJWT } from 'jose';
import * as signIn from '@/app/api/auth/sign-in/route';
import * as session from '@/app/api/auth/session/route';
import { resetEnvCache } from '@/lib/config/env';
import { resetJwtSecretCache } from '@/lib/auth/jwt-secret';
import { call, expectEnvelope } from '../../helpers/http';
import { useTestDatabase } from '../../helpers/db';

useTestDatabase();

// A stand-in for a Supabase project on loopback: the JWKS endpoint and the password grant of GoTrue.
let server: http.Server;
let base = '';
let sign: (sub: string, email: string, staff?: boolean) => Promise<string>;
const savedSecret = process.env.SUPABASE_JWT_SECRET;

beforeAll(async () => {
  const { publicKey, privateKey } = await generateKeyPair('ES256');
  const jwk = { ...(await exportJWK(publicKey)), kid: 'k1', alg: 'ES256', use: 'sig' };
  sign = (sub, email, staff = false) =>
    new SignJWT({ email, role: 'authenticated', app_metadata: { provider: 'email', staff } })
      .setProtectedHeader({ alg: 'ES256', kid: 'k1' })
      .setSubject(sub)
      .setAudience('authenticated')
      .setIssuedAt()
      .setExpirationTime('1h')
      .sign(privateKey);
  server = http.createServer(async (req, res) => {
    if (req.url === '/auth/v1/.well-known/jwks.json') {
      res.setHeader('content-type', 'application/json');
      res.end(JSON.stringify({ keys: [jwk] }));
      return;
    }
    if (req.url?.startsWith('/auth/v1/token') && req.method === 'POST') {
      let body = '';
      for await (const c of req) body += c;
      const { email, password } = JSON.parse(body);
      res.setHeader('content-type', 'application/json');
      if (password !== 'supabase-pass-1') {
        res.statusCode = 400;
        res.end(
          JSON.stringify({
            error: 'invalid_grant',
            error_description: 'Invalid login credentials',
            code: 'invalid_credentials',
          }),
        );
        return;
      }
      const id = '3f1b7c9e-2d4a-4b8c-9e1f-5a6b7c8d9e0f';
      const access = await sign(id, email);
      const now = Math.floor(Date.now() / 1000);
      res.end(
        JSON.stringify({
          access_token: access,
          token_type: 'bearer',
          expires_in: 3600,
          expires_at: now + 3600,
          refresh_token: 'rt-1',
          user: { id, email, aud: 'authenticated', role: 'authenticated', app_metadata: {} },
        }),
      );
      return;
    }
    res.statusCode = 404;
    res.end('{}');
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  delete process.env.SUPABASE_JWT_SECRET;
  process.env.SUPABASE_URL = base;
  process.env.SUPABASE_ANON_KEY = 'anon-key-for-tests';
  resetEnvCache();
  resetJwtSecretCache();
});

afterAll(async () => {
  process.env.SUPABASE_JWT_SECRET = savedSecret;
  delete process.env.SUPABASE_URL;
  delete process.env.SUPABASE_ANON_KEY;
  resetEnvCache();
  resetJwtSecretCache();
  await new Promise<void>((r) => server.close(() => r()));
});

describe('getSession — Supabase Auth mode (SUPABASE_URL set, no JWT secret)', () => {
  it('verifies access tokens with the project JWKS and creates the workspace on first use', async () => {
    const token = await sign('9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d', 'jwks-user@example.test', true);
    const res = await call(session, 'GET', '/api/auth/session', { cookie: `sb-access-token=${token}` });
    expect(res.status).toBe(200);
    expect(res.body.user).toMatchObject({
      id: '9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d',
      email: 'jwks-user@example.test',
      is_staff: true,
    });
    expect(res.body.workspace.plan).toBe('trial');
  });

  it('refuses tokens signed by another key', async () => {
    const { privateKey } = await generateKeyPair('ES256');
    const forged = await new SignJWT({ email: 'x@example.test', role: 'authenticated' })
      .setProtectedHeader({ alg: 'ES256', kid: 'k1' })
      .setSubject('9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d')
      .setAudience('authenticated')
      .setExpirationTime('1h')
      .sign(privateKey);
    expectEnvelope(
      await call(session, 'GET', '/api/auth/session', { cookie: `sb-access-token=${forged}` }),
      401,
      'INVALID_TOKEN',
    );
  });

  it('signs in through Supabase Auth and sets sb-access-token from its session', async () => {
    const ok = await call(signIn, 'POST', '/api/auth/sign-in', {
      body: { email: 'sb@example.test', password: 'supabase-pass-1' },
    });
    expect(ok.status).toBe(200);
    expect(ok.body.user.email).toBe('sb@example.test');
    const cookie = ok.headers.getSetCookie().find((c) => c.startsWith('sb-access-token='))!;
    const token = decodeURIComponent(cookie.split(';')[0].split('=')[1]);
    expect((await call(session, 'GET', '/api/auth/session', { cookie: `sb-access-token=${token}` })).status).toBe(200);
    expectEnvelope(
      await call(signIn, 'POST', '/api/auth/sign-in', { body: { email: 'sb@example.test', password: 'wrong-pass' } }),
      401,
      'INVALID_CREDENTIALS',
    );
  });
});
