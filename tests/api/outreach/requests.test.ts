/**
 * Supplier requests: drafts name exactly what is missing in the supplier's language, sending delivers one
 * mail per Idempotency-Key (502/503 when delivery fails or no provider), Bearer scopes, the documented
 * state transitions only (one winner of concurrent changes), paging, filters and tenant isolation.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { getDb } from '@/lib/db/client';
import { supplierRequests, type SupplierRequestStatus } from '@/lib/db/schema';
import { resetEnvCache } from '@/lib/config/env';
import { TRANSITIONS } from '@/lib/outreach/status';
import { call, expectEnvelope, makeUser, type TestUser } from '../../helpers/http';
import { useTestDatabase } from '../../helpers/db';
import { createKey } from '../documents/helpers';
import { withTempBlobStore } from '../skus/fixtures';
import { draft, list, patchRequest, requestRoute, send, sendDefault, startSmtp, toySku } from './helpers';

useTestDatabase();
withTempBlobStore();

let smtp: Awaited<ReturnType<typeof startSmtp>>;
beforeAll(async () => {
  smtp = await startSmtp();
  smtp.use();
});
afterAll(async () => {
  await smtp.close();
});

describe('draftSupplierEmail — POST /api/supplier-email/draft', () => {
  it("names exactly the missing documents (with the directive to cite) and fields, in the supplier's language, to the manufacturer", async () => {
    const u = await makeUser();
    const { sku, entity } = await toySku(u);
    const res = await draft(u, { sku_id: sku.id });
    expect(res.status, res.text).toBe(200);
    const d = res.body.draft;
    expect(d).toMatchObject({
      sku_id: sku.id,
      to: 'compliance@spielwaren.example',
      to_source: 'manufacturer',
      entity_id: entity.id,
      locale: 'de',
    });
    const keys = d.items.map((i: any) => i.key);
    expect(keys).toEqual(
      expect.arrayContaining([
        'TOY_DOC_MISSING',
        'TOY_EN71_REPORT_MISSING',
        'TOY_AGE_GRADING_MISSING',
        'RISK_ASSESSMENT_MISSING',
      ]),
    );
    // Seller-only blockers are not asked of the supplier.
    expect(keys).not.toContain('TARGET_MARKETS_MISSING');
    const doc = d.items.find((i: any) => i.key === 'TOY_DOC_MISSING');
    expect(doc).toMatchObject({
      kind: 'document',
      document_types: ['declaration_of_conformity'],
      references: ['2009/48/EC'],
    });
    expect(doc.label).toBe('EU-Konformitätserklärung mit Verweis auf 2009/48/EC');
    expect(d.items.find((i: any) => i.key === 'TOY_AGE_GRADING_MISSING')).toMatchObject({
      kind: 'field',
      fields: ['age_grading'],
    });
    expect(d.subject).toBe(`Benötigte Konformitätsunterlagen für Wooden train (${sku.sku_code})`);
    expect(d.body).toContain('Sehr geehrtes Team von Spielwaren Fabrik GmbH,');
    for (const i of d.items) expect(d.body).toContain(`- ${i.label}`);
    expect(d.body).toContain('{upload_link}');
    // Each item says why it is needed in plain words (then its legal reference, when it has one).
    expect(d.html).toContain(
      '<li>EU-Konformitätserklärung mit Verweis auf 2009/48/EC – die unterschriebene Erklärung des Herstellers',
    );

    // Deterministic: the same input gives the same text.
    const again = await draft(u, { sku_id: sku.id });
    expect(again.body.draft.body).toBe(d.body);
  });

  it('locale, recipient and a subset of items can be chosen; every locale has its own text', async () => {
    const u = await makeUser();
    const { sku } = await toySku(u);
    const subjects = new Set<string>();
    for (const locale of ['en', 'de', 'fr', 'es', 'it']) {
      const res = await draft(u, { sku_id: sku.id, locale, to: 'buyer@other.example', items: ['TOY_DOC_MISSING'] });
      expect(res.status, res.text).toBe(200);
      expect(res.body.draft).toMatchObject({ locale, to: 'buyer@other.example', to_source: 'given' });
      expect(res.body.draft.items.map((i: any) => i.key)).toEqual(['TOY_DOC_MISSING']);
      expect(res.body.draft.available_items.length).toBeGreaterThan(1);
      subjects.add(res.body.draft.subject);
    }
    expect(subjects.size).toBe(5);
    const en = await draft(u, { sku_id: sku.id, locale: 'en', items: ['TOY_DOC_MISSING'], due_date: '2026-12-31' });
    expect(en.body.draft.body).toContain('- EU declaration of conformity citing 2009/48/EC');
    expect(en.body.draft.body).toContain('by 31 Dec 2026');
  });

  it("refuses unknown items, bad input, another workspace's SKU and a SKU with nothing to ask", async () => {
    const u = await makeUser();
    const other = await makeUser();
    const { sku } = await toySku(u);
    const bad = expectEnvelope(
      await draft(u, { sku_id: sku.id, items: ['TOY_DOC_MISSING', 'NOPE'] }),
      400,
      'VALIDATION_FAILED',
    );
    expect(bad.details.fields).toEqual([{ path: 'items.1', message: 'NOPE is not an open item of this SKU' }]);
    expectEnvelope(await draft(u, { sku_id: sku.id, locale: 'pt' }), 400, 'VALIDATION_FAILED');
    expectEnvelope(await draft(u, { sku_id: sku.id, to: 'not-an-address' }), 400, 'VALIDATION_FAILED');
    expectEnvelope(await draft(u, { sku_id: sku.id, extra: 1 }), 400, 'VALIDATION_FAILED');
    expectEnvelope(await draft(other, { sku_id: sku.id }), 404, 'NOT_FOUND');
    const { readySku } = await import('../skus/fixtures');
    const ready = await readySku(u);
    expectEnvelope(await draft(u, { sku_id: ready.id }), 422, 'NOTHING_TO_REQUEST');
  });
});

describe('sendSupplierEmail — POST /api/supplier-email/send', () => {
  it('delivers one mail with recipient, subject, body, Reply-To, link and a recorded Message-ID', async () => {
    const u = await makeUser();
    const { sku } = await toySku(u);
    const before = smtp.mails.length;
    const d = (await draft(u, { sku_id: sku.id })).body.draft;
    const res = await send(u, {
      sku_id: sku.id,
      to: d.to,
      subject: d.subject,
      body: d.body,
      cc: ['buyer@shop.example'],
      due_date: '2026-12-31',
    });
    expect(res.status, res.text).toBe(201);
    const r = res.body.request;
    expect(r).toMatchObject({
      sku_id: sku.id,
      recipient: 'compliance@spielwaren.example',
      cc: ['buyer@shop.example'],
      status: 'sent',
      due_date: '2026-12-31',
      reminder_count: 0,
      responded_at: null,
      last_reminder_at: null,
      locale: 'de',
      link_active: true,
    });
    expect(r.items.map((i: any) => i.key)).toEqual(d.items.map((i: any) => i.key));
    expect(r.upload_url).toMatch(/^http:\/\/127\.0\.0\.1:3100\/r\/[A-Za-z0-9_-]{43}$/);
    expect(r.timeline.map((e: any) => e.kind)).toEqual(['created', 'sent']);

    expect(smtp.mails.length).toBe(before + 1);
    const mail = smtp.mails[smtp.mails.length - 1];
    expect(mail.envelopeTo.sort()).toEqual(['buyer@shop.example', 'compliance@spielwaren.example']);
    expect(mail.parsed.subject).toBe(d.subject);
    expect(mail.parsed.from?.address).toBe('outreach@compliance.example');
    expect(mail.parsed.replyTo?.[0]?.address).toBe(u.email);
    expect(mail.parsed.messageId).toBe(r.message_id);
    expect(mail.parsed.text).toContain(r.upload_url);
    expect(mail.parsed.text).not.toContain('{upload_link}');
    expect(mail.parsed.text).toContain('- EU-Konformitätserklärung mit Verweis auf 2009/48/EC');
    expect(mail.parsed.html).toContain(`<a href="${r.upload_url}">`);

    // Listed for the SKU, and workspace-wide.
    const bySku = await list(u, { sku_id: sku.id });
    expect(bySku.status, bySku.text).toBe(200);
    expect(bySku.body.data.map((x: any) => x.id)).toEqual([r.id]);
    expect(Object.keys(bySku.body.data[0])).toEqual(
      expect.arrayContaining([
        'id',
        'sku_id',
        'recipient',
        'subject',
        'items',
        'status',
        'due_date',
        'sent_at',
        'last_reminder_at',
        'reminder_count',
        'responded_at',
        'timeline',
      ]),
    );
  });

  it('one mail per Idempotency-Key under 20 concurrent sends', async () => {
    const u = await makeUser();
    const { sku } = await toySku(u);
    const d = (await draft(u, { sku_id: sku.id })).body.draft;
    const before = smtp.mails.length;
    const body = { sku_id: sku.id, to: d.to, subject: d.subject, body: d.body };
    const started = Date.now();
    const first = await Promise.all(Array.from({ length: 20 }, () => send(u, body, { key: 'send-once-1' })));
    console.log(`20 concurrent sends: ${Date.now() - started} ms, statuses ${first.map((r) => r.status).join(',')}`);
    // A duplicate still waiting when the first is slow gets the retryable in-progress answer; a client retries.
    for (const res of first.filter((r) => r.status !== 201))
      expect(expectEnvelope(res, 409, 'IDEMPOTENCY_REQUEST_IN_PROGRESS').retryable).toBe(true);
    const results = await Promise.all(first.map((r) => (r.status === 201 ? r : send(u, body, { key: 'send-once-1' }))));
    for (const res of results) expect(res.status, res.text).toBe(201);
    const ids = new Set(results.map((r) => r.body.request.id));
    expect(ids.size).toBe(1);
    expect(results.filter((r) => r.headers.get('idempotency-replayed') === 'true')).toHaveLength(19);
    expect(smtp.mails.length - before).toBe(1);
    const db = await getDb();
    expect(await db.select().from(supplierRequests).where(eq(supplierRequests.skuId, sku.id))).toHaveLength(1);
    // The same key with another body is refused.
    expectEnvelope(await send(u, { ...body, subject: 'Other' }, { key: 'send-once-1' }), 409, 'IDEMPOTENCY_KEY_REUSED');
  });

  it('a refused delivery is 502 EMAIL_DELIVERY_FAILED and the request is kept as failed', async () => {
    const u = await makeUser();
    const { sku } = await toySku(u);
    const d = (await draft(u, { sku_id: sku.id })).body.draft;
    smtp.state.refuse = true;
    try {
      const res = await send(u, { sku_id: sku.id, to: d.to, subject: d.subject, body: d.body }, { key: 'refused-1' });
      const err = expectEnvelope(res, 502, 'EMAIL_DELIVERY_FAILED');
      expect(err.retryable).toBe(true);
      expect(err.message).toContain('550');
      const listed = (await list(u, { sku_id: sku.id })).body.data;
      expect(listed).toHaveLength(1);
      expect(listed[0]).toMatchObject({
        id: err.details.request_id,
        status: 'failed',
        sent_at: null,
        link_active: false,
        upload_url: null,
      });
      expect(listed[0].delivery_error).toContain('550');
      expect(listed[0].timeline.map((e: any) => e.kind)).toEqual(['created', 'delivery_failed']);
    } finally {
      smtp.state.refuse = false;
    }
    // The key was released: a retry sends.
    const retry = await send(u, { sku_id: sku.id, to: d.to, subject: d.subject, body: d.body }, { key: 'refused-1' });
    expect(retry.status, retry.text).toBe(201);
    expect((await list(u, { sku_id: sku.id, status: 'sent,failed' })).body.data.map((r: any) => r.status)).toEqual([
      'sent',
      'failed',
    ]);
  });

  it('dry_run sends and stores nothing; no provider is 503 EMAIL_NOT_CONFIGURED', async () => {
    const u = await makeUser();
    const { sku } = await toySku(u);
    const d = (await draft(u, { sku_id: sku.id })).body.draft;
    const before = smtp.mails.length;
    const body = { sku_id: sku.id, to: d.to, subject: d.subject, body: d.body };
    const dry = await send(u, body, { query: { dry_run: 'true' } });
    expect(dry.status, dry.text).toBe(200);
    expect(dry.body).toMatchObject({ dry_run: true, would_send: { to: d.to, reply_to: u.email, provider: 'smtp' } });
    expect(smtp.mails.length).toBe(before);
    expect((await list(u, { sku_id: sku.id })).body.data).toHaveLength(0);

    const host = process.env.SMTP_HOST;
    delete process.env.SMTP_HOST;
    resetEnvCache();
    try {
      expectEnvelope(await send(u, body), 503, 'EMAIL_NOT_CONFIGURED');
      expect((await list(u, { sku_id: sku.id })).body.data).toHaveLength(0);
    } finally {
      process.env.SMTP_HOST = host;
      resetEnvCache();
    }
  });

  it('Bearer keys need outreach:write to send and outreach:read to list', async () => {
    const u = await makeUser({ plan: 'pro' });
    const { sku } = await toySku(u);
    const d = (await draft(u, { sku_id: sku.id })).body.draft;
    const body = { sku_id: sku.id, to: d.to, subject: d.subject, body: d.body };
    const readKey = await createKey(u, ['outreach:read']);
    const writeKey = await createKey(u, ['outreach:write']);
    const denied = expectEnvelope(await send(u, body, { bearer: readKey }), 403, 'INSUFFICIENT_SCOPE');
    expect(denied.details.required_scope).toBe('outreach:write');
    const sent = await send(u, body, { bearer: writeKey });
    expect(sent.status, sent.text).toBe(201);
    expect(sent.body.request.created_by).toBe(`API key key outreach:write`);
    const listed = await call(
      await import('@/app/api/supplier-email/requests/route'),
      'GET',
      '/api/supplier-email/requests',
      { bearer: readKey, query: { sku_id: sku.id } },
    );
    expect(listed.status, listed.text).toBe(200);
    expect(listed.body.data).toHaveLength(1);
    expectEnvelope(
      await call(await import('@/app/api/supplier-email/requests/route'), 'GET', '/api/supplier-email/requests', {
        bearer: writeKey,
      }),
      403,
      'INSUFFICIENT_SCOPE',
    );
  });
});

describe('listSupplierRequests, getSupplierRequest, updateSupplierRequest — GET /api/supplier-email/requests and PATCH /api/supplier-email/requests/{id}', () => {
  async function requestIn(u: TestUser, skuId: string, status: SupplierRequestStatus) {
    const r = await sendDefault(u, skuId);
    const db = await getDb();
    await db.update(supplierRequests).set({ status }).where(eq(supplierRequests.id, r.id));
    return r.id;
  }

  it('allows exactly the documented transitions; everything else is 409 INVALID_STATE', async () => {
    const u = await makeUser();
    const { sku } = await toySku(u);
    const all = Object.keys(TRANSITIONS) as SupplierRequestStatus[];
    const db = await getDb();
    const id = await requestIn(u, sku.id, 'sent');
    for (const from of all) {
      for (const to of all) {
        await db
          .update(supplierRequests)
          .set({ status: from, tokenRevokedAt: null })
          .where(eq(supplierRequests.id, id));
        const res = await patchRequest(u, id, { status: to, note: `${from}→${to}` });
        const allowed =
          TRANSITIONS[from].includes(to) ||
          (from === to && ['sent', 'in_progress', 'to_review', 'no_progress'].includes(from));
        if (allowed) {
          expect(res.status, `${from} → ${to}: ${res.text}`).toBe(200);
          expect(res.body.request.status).toBe(to);
          expect(res.body.request.timeline.at(-1)).toMatchObject({
            note: `${from}→${to}`,
            actor: u.email,
            data: { from, to },
          });
        } else {
          const err = expectEnvelope(res, 409, 'INVALID_STATE');
          expect(err.details.state).toBe(from);
          const [row] = await db.select().from(supplierRequests).where(eq(supplierRequests.id, id));
          expect(row.status).toBe(from);
        }
      }
    }
    // done and cancelled close the upload link.
    await db.update(supplierRequests).set({ status: 'sent' }).where(eq(supplierRequests.id, id));
    const done = await patchRequest(u, id, { status: 'done', due_date: '2027-01-15' });
    expect(done.body.request).toMatchObject({
      status: 'done',
      link_active: false,
      upload_url: null,
      due_date: '2027-01-15',
    });
  });

  it('of 20 concurrent changes from the same state exactly one wins', async () => {
    const u = await makeUser();
    const { sku } = await toySku(u);
    const id = await requestIn(u, sku.id, 'sent');
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) => patchRequest(u, id, { status: i % 2 ? 'done' : 'cancelled' })),
    );
    expect(results.filter((r) => r.status === 200)).toHaveLength(1);
    for (const r of results.filter((x) => x.status !== 200)) expectEnvelope(r, 409, 'INVALID_STATE');
    const final = (
      await call(requestRoute, 'GET', `/api/supplier-email/requests/${id}`, { cookie: u.cookie, params: { id } })
    ).body.request;
    expect(final.timeline.filter((e: any) => e.kind === 'status_changed')).toHaveLength(1);
  });

  it('pages with a cursor, filters by status, and keeps workspaces apart', async () => {
    const u = await makeUser();
    const other = await makeUser();
    const { sku } = await toySku(u);
    const ids: string[] = [];
    for (let i = 0; i < 5; i++) ids.push((await sendDefault(u, sku.id)).id);
    const db = await getDb();
    await db
      .update(supplierRequests)
      .set({ status: 'to_review' })
      .where(and(eq(supplierRequests.id, ids[1])));
    const seen: string[] = [];
    let cursor: string | undefined;
    for (let page = 0; page < 5; page++) {
      const res = await list(u, { limit: '2', ...(cursor ? { cursor } : {}) });
      expect(res.status, res.text).toBe(200);
      seen.push(...res.body.data.map((r: any) => r.id));
      if (!res.body.has_more) break;
      cursor = res.body.next_cursor;
    }
    expect(seen).toEqual([...ids].reverse());
    expect((await list(u, { status: 'to_review' })).body.data.map((r: any) => r.id)).toEqual([ids[1]]);
    expectEnvelope(await list(u, { status: 'bogus' }), 400, 'VALIDATION_FAILED');
    expectEnvelope(await list(u, { cursor: 'garbage' }), 400, 'VALIDATION_FAILED');

    // The other workspace sees none of it.
    expect((await list(other)).body.data).toEqual([]);
    expectEnvelope(await list(other, { sku_id: sku.id }), 404, 'NOT_FOUND');
    expectEnvelope(await patchRequest(other, ids[0], { status: 'cancelled' }), 404, 'NOT_FOUND');
    expectEnvelope(
      await call(requestRoute, 'GET', `/api/supplier-email/requests/${ids[0]}`, {
        cookie: other.cookie,
        params: { id: ids[0] },
      }),
      404,
      'NOT_FOUND',
    );
    const [row] = await db.select().from(supplierRequests).where(eq(supplierRequests.id, ids[0]));
    expect(row.status).toBe('sent');
  });
});
