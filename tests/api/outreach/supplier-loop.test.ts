/**
 * The supplier loop closes by itself (issue 39): each asked item has a state the supplier and the
 * manager both see; reminders follow `sent` and `in_progress` requests and ask only for what is open
 * or was rejected (with the reason); a stalled or overdue request reaches the manager (inbox and mail)
 * once; the portal never names another document and caps what one request takes in; the link's
 * status pages speak the request's language under a CSP without inline styles; replies from strangers
 * are held, not attached. Each returned file carries its link's evidence status and the document's
 * identity beside the SKU's (issue 33), so the manager decides on the request with both in view. The
 * manager's attention mail is in the UI language they chose when sending (else English).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import * as uploadRoute from '@/app/api/supplier-email/upload/[token]/route';
import * as decideRoute from '@/app/api/supplier-email/requests/[id]/documents/[documentId]/route';
import * as inboundRoute from '@/app/api/supplier-email/inbound/route';
import * as inboxRoute from '@/app/api/inbox/route';
import { resetEnvCache } from '@/lib/config/env';
import { getDb } from '@/lib/db/client';
import { supplierRequests } from '@/lib/db/schema';
import { supplierLinkProxy } from '@/lib/outreach/link-proxy';
import { runReminderSweep } from '@/lib/outreach/reminders';
import { call, expectEnvelope, makeUser, type TestUser } from '../../helpers/http';
import { useTestDatabase } from '../../helpers/db';
import { declarationPdf, form, settleJobs, upload } from '../documents/helpers';
import { withTempBlobStore } from '../skus/fixtures';
import { patchRequest, requestRoute, sendDefault, startSmtp, tokenOf, toySku } from './helpers';

useTestDatabase();
withTempBlobStore();

const SECRET = 'inbound-secret-0123456789abcdef';
let smtp: Awaited<ReturnType<typeof startSmtp>>;
beforeAll(async () => {
  smtp = await startSmtp();
  smtp.use();
  process.env.INBOUND_EMAIL_SECRET = SECRET;
  resetEnvCache();
});
afterAll(async () => {
  delete process.env.INBOUND_EMAIL_SECRET;
  resetEnvCache();
  await smtp.close();
});

const DAY = 86_400_000;
const T0 = new Date(Date.now() + 3_600_000);
const at = (days: number) => new Date(T0.getTime() + days * DAY);

const view = (token: string) => call(uploadRoute, 'GET', `/api/supplier-email/upload/${token}`, { params: { token } });
const uploadFiles = (token: string, files: [string, Uint8Array | string, string?][]) =>
  call(uploadRoute, 'POST', `/api/supplier-email/upload/${token}`, {
    params: { token },
    rawBody: form(files),
    origin: null,
    headers: { 'x-forwarded-for': '203.0.113.9' },
  });
const decide = (u: TestUser, id: string, documentId: string, decision: 'accept' | 'reject', note?: string) =>
  call(decideRoute, 'POST', `/api/supplier-email/requests/${id}/documents/${documentId}`, {
    cookie: u.cookie,
    params: { id, documentId },
    body: { decision, ...(note ? { note } : {}) },
  });
const getRequest = async (u: TestUser, id: string) =>
  (await call(requestRoute, 'GET', `/api/supplier-email/requests/${id}`, { cookie: u.cookie, params: { id } })).body
    .request;
const inbox = async (u: TestUser) => (await call(inboxRoute, 'GET', '/api/inbox', { cookie: u.cookie })).body;
const remindersOf = (messageId: string) => smtp.mails.filter((m) => m.parsed.inReplyTo === messageId);
const mailsTo = (address: string) => smtp.mails.filter((m) => m.envelopeTo.includes(address));

async function withEnv<T>(vars: Record<string, string>, fn: () => Promise<T>): Promise<T> {
  const before = Object.fromEntries(Object.keys(vars).map((k) => [k, process.env[k]]));
  Object.assign(process.env, vars);
  resetEnvCache();
  try {
    return await fn();
  } finally {
    for (const [k, v] of Object.entries(before)) {
      if (v === undefined) delete process.env[k];
      else process.env[k] = v;
    }
    resetEnvCache();
  }
}

describe('decideSupplierDocument — the supplier loop', () => {
  it('over simulated days: a rejected file is asked again with its reason, an accepted one never; in_progress is followed to no_progress and the manager is told', async () => {
    const u = await makeUser();
    const { sku } = await toySku(u);
    const r = await sendDefault(u, sku.id, { items: ['TOY_DOC_MISSING', 'TOY_AGE_GRADING_MISSING'] });
    const db = await getDb();
    await db.update(supplierRequests).set({ sentAt: T0 }).where(eq(supplierRequests.id, r.id));
    const token = tokenOf(r.upload_url);
    const sweep = (d: number) => runReminderSweep(db, { now: at(d), workspaceId: u.workspaceId });

    // The supplier sends an unsigned DoC; it is rejected with a reason.
    const first = await uploadFiles(token, [['DoC unsigned.pdf', await declarationPdf({ model: 'A1' })]]);
    expect(first.status, first.text).toBe(200);
    await settleJobs(u.workspaceId);
    const firstId = first.body.results[0].document_id;
    const rejected = await decide(u, r.id, firstId, 'reject', 'Not signed: please sign page 2.');
    expect(rejected.status, rejected.text).toBe(200);
    expect(rejected.body.request.status).toBe('in_progress');
    expect(rejected.body.request.item_states).toEqual([
      expect.objectContaining({ key: 'TOY_DOC_MISSING', state: 'rejected', reason: 'Not signed: please sign page 2.' }),
      expect.objectContaining({ key: 'TOY_AGE_GRADING_MISSING', state: 'open' }),
    ]);

    // The link page shows the reason and counts accepted / waiting / rejected.
    const v = (await view(token)).body.request;
    expect(v).toMatchObject({ files_accepted: 0, files_waiting: 0, files_rejected: 1 });
    expect(v.items.find((i: any) => i.key === 'TOY_DOC_MISSING')).toMatchObject({
      state: 'rejected',
      reason: 'Not signed: please sign page 2.',
    });
    expect(v.rejected_files).toEqual([{ filename: 'DoC unsigned.pdf', reason: 'Not signed: please sign page 2.' }]);

    // Day 3: in_progress is reminded; the mail carries the reason, the still open item and the link.
    expect(await sweep(3)).toMatchObject({ reminders_sent: 1 });
    const [rem1] = remindersOf(r.message_id);
    const labels = Object.fromEntries(r.items.map((i: any) => [i.key, i.label]));
    expect(rem1.parsed.text).toContain(labels.TOY_DOC_MISSING);
    expect(rem1.parsed.text).toContain('nicht angenommen: Not signed: please sign page 2.');
    expect(rem1.parsed.text).toContain(labels.TOY_AGE_GRADING_MISSING);
    expect(rem1.parsed.text).toContain(r.upload_url);
    expect(rem1.parsed.text).toMatch(/Der Link ist bis zum .+ offen\./);

    // A signed DoC arrives and is accepted: the next reminder no longer asks for it.
    // By the SKU's own maker (TOY_SUPPLIER): another maker's DoC would be about another product (issue 33).
    const second = await uploadFiles(token, [
      ['DoC signed.pdf', await declarationPdf({ model: 'A2', manufacturer: 'Spielwaren Fabrik GmbH' })],
    ]);
    expect(second.status, second.text).toBe(200);
    await settleJobs(u.workspaceId);
    expect((await getRequest(u, r.id)).status).toBe('to_review');
    // Waiting for our review: no reminder goes out.
    expect(await sweep(7)).toMatchObject({ reminders_sent: 0 });
    const accepted = await decide(u, r.id, second.body.results[0].document_id, 'accept');
    expect(accepted.status, accepted.text).toBe(200);
    expect(accepted.body.request.status).toBe('in_progress');
    expect(await sweep(7.5)).toMatchObject({ reminders_sent: 1 });
    const rem2 = remindersOf(r.message_id)[1];
    expect(rem2.parsed.text).not.toContain(labels.TOY_DOC_MISSING);
    expect(rem2.parsed.text).toContain(labels.TOY_AGE_GRADING_MISSING);
    expect(rem2.parsed.text).toContain('Bereits erhalten, bitte nicht erneut senden: 1');

    // Day 14 the last step, a week later no_progress: the manager hears of it once, inbox and mail.
    expect(await sweep(14)).toMatchObject({ reminders_sent: 1 });
    expect(await sweep(20.9)).toMatchObject({ no_progress: 0 });
    expect(await sweep(21)).toMatchObject({ no_progress: 1, managers_notified: 1 });
    expect(await sweep(25)).toMatchObject({ reminders_sent: 0, no_progress: 0, managers_notified: 0 });
    const req = await getRequest(u, r.id);
    expect(req).toMatchObject({ status: 'no_progress', attention: 'no_progress', reminder_count: 3 });
    const told = mailsTo(u.email).filter((m) => /^No progress: supplier request/.test(m.parsed.subject ?? ''));
    expect(told).toHaveLength(1);
    expect(told[0].parsed.text).toContain(labels.TOY_AGE_GRADING_MISSING);
    expect(told[0].parsed.text).toContain(`/skus/${sku.id}`);
    expect((await inbox(u)).supplier_attention).toEqual([
      expect.objectContaining({ id: r.id, sku_id: sku.id, reason: 'no_progress' }),
    ]);
  });

  it("each returned file shows its evidence status and the document's identity beside the SKU's; another maker's DoC is accepted only with a reason", async () => {
    const u = await makeUser();
    const { sku } = await toySku(u);
    const r = await sendDefault(u, sku.id, { items: ['TOY_DOC_MISSING'] });
    const token = tokenOf(r.upload_url);
    const up = await uploadFiles(token, [
      ['DoC other maker.pdf', await declarationPdf({ model: 'PAN-C v2', manufacturer: 'Other Maker Ltd' })],
    ]);
    expect(up.status, up.text).toBe(200);
    await settleJobs(u.workspaceId);
    const id = up.body.results[0].document_id;
    const [doc] = (await getRequest(u, r.id)).documents;
    expect(doc).toMatchObject({ document_id: id, status: 'pending' });
    expect(doc.evidence.evidence_status).toBe('about_another_product');
    expect(doc.evidence.evidence_facts.document_identity).toMatchObject({ manufacturer_name: 'Other Maker Ltd' });
    expect(doc.evidence.evidence_facts.sku_identity).toMatchObject({
      sku_code: sku.sku_code,
      manufacturer_name: 'Spielwaren Fabrik GmbH',
    });

    // Accepting a document about another product needs the reason; with it, the link is accepted.
    const bare = await decide(u, r.id, id, 'accept');
    expect(bare.status, bare.text).toBe(400);
    const ok = await decide(u, r.id, id, 'accept', 'Family declaration of the maker covering this model too.');
    expect(ok.status, ok.text).toBe(200);
    const after = ok.body.request.documents[0];
    expect(after).toMatchObject({ status: 'accepted' });
    expect(after.evidence).toMatchObject({ evidence_status: 'accepted', decided_by: u.email });
  });

  it('every item accepted ends the reminders: the request is done and the link closed', async () => {
    const u = await makeUser();
    const { sku } = await toySku(u);
    const r = await sendDefault(u, sku.id, { items: ['TOY_DOC_MISSING'] });
    const db = await getDb();
    await db.update(supplierRequests).set({ sentAt: T0 }).where(eq(supplierRequests.id, r.id));
    // The DoC arrives another way (the manager's own upload, naming the SKU's GTIN and maker, so it is
    // accepted as its evidence): the item is accepted.
    const own = await upload(
      u,
      [['DoC.pdf', await declarationPdf({ model: 'OWN', manufacturer: 'Spielwaren Fabrik GmbH' })]],
      { sku_id: sku.id },
    );
    expect(own.status, own.text).toBe(200);
    await settleJobs(u.workspaceId);
    expect(await runReminderSweep(db, { now: at(3), workspaceId: u.workspaceId })).toMatchObject({
      reminders_sent: 0,
      done: 1,
    });
    expect(remindersOf(r.message_id)).toHaveLength(0);
    expect(await getRequest(u, r.id)).toMatchObject({ status: 'done', link_active: false });
  });

  it('an overdue request with items open reaches the manager once (inbox and mail) and shows on the SKU', async () => {
    const u = await makeUser();
    const { sku } = await toySku(u);
    const r = await sendDefault(u, sku.id, { items: ['TOY_DOC_MISSING'], due_date: '2026-01-15' });
    const db = await getDb();
    const now = new Date('2026-01-16T08:00:00Z');
    await db
      .update(supplierRequests)
      .set({ sentAt: new Date('2026-01-15T07:00:00Z') })
      .where(eq(supplierRequests.id, r.id));
    expect(await runReminderSweep(db, { now, workspaceId: u.workspaceId })).toMatchObject({ managers_notified: 1 });
    expect(await runReminderSweep(db, { now, workspaceId: u.workspaceId })).toMatchObject({ managers_notified: 0 });
    expect(mailsTo(u.email).filter((m) => /^Overdue: supplier request/.test(m.parsed.subject ?? ''))).toHaveLength(1);
    expect(await getRequest(u, r.id)).toMatchObject({ overdue: true, attention: 'overdue' });
    expect((await inbox(u)).supplier_attention).toEqual([expect.objectContaining({ id: r.id, reason: 'overdue' })]);
  });

  it('the attention mail speaks the UI language the sender chose (German here), English when none was chosen', async () => {
    const u = await makeUser();
    const { sku } = await toySku(u);
    const german = await sendDefault({ ...u, cookie: `${u.cookie}; ui_lang=de` }, sku.id, {
      items: ['TOY_DOC_MISSING'],
      due_date: '2026-01-15',
    });
    const other = await toySku(u);
    const plain = await sendDefault(u, other.sku.id, { items: ['TOY_DOC_MISSING'], due_date: '2026-01-15' });
    const db = await getDb();
    for (const id of [german.id, plain.id])
      await db
        .update(supplierRequests)
        .set({ sentAt: new Date('2026-01-15T07:00:00Z') })
        .where(eq(supplierRequests.id, id));
    const now = new Date('2026-01-16T08:00:00Z');
    expect(await runReminderSweep(db, { now, workspaceId: u.workspaceId })).toMatchObject({ managers_notified: 2 });
    const de = mailsTo(u.email).filter((m) => (m.parsed.subject ?? '').includes(sku.sku_code));
    const en = mailsTo(u.email).filter((m) => (m.parsed.subject ?? '').includes(other.sku.sku_code));
    expect(de.map((m) => m.parsed.subject)).toEqual([
      `Überfällig: Lieferantenanfrage für Wooden train (${sku.sku_code})`,
    ]);
    expect(de[0].parsed.text).toContain('ist über ihrer Frist (15.01.2026)');
    expect(de[0].parsed.text).toContain('Noch offen:');
    expect(en.map((m) => m.parsed.subject)).toEqual([
      `Overdue: supplier request for Wooden train (${other.sku.sku_code})`,
    ]);
    expect(en[0].parsed.text).toContain('Still open:');
  });
});

describe('what the portal tells the supplier', () => {
  it("never names another document: a file the workspace holds is simply received; one sent before for this request is 'already sent'", async () => {
    const u = await makeUser();
    const { sku } = await toySku(u);
    const bytes = await declarationPdf({ model: 'VAULT' });
    const own = await upload(u, [['rd010_internal_DOC_EU.pdf', bytes]]);
    expect(own.status, own.text).toBe(200);
    const r = await sendDefault(u, sku.id, { items: ['TOY_DOC_MISSING'] });
    const token = tokenOf(r.upload_url);

    const first = await uploadFiles(token, [['our-doc.pdf', bytes]]);
    expect(first.status, first.text).toBe(200);
    expect(first.text).not.toContain('rd010_internal');
    expect(first.body.results[0]).toMatchObject({ filename: 'our-doc.pdf', status: 'uploaded' });
    expect(first.body.results[0].message).toBeUndefined();

    const again = await uploadFiles(token, [['our-doc (1).pdf', bytes]]);
    expect(again.status, again.text).toBe(200);
    expect(again.text).not.toContain('rd010_internal');
    expect(again.body.results[0]).toMatchObject({
      status: 'duplicate',
      message: 'You already sent this file for this request.',
    });
    expect(JSON.stringify((await view(token)).body)).not.toContain('rd010_internal');
    // The manager sees both names.
    expect((await getRequest(u, r.id)).documents).toEqual([
      expect.objectContaining({ filename: 'rd010_internal_DOC_EU.pdf', supplier_filename: 'our-doc.pdf' }),
    ]);
  });

  it('caps what one request takes in, in files and in bytes, with a clear error', async () => {
    const u = await makeUser();
    const { sku } = await toySku(u);
    const r = await sendDefault(u, sku.id);
    const token = tokenOf(r.upload_url);
    await withEnv({ SUPPLIER_LINK_MAX_FILES: '2', SUPPLIER_LINK_MAX_BYTES: '5000' }, async () => {
      const ok = await uploadFiles(token, [
        ['a.txt', 'Test report A follows.', 'text/plain'],
        ['b.txt', 'Test report B follows.', 'text/plain'],
      ]);
      expect(ok.status, ok.text).toBe(200);
      const over = expectEnvelope(
        await uploadFiles(token, [['c.txt', 'Test report C follows.', 'text/plain']]),
        413,
        'LINK_LIMIT_REACHED',
      );
      expect(over.details).toMatchObject({ max_files: 2, files_received: 2, batch_files: 1 });
    });
    const r2 = await sendDefault(u, sku.id);
    await withEnv({ SUPPLIER_LINK_MAX_BYTES: '1000' }, async () => {
      const big = expectEnvelope(
        await uploadFiles(tokenOf(r2.upload_url), [['big.txt', 'x'.repeat(2000), 'text/plain']]),
        413,
        'LINK_LIMIT_REACHED',
      );
      expect(big.details).toMatchObject({ max_bytes: 1000, bytes_received: 0, batch_bytes: 2000 });
    });
    expect((await getRequest(u, r2.id)).documents).toEqual([]);
  });

  it("status pages speak the request's language (or the visitor's) with a CSP that allows no inline style", async () => {
    const u = await makeUser();
    const { sku } = await toySku(u);
    const r = await sendDefault(u, sku.id);
    const token = tokenOf(r.upload_url);
    const db = await getDb();
    const page = (t: string, lang?: string) =>
      supplierLinkProxy(
        new Request(`http://127.0.0.1:3100/r/${t}`, { headers: lang ? { 'accept-language': lang } : {} }),
        { db },
      );
    const open = await page(token, 'en-US');
    if (open?.kind !== 'next') throw new Error('expected the page');
    expect(open.requestHeaders.get('x-page-lang')).toBe('de');

    expect((await patchRequest(u, r.id, { status: 'cancelled' })).status).toBe(200);
    const closed = await page(token, 'en-US');
    if (closed?.kind !== 'respond') throw new Error('expected a status page');
    expect(closed.response.status).toBe(410);
    const html = await closed.response.text();
    expect(html).toContain('<html lang="de">');
    expect(html).toContain('Diese Anfrage ist abgeschlossen');
    expect(html).not.toContain('style="');
    const csp = closed.response.headers.get('content-security-policy') ?? '';
    expect(csp).not.toContain('unsafe-inline');
    expect(csp).toMatch(/style-src 'sha256-/);

    const missing = await page(`${token.slice(0, -2)}zz`, 'de-DE,de;q=0.9');
    if (missing?.kind !== 'respond') throw new Error('expected a status page');
    expect(missing.response.status).toBe(404);
    expect(await missing.response.text()).toContain('Link nicht gefunden');
  });
});

/** A plain reply from `from`, threaded under the request, with a PDF attached. */
function reply(from: string, inReplyTo: string, pdf: Uint8Array) {
  const b = 'b-4711';
  return [
    `From: ${from}`,
    'To: buyer@shop.example',
    'Subject: Re: request',
    `Message-ID: <r-${Math.random().toString(36).slice(2)}@x.example>`,
    `In-Reply-To: ${inReplyTo}`,
    'MIME-Version: 1.0',
    `Content-Type: multipart/mixed; boundary="${b}"`,
    '',
    `--${b}`,
    'Content-Type: text/plain; charset=utf-8',
    '',
    'Here is the declaration.',
    `--${b}`,
    'Content-Type: application/pdf; name="doc.pdf"',
    'Content-Transfer-Encoding: base64',
    'Content-Disposition: attachment; filename="doc.pdf"',
    '',
    ...(Buffer.from(pdf)
      .toString('base64')
      .match(/.{1,76}/g) ?? []),
    `--${b}--`,
    '',
  ].join('\r\n');
}
const inbound = (raw: string) =>
  call(inboundRoute, 'POST', '/api/supplier-email/inbound', {
    rawBody: raw,
    origin: null,
    headers: { 'content-type': 'message/rfc822', 'x-webhook-secret': SECRET },
  });

