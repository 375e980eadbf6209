/**
 * Concurrent requests on one SKU: writes to one dossier field (each 200 or a 409 envelope, never 500;
 * exactly one current value; history and audit agree), 20 concurrent review completions and approvals
 * (one state change, one audit event each), a dossier change raced against an approval (never approved
 * on data that changed), and concurrent suggestions (stored once).
 */
import { describe, expect, it } from 'vitest';
import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import * as skuRoute from '@/app/api/skus/[id]/route';
import * as dossierRoute from '@/app/api/skus/[id]/dossier/route';
import * as reviewRoute from '@/app/api/skus/[id]/review/complete/route';
import * as suggestionsRoute from '@/app/api/skus/[id]/dossier/suggestions/route';
import { getDb } from '@/lib/db/client';
import { queryRows } from '@/lib/db/rows';
import { auditEvents, dossierValues, skus } from '@/lib/db/schema';
import { call, expectEnvelope, makeUser, type CallResult, type TestUser } from '../../helpers/http';
import { useTestDatabase } from '../../helpers/db';
import { importAndRun } from '../imports/helpers';
import { approveRoute, createSku, dossierFieldRoute, readySku, setField, withTempBlobStore } from './fixtures';

useTestDatabase();
withTempBlobStore();

const put = (u: TestUser, skuId: string, fieldKey: string, value: string) =>
  call(dossierFieldRoute, 'PUT', `/api/skus/${skuId}/dossier/${fieldKey}`, {
    cookie: u.cookie,
    params: { id: skuId, fieldKey },
    body: { value },
  });
const clear = (u: TestUser, skuId: string, fieldKey: string) =>
  call(dossierFieldRoute, 'DELETE', `/api/skus/${skuId}/dossier/${fieldKey}`, {
    cookie: u.cookie,
    params: { id: skuId, fieldKey },
  });
const approve = (u: TestUser, id: string) =>
  call(approveRoute, 'POST', `/api/skus/${id}/approve`, { cookie: u.cookie, params: { id } });
const completeReview = (u: TestUser, id: string) =>
  call(reviewRoute, 'POST', `/api/skus/${id}/review/complete`, { cookie: u.cookie, params: { id } });
const getSku = (u: TestUser, id: string) =>
  call(skuRoute, 'GET', `/api/skus/${id}`, { cookie: u.cookie, params: { id } });

async function events(skuId: string, action: string) {
  const db = await getDb();
  return db
    .select()
    .from(auditEvents)
    .where(and(eq(auditEvents.targetType, 'sku'), eq(auditEvents.targetId, skuId), eq(auditEvents.action, action)))
    .orderBy(asc(auditEvents.createdAt));
}

/** Every answer is a 200 or the contract's 409 envelope; never a 5xx. */
function expectOkOrConflict(results: CallResult[]) {
  for (const r of results) {
    if (r.status === 200) continue;
    expect(r.status, r.text).toBe(409);
    expectEnvelope(r, 409, r.body.error.code);
  }
}

