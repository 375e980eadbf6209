/**
 * SKU core routes: creation with activity, evaluation and event; dry run; 400 per constraint; 409 on
 * duplicate codes (also concurrent); Idempotency-Key; the plan SKU limit; gapless keyset paging in every
 * sort; Bearer scopes and /api/v1/skus; per-SKU routes and tenant isolation.
 */
import { describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import * as skusRoute from '@/app/api/skus/route';
import * as skuRoute from '@/app/api/skus/[id]/route';
import * as approveRoute from '@/app/api/skus/[id]/approve/route';
import * as reviewRoute from '@/app/api/skus/[id]/review/complete/route';
import * as v1 from '@/app/api/v1/skus/route';
import * as keysRoute from '@/app/api/workspace/api-keys/route';
import { getDb } from '@/lib/db/client';
import { auditEvents, jobRuns, skus } from '@/lib/db/schema';
import { drainJobs } from '@/lib/workers';
import { call, expectEnvelope, makeUser, type TestUser } from '../../helpers/http';
import { useTestDatabase } from '../../helpers/db';

useTestDatabase();

const create = (
  u: TestUser,
  body: unknown,
  opts: { query?: Record<string, string>; headers?: Record<string, string> } = {},
) => call(skusRoute, 'POST', '/api/skus', { cookie: u.cookie, body, ...opts });

async function countFor(workspaceId: string) {
  const db = await getDb();
  const [a] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(skus)
    .where(eq(skus.workspaceId, workspaceId));
  const [b] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(auditEvents)
    .where(eq(auditEvents.workspaceId, workspaceId));
  const [c] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(jobRuns)
    .where(eq(jobRuns.workspaceId, workspaceId));
  return { skus: Number(a.n), audit: Number(b.n), jobs: Number(c.n) };
}

describe('createSku — POST /api/skus', () => {
  it('creates a SKU with activity record, requirement evaluation and background event', async () => {
    const u = await makeUser();
    const res = await create(u, {
      sku_code: 'TOY-001',
      product_name: 'Wooden train',
      gtin: '4006381333931',
      category_code: 'Spielzeug',
    });
    expect(res.status).toBe(201);
    expect(res.body.sku).toMatchObject({
      sku_code: 'TOY-001',
      product_name: 'Wooden train',
      gtin: '4006381333931',
      category_code: 'toys',
      review_state: 'open',
      approval_state: 'pending',
    });
    expect(res.body.sku.blocker_count).toBeGreaterThan(0);
    expect(await countFor(u.workspaceId)).toEqual({ skus: 1, audit: 1, jobs: 1 });
    await drainJobs();
    const db = await getDb();
    const [run] = await db.select().from(jobRuns).where(eq(jobRuns.workspaceId, u.workspaceId));
    expect(run).toMatchObject({ queue: 'sku.created', status: 'completed', subjectId: res.body.sku.id });
  });

  it('dry_run answers the exact CreateSkuDryRunResponse shape and writes nothing', async () => {
    const u = await makeUser();
    const res = await create(
      u,
      { sku_code: 'DRY-1', product_name: '  Lamp   shade ', category_code: 'furniture' },
      { query: { dry_run: 'true' } },
    );
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      dry_run: true,
      can_create: true,
      normalized_sku: {
        sku_code: 'DRY-1',
        product_name: 'Lamp shade',
        gtin: null,
        category_code: 'general',
        external_sku_id: null,
      },
      // Furniture is recognised as a kind under the GPSR alone: the general profile, not by default.
      category: { selected_code: 'general', defaulted: false },
      requirement_profile: { would_attach_default: false, id: 'gpsr-core@2026-11' },
      plan_limit: { plan: 'trial', limit: expect.any(Number), current_count: 0 },
      blocking_reason: null,
    });
    expect(await countFor(u.workspaceId)).toEqual({ skus: 0, audit: 0, jobs: 0 });
    await create(u, { sku_code: 'DRY-1', product_name: 'x' });
    const taken = await create(u, { sku_code: 'DRY-1', product_name: 'y' }, { query: { dry_run: 'true' } });
    expect(taken.body.can_create).toBe(false);
    expect(taken.body.blocking_reason.code).toBe('SKU_CODE_EXISTS');
    expect(taken.body.plan_limit.current_count).toBe(1);
  });

  it('400 per CreateSkuInput constraint, unknown keys rejected', async () => {
    const u = await makeUser();
    const bad: [unknown, string][] = [
      [{ product_name: 'x' }, 'sku_code'],
      [{ sku_code: '', product_name: 'x' }, 'sku_code'],
      [{ sku_code: 'x'.repeat(51), product_name: 'x' }, 'sku_code'],
      [{ sku_code: 'has space', product_name: 'x' }, 'sku_code'],
      [{ sku_code: 'ok', product_name: '' }, 'product_name'],
      [{ sku_code: 'ok', product_name: 'x'.repeat(201) }, 'product_name'],
      [{ sku_code: 'ok', product_name: 'x', gtin: '12345' }, 'gtin'],
      [{ sku_code: 'ok', product_name: 'x', gtin: '123456789012a' }, 'gtin'],
      [{ sku_code: 'ok', product_name: 'x', category_code: 'c'.repeat(101) }, 'category_code'],
      [{ sku_code: 'ok', product_name: 'x', external_sku_id: 'e'.repeat(201) }, 'external_sku_id'],
    ];
    for (const [body, field] of bad) {
      const err = expectEnvelope(await create(u, body), 400, 'VALIDATION_FAILED');
      expect(err.details.fields.map((f: any) => f.path)).toContain(field);
    }
    const err = expectEnvelope(
      await create(u, { sku_code: 'ok', product_name: 'x', color: 'red' }),
      400,
      'VALIDATION_FAILED',
    );
    expect(err.details.fields[0].keys).toEqual(['color']);
    expect(
      (await create(u, { sku_code: 'ok-14', product_name: 'x', gtin: '00012345600012', external_sku_id: null })).status,
    ).toBe(201);
    expect((await countFor(u.workspaceId)).skus).toBe(1);
  });

  it('409 on a duplicate code, also under concurrent creates (one 201)', async () => {
    const u = await makeUser();
    const results = await Promise.all(
      Array.from({ length: 6 }, () => create(u, { sku_code: 'RACE', product_name: 'Race' })),
    );
    expect(results.filter((r) => r.status === 201)).toHaveLength(1);
    for (const r of results.filter((r) => r.status !== 201)) expectEnvelope(r, 409, 'SKU_CODE_EXISTS');
    expect((await countFor(u.workspaceId)).skus).toBe(1);
  });

  it('Idempotency-Key replays the 201 and refuses another body with 409', async () => {
    const u = await makeUser();
    const a = await create(
      u,
      { sku_code: 'IDEM', product_name: 'Once' },
      { headers: { 'Idempotency-Key': 'create-idem' } },
    );
    const b = await create(
      u,
      { sku_code: 'IDEM', product_name: 'Once' },
      { headers: { 'Idempotency-Key': 'create-idem' } },
    );
    expect(b.status).toBe(201);
    expect(b.body).toEqual(a.body);
    expectEnvelope(
      await create(u, { sku_code: 'IDEM2', product_name: 'Other' }, { headers: { 'Idempotency-Key': 'create-idem' } }),
      409,
      'IDEMPOTENCY_KEY_REUSED',
    );
    const dup = await Promise.all(
      [1, 2, 3].map(() =>
        create(u, { sku_code: 'IDEM3', product_name: 'C' }, { headers: { 'Idempotency-Key': 'conc' } }),
      ),
    );
    expect(dup.map((r) => r.status)).toEqual([201, 201, 201]);
    expect((await countFor(u.workspaceId)).skus).toBe(2);
  });

  it('enforces the plan SKU limit', async () => {
    const u = await makeUser();
    const db = await getDb();
    const { PLANS } = await import('@/lib/plans');
    const limit = PLANS.trial.skuLimit;
    await db.insert(skus).values(
      Array.from({ length: limit }, (_, i) => ({
        workspaceId: u.workspaceId,
        skuCode: `L-${i}`,
        productName: `P${i}`,
      })),
    );
    const dry = await create(u, { sku_code: 'ONE-MORE', product_name: 'x' }, { query: { dry_run: 'true' } });
    expect(dry.body).toMatchObject({
      can_create: false,
      blocking_reason: { code: 'PLAN_LIMIT_REACHED' },
      plan_limit: { limit, current_count: limit },
    });
    expectEnvelope(await create(u, { sku_code: 'ONE-MORE', product_name: 'x' }), 403, 'PLAN_LIMIT_REACHED');
  });
});

