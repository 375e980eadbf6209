/**
 * Suggestion provenance names a document, import batch, entity or job: an id of another workspace (or
 * no such id at all) is refused with 404 naming the field, and nothing is stored; the workspace's own
 * ids are accepted.
 */
import crypto from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import * as suggestionsRoute from '@/app/api/skus/[id]/dossier/suggestions/route';
import { getDb } from '@/lib/db/client';
import { dossierValues, jobRuns } from '@/lib/db/schema';
import { call, expectEnvelope, makeUser, type TestUser } from '../../helpers/http';
import { useTestDatabase } from '../../helpers/db';
import { importAndRun } from '../imports/helpers';
import { addDocument, createEntity, createSku, EU_MANUFACTURER, withTempBlobStore } from '../skus/fixtures';

useTestDatabase();
withTempBlobStore();

/** A workspace with one of each thing provenance can point at. */
async function workspaceWithRefs(u: TestUser) {
  const sku = await createSku(u, { sku_code: `P-${crypto.randomUUID().slice(0, 6)}`, product_name: 'Provenance' });
  const doc = await addDocument(u, { skuIds: [sku.id], type: 'test_report' });
  const entity = await createEntity(u, EU_MANUFACTURER);
  const { batch } = await importAndRun(u, 'sku_code;product_name\nIMP-1;Imported\n', 'one.csv');
  const db = await getDb();
  const [job] = await db
    .select({ id: jobRuns.id })
    .from(jobRuns)
    .where(eq(jobRuns.workspaceId, u.workspaceId))
    .limit(1);
  return { sku, refs: { document_id: doc.id, batch_id: batch.id as string, entity_id: entity.id, job_id: job.id } };
}

const suggest = (u: TestUser, skuId: string, provenance: Record<string, unknown>, value = 'Suggested') =>
  call(suggestionsRoute, 'POST', `/api/skus/${skuId}/dossier/suggestions`, {
    cookie: u.cookie,
    params: { id: skuId },
    body: {
      suggestions: [
        { field_key: 'model_number', value: 'Fine-1', source: 'document_extraction' },
        { field_key: 'brand', value, source: 'document_extraction', provenance },
      ],
    },
  });

async function suggestionCount(skuId: string) {
  const db = await getDb();
  const [{ n }] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(dossierValues)
    .where(and(eq(dossierValues.skuId, skuId), eq(dossierValues.status, 'suggested')));
  return Number(n);
}

describe('suggestion provenance ids', () => {
  it("another workspace's document, batch, entity or job id is a 404 naming the field; nothing is stored", async () => {
    const a = await makeUser();
    const b = await makeUser();
    const own = await workspaceWithRefs(a);
    const foreign = await workspaceWithRefs(b);
    for (const key of ['document_id', 'batch_id', 'entity_id', 'job_id'] as const) {
      const res = await suggest(a, own.sku.id, { [key]: foreign.refs[key] });
      const err = expectEnvelope(res, 404, 'NOT_FOUND');
      expect(err.details.fields[0].path).toBe(`suggestions[1].provenance.${key}`);
      expect(err.message).toContain(foreign.refs[key]);
      // An id that exists nowhere is refused the same way.
      expectEnvelope(await suggest(a, own.sku.id, { [key]: crypto.randomUUID() }), 404, 'NOT_FOUND');
    }
    // A mix of own and foreign ids is refused as a whole.
    expectEnvelope(await suggest(a, own.sku.id, { ...own.refs, entity_id: foreign.refs.entity_id }), 404, 'NOT_FOUND');
    expect(await suggestionCount(own.sku.id)).toBe(0);

    const ok = await suggest(a, own.sku.id, own.refs);
    expect(ok.status, ok.text).toBe(200);
    expect(ok.body.inserted).toHaveLength(2);
    expect(ok.body.inserted[1].provenance).toMatchObject(own.refs);
    expect(await suggestionCount(own.sku.id)).toBe(2);
  });
});
