/**
 * Local auth: sign-up creates the user and their trial workspace with a Supabase-shaped token, credentials
 * are validated, sign-in needs the right password, refresh rotates, sign-out revokes, a cross-site Origin
 * is refused at sign-in, and the workspace can be renamed.
 */
import { describe, expect, it } from 'vitest';
import * as signUp from '@/app/api/auth/sign-up/route';
import * as signIn from '@/app/api/auth/sign-in/route';
import * as signOut from '@/app/api/auth/sign-out/route';
import * as refresh from '@/app/api/auth/refresh/route';
import * as session from '@/app/api/auth/session/route';
import * as workspace from '@/app/api/workspace/route';
import { verifyAccessToken } from '@/lib/auth/tokens';
import { call, expectEnvelope, type CallResult } from '../../helpers/http';
import { useTestDatabase } from '../../helpers/db';

useTestDatabase();

function cookiesOf(res: CallResult) {
  const out: Record<string, { value: string; attrs: string }> = {};
  for (const c of res.headers.getSetCookie()) {
    const [pair, ...attrs] = c.split('; ');
    const i = pair.indexOf('=');
    out[pair.slice(0, i)] = { value: decodeURIComponent(pair.slice(i + 1)), attrs: attrs.join('; ') };
  }
  return out;
}

const email = () => `person-${Math.random().toString(36).slice(2, 8)}@Example.test`;

describe('signUp, signIn, refreshSession, signOut; getWorkspace, updateWorkspace — local sign-up, sign-in, refresh, sign-out', () => {
  it('sign-up creates the user and a trial workspace owned by them, with a Supabase-shaped token', async () => {
    const addr = email();
    const res = await call(signUp, 'POST', '/api/auth/sign-up', { body: { email: addr, password: 'long enough pw' } });
    expect(res.status).toBe(201);
    expect(res.body.user.email).toBe(addr.toLowerCase());
    expect(res.body.workspace.plan).toBe('trial');
    const c = cookiesOf(res);
    expect(c['sb-access-token'].attrs).toMatch(/HttpOnly/);
    expect(c['sb-access-token'].attrs).toMatch(/SameSite=Lax/);
    expect(c['sb-refresh-token'].attrs).toMatch(/Path=\/api\/auth/);
    const claims = await verifyAccessToken(c['sb-access-token'].value);
    expect(claims).toMatchObject({
      sub: res.body.user.id,
      email: addr.toLowerCase(),
      role: 'authenticated',
      aud: 'authenticated',
    });
    expect(claims.exp).toBeGreaterThan(Date.now() / 1000);

    const ws = await call(workspace, 'GET', '/api/workspace', {
      cookie: `sb-access-token=${c['sb-access-token'].value}`,
    });
    expect(ws.status).toBe(200);
    expect(ws.body.workspace.id).toBe(res.body.workspace.id);
    expect(ws.body.plan_limits).toMatchObject({
      plan: 'trial',
      max_api_keys: 1,
      read_only_keys: true,
      bearer_export: false,
    });

    const dup = await call(signUp, 'POST', '/api/auth/sign-up', {
      body: { email: addr.toUpperCase(), password: 'another pw 123' },
    });
    expectEnvelope(dup, 409, 'EMAIL_TAKEN');
  });

  it('validates credentials', async () => {
    let err = expectEnvelope(
      await call(signUp, 'POST', '/api/auth/sign-up', { body: { email: 'not-an-email', password: 'long enough pw' } }),
      400,
      'VALIDATION_FAILED',
    );
    expect(err.details.fields[0].path).toBe('email');
    err = expectEnvelope(
      await call(signUp, 'POST', '/api/auth/sign-up', { body: { email: email(), password: 'short' } }),
      400,
      'VALIDATION_FAILED',
    );
    expect(err.details.fields[0].path).toBe('password');
  });

  it('sign-in with the right password only; refresh rotates; sign-out revokes', async () => {
    const addr = email();
    await call(signUp, 'POST', '/api/auth/sign-up', { body: { email: addr, password: 'long enough pw' } });
    expectEnvelope(
      await call(signIn, 'POST', '/api/auth/sign-in', { body: { email: addr, password: 'wrong password' } }),
      401,
      'INVALID_CREDENTIALS',
    );
    expectEnvelope(
      await call(signIn, 'POST', '/api/auth/sign-in', {
        body: { email: 'nobody@example.test', password: 'whatever pw' },
      }),
      401,
      'INVALID_CREDENTIALS',
    );
    const ok = await call(signIn, 'POST', '/api/auth/sign-in', { body: { email: addr, password: 'long enough pw' } });
    expect(ok.status).toBe(200);
    const c = cookiesOf(ok);
    const refreshCookie = `sb-refresh-token=${c['sb-refresh-token'].value}`;

    const s = await call(session, 'GET', '/api/auth/session', {
      cookie: `sb-access-token=${c['sb-access-token'].value}`,
    });
    expect(s.body.user.email).toBe(addr.toLowerCase());
    expect(new Date(s.body.expires_at).getTime()).toBeGreaterThan(Date.now());

    const r1 = await call(refresh, 'POST', '/api/auth/refresh', { cookie: refreshCookie });
    expect(r1.status).toBe(200);
    const c2 = cookiesOf(r1);
    expect(c2['sb-refresh-token'].value).not.toBe(c['sb-refresh-token'].value);
    // The old refresh token is spent.
    expectEnvelope(await call(refresh, 'POST', '/api/auth/refresh', { cookie: refreshCookie }), 401, 'INVALID_TOKEN');

    const out = await call(signOut, 'POST', '/api/auth/sign-out', {
      cookie: `sb-refresh-token=${c2['sb-refresh-token'].value}`,
    });
    expect(out.status).toBe(200);
    expect(cookiesOf(out)['sb-access-token'].attrs).toMatch(/Max-Age=0/);
    expectEnvelope(
      await call(refresh, 'POST', '/api/auth/refresh', { cookie: `sb-refresh-token=${c2['sb-refresh-token'].value}` }),
      401,
      'INVALID_TOKEN',
    );
  });

  it('sign-in refuses a cross-site Origin (login CSRF)', async () => {
    expectEnvelope(
      await call(signIn, 'POST', '/api/auth/sign-in', {
        body: { email: email(), password: 'x' },
        origin: 'https://evil.example',
      }),
      403,
      'CSRF_REJECTED',
    );
  });

  it('renames the workspace', async () => {
    const res = await call(signUp, 'POST', '/api/auth/sign-up', {
      body: { email: email(), password: 'long enough pw' },
    });
    const cookie = `sb-access-token=${cookiesOf(res)['sb-access-token'].value}`;
    const p = await call(workspace, 'PATCH', '/api/workspace', { cookie, body: { name: 'Acme Toys GmbH' } });
    expect(p.status).toBe(200);
    expect(p.body.workspace.name).toBe('Acme Toys GmbH');
    expectEnvelope(
      await call(workspace, 'PATCH', '/api/workspace', { cookie, body: { name: '' } }),
      400,
      'VALIDATION_FAILED',
    );
  });
});
