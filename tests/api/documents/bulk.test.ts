/**
 * Bulk document upload (POST /api/documents/bulk) with real files: each file stored and classified by its
 * content, duplicates answered with the existing id, per-file problems reported as results (never a failed
 * batch), the contract's 400/401/404/415 errors, and the plan's storage limit before and during a batch.
 */
import crypto from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import * as bulkRoute from '@/app/api/documents/bulk/route';
import * as listRoute from '@/app/api/documents/route';
import { getDb } from '@/lib/db/client';
import { documents } from '@/lib/db/schema';
import { PLANS } from '@/lib/plans';
import { getBlobStore } from '@/lib/storage';
import { call, expectEnvelope, makeUser, type TestUser } from '../../helpers/http';
import { onPostgres, useTestDatabase } from '../../helpers/db';
import { corpus, form, keysOf, sizedForm, upload, zipOf } from './helpers';

useTestDatabase();

const MB = 1024 * 1024;

async function docsOf(u: TestUser) {
  const db = await getDb();
  return db.select().from(documents).where(eq(documents.workspaceId, u.workspaceId));
}

/** Makes the workspace look like it already stores `bytes` (one placeholder row, no blob needed). */
async function useStorage(u: TestUser, bytes: number) {
  const db = await getDb();
  await db.insert(documents).values({
    workspaceId: u.workspaceId,
    sha256: `placeholder-${bytes}`,
    filename: 'placeholder.bin',
    mimeType: 'application/octet-stream',
    sizeBytes: bytes,
    storageKey: `${u.workspaceId}/documents/placeholder`,
  });
}

