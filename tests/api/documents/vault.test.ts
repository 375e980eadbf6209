/**
 * The document vault: the agreed Document shape, keyset paging and filters, corrections by PATCH,
 * downloads (inline PDFs, sandboxed, nosniff), deletion with its links and blob, documents per SKU with
 * their extractions, blockers cleared and restored by linking, tenant isolation, and upload orchestration
 * audit events.
 */
import { describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import * as listRoute from '@/app/api/documents/route';
import * as docRoute from '@/app/api/documents/[id]/route';
import * as fileRoute from '@/app/api/documents/[id]/file/route';
import * as linkRoute from '@/app/api/documents/[id]/skus/[skuId]/route';
import * as skuDocsRoute from '@/app/api/skus/[id]/documents/route';
import * as skuRoute from '@/app/api/skus/[id]/route';
import * as orchestrateRoute from '@/app/api/upload/orchestrate/route';
import * as auditRoute from '@/app/api/audit-events/route';
import { getDb } from '@/lib/db/client';
import { auditEvents, documents, documentSkus, jobRuns, skus } from '@/lib/db/schema';
import { getBlobStore } from '@/lib/storage';
import { call, expectEnvelope, makeUser, type TestUser } from '../../helpers/http';
import { onPostgres, useTestDatabase } from '../../helpers/db';
import { acceptEvidence, corpus, createSku, keysOf, settleJobs, upload } from './helpers';

useTestDatabase();

const DOCUMENT_KEYS = [
  'artifact_kind',
  'classification',
  'classification_confidence',
  'classification_source',
  'created_at',
  'detected_language',
  'diagnostic',
  'document_type',
  'download_url',
  'evidence_parts',
  'expired',
  'extractions',
  'filename',
  'id',
  'is_public',
  'issued_on',
  'mime_type',
  'sha256',
  'size_bytes',
  'sku_ids',
  'skus',
  'snippet_source',
  'status',
  'valid_until',
];

async function uploadOne(u: TestUser, name: string, bytes: Uint8Array | string, fields: Record<string, string> = {}) {
  const res = await upload(u, [[name, bytes]], fields);
  const r = res.body.results[0];
  if (!r.document_id) throw new Error(`not stored: ${res.text}`);
  return r.document_id as string;
}

const getDoc = (u: TestUser, id: string) =>
  call(docRoute, 'GET', `/api/documents/${id}`, { cookie: u.cookie, params: { id } });
const patchDoc = (u: TestUser, id: string, body: unknown) =>
  call(docRoute, 'PATCH', `/api/documents/${id}`, { cookie: u.cookie, params: { id }, body });
const link = (u: TestUser, id: string, skuId: string, method: 'PUT' | 'DELETE' = 'PUT') =>
  call(linkRoute, method, `/api/documents/${id}/skus/${skuId}`, { cookie: u.cookie, params: { id, skuId } });
const skuDocs = (u: TestUser, skuId: string) =>
  call(skuDocsRoute, 'GET', `/api/skus/${skuId}/documents`, { cookie: u.cookie, params: { id: skuId } });
const blockers = async (u: TestUser, skuId: string) =>
  (await call(skuRoute, 'GET', `/api/skus/${skuId}`, { cookie: u.cookie, params: { id: skuId } })).body
    .blockers as any[];

describe('listDocuments, getDocument — documents: read, list, filter, page', () => {
  it('GET /api/documents/{id} answers the agreed Document shape', async () => {
    const u = await makeUser();
    const id = await uploadOne(
      u,
      'EU-Konformitätserklärung.txt',
      'EU-Konformitätserklärung\nHiermit erklären wir, dass das Produkt der Richtlinie 2009/48/EG entspricht.',
    );
    const res = await getDoc(u, id);
    expect(res.status).toBe(200);
    expect(keysOf(res.body)).toEqual(['document']);
    const d = res.body.document;
    expect(keysOf(d)).toEqual(DOCUMENT_KEYS.sort());
    expect(d).toMatchObject({
      id,
      filename: 'EU-Konformitätserklärung.txt',
      mime_type: 'text/plain',
      document_type: 'declaration_of_conformity',
      classification_source: 'rule',
      detected_language: 'de',
      snippet_source: 'plain_text',
      expired: false,
      is_public: false,
      sku_ids: [],
      skus: [],
      extractions: [],
      download_url: `/api/documents/${id}/file`,
    });
    expect(onPostgres() ? ['processing', 'ready'] : ['processing']).toContain(d.status);
    expect(d.classification.document_type).toBe('declaration_of_conformity');
    expect(d.classification_confidence).toBe(d.classification.document_type_confidence);
  });

  it('lists newest first with keyset paging and filters by text, type, SKU and status', async () => {
    const u = await makeUser();
    const sku = await createSku(u, 'FILTER-1');
    const ids: string[] = [];
    for (let i = 0; i < 7; i++) ids.push(await uploadOne(u, `note-${i}.txt`, `Plain note number ${i}`));
    const cert = await uploadOne(
      u,
      'certificate.txt',
      'EC type-examination certificate. Notified body 0123. Valid until 31.12.2020.',
      { document_type: 'certificate', sku_id: sku.id },
    );
    const db = await getDb();
    await db.update(documents).set({ validUntil: '2020-12-31' }).where(eq(documents.id, cert));

    const seen: string[] = [];
    let cursor: string | undefined;
    for (let guard = 0; guard < 10; guard++) {
      const res = await call(listRoute, 'GET', '/api/documents', {
        cookie: u.cookie,
        query: { limit: '3', ...(cursor ? { cursor } : {}) },
      });
      expect(res.status).toBe(200);
      expect(keysOf(res.body)).toEqual(['data', 'has_more', 'next_cursor']);
      seen.push(...res.body.data.map((d: any) => d.id));
      if (!res.body.has_more) break;
      cursor = res.body.next_cursor;
    }
    expect(seen).toEqual([cert, ...ids.reverse()]);
    const q = async (query: Record<string, string>) =>
      (await call(listRoute, 'GET', '/api/documents', { cookie: u.cookie, query })).body.data.map((d: any) => d.id);
    expect(await q({ q: 'certificate' })).toEqual([cert]);
    expect(await q({ q: 'number 3' })).toEqual([ids[3]]);
    expect(await q({ type: 'certificate' })).toEqual([cert]);
    expect(await q({ sku_id: sku.id })).toEqual([cert]);
    expect(await q({ status: 'expired' })).toEqual([cert]);
    // Plain notes are "other" with a low_confidence_other diagnostic: they need a person's look.
    expect((await q({ status: 'needs_review' })).length).toBe(7);
    expect((await q({ status: 'low_confidence' })).length).toBe(7);
    expectEnvelope(
      await call(listRoute, 'GET', '/api/documents', { cookie: u.cookie, query: { cursor: 'garbage' } }),
      400,
      'VALIDATION_FAILED',
    );
    expectEnvelope(
      await call(listRoute, 'GET', '/api/documents', { cookie: u.cookie, query: { limit: '101' } }),
      400,
      'VALIDATION_FAILED',
    );
    expectEnvelope(
      await call(listRoute, 'GET', '/api/documents', { cookie: u.cookie, query: { status: 'lost' } }),
      400,
      'VALIDATION_FAILED',
    );
    expectEnvelope(
      await call(listRoute, 'GET', '/api/documents', { cookie: u.cookie, query: { sort: 'name' } }),
      400,
      'VALIDATION_FAILED',
    );
  });
});

describe('updateDocument, downloadDocument, deleteDocument — documents: correct, download, delete', () => {
  it('PATCH corrects the type (manual, confidence 1, diagnostic answered), dates and visibility; 400 for bad bodies', async () => {
    const u = await makeUser();
    const id = await uploadOne(u, 'scan_0001.txt', 'nothing telling here');
    const before = (await getDoc(u, id)).body.document;
    expect(before.diagnostic).not.toBeNull();
    const res = await patchDoc(u, id, {
      document_type: 'test_report',
      valid_until: '2030-01-31',
      issued_on: '2024-02-01',
      is_public: true,
    });
    expect(res.status).toBe(200);
    expect(res.body.document).toMatchObject({
      document_type: 'test_report',
      classification_source: 'manual',
      classification_confidence: 1,
      diagnostic: null,
      valid_until: '2030-01-31',
      issued_on: '2024-02-01',
      is_public: true,
      expired: false,
    });
    const past = await patchDoc(u, id, { valid_until: '2001-01-01' });
    expect(past.body.document.expired).toBe(true);
    expect((await patchDoc(u, id, { valid_until: null })).body.document.valid_until).toBeNull();
    expectEnvelope(await patchDoc(u, id, {}), 400, 'VALIDATION_FAILED');
    expectEnvelope(await patchDoc(u, id, { document_type: 'invoice' }), 400, 'VALIDATION_FAILED');
    expectEnvelope(await patchDoc(u, id, { valid_until: '31.01.2030' }), 400, 'VALIDATION_FAILED');
    expectEnvelope(await patchDoc(u, id, { filename: 'x.pdf' }), 400, 'VALIDATION_FAILED');
    const db = await getDb();
    const events = await db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.workspaceId, u.workspaceId), eq(auditEvents.action, 'document.updated')));
    expect(events).toHaveLength(3);
    expect(events.find((e) => (e.data as any).changes.document_type)?.data).toMatchObject({
      changes: { document_type: { from: 'other', to: 'test_report' } },
    });
  });

  it('GET file: the bytes, PDFs inline for the preview, other types as attachment, always sandboxed and nosniff', async () => {
    const u = await makeUser();
    const pdfBytes = corpus('documents/pdf-text-layer-firefox-quartz.pdf');
    const pdf = await uploadOne(u, 'Prüfbericht 1.pdf', pdfBytes);
    const res = await call(fileRoute, 'GET', `/api/documents/${pdf}/file`, { cookie: u.cookie, params: { id: pdf } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/pdf');
    expect(res.headers.get('content-disposition')).toBe(
      `inline; filename="Pr_fbericht 1.pdf"; filename*=UTF-8''Pr%C3%BCfbericht%201.pdf`,
    );
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('content-security-policy')).toBe('sandbox');
    expect(res.headers.get('content-length')).toBe(String(pdfBytes.length));
    const html = await uploadOne(
      u,
      'page.html',
      '<html><body><script>alert(1)</script><p>Declaration</p></body></html>',
    );
    const h = await call(fileRoute, 'GET', `/api/documents/${html}/file`, { cookie: u.cookie, params: { id: html } });
    expect(h.headers.get('content-disposition')).toMatch(/^attachment;/);
    expect(h.headers.get('content-security-policy')).toBe('sandbox');
    expect(h.text).toContain('<script>');
  });

  it('DELETE removes the row, its links and its blob, and re-evaluates linked SKUs', async () => {
    const u = await makeUser();
    const sku = await createSku(u, 'DEL-1');
    const id = await uploadOne(u, 'doc.txt', 'EU Declaration of Conformity for the wooden train.', {
      sku_id: sku.id,
      document_type: 'declaration_of_conformity',
    });
    await acceptEvidence(u, sku.id, id);
    const db = await getDb();
    const [row] = await db.select().from(documents).where(eq(documents.id, id));
    expect(await getBlobStore().exists(row.storageKey)).toBe(true);
    const withDoc = await blockers(u, sku.id);
    const res = await call(docRoute, 'DELETE', `/api/documents/${id}`, { cookie: u.cookie, params: { id } });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ deleted_id: id });
    expect(await db.select().from(documents).where(eq(documents.id, id))).toEqual([]);
    expect(await db.select().from(documentSkus).where(eq(documentSkus.documentId, id))).toEqual([]);
    expect(await getBlobStore().exists(row.storageKey)).toBe(false);
    // Without its declaration the SKU has the missing-document blocker back.
    const after = await blockers(u, sku.id);
    expect(after.length).toBeGreaterThan(withDoc.length);
    expectEnvelope(await getDoc(u, id), 404, 'NOT_FOUND');
    expectEnvelope(
      await call(docRoute, 'DELETE', `/api/documents/${id}`, { cookie: u.cookie, params: { id } }),
      404,
      'NOT_FOUND',
    );
    // The same bytes can be uploaded again as a new document.
    expect(
      (await upload(u, [['doc.txt', 'EU Declaration of Conformity for the wooden train.']])).body.results[0].status,
    ).toBe('uploaded');
  });
});

