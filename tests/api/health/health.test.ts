/**
 * Health routes: GET /api/health answers without auth; GET /api/health/email is staff only and reports the
 * SMTP configuration and its reachability against a real SMTP server on loopback.
 */
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SMTPServer } from 'smtp-server';
import * as health from '@/app/api/health/route';
import * as emailHealth from '@/app/api/health/email/route';
import { resetEnvCache } from '@/lib/config/env';
import { call, expectEnvelope, makeUser } from '../../helpers/http';
import { useTestDatabase } from '../../helpers/db';

useTestDatabase();

let smtp: SMTPServer;
let smtpPort = 0;

beforeAll(async () => {
  smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onData: (s, _sess, cb) => s.on('end', cb).resume(),
  });
  await new Promise<void>((r) => smtp.listen(0, '127.0.0.1', () => r()));
  smtpPort = (smtp.server.address() as net.AddressInfo).port;
});
afterAll(async () => {
  await new Promise<void>((r) => smtp.close(() => r()));
  for (const k of ['SMTP_HOST', 'SMTP_PORT', 'SMTP_FROM']) delete process.env[k];
  resetEnvCache();
});

describe('getHealth, getEmailHealth — health', () => {
  it('GET /api/health answers without auth', async () => {
    const res = await call(health, 'GET', '/api/health');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ status: 'ok', service: 'compliance-workspace', environment: 'test' });
    expect(Date.parse(res.body.time)).not.toBeNaN();
  });

  it('GET /api/health/email is staff only', async () => {
    expectEnvelope(await call(emailHealth, 'GET', '/api/health/email'), 401, 'UNAUTHORIZED');
    const u = await makeUser();
    expectEnvelope(await call(emailHealth, 'GET', '/api/health/email', { cookie: u.cookie }), 403, 'STAFF_ONLY');
  });

  it('reports SMTP configuration and reachability against a real SMTP server', async () => {
    process.env.SMTP_HOST = '127.0.0.1';
    process.env.SMTP_PORT = String(smtpPort);
    process.env.SMTP_FROM = 'Compliance Team <compliance@example.test>';
    resetEnvCache();
    const staff = await makeUser({ staff: true });
    const res = await call(emailHealth, 'GET', '/api/health/email', { cookie: staff.cookie });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      status: 'ok',
      provider: 'smtp',
      smtp_configured: true,
      smtp_reachable: true,
      smtp_from_address: 'compliance@example.test',
      smtp_from_name: 'Compliance Team',
      smtp_from_name_configured: true,
      jwt_secret_configured: true,
    });

    // Nothing listens on this port: unreachable, reported quickly with the reason.
    const closed = net.createServer();
    await new Promise<void>((r) => closed.listen(0, '127.0.0.1', () => r()));
    const deadPort = (closed.address() as net.AddressInfo).port;
    await new Promise<void>((r) => closed.close(() => r()));
    process.env.SMTP_PORT = String(deadPort);
    resetEnvCache();
    const t0 = Date.now();
    const down = await call(emailHealth, 'GET', '/api/health/email', { cookie: staff.cookie });
    expect(Date.now() - t0).toBeLessThan(5000);
    expect(down.body).toMatchObject({ status: 'degraded', smtp_reachable: false });
    expect(down.body.smtp_verify_error).toMatch(/ECONNREFUSED|connect/i);
  });
});
