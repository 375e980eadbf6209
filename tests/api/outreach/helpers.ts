import crypto from 'node:crypto';
import { SMTPServer } from 'smtp-server';
import PostalMime, { type Email } from 'postal-mime';
import { afterAll, beforeAll, expect } from 'vitest';
import * as draftRoute from '@/app/api/supplier-email/draft/route';
import * as sendRoute from '@/app/api/supplier-email/send/route';
import * as requestsRoute from '@/app/api/supplier-email/requests/route';
import * as requestRoute from '@/app/api/supplier-email/requests/[id]/route';
import { resetEnvCache } from '@/lib/config/env';
import { call, type CallResult, type TestUser } from '../../helpers/http';
import { createEntity, link } from '../skus/fixtures';

export { draftRoute, sendRoute, requestsRoute, requestRoute };

export interface ReceivedMail {
  envelopeTo: string[];
  raw: string;
  parsed: Email;
}

/**
 * A real SMTP server on loopback (ephemeral port). It records every accepted message; `refuse` makes
 * it answer 550 to the recipients, as a server rejecting the address would.
 */
export async function startSmtp() {
  const mails: ReceivedMail[] = [];
  const state = { refuse: false };
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onRcptTo(address, _session, cb) {
      if (state.refuse) {
        const err = new Error('5.1.1 Mailbox unavailable') as Error & { responseCode: number };
        err.responseCode = 550;
        return cb(err);
      }
      cb();
    },
    onData(stream, session, cb) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', async () => {
        const raw = Buffer.concat(chunks).toString('utf8');
        mails.push({
          envelopeTo: session.envelope.rcptTo.map((r) => r.address),
          raw,
          parsed: await PostalMime.parse(raw),
        });
        cb();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const port = (server.server.address() as { port: number }).port;
  return {
    port,
    mails,
    state,
    /** Points the app's SMTP settings at this server. */
    use() {
      process.env.SMTP_HOST = '127.0.0.1';
      process.env.SMTP_PORT = String(port);
      process.env.SMTP_FROM = 'Compliance Desk <outreach@compliance.example>';
      delete process.env.RESEND_API_KEY;
      resetEnvCache();
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** startSmtp for the whole file (call at its top level): the app sends there; `smtp()` is the server. */
export function useSmtp() {
  let server: Awaited<ReturnType<typeof startSmtp>> | undefined;
  beforeAll(async () => {
    server = await startSmtp();
    server.use();
  });
  afterAll(async () => {
    await server?.close();
  });
  return () => server!;
}

export const TOY_SUPPLIER = {
  name: 'Spielwaren Fabrik GmbH',
  street: 'Hafenstraße 9',
  postal_code: '20457',
  city: 'Hamburg',
  country: 'DE',
  email: 'compliance@spielwaren.example',
};

/** A toy SKU (no DoC, no EN 71 report...) with a German manufacturer linked. */
export async function toySku(u: TestUser, supplier: Record<string, unknown> = TOY_SUPPLIER) {
  const code = `TOY-${crypto.randomUUID().slice(0, 8)}`;
  const res = await call((await import('@/app/api/skus/route')) as any, 'POST', '/api/skus', {
    cookie: u.cookie,
    body: { sku_code: code, product_name: 'Wooden train', category_code: 'toys', gtin: '4006381333931' },
  });
  expect(res.status, res.text).toBe(201);
  const sku = res.body.sku as { id: string; sku_code: string };
  const entity = await createEntity(u, supplier);
  await link(u, sku.id, 'manufacturer', entity.id);
  return { sku, entity };
}

export const draft = (u: TestUser, body: Record<string, unknown>) =>
  call(draftRoute, 'POST', '/api/supplier-email/draft', { cookie: u.cookie, body });

export function send(
  u: TestUser,
  body: Record<string, unknown>,
  opts: { key?: string; query?: Record<string, string>; bearer?: string } = {},
): Promise<CallResult> {
  return call(sendRoute, 'POST', '/api/supplier-email/send', {
    cookie: opts.bearer ? undefined : u.cookie,
    bearer: opts.bearer,
    body,
    query: opts.query,
    headers: opts.key ? { 'idempotency-key': opts.key } : {},
  });
}

export const list = (u: TestUser, query: Record<string, string> = {}) =>
  call(requestsRoute, 'GET', '/api/supplier-email/requests', { cookie: u.cookie, query });

export const patchRequest = (u: TestUser, id: string, body: Record<string, unknown>) =>
  call(requestRoute, 'PATCH', `/api/supplier-email/requests/${id}`, { cookie: u.cookie, params: { id }, body });

/** Drafts and sends a request for the SKU's open items; returns the stored request. */
export async function sendDefault(u: TestUser, skuId: string, extra: Record<string, unknown> = {}) {
  const d = await draft(u, { sku_id: skuId });
  expect(d.status, d.text).toBe(200);
  const res = await send(u, {
    sku_id: skuId,
    to: d.body.draft.to,
    subject: d.body.draft.subject,
    body: d.body.draft.body,
    ...extra,
  });
  expect(res.status, res.text).toBe(201);
  return res.body.request as { id: string; status: string; upload_url: string; message_id: string; [k: string]: any };
}

export const tokenOf = (uploadUrl: string) => uploadUrl.split('/r/')[1];
