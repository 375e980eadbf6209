/**
 * Inbound supplier e-mail (POST /api/supplier-email/inbound): replies matched by In-Reply-To, by the SKU
 * code named, or by the upload link in the text; attachments and reply text stored; unauthenticated,
 * unmatched, closed-request and malformed mail refused without side effects.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import * as inboundRoute from '@/app/api/supplier-email/inbound/route';
import * as bulkRequestRoute from '@/app/api/skus/bulk/supplier-request/route';
import { resetEnvCache } from '@/lib/config/env';
import { getDb } from '@/lib/db/client';
import { documents, documentSkus, supplierRequestEvents } from '@/lib/db/schema';
import { call, expectEnvelope, makeUser, type TestUser } from '../../helpers/http';
import { useTestDatabase } from '../../helpers/db';
import { declarationPdf, settleJobs } from '../documents/helpers';
import { withTempBlobStore } from '../skus/fixtures';
import { requestRoute, sendDefault, startSmtp, toySku } from './helpers';

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

/** Latin-1 quoted-printable, as many German mail clients still send it. */
const latin1Qp = (s: string) =>
  [...Buffer.from(s, 'latin1')]
    .map((b) =>
      b === 0x0a
        ? '\r\n'
        : b > 126 || b === 61
          ? `=${b.toString(16).toUpperCase().padStart(2, '0')}`
          : String.fromCharCode(b),
    )
    .join('');

/** A reply as a mail client writes it: ISO-8859-1 text with the quoted original, a PDF attached. */
function replyMime(opts: {
  inReplyTo?: string;
  references?: string;
  messageId?: string;
  body: string;
  attachment?: Uint8Array;
  filename?: string;
  subject?: string;
}) {
  const boundary = '----=_Part_4711';
  const lines = [
    'From: =?ISO-8859-1?Q?J=FCrgen_M=FCller?= <compliance@spielwaren.example>',
    'To: buyer@shop.example',
    `Subject: ${opts.subject ?? 'Re: =?ISO-8859-1?Q?Ben=F6tigte_Konformit=E4tsunterlagen?='}`,
    `Message-ID: ${opts.messageId ?? `<reply-${Math.random().toString(36).slice(2)}@spielwaren.example>`}`,
    ...(opts.inReplyTo ? [`In-Reply-To: ${opts.inReplyTo}`] : []),
    ...(opts.references ? [`References: ${opts.references}`] : []),
    'Date: Tue, 24 Nov 2026 09:00:00 +0100',
    'MIME-Version: 1.0',
    `Content-Type: multipart/mixed; boundary="${boundary}"`,
    '',
    `--${boundary}`,
    'Content-Type: text/plain; charset=ISO-8859-1',
    'Content-Transfer-Encoding: quoted-printable',
    '',
    latin1Qp(opts.body),
  ];
  if (opts.attachment) {
    lines.push(
      `--${boundary}`,
      `Content-Type: application/pdf; name="${opts.filename ?? 'Konformitaetserklaerung.pdf'}"`,
      'Content-Transfer-Encoding: base64',
      `Content-Disposition: attachment; filename="${opts.filename ?? 'Konformitaetserklaerung.pdf'}"`,
      '',
      ...(Buffer.from(opts.attachment)
        .toString('base64')
        .match(/.{1,76}/g) ?? []),
    );
  }
  lines.push(`--${boundary}--`, '');
  return lines.join('\r\n');
}

const post = (raw: string, secret: string | null = SECRET) =>
  call(inboundRoute, 'POST', '/api/supplier-email/inbound', {
    rawBody: raw,
    origin: null,
    headers: { 'content-type': 'message/rfc822', ...(secret ? { 'x-webhook-secret': secret } : {}) },
  });
const getRequest = async (u: TestUser, id: string) =>
  (await call(requestRoute, 'GET', `/api/supplier-email/requests/${id}`, { cookie: u.cookie, params: { id } })).body
    .request;