describe('concurrent writes to one dossier field', () => {
  it('30 different values at once: each 200 or 409, one current value, history and audit agree', async () => {
    const u = await makeUser();
    const sku = await createSku(u, { sku_code: 'RACE-1', product_name: 'Raced field' });
    const values = Array.from({ length: 30 }, (_, i) => `Brand ${i}`);
    const results = await Promise.all(values.map((v) => put(u, sku.id, 'brand', v)));
    expectOkOrConflict(results);
    const ok = results.filter((r) => r.status === 200);
    expect(ok.length).toBeGreaterThan(0);
    const db = await getDb();
    const rows = await db
      .select()
      .from(dossierValues)
      .where(and(eq(dossierValues.skuId, sku.id), eq(dossierValues.fieldKey, 'brand')));
    const current = rows.filter((r) => r.status === 'confirmed' && !r.supersededAt);
    expect(current).toHaveLength(1);
    // Every 200 that changed the field left one row; the others are history, superseded.
    expect(rows).toHaveLength(ok.filter((r) => r.body.changed).length);
    expect(rows.filter((r) => r.supersededAt)).toHaveLength(rows.length - 1);
    expect((await events(sku.id, 'dossier.value_set')).length).toBe(rows.length);
    // The current value is the last one written, and GET agrees.
    // Compared at the database's microsecond precision (JavaScript dates keep milliseconds only).
    const newest = await queryRows<{ id: string; at: string }>(
      db,
      sql`SELECT id, created_at::text AS at FROM dossier_values WHERE sku_id = ${sku.id} AND field_key = 'brand' ORDER BY created_at DESC LIMIT 2`,
    );
    if (newest.length > 1) expect(newest[0].at).not.toBe(newest[1].at); // writes are serialised: no tie
    expect(current[0].id).toBe(newest[0].id);
    const dossier = await call(dossierRoute, 'GET', `/api/skus/${sku.id}/dossier`, {
      cookie: u.cookie,
      params: { id: sku.id },
    });
    expect(dossier.status).toBe(200);
    const brand = dossier.body.fields.find((f: { field_key: string }) => f.field_key === 'brand');
    expect(brand.current.value).toBe(current[0].value);
  });

  it('the same value 20 times at once is stored once, one audit event', async () => {
    const u = await makeUser();
    const sku = await createSku(u, { sku_code: 'RACE-2', product_name: 'Same value' });
    const results = await Promise.all(Array.from({ length: 20 }, () => put(u, sku.id, 'model_number', 'M-42')));
    expectOkOrConflict(results);
    expect(results.filter((r) => r.status === 200 && r.body.changed)).toHaveLength(1);
    const db = await getDb();
    const rows = await db
      .select()
      .from(dossierValues)
      .where(and(eq(dossierValues.skuId, sku.id), eq(dossierValues.fieldKey, 'model_number')));
    expect(rows).toHaveLength(1);
    expect(await events(sku.id, 'dossier.value_set')).toHaveLength(1);
  });

  it('sets and clears of one field racing: never 500, at most one current value', async () => {
    const u = await makeUser();
    const sku = await createSku(u, { sku_code: 'RACE-3', product_name: 'Set and clear' });
    await setField(u, sku.id, 'brand', 'Start');
    const results = await Promise.all(
      Array.from({ length: 24 }, (_, i) =>
        i % 3 === 0 ? clear(u, sku.id, 'brand') : put(u, sku.id, 'brand', `B${i}`),
      ),
    );
    for (const r of results) {
      expect(r.status, r.text).toBeLessThan(500);
      if (r.status !== 200) expectEnvelope(r, r.status, r.body.error.code);
    }
    const db = await getDb();
    const current = await db
      .select()
      .from(dossierValues)
      .where(
        and(
          eq(dossierValues.skuId, sku.id),
          eq(dossierValues.fieldKey, 'brand'),
          eq(dossierValues.status, 'confirmed'),
          isNull(dossierValues.supersededAt),
        ),
      );
    expect(current.length).toBeLessThanOrEqual(1);
  });
});

describe('an import and manual edits of the same field at once', () => {
  it('the batch completes, every request is 200 or 409, each SKU keeps exactly one current value', async () => {
    const u = await makeUser();
    const csv = (brand: string) =>
      ['sku_code;product_name;brand', ...Array.from({ length: 40 }, (_, i) => `IR-${i};Imported ${i};${brand}`)].join(
        '\n',
      ) + '\n';
    expect((await importAndRun(u, csv('First brand'), 'first.csv')).batch.status).toBe('completed');
    const db = await getDb();
    const [target] = await db
      .select()
      .from(skus)
      .where(and(eq(skus.workspaceId, u.workspaceId), eq(skus.skuCode, 'IR-0')));
    const [imported, ...puts] = await Promise.all([
      importAndRun(u, csv('Second brand'), 'second.csv'),
      ...Array.from({ length: 20 }, (_, i) => put(u, target.id, 'brand', `Manual ${i}`)),
    ]);
    expect(imported.batch.status, JSON.stringify(imported.batch)).toBe('completed');
    expectOkOrConflict(puts as CallResult[]);
    const current = await db
      .select({ skuId: dossierValues.skuId, n: sql<number>`count(*)::int` })
      .from(dossierValues)
      .where(
        and(
          eq(dossierValues.workspaceId, u.workspaceId),
          eq(dossierValues.fieldKey, 'brand'),
          eq(dossierValues.status, 'confirmed'),
          isNull(dossierValues.supersededAt),
        ),
      )
      .groupBy(dossierValues.skuId);
    expect(current).toHaveLength(40);
    expect(current.every((c) => Number(c.n) === 1)).toBe(true);
  });
});

