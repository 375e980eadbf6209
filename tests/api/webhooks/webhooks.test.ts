/**
 * Outbound webhooks against a real loopback receiver: endpoints are registered by admins with a secret
 * shown once; a change writes its event to the outbox in its own transaction (a rolled-back change
 * sends nothing); deliveries carry Standard Webhooks headers whose signature verifies; a failing
 * receiver is retried on the backoff schedule with the same webhook-id; undelivered events survive a
 * "restart" (a fresh sweep); a receiver that never answers is tried eight times over a day; every
 * event of the catalogue that a person's work causes reaches the receiver; private addresses are refused at registration and at delivery; an
 * endpoint that keeps failing is disabled and the admins are mailed; deliveries are logged and re-sendable.
 */
import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import * as endpointsRoute from '@/app/api/workspace/webhooks/route';
import * as endpointRoute from '@/app/api/workspace/webhooks/[id]/route';
import * as deliveriesRoute from '@/app/api/workspace/webhooks/[id]/deliveries/route';
import * as resendRoute from '@/app/api/workspace/webhooks/deliveries/[deliveryId]/resend/route';
import * as openapi from '@/app/api/openapi.json/route';
import * as exportsRoute from '@/app/api/exports/route';
import * as skuRoute from '@/app/api/skus/[id]/route';
import * as uploadRoute from '@/app/api/supplier-email/upload/[token]/route';
import { resetEnvCache } from '@/lib/config/env';
import { getDb, type Db } from '@/lib/db/client';
import { webhookDeliveries, webhookEndpoints, webhookEvents } from '@/lib/db/schema';
import { deliverDue, MAX_ATTEMPTS, RETRY_GAPS_SECONDS } from '@/lib/webhooks/deliver';
import { emitWebhookEvent } from '@/lib/events/emit';
import { verifyWebhook } from '@/lib/webhooks/sign';
import { call, expectEnvelope, makeUser, type TestUser } from '../../helpers/http';
import { useTestDatabase } from '../../helpers/db';
import { createKey, declarationPdf, form, settleJobs, upload } from '../documents/helpers';
import { sendDefault, startSmtp, tokenOf, toySku } from '../outreach/helpers';
import { addMember } from '../team/helpers';
import { approve, publish, readySku, withTempBlobStore } from '../skus/fixtures';

useTestDatabase();
withTempBlobStore();

interface Received {
  headers: http.IncomingHttpHeaders;
  body: string;
}