describe('linkDocumentToSku, unlinkDocumentFromSku, listSkuDocuments — documents and SKUs', () => {
  it('GET /api/skus/{id}/documents lists every linked document once, with extractions embedded', async () => {
    const u = await makeUser();
    const sku = await createSku(u, 'LINKS-1');
    const other = await createSku(u, 'LINKS-2');
    const viaUpload = await uploadOne(u, 'upload-linked.txt', 'linked at upload', { sku_id: sku.id });
    const viaJoin = await uploadOne(u, 'join-linked.txt', 'linked through the join table');
    const viaLegacy = await uploadOne(u, 'legacy-linked.txt', 'linked by a row written directly (as migrated)');
    await uploadOne(u, 'unlinked.txt', 'not linked');
    expect((await link(u, viaJoin, sku.id)).body).toEqual({ linked: true });
    expect((await link(u, viaJoin, sku.id)).body).toEqual({ linked: true });
    expect((await link(u, viaJoin, other.id)).status).toBe(200);
    const db = await getDb();
    await db.insert(documentSkus).values({ workspaceId: u.workspaceId, documentId: viaLegacy, skuId: sku.id });
    // The upload's sku_id field is stored as a join-table link.
    expect(await db.select().from(documentSkus).where(eq(documentSkus.documentId, viaUpload))).toHaveLength(1);

    await settleJobs(u.workspaceId);
    const res = await skuDocs(u, sku.id);
    expect(res.status).toBe(200);
    expect(keysOf(res.body)).toEqual(['documents']);
    const ids = res.body.documents.map((d: any) => d.id);
    expect(ids.sort()).toEqual([viaUpload, viaJoin, viaLegacy].sort());
    const join = res.body.documents.find((d: any) => d.id === viaJoin);
    expect(join.sku_ids.sort()).toEqual([sku.id, other.id].sort());
    expect(join.skus.map((s: any) => s.sku_code)).toEqual(['LINKS-1', 'LINKS-2']);
    const up = res.body.documents.find((d: any) => d.id === viaUpload);
    expect(up.sku_ids).toEqual([sku.id]);
    expect(up.extractions).toHaveLength(1);
    expect(up.extractions[0]).toMatchObject({
      status: 'completed',
      method: 'rules',
      text_chars: expect.any(Number),
      facts: [],
      error: null,
    });
    expect(up.status).toBe('ready');

    // Unlink removes the link; the document stays in the vault.
    expect((await link(u, viaUpload, sku.id, 'DELETE')).body).toEqual({ unlinked: true });
    expect((await link(u, viaLegacy, sku.id, 'DELETE')).body).toEqual({ unlinked: true });
    expect((await skuDocs(u, sku.id)).body.documents.map((d: any) => d.id)).toEqual([viaJoin]);
    expect((await getDoc(u, viaUpload)).status).toBe(200);

    // A link queues extraction (one run per document while one is waiting).
    const runs = await db
      .select()
      .from(jobRuns)
      .where(
        and(
          eq(jobRuns.workspaceId, u.workspaceId),
          eq(jobRuns.queue, 'document.extract'),
          eq(jobRuns.subjectId, viaJoin),
        ),
      );
    expect(runs.length).toBeGreaterThanOrEqual(1);
    const audit = await db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.workspaceId, u.workspaceId), eq(auditEvents.action, 'document.linked')));
    expect(audit.length).toBe(2);
    const unlinked = await db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.workspaceId, u.workspaceId), eq(auditEvents.action, 'document.unlinked')));
    // Each unlink is audited with the document's name and the SKU it left.
    expect(unlinked.map((e) => e.data).sort((a: any, b: any) => a.filename.localeCompare(b.filename))).toEqual([
      { filename: 'legacy-linked.txt', sku_id: sku.id, sku_code: 'LINKS-1' },
      { filename: 'upload-linked.txt', sku_id: sku.id, sku_code: 'LINKS-1' },
    ]);
  });

  it('a linked declaration of conformity clears the missing-document blocker once accepted as evidence; unlinking brings it back', async () => {
    const u = await makeUser();
    const sku = await createSku(u, 'BLOCK-1');
    const codes = async () =>
      (await blockers(u, sku.id)).map((b) => `${b.code}:${(b.required_document_types ?? []).join(',')}`);
    const before = await codes();
    const doc = await uploadOne(u, 'doc.txt', 'EU Declaration of Conformity', {
      document_type: 'declaration_of_conformity',
    });
    await link(u, doc, sku.id);
    // Linked, but nothing in it names this SKU: it waits for a person (issue 33).
    expect(await codes()).toEqual(before);
    await acceptEvidence(u, sku.id, doc);
    const linked = await codes();
    expect(linked.length).toBeLessThan(before.length);
    await link(u, doc, sku.id, 'DELETE');
    expect(await codes()).toEqual(before);
  });
});

