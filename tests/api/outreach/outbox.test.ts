/**
 * No request mail is terminal-stuck (issue 39, part 4): a refused mail is failed with its reason and a
 * manager can send it again (same mail, same Message-ID) or cancel it; a request left `sending` by a
 * dead sender is sent again by the outbox reconciler once its claim lapsed, never while it is fresh;
 * a bulk mail goes again for every request it carried, as one mail.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import * as retryRoute from '@/app/api/supplier-email/requests/[id]/retry/route';
import * as bulkRequestRoute from '@/app/api/skus/bulk/supplier-request/route';
import { getDb } from '@/lib/db/client';
import { supplierRequests } from '@/lib/db/schema';
import { reconcileOutbox } from '@/lib/outreach/outbox';
import { call, expectEnvelope, makeUser, type TestUser } from '../../helpers/http';
import { useTestDatabase } from '../../helpers/db';
import { draft, list, patchRequest, send, startSmtp, toySku } from './helpers';

useTestDatabase();

let smtp: Awaited<ReturnType<typeof startSmtp>>;
beforeAll(async () => {
  smtp = await startSmtp();
  smtp.use();
});
afterAll(async () => {
  await smtp.close();
});

const retry = (u: TestUser, id: string) =>
  call(retryRoute, 'POST', `/api/supplier-email/requests/${id}/retry`, { cookie: u.cookie, params: { id } });
const withMessageId = (id: string) => smtp.mails.filter((m) => m.parsed.messageId === id);

async function failedRequest(u: TestUser) {
  const { sku } = await toySku(u);
  const d = (await draft(u, { sku_id: sku.id })).body.draft;
  smtp.state.refuse = true;
  try {
    const res = await send(u, { sku_id: sku.id, to: d.to, subject: d.subject, body: d.body });
    return { sku, id: expectEnvelope(res, 502, 'EMAIL_DELIVERY_FAILED').details.request_id as string };
  } finally {
    smtp.state.refuse = false;
  }
}

describe('retrySupplierRequest — the request outbox', () => {
  it('a failed request is sent again on retry with the same Message-ID; a refusal again keeps it failed with the reason', async () => {
    const u = await makeUser();
    const { sku, id } = await failedRequest(u);
    const [before] = (await list(u, { sku_id: sku.id })).body.data;
    expect(before).toMatchObject({ status: 'failed', upload_url: null });

    smtp.state.refuse = true;
    try {
      expectEnvelope(await retry(u, id), 502, 'EMAIL_DELIVERY_FAILED');
    } finally {
      smtp.state.refuse = false;
    }
    expect((await list(u, { sku_id: sku.id })).body.data[0]).toMatchObject({ status: 'failed' });

    const ok = await retry(u, id);
    expect(ok.status, ok.text).toBe(200);
    expect(ok.body.request).toMatchObject({ status: 'sent', message_id: before.message_id, link_active: true });
    expect(withMessageId(before.message_id)).toHaveLength(1);
    expect(withMessageId(before.message_id)[0].parsed.text).toContain(ok.body.request.upload_url);
    expect(ok.body.request.timeline.map((e: any) => e.kind)).toEqual([
      'created',
      'delivery_failed',
      'retry',
      'delivery_failed',
      'retry',
      'sent',
    ]);
    // Sent: no second retry, remind instead.
    expectEnvelope(await retry(u, id), 409, 'INVALID_STATE');
  });

  it('a request stuck in sending is reconciled only once its claim lapsed, and can be cancelled', async () => {
    const u = await makeUser();
    const { sku } = await toySku(u);
    const d = (await draft(u, { sku_id: sku.id })).body.draft;
    const sent = await send(u, { sku_id: sku.id, to: d.to, subject: d.subject, body: d.body });
    expect(sent.status, sent.text).toBe(201);
    const r = sent.body.request;
    const db = await getDb();
    // As a sender that died after claiming: `sending`, claimed a moment ago.
    await db
      .update(supplierRequests)
      .set({ status: 'sending', sentAt: null, sendStartedAt: new Date() })
      .where(eq(supplierRequests.id, r.id));
    expect(await reconcileOutbox(db, { workspaceId: u.workspaceId })).toEqual({ sent: 0, failed: 0 });
    expectEnvelope(await retry(u, r.id), 409, 'INVALID_STATE');
    // The claim lapses (default lease 120 s): the same mail goes again.
    await db
      .update(supplierRequests)
      .set({ sendStartedAt: new Date(Date.now() - 10 * 60_000) })
      .where(eq(supplierRequests.id, r.id));
    expect(await reconcileOutbox(db, { workspaceId: u.workspaceId })).toEqual({ sent: 1, failed: 0 });
    const [after] = (await list(u, { sku_id: sku.id })).body.data;
    expect(after).toMatchObject({ status: 'sent', message_id: r.message_id, link_active: true });
    expect(withMessageId(r.message_id)).toHaveLength(2);

    // Stuck again: a manager may cancel it.
    await db.update(supplierRequests).set({ status: 'sending' }).where(eq(supplierRequests.id, r.id));
    const cancelled = await patchRequest(u, r.id, { status: 'cancelled' });
    expect(cancelled.status, cancelled.text).toBe(200);
    expect(cancelled.body.request).toMatchObject({ status: 'cancelled', link_active: false });
    expect(await reconcileOutbox(db, { workspaceId: u.workspaceId })).toEqual({ sent: 0, failed: 0 });
  });

  it('a bulk mail left sending goes again once, for every request it carried', async () => {
    const u = await makeUser();
    const a = await toySku(u);
    const b = await toySku(u, {
      name: 'Spielwaren Fabrik GmbH',
      country: 'DE',
      email: 'compliance@spielwaren.example',
    });
    const res = await call(bulkRequestRoute, 'POST', '/api/skus/bulk/supplier-request', {
      cookie: u.cookie,
      body: { ids: [a.sku.id, b.sku.id], to: 'compliance@spielwaren.example' },
    });
    expect(res.status, res.text).toBe(200);
    const ids = res.body.results.map((x: any) => x.request_id);
    const db = await getDb();
    const rows = await db.select().from(supplierRequests).where(eq(supplierRequests.workspaceId, u.workspaceId));
    const messageId = rows[0].messageId!;
    expect(rows.every((x) => x.messageId === messageId)).toBe(true);
    await db
      .update(supplierRequests)
      .set({ status: 'sending', sendStartedAt: new Date(Date.now() - 10 * 60_000) })
      .where(eq(supplierRequests.workspaceId, u.workspaceId));
    expect(await reconcileOutbox(db, { workspaceId: u.workspaceId })).toEqual({ sent: 1, failed: 0 });
    expect(withMessageId(messageId)).toHaveLength(2);
    const listed = (await list(u)).body.data;
    expect(listed.filter((x: any) => ids.includes(x.id)).map((x: any) => x.status)).toEqual(['sent', 'sent']);
  });
});