describe('bulkUploadDocuments — POST /api/documents/bulk: real files', () => {
  it('stores and classifies each file, one result per file, and the summary counts them', async () => {
    const u = await makeUser();
    const res = await upload(u, [
      ['pdf-text-layer-firefox-quartz.pdf', corpus('documents/pdf-text-layer-firefox-quartz.pdf'), 'application/pdf'],
      ['docx-simple-table.docx', corpus('documents/docx-simple-table.docx')],
      ['html-utf16le-bom.html', corpus('documents/html-utf16le-bom.html'), 'text/html'],
      [
        'Prüfbericht EN 71-3.txt',
        'Prüfbericht Nr. 2024-118\nPrüfgegenstand: Holzeisenbahn\nPrüfergebnis: bestanden gemäß EN 71-3:2019+A1:2021\nPrüflabor: Musterlabor GmbH',
      ],
    ]);
    expect(res.status).toBe(200);
    expect(keysOf(res.body)).toEqual(['results', 'summary']);
    expect(res.body.summary).toEqual({ uploaded: 4, duplicate: 0, error: 0, skipped_quota: 0 });
    expect(res.body.results.map((r: any) => r.filename)).toEqual([
      'pdf-text-layer-firefox-quartz.pdf',
      'docx-simple-table.docx',
      'html-utf16le-bom.html',
      'Prüfbericht EN 71-3.txt',
    ]);
    for (const r of res.body.results) {
      expect(r.status).toBe('uploaded');
      expect(r.document_id).toMatch(/^[0-9a-f-]{36}$/);
      expect(r).not.toHaveProperty('error_code');
    }
    const rows = await docsOf(u);
    expect(rows).toHaveLength(4);
    const byName = new Map(rows.map((r) => [r.filename, r]));
    const pdf = byName.get('pdf-text-layer-firefox-quartz.pdf')!;
    expect(pdf).toMatchObject({
      mimeType: 'application/pdf',
      sizeBytes: 34824,
      classificationSource: 'rule',
      snippetSource: 'pdf_first_page',
    });
    // Extraction is queued (another test file's worker on a shared Postgres may already have run it).
    expect(onPostgres() ? ['processing', 'ready'] : ['processing']).toContain(pdf.status);
    expect(pdf.textCache).toContain('Apache Tika');
    expect(pdf.sha256).toBe('8035bc3f748d8b97b8a9978bd812197bf40cf2b294a7e9b30e39d7167ddc720e');
    expect(await getBlobStore().exists(pdf.storageKey)).toBe(true);
    const report = byName.get('Prüfbericht EN 71-3.txt')!;
    expect(report.documentType).toBe('test_report');
    expect(report.detectedLanguage).toBe('de');
    expect(report.classification).toMatchObject({
      file_intent: 'compliance_document',
      document_type: 'test_report',
      snippetSource: 'plain_text',
    });
    expect(byName.get('html-utf16le-bom.html')!.textCache).toContain('This is a sample text');
    expect(byName.get('docx-simple-table.docx')!.textCache).toMatch(
      /Top left[\s\S]*Top right[\s\S]*Bottom left[\s\S]*Bottom right/,
    );
  });

  it('identical bytes answer duplicate with the existing id, in a later batch and inside one batch; per workspace', async () => {
    const u = await makeUser();
    const bytes = corpus('documents/txt-standards-compliance-references.txt');
    const first = await upload(u, [['standards.txt', bytes]]);
    const id = first.body.results[0].document_id;
    const again = await upload(u, [
      ['renamed.txt', bytes],
      ['standards-copy.txt', bytes],
      ['new.txt', 'something else entirely'],
    ]);
    expect(again.body.results.map((r: any) => [r.status, r.document_id === id])).toEqual([
      ['duplicate', true],
      ['duplicate', true],
      ['uploaded', false],
    ]);
    expect(again.body.results[0].message).toContain('standards.txt');
    expect(again.body.summary).toEqual({ uploaded: 1, duplicate: 2, error: 0, skipped_quota: 0 });
    expect(await docsOf(u)).toHaveLength(2);
    // Another workspace stores its own copy.
    const other = await makeUser();
    const theirs = await upload(other, [['standards.txt', bytes]]);
    expect(theirs.body.results[0].status).toBe('uploaded');
    expect(theirs.body.results[0].document_id).not.toBe(id);
  });

  it('concurrent uploads of the same bytes store one document', async () => {
    const u = await makeUser();
    const bytes = corpus('documents/docx-xml-parts-with-utf8-bom.docx');
    const all = await Promise.all([1, 2, 3].map((i) => upload(u, [[`copy-${i}.docx`, bytes]])));
    const statuses = all.map((r) => r.body.results[0].status).sort();
    expect(statuses).toEqual(['duplicate', 'duplicate', 'uploaded']);
    expect(new Set(all.map((r) => r.body.results[0].document_id)).size).toBe(1);
    expect(await docsOf(u)).toHaveLength(1);
  });

  it('a given document_type is used for every file; classification_source and confidence are stored', async () => {
    const u = await makeUser();
    const res = await upload(
      u,
      [
        ['a.txt', 'first file'],
        ['b.txt', 'second file'],
      ],
      { document_type: 'certificate', classification_confidence: '0.87', classification_source: 'llm' },
    );
    expect(res.body.summary.uploaded).toBe(2);
    for (const r of await docsOf(u)) {
      expect(r).toMatchObject({ documentType: 'certificate', classificationSource: 'llm', classification: null });
      expect(r.classificationConfidence).toBeCloseTo(0.87, 5);
    }
    const u2 = await makeUser();
    await upload(u2, [['c.txt', 'third file']], { document_type: 'manual' });
    expect((await docsOf(u2))[0]).toMatchObject({
      documentType: 'manual',
      classificationSource: 'rule',
      classificationConfidence: null,
    });
  });

  it('the content decides: a .docx renamed .zip is stored as the document it is, a text file named .zip is refused', async () => {
    const u = await makeUser();
    const res = await upload(u, [
      ['declaration.zip', corpus('documents/docx-simple-table.docx')],
      ['fake.zip', corpus('containers/zip-extension-but-plain-text.zip')],
    ]);
    expect(res.body.results.map((r: any) => [r.filename, r.status, r.error_code ?? null])).toEqual([
      ['declaration.zip', 'uploaded', null],
      ['fake.zip', 'error', 'parse_failed'],
    ]);
    const [row] = await docsOf(u);
    expect(row.mimeType).toBe('application/vnd.openxmlformats-officedocument.wordprocessingml.document');
    expect(row.textCache).toContain('Top left');
  });

  it('a product table is stored as a product-data artifact of type other', async () => {
    const u = await makeUser();
    const csv =
      'sku;product_name;ean;brand;price\nTOY-1;Wooden train;4006381333931;Acme;19.90\nTOY-2;Puzzle;4006381333948;Acme;9.90\n';
    await upload(u, [['produkte.csv', csv, 'text/csv']]);
    expect((await docsOf(u))[0]).toMatchObject({
      documentType: 'other',
      artifactKind: 'product_data',
      snippetSource: 'csv_rows',
    });
    const u2 = await makeUser();
    await upload(u2, [['notes.txt', 'plain note']], { artifact_kind: 'product_data' });
    expect((await docsOf(u2))[0].artifactKind).toBe('product_data');
  });
});