describe('one audit event per effect', () => {
  it('20 concurrent review completions: one state change, one event, every answer 200', async () => {
    const u = await makeUser();
    const sku = await createSku(u, { sku_code: 'REV-1', product_name: 'Reviewed once' });
    const results = await Promise.all(Array.from({ length: 20 }, () => completeReview(u, sku.id)));
    expect(results.map((r) => r.status)).toEqual(Array(20).fill(200));
    expect(results.every((r) => r.body.sku.review_state === 'complete')).toBe(true);
    expect(await events(sku.id, 'sku.review_completed')).toHaveLength(1);
  });

  it('20 concurrent approvals: one state change, one event, every answer 200', async () => {
    const u = await makeUser();
    const sku = await readySku(u);
    const results = await Promise.all(Array.from({ length: 20 }, () => approve(u, sku.id)));
    expect(results.map((r) => r.status)).toEqual(Array(20).fill(200));
    expect(results.every((r) => r.body.sku.approval_state === 'approved')).toBe(true);
    const approved = await events(sku.id, 'sku.approved');
    expect(approved).toHaveLength(1);
    // Sequential repeats stay at one as well.
    expect((await approve(u, sku.id)).status).toBe(200);
    expect(await events(sku.id, 'sku.approved')).toHaveLength(1);
  });

  it('10 concurrent dossier changes on an approved SKU reset the approval once', async () => {
    const u = await makeUser();
    const sku = await readySku(u);
    expect((await approve(u, sku.id)).status).toBe(200);
    const results = await Promise.all(Array.from({ length: 10 }, (_, i) => put(u, sku.id, 'brand', `Other ${i}`)));
    expect(results.map((r) => r.status)).toEqual(Array(10).fill(200));
    expect(await events(sku.id, 'sku.approval_reset')).toHaveLength(1);
    expect((await getSku(u, sku.id)).body.sku.approval_state).toBe('pending');
  });
});

describe('a dossier change raced against an approval', () => {
  it('the approval is refused or reset afterwards, never left standing on data that changed', async () => {
    const u = await makeUser();
    const sku = await readySku(u);
    // Clearing the German warnings opens a blocker (the page would lack them).
    expect((await clear(u, sku.id, 'safety_warnings_de')).status).toBe(200);
    expectEnvelope(await approve(u, sku.id), 409, 'APPROVAL_BLOCKED');
    const db = await getDb();
    const outcomes = { approvedThenReset: 0, refused: 0 };
    for (let round = 0; round < 12; round++) {
      await setField(u, sku.id, 'safety_warnings_de', `Nicht in der Spülmaschine reinigen (${round}).`);
      const resetsBefore = (await events(sku.id, 'sku.approval_reset')).length;
      // Staggered by a few event-loop turns so the change lands at different points of the approval.
      const [a, c] = await Promise.all([
        approve(u, sku.id),
        (async () => {
          for (let i = 0; i < round; i++) await new Promise((r) => setImmediate(r));
          return clear(u, sku.id, 'safety_warnings_de');
        })(),
      ]);
      expect(c.status, c.text).toBe(200);
      const [row] = await db.select().from(skus).where(eq(skus.id, sku.id));
      // The field is gone now, so the SKU must not stand approved.
      expect(row.approvalState, `round ${round}: approve answered ${a.status}`).toBe('pending');
      expect(row.blockerCount).toBeGreaterThan(0);
      if (a.status === 200) {
        expect((await events(sku.id, 'sku.approval_reset')).length).toBe(resetsBefore + 1);
        outcomes.approvedThenReset++;
      } else {
        expectEnvelope(a, 409, 'APPROVAL_BLOCKED');
        outcomes.refused++;
      }
    }
    expect(outcomes.approvedThenReset + outcomes.refused).toBe(12);
  });
});

