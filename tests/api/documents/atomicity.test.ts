/**
 * A document is its blob and its row together: a rejected row leaves no orphan blob, a failed store writes no row,
 * and racing stores of the same bytes make one row.
 */
import crypto from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { getDb } from '@/lib/db/client';
import { documents } from '@/lib/db/schema';
import { removeBlobIfUnused, storeDocument, storeDocuments, type StoreDocumentInput } from '@/lib/documents/store';
import { documentBlobKey, getBlobStore, setBlobStore, type BlobStore } from '@/lib/storage';
import { makeUser, type TestUser } from '../../helpers/http';
import { useTestDatabase } from '../../helpers/db';
import { upload } from './helpers';

/** A document row and its blob: written blob first, so that a failure leaves neither half. */

useTestDatabase();

const realStore = getBlobStore();
afterEach(() => setBlobStore(realStore));

function input(u: TestUser, text: string, extra: Partial<StoreDocumentInput> = {}): StoreDocumentInput {
  const bytes = new TextEncoder().encode(text);
  return {
    workspaceId: u.workspaceId,
    plan: 'trial',
    actor: { userId: u.id, apiKeyId: null, label: u.email },
    sha256: crypto.createHash('sha256').update(bytes).digest('hex'),
    sizeBytes: bytes.length,
    source: bytes,
    filename: 'x.txt',
    mimeType: 'text/plain',
    documentType: 'other',
    classificationConfidence: null,
    classificationSource: 'rule',
    artifactKind: null,
    classification: null,
    detectedLanguage: null,
    snippet: null,
    snippetSource: null,
    textCache: null,
    ...extra,
  };
}

async function rows(u: TestUser) {
  const db = await getDb();
  return db.select().from(documents).where(eq(documents.workspaceId, u.workspaceId));
}

describe('blob and row', () => {
  it('a row insert the database rejects leaves no orphan blob (and no row)', async () => {
    const u = await makeUser();
    const db = await getDb();
    const doc = input(u, 'rejected by the CHECK constraint', { documentType: 'invoice' as never });
    const key = documentBlobKey(u.workspaceId, doc.sha256);
    let putSeen = false;
    setBlobStore({
      ...realStore,
      put: async (k, source, ct) => {
        await realStore.put(k, source, ct);
        putSeen = await realStore.exists(k);
      },
    } as BlobStore);
    await expect(storeDocument(db, doc)).rejects.toMatchObject({ code: 'STORAGE_FAILED' });
    // The blob was written first, then removed when the row failed.
    expect(putSeen).toBe(true);
    expect(await realStore.exists(key)).toBe(false);
    expect(await rows(u)).toEqual([]);
  });

  it('a blob store failure writes no row; the bulk upload reports STORAGE_FAILED for that file and goes on', async () => {
    const u = await makeUser();
    const db = await getDb();
    let failNext = true;
    setBlobStore({
      ...realStore,
      put: async (k, source, ct) => {
        if (failNext) {
          failNext = false;
          throw new Error('disk full');
        }
        return realStore.put(k, source, ct);
      },
    } as BlobStore);
    await expect(storeDocument(db, input(u, 'never stored'))).rejects.toMatchObject({
      code: 'STORAGE_FAILED',
      message: expect.stringContaining('disk full'),
    });
    expect(await rows(u)).toEqual([]);
    failNext = true;
    const res = await upload(u, [
      ['first.txt', 'first file'],
      ['second.txt', 'second file'],
    ]);
    expect(res.status).toBe(200);
    expect(res.body.results.map((r: any) => [r.status, r.error_code ?? null])).toEqual([
      ['error', 'STORAGE_FAILED'],
      ['uploaded', null],
    ]);
    expect((await rows(u)).map((r) => r.filename)).toEqual(['second.txt']);
  });

  it('racing stores of the same bytes: one row, the others duplicates of it, the blob kept', async () => {
    const u = await makeUser();
    const db = await getDb();
    const doc = input(u, 'same bytes, many uploads');
    const outcomes = await Promise.all(Array.from({ length: 4 }, () => storeDocument(db, doc)));
    expect(outcomes.map((o) => o.status).sort()).toEqual(['duplicate', 'duplicate', 'duplicate', 'uploaded']);
    const ids = new Set(outcomes.map((o) => (o.status === 'skipped_quota' ? null : o.document.id)));
    expect(ids.size).toBe(1);
    expect(await rows(u)).toHaveLength(1);
    const key = documentBlobKey(u.workspaceId, doc.sha256);
    expect(await realStore.exists(key)).toBe(true);
    // Cleanup never removes a blob a row still uses.
    expect(await removeBlobIfUnused(db, { key })).toBe(false);
    expect(await realStore.exists(key)).toBe(true);
  });

  it('a batch (the parts of a ZIP) with one bad row: the batch is retried file by file, only that one fails, no orphan', async () => {
    const u = await makeUser();
    const db = await getDb();
    const good = [input(u, 'part one'), input(u, 'part two'), input(u, 'part one')];
    const bad = input(u, 'part with a type the database rejects', { documentType: 'invoice' as never });
    const outcomes = await storeDocuments(db, { inputs: [good[0], bad, good[1], good[2]] });
    expect(outcomes.map((o) => o.status)).toEqual(['uploaded', 'failed', 'uploaded', 'duplicate']);
    expect(outcomes[1]).toMatchObject({ error: { code: 'STORAGE_FAILED' } });
    expect(await realStore.exists(documentBlobKey(u.workspaceId, bad.sha256))).toBe(false);
    for (const g of good) expect(await realStore.exists(documentBlobKey(u.workspaceId, g.sha256))).toBe(true);
    expect((await rows(u)).length).toBe(2);
    // Without the bad one, the same batch is one transaction: identical bytes inside it are one document.
    const u2 = await makeUser();
    const again = await storeDocuments(db, { inputs: [input(u2, 'a'), input(u2, 'b'), input(u2, 'a')] });
    expect(again.map((o) => o.status)).toEqual(['uploaded', 'uploaded', 'duplicate']);
    expect((again[2] as any).document.id).toBe((again[0] as any).document.id);
  });

  it('over the plan storage nothing is written, neither blob nor row', async () => {
    const u = await makeUser();
    const db = await getDb();
    const doc = input(u, 'does not fit', { plan: 'trial' });
    await db.insert(documents).values({
      workspaceId: u.workspaceId,
      sha256: 'filler',
      filename: 'filler.bin',
      mimeType: 'application/octet-stream',
      sizeBytes: 500 * 1024 * 1024 - 5,
      storageKey: `${u.workspaceId}/documents/filler`,
    });
    const outcome = await storeDocument(db, doc);
    expect(outcome).toMatchObject({
      status: 'skipped_quota',
      usedBytes: 500 * 1024 * 1024 - 5,
      limitBytes: 500 * 1024 * 1024,
    });
    expect(await realStore.exists(documentBlobKey(u.workspaceId, doc.sha256))).toBe(false);
    expect(await rows(u)).toHaveLength(1);
  });
});