describe('tenant isolation', () => {
  it("another workspace's documents and SKUs are 404 on every document route", async () => {
    const owner = await makeUser();
    const intruder = await makeUser();
    const sku = await createSku(owner, 'MINE-1');
    const id = await uploadOne(owner, 'private.txt', 'owner only', { sku_id: sku.id });
    const mySku = await createSku(intruder, 'THEIRS-1');
    const myDoc = await uploadOne(intruder, 'mine.txt', 'intruder document');
    expectEnvelope(await getDoc(intruder, id), 404, 'NOT_FOUND');
    expectEnvelope(await patchDoc(intruder, id, { is_public: true }), 404, 'NOT_FOUND');
    expectEnvelope(
      await call(docRoute, 'DELETE', `/api/documents/${id}`, { cookie: intruder.cookie, params: { id } }),
      404,
      'NOT_FOUND',
    );
    expectEnvelope(
      await call(fileRoute, 'GET', `/api/documents/${id}/file`, { cookie: intruder.cookie, params: { id } }),
      404,
      'NOT_FOUND',
    );
    expectEnvelope(await link(intruder, id, mySku.id), 404, 'NOT_FOUND');
    expectEnvelope(await link(intruder, myDoc, sku.id), 404, 'NOT_FOUND');
    expectEnvelope(await link(intruder, myDoc, sku.id, 'DELETE'), 404, 'NOT_FOUND');
    expectEnvelope(await skuDocs(intruder, sku.id), 404, 'NOT_FOUND');
    expect(
      (await call(listRoute, 'GET', '/api/documents', { cookie: intruder.cookie, query: { sku_id: sku.id } })).body
        .data,
    ).toEqual([]);
    expect(
      (await call(listRoute, 'GET', '/api/documents', { cookie: intruder.cookie })).body.data.map((d: any) => d.id),
    ).toEqual([myDoc]);
    expectEnvelope(await getDoc(owner, 'not-a-uuid'), 404, 'NOT_FOUND');
    expectEnvelope(await call(listRoute, 'GET', '/api/documents', {}), 401, 'UNAUTHORIZED');
    const db = await getDb();
    expect((await db.select().from(documents).where(eq(documents.id, id)))[0].isPublic).toBe(false);
    expect(await db.select().from(skus).where(eq(skus.id, sku.id))).toHaveLength(1);
  });
});