describe('replies from someone else', () => {
  it('a reply from an address that is neither the recipient nor of its domain is held for the manager, nothing attached', async () => {
    const u = await makeUser();
    const { sku } = await toySku(u);
    const r = await sendDefault(u, sku.id, { items: ['TOY_DOC_MISSING'] });
    const pdf = await declarationPdf({ model: 'HELD' });

    const stranger = await inbound(reply('Mallory <mallory@elsewhere.example>', r.message_id, pdf));
    expect(stranger.status, stranger.text).toBe(200);
    expect(stranger.body).toMatchObject({ held: true, results: [] });
    let req = await getRequest(u, r.id);
    expect(req.status).toBe('sent');
    expect(req.documents).toEqual([]);
    expect(req.timeline.at(-1)).toMatchObject({
      kind: 'reply_held',
      data: expect.objectContaining({ from: 'mallory@elsewhere.example', expected: r.recipient }),
    });

    // A shared mailbox domain is not an organisation: only the exact address would count there.
    const freemail = await inbound(reply('someone@gmail.com', r.message_id, pdf));
    expect(freemail.body.held).toBe(true);

    // A colleague at the supplier (same domain) is the supplier.
    const colleague = await inbound(reply('Qualität <quality@spielwaren.example>', r.message_id, pdf));
    expect(colleague.status, colleague.text).toBe(200);
    expect(colleague.body).toMatchObject({ held: false, results: [expect.objectContaining({ status: 'uploaded' })] });
    await settleJobs(u.workspaceId);
    req = await getRequest(u, r.id);
    expect(req.status).toBe('to_review');
    expect(req.documents).toHaveLength(1);
  });
});

