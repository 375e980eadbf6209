/**
 * A reply held because of its sender (not the request's recipient, nor of its domain) waits for the
 * manager: release takes it in as a normal reply (its attachment linked to the SKU as proposed
 * evidence, the request to_review), dismiss drops it with nothing attached. Each is decided once,
 * by an editor, audited; another workspace's request is 404.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import * as heldRoute from '@/app/api/supplier-email/requests/[id]/held-replies/[heldId]/route';
import * as inboundRoute from '@/app/api/supplier-email/inbound/route';
import { resetEnvCache } from '@/lib/config/env';
import { getDb } from '@/lib/db/client';
import { auditEvents } from '@/lib/db/schema';
import { call, expectEnvelope, makeUser, type TestUser } from '../../helpers/http';
import { useTestDatabase } from '../../helpers/db';
import { declarationPdf, settleJobs } from '../documents/helpers';
import { withTempBlobStore } from '../skus/fixtures';
import { addMember } from '../team/helpers';
import { requestRoute, sendDefault, startSmtp, toySku } from './helpers';

useTestDatabase();
withTempBlobStore();

const SECRET = 'inbound-secret-held-0123456789abcdef';
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

/** A reply from `from`, threaded under the request, with a PDF attached. */
function reply(from: string, inReplyTo: string, pdf: Uint8Array) {
  const b = 'b-held';
  return [
    `From: ${from}`,
    'To: buyer@shop.example',
    'Subject: Re: request',
    `Message-ID: <h-${Math.random().toString(36).slice(2)}@x.example>`,
    `In-Reply-To: ${inReplyTo}`,
    'MIME-Version: 1.0',
    `Content-Type: multipart/mixed; boundary="${b}"`,
    '',
    `--${b}`,
    'Content-Type: text/plain; charset=utf-8',
    '',
    'Forwarded to me, here is the declaration.',
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
const getRequest = async (u: TestUser, id: string) =>
  (await call(requestRoute, 'GET', `/api/supplier-email/requests/${id}`, { cookie: u.cookie, params: { id } })).body
    .request;
const decideHeld = (u: TestUser, id: string, heldId: string, decision: 'release' | 'dismiss') =>
  call(heldRoute, 'POST', `/api/supplier-email/requests/${id}/held-replies/${heldId}`, {
    cookie: u.cookie,
    params: { id, heldId },
    body: { decision },
  });

async function heldReply(u: TestUser, model: string) {
  const { sku } = await toySku(u);
  const r = await sendDefault(u, sku.id, { items: ['TOY_DOC_MISSING'] });
  const res = await inbound(
    reply(
      'Mallory <mallory@elsewhere.example>',
      r.message_id,
      await declarationPdf({ model, manufacturer: 'Spielwaren Fabrik GmbH' }),
    ),
  );
  expect(res.body).toMatchObject({ held: true, results: [] });
  const req = await getRequest(u, r.id);
  const held = req.timeline.find((e: { kind: string }) => e.kind === 'reply_held');
  expect(held.data.held_id).toEqual(expect.any(String));
  return { r, heldId: held.data.held_id as string };
}

describe('decideHeldSupplierReply — held replies', () => {
  it('release takes the held reply in: its attachment is linked as proposed evidence and the request goes to review', async () => {
    const u = await makeUser();
    const { r, heldId } = await heldReply(u, 'HELD-REL');
    expect((await getRequest(u, r.id)).documents).toEqual([]);

    const res = await decideHeld(u, r.id, heldId, 'release');
    expect(res.status, res.text).toBe(200);
    await settleJobs(u.workspaceId);
    const req = await getRequest(u, r.id);
    expect(req.status).toBe('to_review');
    expect(req.documents).toHaveLength(1);
    expect(req.documents[0]).toMatchObject({ status: 'pending', source: 'inbound_email' });
    expect(req.documents[0].evidence?.evidence_status).toBe('proposed');
    expect(req.timeline.find((e: { kind: string }) => e.kind === 'reply_held').data).toMatchObject({
      decision: 'release',
    });
    expect(req.timeline.at(-1)).toMatchObject({
      kind: 'reply',
      data: expect.objectContaining({ released_from: heldId }),
    });

    // Decided once.
    expectEnvelope(await decideHeld(u, r.id, heldId, 'dismiss'), 409, 'INVALID_STATE');
    const db = await getDb();
    const audit = await db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.workspaceId, u.workspaceId), eq(auditEvents.action, 'sku.supplier_reply_released')));
    expect(audit).toHaveLength(1);
    expect(audit[0].data).toMatchObject({ request_id: r.id, held_id: heldId, from: 'mallory@elsewhere.example' });
  });

  it('a release the request cannot take (its byte cap is reached) is refused and the reply stays held', async () => {
    const u = await makeUser();
    const { r, heldId } = await heldReply(u, 'HELD-CAP');
    process.env.SUPPLIER_LINK_MAX_BYTES = '1';
    resetEnvCache();
    try {
      expectEnvelope(await decideHeld(u, r.id, heldId, 'release'), 413, 'LINK_LIMIT_REACHED');
    } finally {
      delete process.env.SUPPLIER_LINK_MAX_BYTES;
      resetEnvCache();
    }
    const held = (await getRequest(u, r.id)).timeline.find((e: { kind: string }) => e.kind === 'reply_held');
    expect(held.data.decision).toBeUndefined();
    const res = await decideHeld(u, r.id, heldId, 'release');
    expect(res.status, res.text).toBe(200);
    await settleJobs(u.workspaceId);
    expect((await getRequest(u, r.id)).documents).toHaveLength(1);
  });

  it('dismiss attaches nothing and leaves the request as it was; a viewer, an unknown id and another workspace are refused', async () => {
    const u = await makeUser();
    const { r, heldId } = await heldReply(u, 'HELD-DIS');

    const viewer = await addMember(u, 'viewer');
    expectEnvelope(await decideHeld(viewer, r.id, heldId, 'release'), 403, 'INSUFFICIENT_ROLE');
    const other = await makeUser();
    expectEnvelope(await decideHeld(other, r.id, heldId, 'release'), 404, 'NOT_FOUND');
    expectEnvelope(await decideHeld(u, r.id, crypto.randomUUID(), 'release'), 404, 'NOT_FOUND');

    const res = await decideHeld(u, r.id, heldId, 'dismiss');
    expect(res.status, res.text).toBe(200);
    await settleJobs(u.workspaceId);
    const req = await getRequest(u, r.id);
    expect(req.status).toBe('sent');
    expect(req.documents).toEqual([]);
    expect(req.timeline.at(-1)).toMatchObject({ kind: 'reply_dismissed', data: { held_id: heldId } });
    expectEnvelope(await decideHeld(u, r.id, heldId, 'release'), 409, 'INVALID_STATE');
  });
});