describe('orchestrateUpload — upload orchestration and audit events', () => {
  it('POST /api/upload/orchestrate records the decision; GET /api/audit-events lists it', async () => {
    const u = await makeUser();
    const body = {
      action: 'upload.routed',
      filename: 'DoC_WT-100.pdf',
      classification_type: 'declaration_of_conformity',
      confidence: 0.91,
      destination: 'documentVault',
      reasoning: 'Title "EU Declaration of Conformity" on page 1.',
    };
    const res = await call(orchestrateRoute, 'POST', '/api/upload/orchestrate', { cookie: u.cookie, body });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ ok: true });
    expect(
      (
        await call(orchestrateRoute, 'POST', '/api/upload/orchestrate', {
          cookie: u.cookie,
          body: { action: 'upload.needs_review' },
        })
      ).body,
    ).toEqual({ ok: true });
    await upload(u, [['x.txt', 'another event kind']]);
    const list = await call(auditRoute, 'GET', '/api/audit-events', {
      cookie: u.cookie,
      query: { action_prefix: 'upload.' },
    });
    expect(list.status).toBe(200);
    expect(keysOf(list.body)).toEqual(['events', 'has_more', 'next_cursor']);
    expect(list.body).toMatchObject({ has_more: false, next_cursor: null });
    expect(list.body.events.map((e: any) => e.action)).toEqual(['upload.needs_review', 'upload.routed']);
    const routed = list.body.events[1];
    expect(keysOf(routed)).toEqual([
      'action',
      'actor',
      'actor_api_key_id',
      'actor_user_id',
      'created_at',
      'data',
      'id',
      'sku',
      'target_id',
      'target_label',
      'target_type',
    ]);
    expect(routed).toMatchObject({
      actor: u.email,
      target_type: 'upload',
      data: {
        filename: 'DoC_WT-100.pdf',
        classification_type: 'declaration_of_conformity',
        confidence: 0.91,
        destination: 'documentVault',
        reasoning: body.reasoning,
      },
    });
    const everything = await call(auditRoute, 'GET', '/api/audit-events', { cookie: u.cookie, query: { limit: '10' } });
    expect(everything.body.events.map((e: any) => e.action)).toContain('document.uploaded');
    // Another workspace sees none of it.
    const other = await makeUser();
    expect((await call(auditRoute, 'GET', '/api/audit-events', { cookie: other.cookie })).body.events).toEqual([]);
  });

  it('400 per contract constraint: action, filename 240, reasoning 500, confidence, destination, unknown keys', async () => {
    const u = await makeUser();
    const post = (body: unknown) =>
      call(orchestrateRoute, 'POST', '/api/upload/orchestrate', { cookie: u.cookie, body });
    const bad: [unknown, string][] = [
      [{}, 'action'],
      [{ action: 'upload.deleted' }, 'action'],
      [{ action: 'upload.routed', filename: 'f'.repeat(241) }, 'filename'],
      [{ action: 'upload.routed', reasoning: 'r'.repeat(501) }, 'reasoning'],
      [{ action: 'upload.routed', confidence: 1.2 }, 'confidence'],
      [{ action: 'upload.routed', destination: 'trash' }, 'destination'],
    ];
    for (const [body, field] of bad) {
      const err = expectEnvelope(await post(body), 400, 'VALIDATION_FAILED');
      expect(err.details.fields[0].path).toBe(field);
    }
    const err = expectEnvelope(await post({ action: 'upload.routed', user: 'x' }), 400, 'VALIDATION_FAILED');
    expect(err.details.fields[0].keys).toEqual(['user']);
    expect(
      (
        await post({
          action: 'upload.classified',
          filename: 'f'.repeat(240),
          reasoning: 'r'.repeat(500),
          confidence: null,
          destination: null,
          classification_type: null,
        })
      ).status,
    ).toBe(200);
    expectEnvelope(
      await call(auditRoute, 'GET', '/api/audit-events', { cookie: u.cookie, query: { limit: '0' } }),
      400,
      'VALIDATION_FAILED',
    );
  });
});