describe('POST /api/documents/bulk: per-file problems are results, never a failed batch', () => {
  it('empty, too large (20 MB + 1 byte), unsupported and unreadable files next to a good one', async () => {
    const u = await makeUser();
    const big = new Uint8Array(20 * MB + 1).fill(0x41);
    const res = await upload(u, [
      ['empty.pdf', new Uint8Array(0)],
      ['huge.txt', big],
      ['archive.7z', corpus('containers/archive-7z-unsupported.7z')],
      ['backup.tar.gz', corpus('containers/archive-tar-gz.tar.gz')],
      ['scan.pdf', corpus('documents/pdf-image-only-no-text-layer.pdf')],
      ['protected.pdf', corpus('documents/pdf-user-password-required-rc4.pdf')],
      ['ok.txt', 'Gebrauchsanleitung für die Holzeisenbahn'],
    ]);
    expect(res.status).toBe(200);
    const r = res.body.results;
    expect(r.map((x: any) => [x.filename, x.status, x.error_code ?? null])).toEqual([
      ['empty.pdf', 'error', 'EMPTY_FILE'],
      ['huge.txt', 'error', 'FILE_TOO_LARGE'],
      ['archive.7z', 'error', 'UNSUPPORTED_FILE_TYPE'],
      ['backup.tar.gz', 'error', 'UNSUPPORTED_FILE_TYPE'],
      ['scan.pdf', 'uploaded', null],
      ['protected.pdf', 'uploaded', null],
      ['ok.txt', 'uploaded', null],
    ]);
    for (const x of r) if (x.status === 'error') expect(x.message.length).toBeGreaterThan(5);
    expect(r[2].message).toMatch(/7-Zip/);
    // Stored, with what could not be read said in the result and in the classification diagnostic.
    // A scan: OCR reads it in the background (issue 13), so the result says so rather than "not requested".
    expect(r[4].message).toMatch(/OCR in the background/i);
    expect(r[4].message).not.toMatch(/not requested/i);
    expect(r[5].message).toMatch(/password|encrypt/i);
    const rows = await docsOf(u);
    expect(rows.map((x) => x.filename).sort()).toEqual(['ok.txt', 'protected.pdf', 'scan.pdf']);
    const scan = rows.find((x) => x.filename === 'scan.pdf')!;
    expect((scan.classification as any).diagnostic).toMatchObject({
      code: 'scanned_or_empty_text',
      next_action: 'confirm_or_choose_type',
    });
    expect((scan.classification as any).diagnostic.message).toMatch(/OCR/);
    expect(scan.classificationConfidence).toBeNull();
    expect(res.body.summary).toEqual({ uploaded: 3, duplicate: 0, error: 4, skipped_quota: 0 });
  });
});

