/**
 * Documents left "processing" without a live extraction (issue 18, item 5): found and queued by the
 * workers' recovery, and queued again when the same bytes are uploaded once more.
 */
import { describe, expect, it } from 'vitest';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { getDb } from '@/lib/db/client';
import { documentExtractions, documents, jobRuns } from '@/lib/db/schema';
import { recoverRuns } from '@/lib/workers';
import { makeUser, type TestUser } from '../../helpers/http';
import { useTestDatabase } from '../../helpers/db';
import { declarationPdf, settleJobs, upload } from './helpers';

useTestDatabase();

/** A bound no document of another test file reaches: only ours, aged by hand, are "stuck". */
const BOUND_MS = 5 * 60_000;

async function uploadOne(u: TestUser, name: string, bytes: Uint8Array) {
  const res = await upload(u, [[name, bytes, 'application/pdf']]);
  expect(res.status).toBe(200);
  return res.body.results[0] as { status: string; document_id: string };
}

async function runsOf(documentId: string) {
  const db = await getDb();
  return db
    .select()
    .from(jobRuns)
    .where(and(eq(jobRuns.queue, 'document.extract'), eq(jobRuns.subjectId, documentId)));
}

/** What a killed request leaves: the document row is committed, its extraction never queued (or the run gone). */
async function strand(documentId: string, run: 'none' | 'failed') {
  const db = await getDb();
  if (run === 'none') await db.delete(jobRuns).where(eq(jobRuns.subjectId, documentId));
  else
    await db.update(jobRuns).set({ status: 'failed', error: 'worker lost' }).where(eq(jobRuns.subjectId, documentId));
  await db.delete(documentExtractions).where(eq(documentExtractions.documentId, documentId));
  await db
    .update(documents)
    .set({ status: 'processing', createdAt: sql`now() - interval '10 minutes'` })
    .where(eq(documents.id, documentId));
}

const statusOf = async (id: string) =>
  (await (await getDb()).select({ status: documents.status }).from(documents).where(eq(documents.id, id)))[0].status;

describe('documents stuck in processing', () => {
  it('a document whose extraction was never queued is found by the recovery pass, queued once, and extracted', async () => {
    const u = await makeUser();
    const a = await uploadOne(u, 'doc-a.pdf', await declarationPdf({ model: 'STUCK-A' }));
    const b = await uploadOne(u, 'doc-b.pdf', await declarationPdf({ model: 'STUCK-B' }));
    await settleJobs(u.workspaceId);
    await strand(a.document_id, 'none');
    await strand(b.document_id, 'failed');
    // A document stored a moment ago is left to the request that stores it (it queues its own run).
    const fresh = await uploadOne(u, 'doc-c.pdf', await declarationPdf({ model: 'FRESH-C' }));
    await (await getDb()).delete(jobRuns).where(eq(jobRuns.subjectId, fresh.document_id));

    expect(await recoverRuns({ staleAfterMs: BOUND_MS })).toBeGreaterThanOrEqual(2);
    for (const id of [a.document_id, b.document_id])
      expect((await runsOf(id)).filter((r) => r.status === 'queued')).toHaveLength(1);
    expect(await runsOf(fresh.document_id)).toHaveLength(0);
    // A second pass queues nothing more for them: they have a live run now.
    await recoverRuns({ staleAfterMs: BOUND_MS });
    for (const id of [a.document_id, b.document_id])
      expect((await runsOf(id)).filter((r) => r.status === 'queued')).toHaveLength(1);

    await settleJobs(u.workspaceId);
    const db = await getDb();
    for (const id of [a.document_id, b.document_id]) {
      expect(await statusOf(id)).toBe('ready');
      expect(await db.select().from(documentExtractions).where(eq(documentExtractions.documentId, id))).toHaveLength(1);
    }
  });

  it('uploading the same bytes again re-queues a document stuck in processing, and only a stuck one', async () => {
    const u = await makeUser();
    const bytes = await declarationPdf({ model: 'AGAIN-1' });
    const first = await uploadOne(u, 'again.pdf', bytes);
    await settleJobs(u.workspaceId);
    await strand(first.document_id, 'none');

    const again = await uploadOne(u, 'again-copy.pdf', bytes);
    expect(again).toMatchObject({ status: 'duplicate', document_id: first.document_id });
    expect((await runsOf(first.document_id)).map((r) => r.status)).toEqual(['queued']);
    await settleJobs(u.workspaceId);
    expect(await statusOf(first.document_id)).toBe('ready');

    // Its run died (failed) and the document stayed processing: the same answer.
    await strand(first.document_id, 'failed');
    await uploadOne(u, 'again-2.pdf', bytes);
    expect((await runsOf(first.document_id)).filter((r) => r.status === 'queued')).toHaveLength(1);
    await settleJobs(u.workspaceId);
    expect(await statusOf(first.document_id)).toBe('ready');

    // Being extracted right now (a live run): a duplicate upload queues no second run.
    const db = await getDb();
    await db.update(documents).set({ status: 'processing' }).where(eq(documents.id, first.document_id));
    const [live] = await db
      .insert(jobRuns)
      .values({
        workspaceId: u.workspaceId,
        queue: 'document.extract',
        payload: { document_id: first.document_id },
        subjectType: 'document',
        subjectId: first.document_id,
        status: 'running',
        heartbeatAt: new Date(),
      })
      .returning();
    await uploadOne(u, 'again-3.pdf', bytes);
    const open = (await runsOf(first.document_id)).filter((r) => ['queued', 'running'].includes(r.status));
    expect(open.map((r) => r.id)).toEqual([live.id]);
    // A ready document is a plain duplicate.
    await db
      .update(jobRuns)
      .set({ status: 'completed' })
      .where(inArray(jobRuns.id, [live.id]));
    await db.update(documents).set({ status: 'ready' }).where(eq(documents.id, first.document_id));
    const before = (await runsOf(first.document_id)).length;
    await uploadOne(u, 'again-4.pdf', bytes);
    expect(await runsOf(first.document_id)).toHaveLength(before);
  });
});
