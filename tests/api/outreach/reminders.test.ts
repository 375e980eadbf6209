/**
 * Supplier reminders on a controllable clock: the default 3/7/14-day cadence, one mail per bulk request,
 * no step sent twice under concurrent sweeps, holds while an answer waits for review, the workspace's
 * cadence setting, pg-boss scheduling, remind-now and cancel, and response statistics per entity.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, inArray } from 'drizzle-orm';
import * as bulkRoute from '@/app/api/supplier-email/requests/bulk/route';
import * as settingsRoute from '@/app/api/supplier-email/settings/route';
import * as responsivenessRoute from '@/app/api/supplier-email/responsiveness/route';
import * as uploadRoute from '@/app/api/supplier-email/upload/[token]/route';
import { getDb } from '@/lib/db/client';
import { supplierRequestReminders, supplierRequests } from '@/lib/db/schema';
import { getBoss } from '@/lib/jobs/boss';
import { startSchedules } from '@/lib/jobs/schedules';
import { runReminderSweep } from '@/lib/outreach/reminders';
import * as bulkRequestRoute from '@/app/api/skus/bulk/supplier-request/route';
import '@/lib/outreach/jobs';
import { call, expectEnvelope, makeUser, type TestUser } from '../../helpers/http';
import { useTestDatabase } from '../../helpers/db';
import { form } from '../documents/helpers';
import { withTempBlobStore } from '../skus/fixtures';
import { requestRoute, sendDefault, startSmtp, tokenOf, toySku } from './helpers';

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

const DAY = 86_400_000;
// Ahead of the wall clock, so the timeline's injected times come after the real send.
const T0 = new Date(Date.now() + 3_600_000);
const at = (days: number) => new Date(T0.getTime() + days * DAY);
const getRequest = async (u: TestUser, id: string) =>
  (await call(requestRoute, 'GET', `/api/supplier-email/requests/${id}`, { cookie: u.cookie, params: { id } })).body
    .request;

/** A sent request whose clock starts at T0. */
async function sentAtT0(u: TestUser) {
  const { sku, entity } = await toySku(u);
  const r = await sendDefault(u, sku.id);
  const db = await getDb();
  await db.update(supplierRequests).set({ sentAt: T0 }).where(eq(supplierRequests.id, r.id));
  return { r, sku, entity };
}

const mailsTo = (messageId: string) => smtp.mails.filter((m) => m.parsed.inReplyTo === messageId);