describe('the reply address', () => {
  it('with inbound mail configured, Reply-To is the request’s own address (and the sender); a reply to it finds the request without threading headers', async () => {
    await withEnv({ INBOUND_EMAIL_ADDRESS: 'replies@in.compliance.example' }, async () => {
      const u = await makeUser();
      const { sku } = await toySku(u);
      const r = await sendDefault(u, sku.id, { items: ['TOY_DOC_MISSING'] });
      const mail = smtp.mails.find((m) => m.parsed.messageId === r.message_id)!;
      expect(mail.parsed.replyTo?.map((a) => a.address)).toEqual([`replies+${r.id}@in.compliance.example`, u.email]);

      // The supplier's client dropped In-Reply-To and References; the link is not in the text either.
      const raw = [
        'From: compliance@spielwaren.example',
        `To: replies+${r.id}@in.compliance.example`,
        'Subject: Unterlagen',
        `Message-ID: <plain-${Date.now()}@spielwaren.example>`,
        'MIME-Version: 1.0',
        'Content-Type: text/plain; charset=utf-8',
        '',
        'Die Konformitätserklärung folgt morgen.',
        '',
      ].join('\r\n');
      const res = await inbound(raw);
      expect(res.status, res.text).toBe(200);
      expect(res.body).toMatchObject({ request_id: r.id, held: false });
      expect((await getRequest(u, r.id)).timeline.at(-1)).toMatchObject({
        kind: 'reply',
        note: 'Die Konformitätserklärung folgt morgen.',
      });
    });
  });
});
