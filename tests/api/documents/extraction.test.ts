/**
 * Fact extraction through the app: a declaration of conformity becomes suggestions on the linked SKU with
 * document/page/quote provenance, conflicts become blockers, certificates set valid_until, and the re-
 * extraction routes (v1 with extractions:write, session twins) queue jobs with poll URLs and keep
 * workspaces apart.
 */
import { describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import * as dossierRoute from '@/app/api/skus/[id]/dossier/route';
import * as skuRoute from '@/app/api/skus/[id]/route';
import * as skuDocsRoute from '@/app/api/skus/[id]/documents/route';
import * as v1DocReExtract from '@/app/api/v1/documents/[id]/re-extract/route';
import * as v1SkuReExtract from '@/app/api/v1/skus/[id]/re-extract/route';
import * as v1Job from '@/app/api/v1/jobs/[id]/route';
import * as reExtractRoute from '@/app/api/documents/[id]/re-extract/route';
import * as jobRoute from '@/app/api/jobs/[id]/route';
import * as linkRoute from '@/app/api/documents/[id]/skus/[skuId]/route';
import { getDb } from '@/lib/db/client';
import { documents, documentSkus, dossierValues } from '@/lib/db/schema';
import { setDossierValue } from '@/lib/dossier/service';
import { call, expectEnvelope, makeUser, type TestUser } from '../../helpers/http';
import { onPostgres, useTestDatabase } from '../../helpers/db';
import { createKey, createSku, declarationPdf, keysOf, settleJobs, upload } from './helpers';

useTestDatabase();

async function uploadDoc(u: TestUser, name: string, bytes: Uint8Array | string, fields: Record<string, string> = {}) {
  const res = await upload(u, [[name, bytes]], fields);
  expect(res.body.results[0].status, res.text).toBe('uploaded');
  return res.body.results[0].document_id as string;
}

const dossier = async (u: TestUser, skuId: string) =>
  (await call(dossierRoute, 'GET', `/api/skus/${skuId}/dossier`, { cookie: u.cookie, params: { id: skuId } })).body
    .fields as any[];
const blockers = async (u: TestUser, skuId: string) =>
  (await call(skuRoute, 'GET', `/api/skus/${skuId}`, { cookie: u.cookie, params: { id: skuId } })).body
    .blockers as any[];

describe('reExtractDocument — extraction: a declaration of conformity becomes suggestions on the linked SKU', () => {
  it('facts with document/page/quote provenance; a disagreeing suggestion is an EXTRACTION_CONFLICT_OPEN blocker', async () => {
    const u = await makeUser();
    const sku = await createSku(u, 'TRAIN-100', { product_name: 'Wooden train' });
    const db = await getDb();
    // A person already confirmed another contact address. (Another manufacturer or model would make the
    // document one about another product, a status of its link rather than a field conflict: issue 33.)
    await setDossierValue(db, {
      workspaceId: u.workspaceId,
      actor: { userId: u.id, apiKeyId: null, label: u.email },
      skuId: sku.id,
      fieldKey: 'manufacturer_email',
      value: 'qa@beta-spielwaren.example',
    });
    expect((await blockers(u, sku.id)).some((b) => b.code === 'EXTRACTION_CONFLICT_OPEN')).toBe(false);

    const id = await uploadDoc(u, 'DoC WT-100.pdf', await declarationPdf(), { sku_id: sku.id });
    const [stored] = await db.select().from(documents).where(eq(documents.id, id));
    expect(stored).toMatchObject({ documentType: 'declaration_of_conformity' });
    expect(await db.select().from(documentSkus).where(eq(documentSkus.documentId, id))).toMatchObject([
      { skuId: sku.id },
    ]);
    expect(onPostgres() ? ['processing', 'ready'] : ['processing']).toContain(stored.status);
    await settleJobs(u.workspaceId);

    // The document: extraction embedded, date of issue taken over.
    const docs = (
      await call(skuDocsRoute, 'GET', `/api/skus/${sku.id}/documents`, { cookie: u.cookie, params: { id: sku.id } })
    ).body.documents;
    expect(docs).toHaveLength(1);
    const doc = docs[0];
    expect(doc).toMatchObject({ id, status: 'ready', issued_on: '2023-11-02', sku_ids: [sku.id] });
    expect(doc.extractions).toHaveLength(1);
    const ex = doc.extractions[0];
    expect(ex).toMatchObject({ status: 'completed', method: 'rules', pages: 2, error: null });
    const fact = (k: string) => ex.facts.find((f: any) => f.field_key === k);
    expect(fact('manufacturer_name')).toMatchObject({
      value: 'Acme Toys GmbH',
      page: 1,
      quote: expect.stringContaining('Manufacturer: Acme Toys GmbH'),
    });
    expect(fact('harmonised_standards')).toMatchObject({
      value: 'EN 71-1:2014+A1:2018; EN 71-2:2020; EN 71-3:2019+A1:2021',
      page: 2,
    });
    expect(fact('applicable_legislation').value).toBe('Directive 2009/48/EC; Regulation (EU) 2023/988');
    expect(fact('gtin').value).toBe('4006381333931');
    expect(fact('model_number').value).toBe('WT-100');

    // The SKU: suggestions with provenance, never confirmed data.
    const fields = await dossier(u, sku.id);
    const field = (k: string) => fields.find((f) => f.field_key === k);
    const std = field('harmonised_standards');
    expect(std.current).toBeNull();
    expect(std.suggestions).toHaveLength(1);
    expect(std.suggestions[0]).toMatchObject({
      status: 'suggested',
      source: 'document_extraction',
      value: 'EN 71-1:2014+A1:2018; EN 71-2:2020; EN 71-3:2019+A1:2021',
      provenance: {
        document_id: id,
        document_name: 'DoC WT-100.pdf',
        page: 2,
        quote: expect.stringContaining('Harmonised standards applied'),
      },
    });
    expect(field('manufacturer_name').suggestions[0].value).toBe('Acme Toys GmbH');
    expect(field('doc_issue_date').suggestions[0]).toMatchObject({ value: '2023-11-02', provenance: { page: 2 } });
    const email = field('manufacturer_email');
    expect(email.current.value).toBe('qa@beta-spielwaren.example');
    expect(email.suggestions[0]).toMatchObject({
      value: 'compliance@acme-toys.example',
      conflicts_with_current: true,
      provenance: { page: 1 },
    });

    const conflict = (await blockers(u, sku.id)).find((b) => b.code === 'EXTRACTION_CONFLICT_OPEN');
    expect(conflict).toBeDefined();
    expect(conflict.required_fields).toEqual(['manufacturer_email']);
    expect(conflict.message).toContain('compliance@acme-toys.example');

    // Re-extracting the same document adds no duplicate suggestions.
    const before = await db.select().from(dossierValues).where(eq(dossierValues.skuId, sku.id));
    await call(reExtractRoute, 'POST', `/api/documents/${id}/re-extract`, { cookie: u.cookie, params: { id } });
    await settleJobs(u.workspaceId);
    expect(await db.select().from(dossierValues).where(eq(dossierValues.skuId, sku.id))).toHaveLength(before.length);

    // Unlinking withdraws the document's open suggestions, and with them the conflict.
    await call(linkRoute, 'DELETE', `/api/documents/${id}/skus/${sku.id}`, {
      cookie: u.cookie,
      params: { id, skuId: sku.id },
    });
    expect((await blockers(u, sku.id)).some((b) => b.code === 'EXTRACTION_CONFLICT_OPEN')).toBe(false);
    const open = await db
      .select()
      .from(dossierValues)
      .where(and(eq(dossierValues.skuId, sku.id), eq(dossierValues.status, 'suggested')));
    expect(open.filter((v) => !v.supersededAt)).toEqual([]);
  });

  it('linking an already extracted document queues extraction, so the new SKU gets the suggestions too', async () => {
    const u = await makeUser();
    const first = await createSku(u, 'A-1');
    const second = await createSku(u, 'A-2');
    const id = await uploadDoc(u, 'declaration.pdf', await declarationPdf({ model: 'ZX-9', gtin: '4006381333948' }), {
      sku_id: first.id,
    });
    await settleJobs(u.workspaceId);
    await call(linkRoute, 'PUT', `/api/documents/${id}/skus/${second.id}`, {
      cookie: u.cookie,
      params: { id, skuId: second.id },
    });
    await settleJobs(u.workspaceId);
    for (const sku of [first, second]) {
      const model = (await dossier(u, sku.id)).find((f) => f.field_key === 'model_number');
      expect(model.suggestions[0]).toMatchObject({ value: 'ZX-9', provenance: { document_id: id } });
    }
  });

  it('a text certificate sets valid_until; an unreadable file records a no_text extraction', async () => {
    const u = await makeUser();
    const cert = await uploadDoc(
      u,
      'certificate.txt',
      'EC type-examination certificate\nNotified body 0123\nDate of issue: 12.03.2022\nValid until: 11.03.2027\nManufacturer: Acme Toys GmbH, Industriestraße 5, 59063 Hamm, Germany',
      { document_type: 'certificate' },
    );
    const { corpus } = await import('./helpers');
    const enc = await uploadDoc(u, 'locked.pdf', corpus('documents/pdf-user-password-required-rc4.pdf'));
    await settleJobs(u.workspaceId);
    const db = await getDb();
    const [c] = await db.select().from(documents).where(eq(documents.id, cert));
    expect(c).toMatchObject({ validUntil: '2027-03-11', status: 'ready' });
    const [e] = await db.select().from(documents).where(eq(documents.id, enc));
    expect(e.status).toBe('unreadable');
    const { getDocument } = await import('@/lib/documents/service');
    const doc = await getDocument(db, { workspaceId: u.workspaceId, id: enc });
    expect(doc.extractions[0]).toMatchObject({
      status: 'failed',
      facts: [],
      error: expect.stringMatching(/password/i),
    });
  });
});

describe('reExtractDocumentV1, reExtractSkuDocumentsV1, getJob, getJobV1 — re-extraction routes and job polling', () => {
  it('v1: Bearer extractions:write queues jobs (202 with poll URLs); GET /api/v1/jobs/{id} follows them', async () => {
    const u = await makeUser({ plan: 'pro' });
    const key = await createKey(u, ['extractions:write']);
    const sku = await createSku(u, 'V1-1');
    const a = await uploadDoc(u, 'a.pdf', await declarationPdf({ model: 'AA-1' }), { sku_id: sku.id });
    const b = await uploadDoc(u, 'b.txt', 'EU Declaration of Conformity. Model: BB-2', { sku_id: sku.id });
    await settleJobs(u.workspaceId);

    const res = await call(v1DocReExtract, 'POST', `/api/v1/documents/${a}/re-extract`, {
      bearer: key,
      params: { id: a },
    });
    expect(res.status).toBe(202);
    expect(keysOf(res.body)).toEqual(['jobs']);
    expect(res.body.jobs).toEqual([
      { id: expect.any(String), document_id: a, status: 'queued', poll_url: `/api/v1/jobs/${res.body.jobs[0].id}` },
    ]);
    // A second request while it waits gets the same run (on a shared Postgres another test file's
    // worker may have taken it in between; then it is no longer waiting).
    const again = await call(v1DocReExtract, 'POST', `/api/v1/documents/${a}/re-extract`, {
      bearer: key,
      params: { id: a },
    });
    const jobId = res.body.jobs[0].id;
    if (!onPostgres()) expect(again.body.jobs[0].id).toBe(jobId);
    else if (again.body.jobs[0].id !== jobId)
      expect(
        (await call(v1Job, 'GET', `/api/v1/jobs/${jobId}`, { bearer: key, params: { id: jobId } })).body.job.status,
      ).not.toBe('queued');
    const polled = await call(v1Job, 'GET', `/api/v1/jobs/${jobId}`, { bearer: key, params: { id: jobId } });
    expect(polled.status).toBe(200);
    expect(keysOf(polled.body)).toEqual(['job']);
    expect(polled.body.job).toMatchObject({
      id: jobId,
      type: 'document.extract',
      subject_type: 'document',
      subject_id: a,
    });
    expect(onPostgres() ? ['queued', 'running', 'completed'] : ['queued']).toContain(polled.body.job.status);
    await settleJobs(u.workspaceId);
    const done = await call(v1Job, 'GET', `/api/v1/jobs/${jobId}`, { bearer: key, params: { id: jobId } });
    expect(done.body.job).toMatchObject({
      status: 'completed',
      attempts: 1,
      result: { document_id: a, status: 'completed', facts: expect.any(Number) },
    });
    expect(done.body.job.completed_at).toBeTruthy();

    const skuRes = await call(v1SkuReExtract, 'POST', `/api/v1/skus/${sku.id}/re-extract`, {
      bearer: key,
      params: { id: sku.id },
    });
    expect(skuRes.status).toBe(202);
    expect(skuRes.body.jobs.map((j: any) => j.document_id).sort()).toEqual([a, b].sort());
    for (const j of skuRes.body.jobs) expect(j.poll_url).toBe(`/api/v1/jobs/${j.id}`);
    await settleJobs(u.workspaceId);
    for (const j of skuRes.body.jobs)
      expect((await call(v1Job, 'GET', j.poll_url, { bearer: key, params: { id: j.id } })).body.job.status).toBe(
        'completed',
      );
    const empty = await createSku(u, 'V1-EMPTY');
    expect(
      (
        await call(v1SkuReExtract, 'POST', `/api/v1/skus/${empty.id}/re-extract`, {
          bearer: key,
          params: { id: empty.id },
        })
      ).body,
    ).toEqual({ jobs: [] });
  });

  it('v1: 401 without a key, 403 INSUFFICIENT_SCOPE without extractions:write, 404 across workspaces', async () => {
    const u = await makeUser({ plan: 'pro' });
    const readKey = await createKey(u, ['skus:read']);
    const writeKey = await createKey(u, ['extractions:write']);
    const sku = await createSku(u, 'SCOPE-1');
    const id = await uploadDoc(u, 'a.txt', 'declaration', { sku_id: sku.id });
    expectEnvelope(
      await call(v1DocReExtract, 'POST', `/api/v1/documents/${id}/re-extract`, { params: { id } }),
      401,
      'UNAUTHORIZED',
    );
    // A session is not a v1 credential.
    expectEnvelope(
      await call(v1DocReExtract, 'POST', `/api/v1/documents/${id}/re-extract`, { cookie: u.cookie, params: { id } }),
      401,
      'UNAUTHORIZED',
    );
    expectEnvelope(
      await call(v1DocReExtract, 'POST', `/api/v1/documents/${id}/re-extract`, {
        bearer: 'cw_live_not-a-real-key',
        params: { id },
      }),
      401,
      'API_KEY_INVALID',
    );
    const err = expectEnvelope(
      await call(v1SkuReExtract, 'POST', `/api/v1/skus/${sku.id}/re-extract`, {
        bearer: readKey,
        params: { id: sku.id },
      }),
      403,
      'INSUFFICIENT_SCOPE',
    );
    expect(err.details.required_scope).toBe('extractions:write');
    expectEnvelope(
      await call(v1DocReExtract, 'POST', `/api/v1/documents/${id}/re-extract`, { bearer: readKey, params: { id } }),
      403,
      'INSUFFICIENT_SCOPE',
    );

    const queued = await call(v1DocReExtract, 'POST', `/api/v1/documents/${id}/re-extract`, {
      bearer: writeKey,
      params: { id },
    });
    const jobId = queued.body.jobs[0].id;
    // Any key of the workspace may poll.
    expect((await call(v1Job, 'GET', `/api/v1/jobs/${jobId}`, { bearer: readKey, params: { id: jobId } })).status).toBe(
      200,
    );

    const other = await makeUser({ plan: 'pro' });
    const otherKey = await createKey(other, ['extractions:write']);
    expectEnvelope(
      await call(v1DocReExtract, 'POST', `/api/v1/documents/${id}/re-extract`, { bearer: otherKey, params: { id } }),
      404,
      'NOT_FOUND',
    );
    expectEnvelope(
      await call(v1SkuReExtract, 'POST', `/api/v1/skus/${sku.id}/re-extract`, {
        bearer: otherKey,
        params: { id: sku.id },
      }),
      404,
      'NOT_FOUND',
    );
    expectEnvelope(
      await call(v1Job, 'GET', `/api/v1/jobs/${jobId}`, { bearer: otherKey, params: { id: jobId } }),
      404,
      'NOT_FOUND',
    );
    expectEnvelope(
      await call(jobRoute, 'GET', `/api/jobs/${jobId}`, { cookie: other.cookie, params: { id: jobId } }),
      404,
      'NOT_FOUND',
    );
    expectEnvelope(
      await call(reExtractRoute, 'POST', `/api/documents/${id}/re-extract`, { cookie: other.cookie, params: { id } }),
      404,
      'NOT_FOUND',
    );
    expectEnvelope(
      await call(v1Job, 'GET', '/api/v1/jobs/x', { bearer: writeKey, params: { id: 'x' } }),
      404,
      'NOT_FOUND',
    );
  });

  it('session twins: POST /api/documents/{id}/re-extract answers 202 with /api/jobs poll URLs', async () => {
    const u = await makeUser();
    const id = await uploadDoc(u, 'a.txt', 'EU Declaration of Conformity');
    await settleJobs(u.workspaceId);
    const res = await call(reExtractRoute, 'POST', `/api/documents/${id}/re-extract`, {
      cookie: u.cookie,
      params: { id },
    });
    expect(res.status).toBe(202);
    const job = res.body.jobs[0];
    expect(job).toMatchObject({ document_id: id, status: 'queued', poll_url: `/api/jobs/${job.id}` });
    const polled = await call(jobRoute, 'GET', job.poll_url, { cookie: u.cookie, params: { id: job.id } });
    expect(polled.body.job).toMatchObject({ id: job.id, type: 'document.extract' });
    expect(onPostgres() ? ['queued', 'running', 'completed'] : ['queued']).toContain(polled.body.job.status);
    await settleJobs(u.workspaceId);
    expect(
      (await call(jobRoute, 'GET', job.poll_url, { cookie: u.cookie, params: { id: job.id } })).body.job.status,
    ).toBe('completed');
    expectEnvelope(await call(jobRoute, 'GET', job.poll_url, { params: { id: job.id } }), 401, 'UNAUTHORIZED');
  });
});