describe('POST /api/documents/bulk: contract errors', () => {
  it('400 for 0 files, 21 files, a bad document_type, unknown or repeated fields, bad values; 401, 404, 415', async () => {
    const u = await makeUser();
    let err = expectEnvelope(await upload(u, []), 400, 'VALIDATION_FAILED');
    expect(err.details.fields[0].path).toBe('files');
    // Files sent under another field name are not files of this operation.
    expectEnvelope(
      await call(bulkRoute, 'POST', '/api/documents/bulk', {
        cookie: u.cookie,
        rawBody: form([['a.txt', 'x']], {}, 'file'),
      }),
      400,
      'VALIDATION_FAILED',
    );
    err = expectEnvelope(
      await upload(
        u,
        Array.from({ length: 21 }, (_, i) => [`f${i}.txt`, `file ${i}`] as [string, string]),
      ),
      400,
      'VALIDATION_FAILED',
    );
    expect(err.message).toMatch(/20/);
    err = expectEnvelope(await upload(u, [['a.txt', 'x']], { document_type: 'invoice' }), 400, 'VALIDATION_FAILED');
    expect(err.details.fields[0].path).toBe('document_type');
    err = expectEnvelope(await upload(u, [['a.txt', 'x']], { colour: 'red' }), 400, 'VALIDATION_FAILED');
    expect(err.details.fields[0].keys).toEqual(['colour']);
    err = expectEnvelope(
      await upload(u, [['a.txt', 'x']], { classification_confidence: '1.5' }),
      400,
      'VALIDATION_FAILED',
    );
    expect(err.details.fields[0].path).toBe('classification_confidence');
    expectEnvelope(await upload(u, [['a.txt', 'x']], { classification_source: 'guess' }), 400, 'VALIDATION_FAILED');
    expectEnvelope(await upload(u, [['a.txt', 'x']], { artifact_kind: 'other' }), 400, 'VALIDATION_FAILED');
    expectEnvelope(await upload(u, [['a.txt', 'x']], { sku_id: 'not-a-uuid' }), 400, 'VALIDATION_FAILED');
    const twice = form([['a.txt', 'x']], { document_type: 'manual' });
    twice.append('document_type', 'certificate');
    expectEnvelope(
      await call(bulkRoute, 'POST', '/api/documents/bulk', { cookie: u.cookie, rawBody: twice }),
      400,
      'VALIDATION_FAILED',
    );
    // A SKU of another workspace does not exist here.
    const other = await makeUser();
    const { createSku } = await import('./helpers');
    const theirSku = await createSku(other, 'THEIRS');
    expectEnvelope(await upload(u, [['a.txt', 'x']], { sku_id: theirSku.id }), 404, 'NOT_FOUND');
    expectEnvelope(
      await call(bulkRoute, 'POST', '/api/documents/bulk', { rawBody: form([['a.txt', 'x']]) }),
      401,
      'UNAUTHORIZED',
    );
    expectEnvelope(
      await call(bulkRoute, 'POST', '/api/documents/bulk', { cookie: u.cookie, body: { files: [] } }),
      415,
      'UNSUPPORTED_MEDIA_TYPE',
    );
    expectEnvelope(
      await call(bulkRoute, 'GET', '/api/documents/bulk', { cookie: u.cookie }),
      405,
      'METHOD_NOT_ALLOWED',
    );
    expect(await docsOf(u)).toHaveLength(0);
  });
});