describe('listSkus, listSkusV1 — GET /api/skus paging and filters', () => {
  it('pages a few hundred SKUs without gaps or repeats, in every sort', async () => {
    const u = await makeUser({ plan: 'pro' });
    const db = await getDb();
    const base = Date.now();
    // Equal timestamps in pairs make the id tie-break matter.
    await db.insert(skus).values(
      Array.from({ length: 250 }, (_, i) => ({
        workspaceId: u.workspaceId,
        skuCode: `P-${String(i).padStart(4, '0')}`,
        productName: `Product ${i}`,
        blockerCount: i % 7,
        createdAt: new Date(base - Math.floor(i / 2) * 1000),
      })),
    );
    for (const sort of ['created_desc', 'created_asc', 'code_asc', 'code_desc', 'blockers_desc']) {
      const seen: string[] = [];
      let cursor: string | undefined;
      for (let guard = 0; guard < 20; guard++) {
        const res = await call(skusRoute, 'GET', '/api/skus', {
          cookie: u.cookie,
          query: { limit: '37', sort, ...(cursor ? { cursor } : {}) },
        });
        expect(res.status).toBe(200);
        seen.push(...res.body.data.map((s: any) => s.id));
        if (!res.body.has_more) {
          expect(res.body.next_cursor).toBeNull();
          break;
        }
        cursor = res.body.next_cursor;
      }
      expect(seen).toHaveLength(250);
      expect(new Set(seen).size).toBe(250);
    }
    const first = await call(skusRoute, 'GET', '/api/skus', { cookie: u.cookie });
    expect(first.body.data).toHaveLength(50);
    const search = await call(skusRoute, 'GET', '/api/skus', { cookie: u.cookie, query: { q: 'P-012' } });
    expect(search.body.data.map((s: any) => s.sku_code).sort()).toEqual(
      Array.from({ length: 10 }, (_, i) => `P-012${i}`),
    );
    const clean = await call(skusRoute, 'GET', '/api/skus', {
      cookie: u.cookie,
      query: { has_blockers: 'false', limit: '100' },
    });
    expect(clean.body.data.every((s: any) => s.blocker_count === 0)).toBe(true);
  });

  it('validates limit and cursor', async () => {
    const u = await makeUser();
    for (const limit of ['0', '101', 'abc'])
      expectEnvelope(
        await call(skusRoute, 'GET', '/api/skus', { cookie: u.cookie, query: { limit } }),
        400,
        'VALIDATION_FAILED',
      );
    expectEnvelope(
      await call(skusRoute, 'GET', '/api/skus', { cookie: u.cookie, query: { cursor: 'garbage' } }),
      400,
      'VALIDATION_FAILED',
    );
  });

  it('Bearer needs skus:read; /api/v1/skus has the documented shape', async () => {
    const u = await makeUser({ plan: 'pro' });
    await create(u, { sku_code: 'B-1', product_name: 'Bearer one' });
    const key = async (scopes: string[]) =>
      (
        await call(keysRoute, 'POST', '/api/workspace/api-keys', {
          cookie: u.cookie,
          body: { name: scopes.join(), scopes },
        })
      ).body.data.key;
    const read = await key(['skus:read']);
    const other = await key(['documents:read']);
    const list = await call(skusRoute, 'GET', '/api/skus', { bearer: read });
    expect(list.status).toBe(200);
    expect(list.body.data[0].sku_code).toBe('B-1');
    const err = expectEnvelope(await call(skusRoute, 'GET', '/api/skus', { bearer: other }), 403, 'INSUFFICIENT_SCOPE');
    expect(err.details.required_scope).toBe('skus:read');
    const v = await call(v1, 'GET', '/api/v1/skus', { bearer: read });
    expect(v.status).toBe(200);
    expect(Object.keys(v.body.data[0]).sort()).toEqual(
      [
        'approval_state',
        'blocker_count',
        'category_code',
        'created_at',
        'external_sku_id',
        'gtin',
        'id',
        'product_name',
        'public_id',
        'published_revision',
        'review_state',
        'sku_code',
        'status',
        'updated_at',
        'warning_count',
      ].sort(),
    );
    expectEnvelope(await call(v1, 'GET', '/api/v1/skus', { cookie: u.cookie }), 401, 'UNAUTHORIZED');
    expectEnvelope(await call(v1, 'GET', '/api/v1/skus', { bearer: other }), 403, 'INSUFFICIENT_SCOPE');
  });
});