describe('getOutreachSettings, updateOutreachSettings — reminder cadence (controllable clock)', () => {
  it('default 3/7/14 days, each step once, then no_progress; reminders thread under the request', async () => {
    const u = await makeUser();
    const { r } = await sentAtT0(u);
    const db = await getDb();
    const sweep = (d: number) => runReminderSweep(db, { now: at(d), workspaceId: u.workspaceId });

    expect(await sweep(2.9)).toMatchObject({ reminders_sent: 0 });
    expect(mailsTo(r.message_id)).toHaveLength(0);
    expect(await sweep(3)).toMatchObject({ reminders_sent: 1 });
    expect(await sweep(3.5)).toMatchObject({ reminders_sent: 0 });
    let req = await getRequest(u, r.id);
    expect(req).toMatchObject({ status: 'sent', reminder_count: 1, last_reminder_at: at(3).toISOString() });
    const first = mailsTo(r.message_id);
    expect(first).toHaveLength(1);
    expect(first[0].parsed.subject).toMatch(/^Erinnerung: Benötigte Konformitätsunterlagen/);
    expect(first[0].parsed.references).toContain(r.message_id);
    expect(first[0].parsed.text).toContain(r.upload_url);
    expect(first[0].parsed.replyTo?.[0]?.address).toBe(u.email);

    await sweep(7);
    await sweep(13);
    await sweep(14);
    await sweep(20.9);
    req = await getRequest(u, r.id);
    expect(req).toMatchObject({ status: 'sent', reminder_count: 3 });
    expect(mailsTo(r.message_id)).toHaveLength(3);
    expect(await sweep(21)).toMatchObject({ no_progress: 1 });
    expect(await sweep(40)).toMatchObject({ reminders_sent: 0, no_progress: 0 });
    req = await getRequest(u, r.id);
    expect(req.status).toBe('no_progress');
    expect(mailsTo(r.message_id)).toHaveLength(3);
    // The status change and the manager's notice carry the same instant: their order is not fixed.
    expect(req.timeline.map((e: any) => e.kind).sort()).toEqual(
      [
        'created',
        'sent',
        'reminder_sent',
        'reminder_sent',
        'reminder_sent',
        'status_changed',
        'manager_notified',
      ].sort(),
    );
    expect(req.timeline.filter((e: any) => e.kind === 'reminder_sent').map((e: any) => e.data.step)).toEqual([1, 2, 3]);
  });

  it('the requests of one mail to a supplier (a bulk request) get one reminder mail listing every product', async () => {
    const u = await makeUser();
    const a = await toySku(u);
    const b = await toySku(u);
    const res = await call(bulkRequestRoute, 'POST', '/api/skus/bulk/supplier-request', {
      cookie: u.cookie,
      body: { ids: [a.sku.id, b.sku.id] },
    });
    expect(res.status, res.text).toBe(200);
    const ids = res.body.results.map((r: any) => r.request_id as string);
    const db = await getDb();
    await db.update(supplierRequests).set({ sentAt: T0 }).where(inArray(supplierRequests.id, ids));
    const messageId = (await getRequest(u, ids[0])).message_id;
    expect(await runReminderSweep(db, { now: at(3), workspaceId: u.workspaceId })).toMatchObject({
      reminders_sent: 1,
    });
    const reminders = mailsTo(messageId);
    expect(reminders).toHaveLength(1);
    expect(reminders[0].parsed.subject).toBe('Erinnerung: Benötigte Konformitätsunterlagen für 2 Produkte');
    expect(reminders[0].parsed.text).toContain(a.sku.sku_code);
    expect(reminders[0].parsed.text).toContain(b.sku.sku_code);
    for (const id of ids) {
      const req = await getRequest(u, id);
      expect(req).toMatchObject({ reminder_count: 1, last_reminder_at: at(3).toISOString() });
      expect(req.timeline.filter((e: any) => e.kind === 'reminder_sent')).toHaveLength(1);
    }
  });

  it('never sends a step twice, even with concurrent sweeps (two workers)', async () => {
    const u = await makeUser();
    const { r } = await sentAtT0(u);
    const db = await getDb();
    const results = await Promise.all(
      Array.from({ length: 6 }, () => runReminderSweep(db, { now: at(3), workspaceId: u.workspaceId })),
    );
    expect(results.reduce((n, x) => n + x.reminders_sent, 0)).toBe(1);
    expect(mailsTo(r.message_id)).toHaveLength(1);
    expect(
      await db.select().from(supplierRequestReminders).where(eq(supplierRequestReminders.requestId, r.id)),
    ).toEqual([expect.objectContaining({ step: 0, status: 'sent' })]);
  });

  it('holds while the answer waits for our review, and stops when cancelled', async () => {
    const u = await makeUser();
    const a = await sentAtT0(u);
    const b = await sentAtT0(u);
    const token = tokenOf(a.r.upload_url);
    const up = await call(uploadRoute, 'POST', `/api/supplier-email/upload/${token}`, {
      params: { token },
      rawBody: form([['note.txt', 'Test report follows next week.', 'text/plain']]),
      origin: null,
    });
    expect(up.status, up.text).toBe(200);
    const cancelled = await call(requestRoute, 'PATCH', `/api/supplier-email/requests/${b.r.id}`, {
      cookie: u.cookie,
      params: { id: b.r.id },
      body: { status: 'cancelled' },
    });
    expect(cancelled.status).toBe(200);
    const db = await getDb();
    for (const d of [3, 7, 14, 30])
      expect(await runReminderSweep(db, { now: at(d), workspaceId: u.workspaceId })).toMatchObject({
        reminders_sent: 0,
        reminders_failed: 0,
        no_progress: 0,
      });
    expect(mailsTo(a.r.message_id)).toHaveLength(0);
    expect(mailsTo(b.r.message_id)).toHaveLength(0);
    expect((await getRequest(u, a.r.id)).status).toBe('to_review');
    expect((await getRequest(u, b.r.id)).status).toBe('cancelled');
  });

  it("follows the workspace's cadence setting", async () => {
    const u = await makeUser();
    expect(
      (await call(settingsRoute, 'GET', '/api/supplier-email/settings', { cookie: u.cookie })).body.settings,
    ).toEqual({ reminder_days: [3, 7, 14], no_progress_after_days: 7 });
    expectEnvelope(
      await call(settingsRoute, 'PUT', '/api/supplier-email/settings', {
        cookie: u.cookie,
        body: { reminder_days: [7, 3] },
      }),
      400,
      'VALIDATION_FAILED',
    );
    expectEnvelope(
      await call(settingsRoute, 'PUT', '/api/supplier-email/settings', {
        cookie: u.cookie,
        body: { reminder_days: [0] },
      }),
      400,
      'VALIDATION_FAILED',
    );
    const put = await call(settingsRoute, 'PUT', '/api/supplier-email/settings', {
      cookie: u.cookie,
      body: { reminder_days: [1] },
    });
    expect(put.status, put.text).toBe(200);
    const { r } = await sentAtT0(u);
    const db = await getDb();
    expect(await runReminderSweep(db, { now: at(1), workspaceId: u.workspaceId })).toMatchObject({ reminders_sent: 1 });
    expect(await runReminderSweep(db, { now: at(7.9), workspaceId: u.workspaceId })).toMatchObject({
      reminders_sent: 0,
      no_progress: 0,
    });
    expect(await runReminderSweep(db, { now: at(8), workspaceId: u.workspaceId })).toMatchObject({ no_progress: 1 });
    expect((await getRequest(u, r.id)).reminder_count).toBe(1);
  });

  it('is scheduled with pg-boss', async () => {
    const boss = await getBoss();
    await startSchedules(boss);
    const schedules = await boss.getSchedules('outreach.reminders');
    expect(schedules).toEqual([expect.objectContaining({ name: 'outreach.reminders', cron: '*/15 * * * *' })]);
  });
});