describe('24 approvals and dossier changes at once', () => {
  it('every approval that stood on data changed later was reset; one left standing signed the current data', async () => {
    const u = await makeUser();
    const sku = await readySku(u);
    const db = await getDb();
    // 12 approvals and 12 changes (valid values, and clears that open a blocker), interleaved.
    const results = await Promise.all(
      Array.from({ length: 24 }, (_, i) =>
        i % 2 === 0
          ? approve(u, sku.id)
          : i % 6 === 5
            ? clear(u, sku.id, 'safety_warnings_de')
            : put(u, sku.id, 'safety_warnings_de', `Nicht in der Spülmaschine reinigen (${i}).`),
      ),
    );
    for (const [i, r] of results.entries()) {
      // A clear that lands after another clear (no value put in between) finds nothing left to clear.
      if (i % 6 === 5 && r.status === 404) expectEnvelope(r, 404, 'NOT_FOUND');
      else if (i % 2 === 1) expect(r.status, r.text).toBe(200);
      else if (r.status !== 200) expectEnvelope(r, 409, 'APPROVAL_BLOCKED');
    }
    const approvals = (await events(sku.id, 'sku.approved')).length;
    const resets = (await events(sku.id, 'sku.approval_reset')).length;
    const [row] = await db.select().from(skus).where(eq(skus.id, sku.id));
    // Each approval either is the one standing now, or a later change reset it: none silently outlived its data.
    expect(approvals).toBe(resets + (row.approvalState === 'approved' ? 1 : 0));
    if (row.approvalState === 'approved') {
      expect(row.blockerCount).toBe(0);
      const { dossierSnapshot } = await import('@/lib/skus/approval');
      // (Record timestamps are transaction starts, not commit order: the standing one is among them.)
      const signed = await queryRows<{ dossier_hash: string }>(
        db,
        sql`SELECT dossier_hash FROM sku_approvals WHERE sku_id = ${sku.id}`,
      );
      expect(signed.map((r) => r.dossier_hash)).toContain(
        (await dossierSnapshot(db, { workspaceId: u.workspaceId, skuId: sku.id })).hash,
      );
    }
  });
});

describe('concurrent suggestions', () => {
  it('the same suggestion posted 20 times at once is stored once', async () => {
    const u = await makeUser();
    const sku = await createSku(u, { sku_code: 'SUG-1', product_name: 'Suggested once' });
    const body = { suggestions: [{ field_key: 'brand', value: 'Suggested Brand', source: 'ai_suggestion' }] };
    const results = await Promise.all(
      Array.from({ length: 20 }, () =>
        call(suggestionsRoute, 'POST', `/api/skus/${sku.id}/dossier/suggestions`, {
          cookie: u.cookie,
          params: { id: sku.id },
          body,
        }),
      ),
    );
    expect(results.map((r) => r.status)).toEqual(Array(20).fill(200));
    expect(results.reduce((n, r) => n + r.body.inserted.length, 0)).toBe(1);
    const db = await getDb();
    const [{ n }] = await db
      .select({ n: sql<number>`count(*)::int` })
      .from(dossierValues)
      .where(and(eq(dossierValues.skuId, sku.id), eq(dossierValues.status, 'suggested')));
    expect(Number(n)).toBe(1);
  });
});