describe('receiveSupplierReply — POST /api/supplier-email/inbound', () => {
  it('matches a Latin-1 reply with quoted text and a PDF by In-Reply-To; stores the attachment and the reply text', async () => {
    const u = await makeUser();
    const { sku } = await toySku(u);
    const r = await sendDefault(u, sku.id, { items: ['TOY_DOC_MISSING'] });
    const body =
      'Guten Tag,\nanbei die Konformitätserklärung für den Holzzug.\nGrüße, Jürgen Müller\n\nAm 23.11.2026 um 10:00 schrieb Compliance Desk:\n> Sehr geehrtes Team,\n> wir benötigen …';
    const raw = replyMime({
      inReplyTo: r.message_id,
      references: `<other@x.example> ${r.message_id}`,
      body,
      attachment: await declarationPdf(),
      messageId: '<reply-1@spielwaren.example>',
    });
    const res = await post(raw);
    expect(res.status, res.text).toBe(200);
    expect(res.body).toMatchObject({ request_id: r.id, duplicate: false });
    expect(res.body.results).toEqual([
      expect.objectContaining({ filename: 'Konformitaetserklaerung.pdf', status: 'uploaded' }),
    ]);
    await settleJobs(u.workspaceId);

    const req = await getRequest(u, r.id);
    expect(req.status).toBe('to_review');
    expect(req.documents).toEqual([
      expect.objectContaining({
        source: 'inbound_email',
        document_type: 'declaration_of_conformity',
        status: 'pending',
      }),
    ]);
    const reply = req.timeline.find((e: any) => e.kind === 'reply');
    expect(reply.note).toBe('Guten Tag,\nanbei die Konformitätserklärung für den Holzzug.\nGrüße, Jürgen Müller');
    expect(reply.data).toMatchObject({
      from: 'compliance@spielwaren.example',
      inbound_message_id: '<reply-1@spielwaren.example>',
      subject: 'Re: Benötigte Konformitätsunterlagen',
    });
    const db = await getDb();
    const [doc] = await db.select().from(documents).where(eq(documents.id, req.documents[0].document_id));
    expect(doc).toMatchObject({ workspaceId: u.workspaceId });
    expect(await db.select().from(documentSkus).where(eq(documentSkus.documentId, doc.id))).toMatchObject([
      { skuId: sku.id },
    ]);

    // The webhook delivering it again records nothing new.
    const again = await post(raw);
    expect(again.body).toMatchObject({ request_id: r.id, duplicate: true });
    expect((await getRequest(u, r.id)).timeline.filter((e: any) => e.kind === 'reply')).toHaveLength(1);
  });

  it('a reply to a mail listing several SKUs goes to the SKU whose code the supplier names', async () => {
    const u = await makeUser();
    const a = await toySku(u);
    const b = await toySku(u);
    const res = await call(bulkRequestRoute, 'POST', '/api/skus/bulk/supplier-request', {
      cookie: u.cookie,
      body: { ids: [a.sku.id, b.sku.id], items: ['TOY_DOC_MISSING'] },
    });
    expect(res.status, res.text).toBe(200);
    expect(res.body.mails).toHaveLength(1);
    const requestOf = new Map(res.body.results.map((r: any) => [r.sku_id, r.request_id]));
    const messageId = (await getRequest(u, requestOf.get(b.sku.id) as string)).message_id;
    const named = await post(
      replyMime({
        inReplyTo: messageId,
        body: `Guten Tag,\nanbei die Erklärung für ${b.sku.sku_code}.\n\n> ${a.sku.sku_code} ${b.sku.sku_code}`,
        attachment: await declarationPdf(),
      }),
    );
    expect(named.status, named.text).toBe(200);
    expect(named.body.request_id).toBe(requestOf.get(b.sku.id));
    // Named only in an attachment's file name.
    const byFile = await post(
      replyMime({
        inReplyTo: messageId,
        body: 'Anbei.',
        attachment: await declarationPdf(),
        filename: `DoC_${a.sku.sku_code}.pdf`,
      }),
    );
    expect(byFile.body.request_id).toBe(requestOf.get(a.sku.id));
    await settleJobs(u.workspaceId);
  });

  it('matches by the upload link in the text when the threading headers are gone; a text-only reply moves the request to in_progress', async () => {
    const u = await makeUser();
    const { sku } = await toySku(u);
    const r = await sendDefault(u, sku.id);
    const res = await post(
      replyMime({
        body: `We are preparing the test report; see ${r.upload_url} later.\n\n-----Original Message-----\nold text`,
      }),
    );
    expect(res.status, res.text).toBe(200);
    const req = await getRequest(u, r.id);
    expect(req.status).toBe('in_progress');
    expect(req.responded_at).not.toBeNull();
    expect(req.timeline.at(-1)).toMatchObject({
      kind: 'reply',
      note: `We are preparing the test report; see ${r.upload_url} later.`,
    });
  });

  it('refuses unauthenticated, unmatched, closed-request and malformed mail without side effects', async () => {
    const u = await makeUser();
    const { sku } = await toySku(u);
    const r = await sendDefault(u, sku.id);
    const pdf = await declarationPdf({ model: 'NOPE-1' });
    const raw = replyMime({ inReplyTo: r.message_id, body: 'Here it is.', attachment: pdf });
    const db = await getDb();
    const docCount = async () =>
      (await db.select().from(documents).where(eq(documents.workspaceId, u.workspaceId))).length;
    const eventCount = async () =>
      (await db.select().from(supplierRequestEvents).where(eq(supplierRequestEvents.requestId, r.id))).length;
    const events = await eventCount();

    expectEnvelope(await post(raw, null), 401, 'UNAUTHORIZED');
    expectEnvelope(await post(raw, 'wrong-secret-wrong-secret'), 401, 'UNAUTHORIZED');
    expectEnvelope(
      await post(replyMime({ inReplyTo: '<unknown@nowhere.example>', body: 'Hello', attachment: pdf })),
      422,
      'INBOUND_UNMATCHED',
    );
    expectEnvelope(
      await post(
        replyMime({
          body: 'a link of nothing: http://127.0.0.1:3100/r/AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA',
          attachment: pdf,
        }),
      ),
      422,
      'INBOUND_UNMATCHED',
    );
    expectEnvelope(
      await call(inboundRoute, 'POST', '/api/supplier-email/inbound', {
        rawBody: raw,
        origin: null,
        headers: {
          'content-type': 'message/rfc822',
          'x-webhook-secret': SECRET,
          'content-length': String(41 * 1024 * 1024),
        },
      }),
      413,
      'PAYLOAD_TOO_LARGE',
    );
    const { updateRequestStatus } = await import('@/lib/outreach/status');
    await updateRequestStatus(db, {
      workspaceId: u.workspaceId,
      actor: { userId: u.id, apiKeyId: null, label: u.email },
      id: r.id,
      input: { status: 'cancelled' },
    });
    expectEnvelope(await post(raw), 409, 'INVALID_STATE');
    expect(await docCount()).toBe(0);
    expect(await eventCount()).toBe(events + 1); // only the cancellation

    // Without the setting, the route is closed.
    delete process.env.INBOUND_EMAIL_SECRET;
    resetEnvCache();
    try {
      expectEnvelope(await post(raw), 401, 'UNAUTHORIZED');
    } finally {
      process.env.INBOUND_EMAIL_SECRET = SECRET;
      resetEnvCache();
    }
  });
});
