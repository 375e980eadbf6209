/**
 * POST /api/passports/backfill: SKUs published before passports existed get the passport of their published
 * revision, compiled from the approved data the revision froze (the same document a publication would have
 * compiled); a SKU changed since its publication, or whose page was withdrawn, is skipped with the reason;
 * a dry run writes nothing; a second call compiles nothing; the public passport URL answers afterwards.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import * as backfillRoute from '@/app/api/passports/backfill/route';
import * as publicLatest from '@/app/p/[publicId]/passport/route';
import { getDb } from '@/lib/db/client';
import { auditEvents, passports, publicPages } from '@/lib/db/schema';
import { hasPublicPassport } from '@/lib/passports/public';
import { call, expectEnvelope, makeUser, type TestUser } from '../../helpers/http';
import { useTestDatabase } from '../../helpers/db';
import { approve, publish, readySku, setField, withTempBlobStore } from '../skus/fixtures';

useTestDatabase();
withTempBlobStore();

let u: TestUser;
const sku: Record<'old' | 'changed' | 'current' | 'withdrawn', { id: string; publicId: string }> = {} as never;
let deletedHashes: unknown;

const backfill = (body: Record<string, unknown>, query?: Record<string, string>) =>
  call(backfillRoute, 'POST', '/api/passports/backfill', { cookie: u.cookie, body, query });
const publicPassport = (publicId: string) =>
  call(publicLatest, 'GET', `/p/${publicId}/passport`, { params: { publicId }, query: {} });

beforeAll(async () => {
  u = await makeUser({ plan: 'pro' });
  const db = await getDb();
  for (const name of ['old', 'changed', 'current', 'withdrawn'] as const) {
    const s = await readySku(u, { product_name: `Backfill ${name}` });
    await approve(u, s.id);
    const res = await publish(u, s.id);
    expect(res.status, res.text).toBe(200);
    sku[name] = { id: s.id, publicId: res.body.output.public_id };
  }
  // As if published before the passport feature: the publication's passport is not there.
  const [old] = await db.select().from(passports).where(eq(passports.skuId, sku.old.id));
  deletedHashes = old.documentHashes;
  for (const name of ['old', 'changed', 'withdrawn'] as const)
    await db.delete(passports).where(eq(passports.skuId, sku[name].id));
  // Changed after publication: its approval is reset, so its approved data is no longer the published revision.
  await setField(u, sku.changed.id, 'model_number', 'CB-201');
  await db.update(publicPages).set({ withdrawnAt: new Date() }).where(eq(publicPages.publicId, sku.withdrawn.publicId));
});

describe('backfillPassports — POST /api/passports/backfill', () => {
  it('a dry run says what it would compile and writes nothing', async () => {
    expect((await publicPassport(sku.old.publicId)).status).toBe(404);
    const res = await backfill({}, { dry_run: 'true' });
    expect(res.status, res.text).toBe(200);
    expect(res.body.dry_run).toBe(true);
    expect(res.body.compiled).toEqual([
      { sku_id: sku.old.id, sku_code: expect.any(String), revision: 1, version: null },
    ]);
    const db = await getDb();
    expect(await db.select().from(passports).where(eq(passports.skuId, sku.old.id))).toHaveLength(0);
  });

  it('compiles the published revision of an untouched SKU, skips changed and withdrawn ones with the reason', async () => {
    const res = await backfill({});
    expect(res.status, res.text).toBe(200);
    expect(res.body.compiled).toEqual([{ sku_id: sku.old.id, sku_code: expect.any(String), revision: 1, version: 1 }]);
    const reasons = Object.fromEntries(
      res.body.skipped.map((s: { sku_id: string; reason: string }) => [s.sku_id, s.reason]),
    );
    expect(reasons).toEqual({ [sku.changed.id]: 'changed_since_publication', [sku.withdrawn.id]: 'withdrawn' });
    expect(res.body.remaining).toBe(0);

    const db = await getDb();
    const [row] = await db.select().from(passports).where(eq(passports.skuId, sku.old.id));
    // The same documents the publication compiled: same data, same revision, same publication time.
    expect(row.documentHashes).toEqual(deletedHashes);
    expect(row.revision).toBe(1);
    expect(await hasPublicPassport(db, { publicId: sku.old.publicId })).toBe(true);
    const pub = await publicPassport(sku.old.publicId);
    expect(pub.status, pub.text).toBe(200);
    expect(pub.body.credentialSubject.name).toBe('Backfill old');
    expect(await db.select().from(passports).where(eq(passports.skuId, sku.changed.id))).toHaveLength(0);
    const audit = await db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.targetId, sku.old.id), eq(auditEvents.action, 'passport.backfilled')));
    expect(audit).toHaveLength(1);
  });

  it('a second call compiles nothing; named SKUs that have their passport say so', async () => {
    const again = await backfill({});
    expect(again.body.compiled).toEqual([]);
    const named = await backfill({ sku_ids: [sku.old.id, sku.current.id] });
    expect(named.body.compiled).toEqual([]);
    expect(named.body.skipped.map((s: { reason: string }) => s.reason)).toEqual(['has_passport', 'has_passport']);
  });

  it('publishing the changed SKU again compiles its passport (a backfill is not needed for it)', async () => {
    await approve(u, sku.changed.id);
    const res = await publish(u, sku.changed.id);
    expect(res.status, res.text).toBe(200);
    const db = await getDb();
    const rows = await db.select().from(passports).where(eq(passports.skuId, sku.changed.id));
    expect(rows.map((r) => r.revision)).toEqual([2]);
  });

  it("another workspace's SKU ids compile nothing there; without a session it is 401", async () => {
    const other = await makeUser({ plan: 'pro' });
    const res = await call(backfillRoute, 'POST', '/api/passports/backfill', {
      cookie: other.cookie,
      body: { sku_ids: [sku.withdrawn.id, sku.changed.id] },
    });
    expect(res.status, res.text).toBe(200);
    expect(res.body).toMatchObject({ compiled: [], skipped: [] });
    expectEnvelope(await call(backfillRoute, 'POST', '/api/passports/backfill', { body: {} }), 401, 'UNAUTHORIZED');
  });
});