/** A receiver on loopback that records every POST and answers with `status`. */
async function startReceiver() {
  const received: Received[] = [];
  const state = { status: 200 };
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      received.push({ headers: req.headers, body: Buffer.concat(chunks).toString('utf8') });
      res.writeHead(state.status, { 'content-type': 'text/plain' }).end(`answer ${state.status}`);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const port = (server.address() as { port: number }).port;
  return {
    url: `http://127.0.0.1:${port}/hooks`,
    received,
    state,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

function allowLoopback(on: boolean) {
  process.env.ALLOW_LOOPBACK_FETCH = on ? 'true' : 'false';
  resetEnvCache();
}

let receiver: Awaited<ReturnType<typeof startReceiver>>;
let smtp: Awaited<ReturnType<typeof startSmtp>>;
let owner: TestUser;
let db: Db;

async function register(u: TestUser, body: Record<string, unknown>) {
  return call(endpointsRoute, 'POST', '/api/workspace/webhooks', { cookie: u.cookie, body });
}

async function deliveriesOf(u: TestUser, endpointId: string) {
  const res = await call(deliveriesRoute, 'GET', `/api/workspace/webhooks/${endpointId}/deliveries`, {
    cookie: u.cookie,
    params: { id: endpointId },
  });
  expect(res.status, res.text).toBe(200);
  return res.body.data as any[];
}

beforeAll(async () => {
  db = await getDb();
  receiver = await startReceiver();
  smtp = await startSmtp();
  smtp.use();
  allowLoopback(true);
  owner = await makeUser({ plan: 'pro' });
});

afterAll(async () => {
  delete process.env.ALLOW_LOOPBACK_FETCH;
  delete process.env.WEBHOOK_DISABLE_AFTER_FAILURES;
  resetEnvCache();
  await receiver?.close();
  await smtp?.close();
});

describe('createWebhookEndpoint, listWebhookEndpoints, deleteWebhookEndpoint — registering endpoints', () => {
  it('an admin registers an endpoint: the secret is shown once, then only its prefix', async () => {
    const res = await register(owner, { url: receiver.url, events: ['sku.approved'], description: 'PIM' });
    expect(res.status, res.text).toBe(201);
    expect(res.body.data.secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    expect(res.body.data.secret.startsWith(res.body.data.secret_prefix)).toBe(true);
    const list = await call(endpointsRoute, 'GET', '/api/workspace/webhooks', { cookie: owner.cookie });
    expect(list.status).toBe(200);
    expect(JSON.stringify(list.body)).not.toContain(res.body.data.secret);
    expect(list.body.data[0]).toMatchObject({ url: receiver.url, events: ['sku.approved'], enabled: true });
    await call(endpointRoute, 'DELETE', `/api/workspace/webhooks/${res.body.data.id}`, {
      cookie: owner.cookie,
      params: { id: res.body.data.id },
    });
  });

  it('private, loopback, link-local and non-http URLs are refused with URL_NOT_ALLOWED; unknown events are 400', async () => {
    allowLoopback(false);
    try {
      for (const url of [
        receiver.url,
        'http://10.1.2.3/hook',
        'http://169.254.169.254/latest/meta-data',
        'http://[::1]:8080/x',
        'http://192.168.0.10/x',
        'ftp://example.com/x',
        'https://user:pw@example.com/x',
      ]) {
        const res = await register(owner, { url, events: ['sku.approved'] });
        expectEnvelope(res, 400, 'URL_NOT_ALLOWED');
      }
    } finally {
      allowLoopback(true);
    }
    expectEnvelope(await register(owner, { url: receiver.url, events: ['sku.exploded'] }), 400, 'VALIDATION_FAILED');
    expectEnvelope(await register(owner, { url: receiver.url, events: [] }), 400, 'VALIDATION_FAILED');
  });

  it('editors cannot manage webhooks (403 INSUFFICIENT_ROLE); an API key is 403 API_KEY_NOT_ACCEPTED; another workspace sees 404', async () => {
    const editor = await addMember(owner, 'editor');
    const res = await register(editor, { url: receiver.url, events: ['sku.approved'] });
    expect(expectEnvelope(res, 403, 'INSUFFICIENT_ROLE').details.required_role).toBe('admin');
    const key = await createKey(owner, ['skus:read', 'skus:write']);
    expectEnvelope(
      await call(endpointsRoute, 'GET', '/api/workspace/webhooks', { bearer: key }),
      403,
      'API_KEY_NOT_ACCEPTED',
    );
    const made = await register(owner, { url: receiver.url, events: ['sku.published'] });
    const stranger = await makeUser();
    const peek = await call(deliveriesRoute, 'GET', `/api/workspace/webhooks/${made.body.data.id}/deliveries`, {
      cookie: stranger.cookie,
      params: { id: made.body.data.id },
    });
    expectEnvelope(peek, 404, 'NOT_FOUND');
    await db.delete(webhookEndpoints).where(eq(webhookEndpoints.id, made.body.data.id));
  });
});

describe('updateWebhookEndpoint, listWebhookDeliveries, resendWebhookDelivery — delivery', () => {
  it('approving a SKU delivers sku.approved once, signed (webhook-id, webhook-timestamp, v1 signature), logged with the answer', async () => {
    const u = await makeUser({ plan: 'pro' });
    const ep = (await register(u, { url: receiver.url, events: ['sku.approved', 'sku.published'] })).body.data;
    const sku = await readySku(u);
    const before = receiver.received.length;
    await approve(u, sku.id);
    // Written to the outbox with the approval; sent by the sweep.
    const [event] = await db.select().from(webhookEvents).where(eq(webhookEvents.workspaceId, u.workspaceId));
    expect(event).toMatchObject({ type: 'sku.approved', data: expect.objectContaining({ sku_id: sku.id }) });
    expect(receiver.received.length).toBe(before);
    await deliverDue(db, { workspaceId: u.workspaceId });
    const got = receiver.received.slice(before);
    expect(got).toHaveLength(1);
    const h = got[0].headers;
    expect(h['content-type']).toBe('application/json');
    expect(h['webhook-id']).toBe(event.id);
    expect(Math.abs(Number(h['webhook-timestamp']) - Date.now() / 1000)).toBeLessThan(60);
    expect(String(h['webhook-signature'])).toMatch(/^v1,[A-Za-z0-9+/]+=*$/);
    const headers = {
      id: String(h['webhook-id']),
      timestamp: String(h['webhook-timestamp']),
      signature: String(h['webhook-signature']),
    };
    expect(verifyWebhook(ep.secret, headers, got[0].body)).toBe(true);
    expect(verifyWebhook(ep.secret, headers, got[0].body.replace('sku.approved', 'sku.publishex'))).toBe(false);
    expect(verifyWebhook(`whsec_${Buffer.alloc(32, 1).toString('base64')}`, headers, got[0].body)).toBe(false);
    expect(JSON.parse(got[0].body)).toMatchObject({
      id: event.id,
      type: 'sku.approved',
      workspace_id: u.workspaceId,
      data: { sku_id: sku.id },
    });
    const log = await deliveriesOf(u, ep.id);
    expect(log).toEqual([
      expect.objectContaining({
        event_id: event.id,
        event_type: 'sku.approved',
        status: 'succeeded',
        attempts: 1,
        response_status: 200,
        response_body: 'answer 200',
        next_attempt_at: null,
      }),
    ]);
    // The log keeps the body that was sent, byte for byte.
    expect(log[0].request_body).toBe(got[0].body);
    // A second sweep sends nothing more.
    await deliverDue(db, { workspaceId: u.workspaceId });
    expect(receiver.received.length).toBe(before + 1);
  });

  it('a SKU becoming blocked and becoming ready are events (sku.blocked on creation with blockers, sku.ready when none is left)', async () => {
    const u = await makeUser({ plan: 'pro' });
    await register(u, { url: receiver.url, events: ['sku.blocked', 'sku.ready'] });
    const sku = await readySku(u); // created blocked, then filled until nothing blocks
    const events = await db.select().from(webhookEvents).where(eq(webhookEvents.workspaceId, u.workspaceId));
    const mine = events.filter((e) => e.data.sku_id === sku.id).sort((a, b) => +a.createdAt - +b.createdAt);
    expect(mine.map((e) => e.type)).toEqual(['sku.blocked', 'sku.ready']);
    expect(mine[0].data).toMatchObject({ sku_code: sku.sku_code, open_blockers: expect.any(Number) });
    expect((mine[0].data.codes as string[]).length).toBeGreaterThan(0);
    // Further changes that leave it ready send nothing more.
    const before = events.length;
    await approve(u, sku.id);
    const after = await db.select().from(webhookEvents).where(eq(webhookEvents.workspaceId, u.workspaceId));
    expect(after.length).toBe(before);
  });

  it('an uploaded document, once read by the extraction job, is an extraction.finished event', async () => {
    const u = await makeUser({ plan: 'pro' });
    await register(u, { url: receiver.url, events: ['extraction.finished'] });
    const res = await upload(u, [['declaration.pdf', await declarationPdf({ model: 'WH-7' }), 'application/pdf']]);
    expect(res.status, res.text).toBe(200);
    const documentId = res.body.results[0].document_id as string;
    await settleJobs(u.workspaceId);
    const events = await db.select().from(webhookEvents).where(eq(webhookEvents.workspaceId, u.workspaceId));
    expect(events.map((e) => e.type)).toEqual(['extraction.finished']);
    expect(events[0].data).toMatchObject({ document_id: documentId, ok: true });
  });

  it('a change that rolls back writes no event; an event nobody subscribed to writes nothing', async () => {
    const u = await makeUser({ plan: 'pro' });
    await register(u, { url: receiver.url, events: ['export.finished'] });
    await expect(
      db.transaction(async (tx) => {
        await emitWebhookEvent(tx as unknown as Db, {
          workspaceId: u.workspaceId,
          type: 'export.finished',
          data: { run_id: 'x' },
        });
        throw new Error('the change failed');
      }),
    ).rejects.toThrow('the change failed');
    expect(await emitWebhookEvent(db, { workspaceId: u.workspaceId, type: 'sku.approved', data: {} })).toBeNull();
    expect(await db.select().from(webhookEvents).where(eq(webhookEvents.workspaceId, u.workspaceId))).toEqual([]);
  });

  it('a failing receiver is retried on the backoff schedule with the same webhook-id, until it answers 2xx', async () => {
    const u = await makeUser({ plan: 'pro' });
    const ep = (await register(u, { url: receiver.url, events: ['sku.published'] })).body.data;
    const sku = await readySku(u);
    await approve(u, sku.id);
    expect((await publish(u, sku.id)).status).toBe(200);
    receiver.state.status = 500;
    const before = receiver.received.length;
    const t0 = new Date();
    try {
      await deliverDue(db, { workspaceId: u.workspaceId, now: t0 });
      let [d] = await deliveriesOf(u, ep.id);
      expect(d).toMatchObject({ status: 'pending', attempts: 1, response_status: 500, response_body: 'answer 500' });
      expect(new Date(d.next_attempt_at).getTime()).toBe(t0.getTime() + RETRY_GAPS_SECONDS[0] * 1000);
      // Not due yet: nothing is sent.
      await deliverDue(db, { workspaceId: u.workspaceId, now: new Date(t0.getTime() + 30_000) });
      expect(receiver.received.length).toBe(before + 1);
      const t1 = new Date(t0.getTime() + RETRY_GAPS_SECONDS[0] * 1000);
      await deliverDue(db, { workspaceId: u.workspaceId, now: t1 });
      [d] = await deliveriesOf(u, ep.id);
      expect(d).toMatchObject({ status: 'pending', attempts: 2 });
      expect(new Date(d.next_attempt_at).getTime()).toBe(t1.getTime() + RETRY_GAPS_SECONDS[1] * 1000);
      receiver.state.status = 204;
      await deliverDue(db, {
        workspaceId: u.workspaceId,
        now: new Date(t1.getTime() + RETRY_GAPS_SECONDS[1] * 1000),
      });
      [d] = await deliveriesOf(u, ep.id);
      expect(d).toMatchObject({ status: 'succeeded', attempts: 3, response_status: 204 });
      const ids = receiver.received.slice(before).map((r) => r.headers['webhook-id']);
      expect(ids).toHaveLength(3);
      expect(new Set(ids).size).toBe(1);
      expect(JSON.parse(receiver.received[receiver.received.length - 1].body)).toMatchObject({
        type: 'sku.published',
        data: { sku_id: sku.id },
      });
    } finally {
      receiver.state.status = 200;
    }
  });

  it('a receiver that never answers 2xx is tried eight times over a day, then the delivery is failed', async () => {
    const u = await makeUser({ plan: 'pro' });
    const ep = (await register(u, { url: receiver.url, events: ['sku.approved'] })).body.data;
    const sku = await readySku(u);
    await approve(u, sku.id);
    receiver.state.status = 502;
    const before = receiver.received.length;
    const t0 = new Date(Date.now() + 1000);
    let now = t0;
    try {
      for (let i = 0; i < MAX_ATTEMPTS; i++) {
        expect((await deliverDue(db, { workspaceId: u.workspaceId, now })).claimed, `attempt ${i + 1}`).toBe(1);
        const [d] = await deliveriesOf(u, ep.id);
        if (i < RETRY_GAPS_SECONDS.length) {
          expect(d).toMatchObject({ status: 'pending', attempts: i + 1, response_status: 502 });
          now = new Date(now.getTime() + RETRY_GAPS_SECONDS[i] * 1000);
          expect(new Date(d.next_attempt_at).getTime()).toBe(now.getTime());
        } else {
          expect(d).toMatchObject({ status: 'failed', attempts: MAX_ATTEMPTS, next_attempt_at: null });
        }
      }
    } finally {
      receiver.state.status = 200;
    }
    // The last attempt is a day after the first; nothing is sent after it.
    expect(now.getTime() - t0.getTime()).toBe(24 * 3600 * 1000);
    expect(
      (await deliverDue(db, { workspaceId: u.workspaceId, now: new Date(now.getTime() + 7 * 86400_000) })).claimed,
    ).toBe(0);
    const ids = receiver.received.slice(before).map((r) => r.headers['webhook-id']);
    expect(ids).toHaveLength(MAX_ATTEMPTS);
    expect(new Set(ids).size).toBe(1);
  });

  it('a supplier answering, an export finishing and a SKU deleted are events, delivered signed', async () => {
    const u = await makeUser({ plan: 'pro' });
    const ep = (
      await register(u, { url: receiver.url, events: ['supplier.answered', 'export.finished', 'sku.withdrawn'] })
    ).body.data;
    // A supplier uploads through the request link.
    const { sku: toy } = await toySku(u);
    const r = await sendDefault(u, toy.id, { items: ['TOY_DOC_MISSING'] });
    const token = tokenOf(r.upload_url);
    const up = await call(uploadRoute, 'POST', `/api/supplier-email/upload/${token}`, {
      params: { token },
      rawBody: form([['doc.pdf', await declarationPdf({ model: 'WT-1' }), 'application/pdf']]),
      origin: null,
      headers: { 'x-forwarded-for': '203.0.113.9' },
    });
    expect(up.status, up.text).toBe(200);
    // An export run to the end by the real job.
    const run = await call(exportsRoute, 'POST', '/api/exports', {
      cookie: u.cookie,
      body: { template_id: '5b0c6e2a-0d5e-4f0e-9c1a-2f7a3e1b0f02', scope_type: 'all' },
    });
    expect(run.status, run.text).toBe(202);
    await settleJobs(u.workspaceId);
    // A SKU deleted: its public page is withdrawn.
    const gone = await readySku(u);
    const del = await call(skuRoute, 'DELETE', `/api/skus/${gone.id}`, { cookie: u.cookie, params: { id: gone.id } });
    expect(del.status, del.text).toBe(200);

    const before = receiver.received.length;
    await deliverDue(db, { workspaceId: u.workspaceId });
    const got = receiver.received
      .slice(before)
      .map((x) => ({ headers: x.headers, body: JSON.parse(x.body), raw: x.body }));
    const byType = Object.fromEntries(got.map((g) => [g.body.type, g]));
    expect(Object.keys(byType).sort()).toEqual(['export.finished', 'sku.withdrawn', 'supplier.answered']);
    expect(byType['supplier.answered'].body.data).toMatchObject({
      request_id: r.id,
      sku_id: toy.id,
      via: expect.any(String),
    });
    expect(byType['supplier.answered'].body.data.document_ids).toHaveLength(1);
    expect(byType['export.finished'].body.data).toMatchObject({
      run_id: run.body.run.id,
      status: expect.stringMatching(/^completed/),
    });
    expect(byType['sku.withdrawn'].body.data).toMatchObject({ sku_id: gone.id });
    for (const g of got) {
      const h = {
        id: String(g.headers['webhook-id']),
        timestamp: String(g.headers['webhook-timestamp']),
        signature: String(g.headers['webhook-signature']),
      };
      expect(h.id).toBe(g.body.id);
      expect(verifyWebhook(ep.secret, h, g.raw)).toBe(true);
    }
  });

  it('events written before a restart are delivered after it: the outbox is the state', async () => {
    const u = await makeUser({ plan: 'pro' });
    await register(u, { url: receiver.url, events: ['sku.approved'] });
    const skus = [await readySku(u), await readySku(u)];
    for (const s of skus) await approve(u, s.id); // the process "stops" here: nothing was sent
    const pending = await db.select().from(webhookDeliveries).where(eq(webhookDeliveries.workspaceId, u.workspaceId));
    expect(pending.map((d) => d.status)).toEqual(['pending', 'pending']);
    const before = receiver.received.length;
    // A new process: only the database carries over. Its first sweep sends both.
    const r = await deliverDue(await getDb(), { now: new Date(Date.now() + 1000) });
    expect(r.claimed).toBeGreaterThanOrEqual(2);
    const sent = receiver.received
      .slice(before)
      .map((x) => JSON.parse(x.body))
      .filter((b) => b.workspace_id === u.workspaceId)
      .map((b) => b.data.sku_id);
    expect(sent.sort()).toEqual(skus.map((s) => s.id).sort());
  });

  it('a receiver that moved to a private address is refused at delivery (checked again every time)', async () => {
    const u = await makeUser({ plan: 'pro' });
    const ep = (await register(u, { url: receiver.url, events: ['sku.approved'] })).body.data;
    const sku = await readySku(u);
    await approve(u, sku.id);
    const before = receiver.received.length;
    allowLoopback(false);
    try {
      await deliverDue(db, { workspaceId: u.workspaceId });
    } finally {
      allowLoopback(true);
    }
    expect(receiver.received.length).toBe(before);
    const [d] = await deliveriesOf(u, ep.id);
    expect(d).toMatchObject({ status: 'pending', attempts: 1, response_status: null });
    expect(d.error).toMatch(/loopback|public/);
  });

  it('after sustained failure the endpoint is disabled and the admins are mailed; re-sending needs it enabled again', async () => {
    process.env.WEBHOOK_DISABLE_AFTER_FAILURES = '3';
    resetEnvCache();
    const u = await makeUser({ plan: 'pro' });
    const admin = await addMember(u, 'admin');
    const ep = (await register(u, { url: receiver.url, events: ['sku.approved'] })).body.data;
    const skus = [await readySku(u), await readySku(u), await readySku(u), await readySku(u)];
    for (const s of skus) await approve(u, s.id);
    receiver.state.status = 503;
    const mailsBefore = smtp.mails.length;
    try {
      await deliverDue(db, { workspaceId: u.workspaceId });
      const [row] = await db.select().from(webhookEndpoints).where(eq(webhookEndpoints.id, ep.id));
      expect(row).toMatchObject({ enabled: false, consecutiveFailures: 3 });
      expect(row.disabledReason).toMatch(/3 delivery attempts failed in a row/);
      const log = await deliveriesOf(u, ep.id);
      expect(log.map((d) => d.status).sort()).toEqual(['failed', 'failed', 'failed', 'failed']);
      const mails = smtp.mails.slice(mailsBefore);
      expect(mails.flatMap((m) => m.envelopeTo).sort()).toEqual([admin.email, u.email].sort());
      expect(mails[0].parsed.subject).toContain('Webhook endpoint disabled');
      expect(mails[0].parsed.text).toContain(receiver.url);

      receiver.state.status = 200;
      const refused = await call(resendRoute, 'POST', `/api/workspace/webhooks/deliveries/${log[0].id}/resend`, {
        cookie: u.cookie,
        params: { deliveryId: log[0].id },
      });
      expect(expectEnvelope(refused, 409, 'INVALID_STATE').details.state).toBe('endpoint_disabled');
      const enabled = await call(endpointRoute, 'PATCH', `/api/workspace/webhooks/${ep.id}`, {
        cookie: u.cookie,
        params: { id: ep.id },
        body: { enabled: true },
      });
      expect(enabled.body.data).toMatchObject({ enabled: true, consecutive_failures: 0, disabled_reason: null });
      const before = receiver.received.length;
      const resent = await call(resendRoute, 'POST', `/api/workspace/webhooks/deliveries/${log[0].id}/resend`, {
        cookie: u.cookie,
        params: { deliveryId: log[0].id },
      });
      expect(resent.status, resent.text).toBe(200);
      expect(resent.body.data).toMatchObject({ id: log[0].id, status: 'succeeded', response_status: 200 });
      expect(receiver.received.slice(before).map((r) => r.headers['webhook-id'])).toEqual([log[0].event_id]);
    } finally {
      receiver.state.status = 200;
      delete process.env.WEBHOOK_DISABLE_AFTER_FAILURES;
      resetEnvCache();
    }
  });
});

describe('documentation', () => {
  it('the OpenAPI document has a webhooks section: one entry per event with the payload and the signing headers', async () => {
    const doc = await (await openapi.GET(new Request('http://127.0.0.1:3100/api/openapi.json'))).json();
    expect(Object.keys(doc.webhooks)).toEqual(
      expect.arrayContaining(['sku.approved', 'sku.published', 'export.finished', 'supplier.answered']),
    );
    const op = doc.webhooks['sku.approved'].post;
    expect(op.parameters.map((p: { name: string }) => p.name)).toEqual([
      'webhook-id',
      'webhook-timestamp',
      'webhook-signature',
    ]);
    expect(op.description).toMatch(/HMAC-SHA256/);
    expect(op.requestBody.content['application/json'].schema).toBeDefined();
  });
});