describe('bulkSupplierRequests, getSupplierResponsiveness — bulk actions and responsiveness', () => {
  it('remind now sends the next step at once; cancel cancels; foreign ids are per-item NOT_FOUND', async () => {
    const u = await makeUser();
    const other = await makeUser();
    const a = await sentAtT0(u);
    const b = await sentAtT0(u);
    const foreign = await sentAtT0(other);
    const remind = await call(bulkRoute, 'POST', '/api/supplier-email/requests/bulk', {
      cookie: u.cookie,
      body: { action: 'remind', ids: [a.r.id, foreign.r.id] },
    });
    expect(remind.status, remind.text).toBe(200);
    expect(remind.body.results).toEqual([
      { id: a.r.id, ok: true },
      expect.objectContaining({ id: foreign.r.id, ok: false, code: 'NOT_FOUND' }),
    ]);
    expect(mailsTo(a.r.message_id)).toHaveLength(1);
    expect(mailsTo(foreign.r.message_id)).toHaveLength(0);
    expect((await getRequest(u, a.r.id)).reminder_count).toBe(1);
    // The scheduled step 1 is taken by the manual one: the sweep at day 3 reminds only b.
    const db = await getDb();
    expect(await runReminderSweep(db, { now: at(3), workspaceId: u.workspaceId })).toMatchObject({ reminders_sent: 1 });
    expect(mailsTo(a.r.message_id)).toHaveLength(1);
    expect(mailsTo(b.r.message_id)).toHaveLength(1);

    const cancel = await call(bulkRoute, 'POST', '/api/supplier-email/requests/bulk', {
      cookie: u.cookie,
      body: { action: 'cancel', ids: [a.r.id, b.r.id] },
    });
    expect(cancel.body.results.every((x: any) => x.ok)).toBe(true);
    const again = await call(bulkRoute, 'POST', '/api/supplier-email/requests/bulk', {
      cookie: u.cookie,
      body: { action: 'remind', ids: [b.r.id] },
    });
    expect(again.body.results[0]).toMatchObject({ ok: false, code: 'INVALID_STATE' });
    expect((await getRequest(other, foreign.r.id)).status).toBe('sent');
  });

  it('median days to answer and open requests per entity', async () => {
    const u = await makeUser();
    const a = await sentAtT0(u);
    const db = await getDb();
    const { linkEntity } = await import('@/lib/entities/service');
    const { createSku } = await import('../skus/fixtures');
    const answeredIn = async (days: number) => {
      const sku = await createSku(u, {
        sku_code: `T-${Math.random().toString(36).slice(2, 8)}`,
        product_name: 'Train',
        category_code: 'toys',
      });
      await linkEntity(db, {
        workspaceId: u.workspaceId,
        actor: { userId: u.id, apiKeyId: null, label: u.email },
        skuId: sku.id,
        role: 'manufacturer',
        entityId: a.entity.id,
      });
      const r = await sendDefault(u, sku.id);
      await db
        .update(supplierRequests)
        .set({ sentAt: T0, respondedAt: at(days), status: 'in_progress' })
        .where(eq(supplierRequests.id, r.id));
    };
    await answeredIn(2);
    await answeredIn(4);
    await answeredIn(9);
    const res = await call(responsivenessRoute, 'GET', '/api/supplier-email/responsiveness', {
      cookie: u.cookie,
      query: { entity_id: a.entity.id },
    });
    expect(res.status, res.text).toBe(200);
    expect(res.body.responsiveness).toEqual({
      entity_id: a.entity.id,
      requests_sent: 4,
      open_requests: 4,
      answered_requests: 3,
      no_progress_requests: 0,
      median_days_to_answer: 4,
    });
    const other = await makeUser();
    expectEnvelope(
      await call(responsivenessRoute, 'GET', '/api/supplier-email/responsiveness', {
        cookie: other.cookie,
        query: { entity_id: a.entity.id },
      }),
      404,
      'NOT_FOUND',
    );
  });
});