describe('getSku, deleteSku, approveSku — per-SKU routes', () => {
  it('read, approve (blocked), review, delete; another workspace gets 404 everywhere', async () => {
    const u = await makeUser();
    const other = await makeUser();
    const id = (await create(u, { sku_code: 'S-1', product_name: 'Kettle', category_code: 'electrical' })).body.sku.id;
    const p = { params: { id } };
    const detail = await call(skuRoute, 'GET', `/api/skus/${id}`, { cookie: u.cookie, ...p });
    expect(detail.status).toBe(200);
    expect(Object.keys(detail.body).sort()).toEqual(['blockers', 'can_generate_draft', 'can_publish', 'sku', 'status']);
    expect(detail.body.status).toBe('blocked');
    expect(detail.body.can_publish).toBe(false);
    expect(detail.body.blockers.length).toBe(
      detail.body.sku.blocker_count + detail.body.blockers.filter((b: any) => b.severity !== 'blocker').length,
    );
    for (const b of detail.body.blockers)
      expect(b).toMatchObject({
        code: expect.any(String),
        severity: expect.stringMatching(/blocker|warning/),
        message: expect.any(String),
        required_fields: expect.any(Array),
      });

    const dry = await call(approveRoute, 'POST', `/api/skus/${id}/approve`, {
      cookie: u.cookie,
      query: { dry_run: 'true' },
      ...p,
    });
    expect(dry.body).toMatchObject({ dry_run: true, can_approve: false });
    const refused = expectEnvelope(
      await call(approveRoute, 'POST', `/api/skus/${id}/approve`, { cookie: u.cookie, ...p }),
      409,
      'APPROVAL_BLOCKED',
    );
    expect(refused.details.blockers.length).toBe(detail.body.sku.blocker_count);

    const review = await call(reviewRoute, 'POST', `/api/skus/${id}/review/complete`, { cookie: u.cookie, ...p });
    expect(review.status).toBe(200);
    expect(review.body.sku.review_state).toBe('complete');

    for (const [mod, method, path] of [
      [skuRoute, 'GET', `/api/skus/${id}`],
      [skuRoute, 'DELETE', `/api/skus/${id}`],
      [approveRoute, 'POST', `/api/skus/${id}/approve`],
      [reviewRoute, 'POST', `/api/skus/${id}/review/complete`],
    ] as const) {
      expectEnvelope(await call(mod as any, method, path, { cookie: other.cookie, ...p }), 404, 'NOT_FOUND');
    }

    const del = await call(skuRoute, 'DELETE', `/api/skus/${id}`, { cookie: u.cookie, ...p });
    expect(del.body).toEqual({ success: true, deleted_id: id });
    expectEnvelope(await call(skuRoute, 'GET', `/api/skus/${id}`, { cookie: u.cookie, ...p }), 404, 'NOT_FOUND');
    const db = await getDb();
    const trail = await db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.workspaceId, u.workspaceId), eq(auditEvents.action, 'sku.deleted')));
    expect(trail[0].data).toMatchObject({ sku_code: 'S-1', product_name: 'Kettle' });
  });
});