describe('POST /api/documents/bulk: storage limit', () => {
  it('413 STORAGE_LIMIT_EXCEEDED before any file is processed when the declared size would exceed the plan', async () => {
    const u = await makeUser();
    const limit = PLANS.trial.storageBytes;
    await useStorage(u, limit - 1000);
    const { body, headers } = await sizedForm(
      form([
        ['a.txt', 'x'.repeat(600)],
        ['b.txt', 'y'.repeat(600)],
      ]),
    );
    const res = await call(bulkRoute, 'POST', '/api/documents/bulk', { cookie: u.cookie, rawBody: body, headers });
    const err = expectEnvelope(res, 413, 'STORAGE_LIMIT_EXCEEDED');
    expect(err.details).toMatchObject({
      plan: 'trial',
      used_bytes: limit - 1000,
      limit_bytes: limit,
      request_bytes: body.byteLength,
    });
    expect(await docsOf(u)).toHaveLength(1);
  });

  it('a file that would cross the limit mid-batch is skipped_quota; smaller ones after it still fit', async () => {
    const u = await makeUser();
    await useStorage(u, PLANS.trial.storageBytes - 1000);
    // No Content-Length (a streamed body): the files are checked one by one.
    const res = await upload(u, [
      ['a.txt', 'a'.repeat(600)],
      ['b.txt', 'b'.repeat(600)],
      ['c.txt', 'c'.repeat(300)],
    ]);
    expect(res.status).toBe(200);
    expect(res.body.results.map((r: any) => r.status)).toEqual(['uploaded', 'skipped_quota', 'uploaded']);
    expect(res.body.results[1]).not.toHaveProperty('document_id');
    expect(res.body.results[1].message).toMatch(/storage/);
    expect(res.body.summary).toEqual({ uploaded: 2, duplicate: 0, error: 0, skipped_quota: 1 });
    const db = await getDb();
    const [{ n }] = await db
      .select({ n: sql<number>`count(*)::int` })
      .from(documents)
      .where(and(eq(documents.workspaceId, u.workspaceId), eq(documents.filename, 'b.txt')));
    expect(Number(n)).toBe(0);
    const sha = crypto.createHash('sha256').update('b'.repeat(600)).digest('hex');
    expect(await getBlobStore().exists(`${u.workspaceId}/documents/${sha}`)).toBe(false);
  });
});

describe('POST /api/documents/bulk: storage limit inside a container', () => {
  it('parts of a ZIP that would cross the limit are skipped_quota, the others stored', async () => {
    const u = await makeUser();
    await useStorage(u, PLANS.trial.storageBytes - 1000);
    const zip = await zipOf([
      ['a.txt', 'a'.repeat(600)],
      ['b.txt', 'b'.repeat(600)],
      ['c.txt', 'c'.repeat(300)],
    ]);
    const res = await upload(u, [['bundle.zip', zip]]);
    expect(res.body.results.map((r: any) => [r.filename, r.status])).toEqual([
      ['bundle.zip › a.txt', 'uploaded'],
      ['bundle.zip › b.txt', 'skipped_quota'],
      ['bundle.zip › c.txt', 'uploaded'],
    ]);
    expect(res.body.summary).toEqual({ uploaded: 2, duplicate: 0, error: 0, skipped_quota: 1 });
  });
});

describe('POST /api/documents/bulk: Idempotency-Key', () => {
  it('replays the original response without a second document; another body under the key is 409', async () => {
    const u = await makeUser();
    const { body, headers } = await sizedForm(
      form([
        ['dup.txt', 'idempotent upload'],
        ['bundle.zip', corpus('containers/zip-windows-explorer-compressed-folder.zip')],
      ]),
    );
    const send = (b: BodyInit, h: Record<string, string>) =>
      call(bulkRoute, 'POST', '/api/documents/bulk', {
        cookie: u.cookie,
        rawBody: b,
        headers: { ...h, 'Idempotency-Key': 'bulk-1' },
      });
    const first = await send(body, headers);
    expect(first.status).toBe(200);
    expect(first.body.summary.uploaded).toBe(3);
    const replay = await send(body, headers);
    expect(replay.status).toBe(200);
    expect(replay.headers.get('idempotency-replayed')).toBe('true');
    expect(replay.body).toEqual(first.body);
    expect(await docsOf(u)).toHaveLength(3);
    const other = await sizedForm(form([['other.txt', 'a different request']]));
    expectEnvelope(await send(other.body, other.headers), 409, 'IDEMPOTENCY_KEY_REUSED');
    expect(await docsOf(u)).toHaveLength(3);
  });
});

describe('GET /api/documents after an upload', () => {
  it('lists what was stored', async () => {
    const u = await makeUser();
    await upload(u, [
      ['one.txt', 'first'],
      ['two.txt', 'second'],
    ]);
    const res = await call(listRoute, 'GET', '/api/documents', { cookie: u.cookie });
    expect(res.status).toBe(200);
    expect(res.body.data.map((d: any) => d.filename).sort()).toEqual(['one.txt', 'two.txt']);
  });
});
