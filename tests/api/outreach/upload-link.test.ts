/**
 * The supplier upload link /r/{token}: shows the product and items only, an upload becomes a classified,
 * extracted document of the SKU, rejection reopens the item, hostile files are per-file errors,
 * unknown/expired/revoked tokens are 404/410, and the link is rate-limited.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import * as uploadRoute from '@/app/api/supplier-email/upload/[token]/route';
import * as decideRoute from '@/app/api/supplier-email/requests/[id]/documents/[documentId]/route';
import * as skuRoute from '@/app/api/skus/[id]/route';
import * as skuDocsRoute from '@/app/api/skus/[id]/documents/route';
import * as dossierRoute from '@/app/api/skus/[id]/dossier/route';
import { resetEnvCache } from '@/lib/config/env';
import { getDb } from '@/lib/db/client';
import { supplierRequests } from '@/lib/db/schema';
import { supplierLinkProxy } from '@/lib/outreach/link-proxy';
import { call, expectEnvelope, makeUser, type TestUser } from '../../helpers/http';
import { useTestDatabase } from '../../helpers/db';
import { declarationPdf, form, keysOf, settleJobs } from '../documents/helpers';
import { withTempBlobStore } from '../skus/fixtures';
import { list, patchRequest, requestRoute, sendDefault, startSmtp, tokenOf, toySku } from './helpers';

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

const view = (token: string) => call(uploadRoute, 'GET', `/api/supplier-email/upload/${token}`, { params: { token } });
const uploadFiles = (token: string, files: [string, Uint8Array | string, string?][], ip = '203.0.113.7') =>
  call(uploadRoute, 'POST', `/api/supplier-email/upload/${token}`, {
    params: { token },
    rawBody: form(files),
    origin: null,
    headers: { 'x-forwarded-for': ip },
  });
const decide = (u: TestUser, id: string, documentId: string, decision: 'accept' | 'reject', note?: string) =>
  call(decideRoute, 'POST', `/api/supplier-email/requests/${id}/documents/${documentId}`, {
    cookie: u.cookie,
    params: { id, documentId },
    body: { decision, ...(note ? { note } : {}) },
  });
const blockerCodes = async (u: TestUser, skuId: string) =>
  (
    (await call(skuRoute, 'GET', `/api/skus/${skuId}`, { cookie: u.cookie, params: { id: skuId } })).body
      .blockers as any[]
  ).map((b) => b.code);
const getRequest = async (u: TestUser, id: string) =>
  (await call(requestRoute, 'GET', `/api/supplier-email/requests/${id}`, { cookie: u.cookie, params: { id } })).body
    .request;

describe('getSupplierUploadLink, uploadThroughSupplierLink — the supplier upload link /r/{token}', () => {
  it('shows the product and the items only; an upload becomes a classified, extracted document of the SKU and the request goes to_review', async () => {
    const u = await makeUser();
    const { sku } = await toySku(u);
    const r = await sendDefault(u, sku.id, { items: ['TOY_DOC_MISSING'], due_date: '2026-12-31' });
    const token = tokenOf(r.upload_url);

    const v = await view(token);
    expect(v.status, v.text).toBe(200);
    expect(keysOf(v.body.request)).toEqual([
      'due_date',
      'expires_at',
      'files_accepted',
      'files_received',
      'files_rejected',
      'files_waiting',
      'gtin',
      'items',
      'locale',
      'product_name',
      'questions',
      'rejected_files',
      'requester',
      'sku_code',
    ]);
    expect(v.body.request).toMatchObject({
      product_name: 'Wooden train',
      sku_code: sku.sku_code,
      locale: 'de',
      due_date: '2026-12-31',
      files_received: 0,
    });
    expect(v.body.request.items).toEqual([
      {
        key: 'TOY_DOC_MISSING',
        label: 'EU-Konformitätserklärung mit Verweis auf 2009/48/EC',
        kind: 'document',
        state: 'open',
        reason: null,
      },
    ]);

    expect(await blockerCodes(u, sku.id)).toContain('TOY_DOC_MISSING');
    // The declaration of the SKU's own maker (TOY_SUPPLIER): a file about another product could not be
    // accepted without a reason (issue 33).
    const res = await uploadFiles(token, [
      ['DoC WT-100.pdf', await declarationPdf({ manufacturer: 'Spielwaren Fabrik GmbH' }), 'application/pdf'],
    ]);
    expect(res.status, res.text).toBe(200);
    expect(res.body.results).toHaveLength(1);
    expect(res.body.results[0]).toMatchObject({ filename: 'DoC WT-100.pdf', status: 'uploaded' });
    expect(res.body.request.files_received).toBe(1);
    const documentId = res.body.results[0].document_id;
    await settleJobs(u.workspaceId);
    // Classified as the asked DoC: the item waits for our review, the file counts as waiting.
    expect((await view(token)).body.request).toMatchObject({
      items: [expect.objectContaining({ key: 'TOY_DOC_MISSING', state: 'answered' })],
      files_accepted: 0,
      files_waiting: 1,
      files_rejected: 0,
    });

    const req = await getRequest(u, r.id);
    expect(req.status).toBe('to_review');
    expect(req.responded_at).not.toBeNull();
    expect(req.documents).toEqual([
      expect.objectContaining({
        document_id: documentId,
        filename: 'DoC WT-100.pdf',
        document_type: 'declaration_of_conformity',
        status: 'pending',
        source: 'upload_link',
      }),
    ]);
    expect(req.timeline.map((e: any) => e.kind)).toEqual(['created', 'sent', 'upload']);
    expect(req.timeline[2]).toMatchObject({ actor: 'Supplier (upload link)' });

    // On the SKU: the document and its extraction suggestions; the DoC blocker stays until a person
    // accepts the supplier's file (issue 33).
    const docs = (
      await call(skuDocsRoute, 'GET', `/api/skus/${sku.id}/documents`, { cookie: u.cookie, params: { id: sku.id } })
    ).body.documents;
    expect(docs.map((d: any) => d.id)).toEqual([documentId]);
    const fields = (
      await call(dossierRoute, 'GET', `/api/skus/${sku.id}/dossier`, { cookie: u.cookie, params: { id: sku.id } })
    ).body.fields as any[];
    expect(fields.find((f) => f.field_key === 'harmonised_standards').suggestions[0]).toMatchObject({
      source: 'document_extraction',
      provenance: { document_id: documentId },
    });
    expect(await blockerCodes(u, sku.id)).toContain('TOY_DOC_MISSING');

    // Accept: nothing pending, no asked item open → done, the link closes.
    const accepted = await decide(u, r.id, documentId, 'accept');
    expect(accepted.status, accepted.text).toBe(200);
    expect(await blockerCodes(u, sku.id)).not.toContain('TOY_DOC_MISSING');
    expect(accepted.body.request).toMatchObject({ status: 'done', link_active: false });
    expect(accepted.body.request.documents[0].status).toBe('accepted');
    expectEnvelope(await decide(u, r.id, documentId, 'reject', 'Wrong model.'), 409, 'INVALID_STATE');
    expectEnvelope(await view(token), 410, 'LINK_EXPIRED');
    expectEnvelope(await uploadFiles(token, [['more.pdf', await declarationPdf({ model: 'X' })]]), 410, 'LINK_EXPIRED');
  });

  it('rejecting a document unlinks it: the item reopens and the request is in progress again', async () => {
    const u = await makeUser();
    const other = await makeUser();
    const { sku } = await toySku(u);
    const r = await sendDefault(u, sku.id, { items: ['TOY_DOC_MISSING'] });
    const res = await uploadFiles(tokenOf(r.upload_url), [['doc.pdf', await declarationPdf()]]);
    const documentId = res.body.results[0].document_id;
    await settleJobs(u.workspaceId);
    // A supplier's file waits for a person (issue 33).
    expect(await blockerCodes(u, sku.id)).toContain('TOY_DOC_MISSING');

    expectEnvelope(await decide(other, r.id, documentId, 'reject', 'Not signed.'), 404, 'NOT_FOUND');
    // A rejection says why: the supplier is shown the reason.
    expectEnvelope(await decide(u, r.id, documentId, 'reject'), 400, 'VALIDATION_FAILED');
    const rejected = await decide(u, r.id, documentId, 'reject', 'Not signed.');
    expect(rejected.status, rejected.text).toBe(200);
    expect(rejected.body.request.status).toBe('in_progress');
    expect(rejected.body.request.documents[0]).toMatchObject({ status: 'rejected' });
    expect(rejected.body.request.timeline.find((e: any) => e.kind === 'document_rejected')).toMatchObject({
      note: 'Not signed.',
      actor: u.email,
    });
    expect(await blockerCodes(u, sku.id)).toContain('TOY_DOC_MISSING');
    const docs = (
      await call(skuDocsRoute, 'GET', `/api/skus/${sku.id}/documents`, { cookie: u.cookie, params: { id: sku.id } })
    ).body.documents;
    expect(docs).toEqual([]);
    // The link stays open for a better file.
    expect((await view(tokenOf(r.upload_url))).status).toBe(200);
  });

  it('hostile and unusable files are per-file errors; nothing reaches the SKU', async () => {
    const u = await makeUser();
    const { sku } = await toySku(u);
    const r = await sendDefault(u, sku.id);
    const token = tokenOf(r.upload_url);
    const exe = new Uint8Array([0x4d, 0x5a, 0x90, 0x00, 0x03, 0, 0, 0, 0x04, 0, 0, 0, 0xff, 0xff, 0, 0]);
    const res = await uploadFiles(token, [
      ['setup.exe', exe, 'application/octet-stream'],
      ['empty.pdf', new Uint8Array(0), 'application/pdf'],
      ['../../etc/passwd.pdf', new Uint8Array([0xff, 0xfe, 0x00, 0xc3, 0x28, 0x00]), 'application/pdf'],
    ]);
    expect(res.status, res.text).toBe(200);
    expect(res.body.results.map((x: any) => x.status)).toEqual(['error', 'error', expect.any(String)]);
    expect(res.body.results[0].error_code).toBe('UNSUPPORTED_FILE_TYPE');
    expect(res.body.results[1].error_code).toBe('EMPTY_FILE');
    // A stored name never carries a path or a NUL.
    for (const x of res.body.results) expect(x.filename).not.toMatch(/[\u0000/\\]/);
    const req = await getRequest(u, r.id);
    const stored = res.body.results.filter((x: any) => x.document_id).length;
    expect(req.documents).toHaveLength(stored);
    expect(req.status).toBe(stored ? 'to_review' : 'sent');
    // A NUL in the part header is a malformed body: refused whole, nothing stored.
    expectEnvelope(await uploadFiles(token, [['a\u0000.pdf', await declarationPdf()]]), 400, 'VALIDATION_FAILED');
    expect((await getRequest(u, r.id)).documents).toHaveLength(stored);
    // Not multipart: an envelope, never a 500.
    expectEnvelope(
      await call(uploadRoute, 'POST', `/api/supplier-email/upload/${token}`, {
        params: { token },
        body: { files: [] },
        origin: null,
      }),
      415,
      'UNSUPPORTED_MEDIA_TYPE',
    );
  });

  it('unknown, malformed, expired and revoked tokens: 404 / 410, also as pages', async () => {
    const u = await makeUser();
    const { sku } = await toySku(u);
    const r = await sendDefault(u, sku.id);
    const token = tokenOf(r.upload_url);
    const db = await getDb();
    const pageOf = (t: string) => supplierLinkProxy(new Request(`http://127.0.0.1:3100/r/${t}`), { db });

    expect((await pageOf(token))?.kind).toBe('next');
    const next = await pageOf(token);
    if (next?.kind !== 'next') throw new Error('expected next');
    expect(next.responseHeaders.get('content-security-policy')).toContain(`'nonce-${next.nonce}'`);
    expect(next.responseHeaders.get('referrer-policy')).toBe('no-referrer');

    const forged = `${token.slice(0, -1)}${token.endsWith('A') ? 'B' : 'A'}`;
    expectEnvelope(await view(forged), 404, 'NOT_FOUND');
    expectEnvelope(await view('short'), 404, 'NOT_FOUND');
    expectEnvelope(await uploadFiles(forged, [['a.pdf', await declarationPdf()]]), 404, 'NOT_FOUND');
    const missing = await pageOf(forged);
    expect(missing?.kind === 'respond' && missing.response.status).toBe(404);

    await db
      .update(supplierRequests)
      .set({ tokenExpiresAt: new Date(Date.now() - 1000) })
      .where(eq(supplierRequests.id, r.id));
    expect(expectEnvelope(await view(token), 410, 'LINK_EXPIRED').details.reason).toBe('expired');
    const expired = await pageOf(token);
    expect(expired?.kind === 'respond' && expired.response.status).toBe(410);

    await db
      .update(supplierRequests)
      .set({ tokenExpiresAt: new Date(Date.now() + 86_400_000) })
      .where(eq(supplierRequests.id, r.id));
    expect((await view(token)).status).toBe(200);
    expect((await patchRequest(u, r.id, { status: 'cancelled' })).status).toBe(200);
    expect(expectEnvelope(await view(token), 410, 'LINK_EXPIRED').details.reason).toBe('closed');
    expect((await list(u, { sku_id: sku.id })).body.data[0]).toMatchObject({ link_active: false, upload_url: null });
  });

  it('is rate-limited per link', async () => {
    const u = await makeUser();
    const { sku } = await toySku(u);
    const r = await sendDefault(u, sku.id);
    const token = tokenOf(r.upload_url);
    process.env.RATE_LIMIT_PARSE = '3';
    resetEnvCache();
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 5; i++)
        statuses.push(
          (await uploadFiles(token, [[`note-${i}.txt`, `Declaration note ${i}`, 'text/plain']], `198.51.100.${i}`))
            .status,
        );
      expect(statuses.slice(0, 3)).toEqual([200, 200, 200]);
      expect(statuses.slice(3)).toEqual([429, 429]);
    } finally {
      delete process.env.RATE_LIMIT_PARSE;
      resetEnvCache();
    }
  });
});
