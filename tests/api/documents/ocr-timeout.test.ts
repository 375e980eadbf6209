/**
 * A scan that could not be read in time is "still reading" while queued, then unreadable, and never typed from its
 * filename.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as documentRoute from '@/app/api/documents/[id]/route';
import { call, makeUser } from '../../helpers/http';
import { onPostgres, useTestDatabase } from '../../helpers/db';
import { corpus, settleJobs, upload } from './helpers';

/**
 * A scan whose reading runs out of the extraction's OCR bound is not typed from its file name (issue 34):
 * while it waits and is read it is "processing" with the diagnostic saying OCR is reading it; when the
 * bound is used up it ends "unreadable", type other, the classification naming no type and saying why.
 * The bound is made 1 ms here (EXTRACTION_OCR_TIMEOUT_MS); the real one gives a document minutes.
 */
useTestDatabase();

beforeAll(() => {
  process.env.EXTRACTION_OCR_TIMEOUT_MS = '1';
});
afterAll(() => {
  delete process.env.EXTRACTION_OCR_TIMEOUT_MS;
});

describe('a scan that could not be read in time', () => {
  it('is "still reading" while queued, then unreadable without a type from its name', async () => {
    const u = await makeUser();
    const res = await upload(u, [
      ['certificate-of-conformity.pdf', corpus('documents/pdf-image-only-no-text-layer.pdf')],
    ]);
    const id = res.body.results[0].document_id as string;
    const get = async () =>
      (await call(documentRoute, 'GET', `/api/documents/${id}`, { cookie: u.cookie, params: { id } })).body.document;

    const queued = await get();
    // On the shared Postgres another test file's drain may have run the job already.
    if (!onPostgres() || queued.status === 'processing') {
      expect(queued.status).toBe('processing');
      expect(queued.document_type).toBe('other');
      expect(queued.classification.diagnostic.message).toMatch(/OCR/);
    }

    await settleJobs(u.workspaceId);
    const done = await get();
    expect(done.status).toBe('unreadable');
    expect(done.document_type).toBe('other');
    expect(done.classification).toMatchObject({ document_type: null, confidence: 0 });
    expect(done.classification.reasoning).toMatch(/too long/);
    expect(done.classification.diagnostic.message).toMatch(/time budget/);
  }, 120_000);
});
