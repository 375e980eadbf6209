/**
 * Keyset paging of /api/skus and /api/v1/skus is total and stable in every sort: rows written in the
 * same instant (one statement, one transaction, the same millisecond with different microseconds),
 * rows bulk-inserted by an import, SKUs created by concurrent requests, and 10,000 SKUs walked to the
 * end. Each walk asserts no gap, no repeat, and has_more / next_cursor correct on the last page.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import * as skusRoute from '@/app/api/skus/route';
import * as v1 from '@/app/api/v1/skus/route';
import * as keysRoute from '@/app/api/workspace/api-keys/route';
import { resetEnvCache } from '@/lib/config/env';
import { getDb } from '@/lib/db/client';
import { call, makeUser, type TestUser } from '../../helpers/http';
import { useTestDatabase } from '../../helpers/db';
import { importAndRun } from '../imports/helpers';

useTestDatabase();

// Walking 10,000 rows in every order is thousands of requests a minute from one user and one address;
// the rate limits are not what this file tests.
beforeAll(() => {
  process.env.RATE_LIMIT_DEFAULT = process.env.RATE_LIMIT_IP = '1000000';
  resetEnvCache();
});
afterAll(() => {
  delete process.env.RATE_LIMIT_DEFAULT;
  delete process.env.RATE_LIMIT_IP;
  resetEnvCache();
});

const SORTS = ['created_desc', 'created_asc', 'code_asc', 'code_desc', 'blockers_desc'] as const;

async function bearer(u: TestUser) {
  const res = await call(keysRoute, 'POST', '/api/workspace/api-keys', {
    cookie: u.cookie,
    body: { name: 'paging', scopes: ['skus:read'] },
  });
  expect(res.status, res.text).toBe(201);
  return res.body.data.key as string;
}

/** Walks one listing to its end and returns the ids in the order served. */
async function walk(
  auth: { cookie?: string; bearer?: string },
  opts: { sort?: string; limit: number; v1?: boolean; query?: Record<string, string> },
) {
  const ids: string[] = [];
  let cursor: string | undefined;
  for (let pages = 0; pages < 10_000; pages++) {
    const query = {
      limit: String(opts.limit),
      ...(opts.sort ? { sort: opts.sort } : {}),
      ...opts.query,
      ...(cursor ? { cursor } : {}),
    };
    const res = opts.v1
      ? await call(v1, 'GET', '/api/v1/skus', { ...auth, query })
      : await call(skusRoute, 'GET', '/api/skus', { ...auth, query });
    expect(res.status, res.text).toBe(200);
    ids.push(...res.body.data.map((s: { id: string }) => s.id));
    if (!res.body.has_more) {
      expect(res.body.next_cursor).toBeNull();
      return ids;
    }
    // has_more promises a non-empty next page: a full page now, a cursor to continue from.
    expect(res.body.data).toHaveLength(opts.limit);
    expect(typeof res.body.next_cursor).toBe('string');
    cursor = res.body.next_cursor;
  }
  throw new Error('the listing never ended');
}

/** The ids of the workspace's SKUs in the order the sort promises, computed independently in SQL. */
async function expectedOrder(workspaceId: string, sort: (typeof SORTS)[number]): Promise<string[]> {
  const db = await getDb();
  const order = {
    created_desc: sql`created_at DESC, id DESC`,
    created_asc: sql`created_at ASC, id ASC`,
    code_asc: sql`sku_code ASC, id ASC`,
    code_desc: sql`sku_code DESC, id DESC`,
    blockers_desc: sql`blocker_count DESC, id DESC`,
  }[sort];
  const res = (await db.execute(
    sql`SELECT id FROM skus WHERE workspace_id = ${workspaceId} ORDER BY ${order}`,
  )) as unknown;
  const rows = (Array.isArray(res) ? res : (res as { rows: { id: string }[] }).rows) as { id: string }[];
  return rows.map((r) => String(r.id));
}

/** Walks /api/skus in every sort (and /api/v1/skus in the given ones) and compares with SQL's order. */
async function expectTotalInEverySort(u: TestUser, limit: number, key?: string, v1Sorts: readonly string[] = SORTS) {
  for (const sort of SORTS) {
    const expected = await expectedOrder(u.workspaceId, sort);
    const viaSession = await walk({ cookie: u.cookie }, { sort, limit });
    expect(new Set(viaSession).size, `${sort}: repeats`).toBe(viaSession.length);
    expect(viaSession, `${sort}: /api/skus order`).toEqual(expected);
    if (key && v1Sorts.includes(sort))
      expect(await walk({ bearer: key }, { sort, limit, v1: true }), `${sort}: /api/v1/skus order`).toEqual(expected);
  }
  // The default order is created_desc.
  expect(await walk({ cookie: u.cookie }, { limit })).toEqual(await expectedOrder(u.workspaceId, 'created_desc'));
}

describe('SKU keyset paging', () => {
  it('rows written by one statement share one exact timestamp and are all reached, in every sort, both endpoints', async () => {
    const u = await makeUser({ plan: 'pro' });
    const key = await bearer(u);
    const db = await getDb();
    // One INSERT: now() is the same value, to the microsecond, for every row.
    await db.execute(sql`
      INSERT INTO skus (workspace_id, sku_code, product_name, blocker_count)
      SELECT ${u.workspaceId}, 'TIE-' || lpad(g::text, 3, '0'), 'Tied ' || g, g % 3 FROM generate_series(1, 40) g`);
    const [{ n }] = (await db
      .execute(sql`SELECT count(DISTINCT created_at)::int AS n FROM skus WHERE workspace_id = ${u.workspaceId}`)
      .then((r: any) => (Array.isArray(r) ? r : r.rows))) as { n: number }[];
    expect(Number(n)).toBe(1);
    await expectTotalInEverySort(u, 7, key);
  });

  it('rows one microsecond apart within one millisecond are neither skipped nor repeated', async () => {
    const u = await makeUser({ plan: 'pro' });
    const key = await bearer(u);
    const db = await getDb();
    // 30 rows inside a single millisecond (…000 µs to …029 µs), some sharing a microsecond.
    await db.execute(sql`
      INSERT INTO skus (workspace_id, sku_code, product_name, created_at)
      SELECT ${u.workspaceId}, 'US-' || lpad(g::text, 3, '0'), 'Micro ' || g, timestamptz '2026-11-01 10:00:00.123000+00' + (g / 2) * interval '1 microsecond'
      FROM generate_series(0, 59) g`);
    await expectTotalInEverySort(u, 7, key);
  });

  it('60 SKUs created by concurrent requests, walked with limit 7, both endpoints', async () => {
    const u = await makeUser({ plan: 'pro' });
    const key = await bearer(u);
    const created = await Promise.all(
      Array.from({ length: 60 }, (_, i) =>
        call(skusRoute, 'POST', '/api/skus', {
          cookie: u.cookie,
          body: { sku_code: `C-${String(i).padStart(2, '0')}`, product_name: `Concurrent ${i}` },
        }),
      ),
    );
    expect(created.map((r) => r.status)).toEqual(Array(60).fill(201));
    const ids = new Set(created.map((r) => r.body.sku.id as string));
    await expectTotalInEverySort(u, 7, key);
    expect(new Set(await walk({ cookie: u.cookie }, { sort: 'created_asc', limit: 7 }))).toEqual(ids);
  });

  it('SKUs bulk-inserted by a 250-row import are all reached (default order and every sort)', async () => {
    const u = await makeUser({ plan: 'pro' });
    const key = await bearer(u);
    const lines = ['sku_code;product_name'];
    for (let i = 0; i < 250; i++) lines.push(`IMP-${String(i).padStart(3, '0')};Imported ${i}`);
    const { batch } = await importAndRun(u, lines.join('\n') + '\n', 'bulk.csv');
    expect(batch.status, JSON.stringify(batch)).toBe('completed');
    const all = await walk({ cookie: u.cookie }, { limit: 100 });
    expect(all).toHaveLength(250);
    await expectTotalInEverySort(u, 100, key);
    const expected = await expectedOrder(u.workspaceId, 'created_desc');
    expect(await walk({ cookie: u.cookie }, { limit: 7 })).toEqual(expected);
    expect(await walk({ bearer: key }, { limit: 7, v1: true })).toEqual(expected);
  });

  it('filters keep paging total (status and has_blockers filters over tied rows)', async () => {
    const u = await makeUser({ plan: 'pro' });
    const db = await getDb();
    await db.execute(sql`
      INSERT INTO skus (workspace_id, sku_code, product_name, blocker_count)
      SELECT ${u.workspaceId}, 'F-' || lpad(g::text, 3, '0'), 'Filtered ' || g, g % 2 FROM generate_series(1, 50) g`);
    for (const sort of SORTS) {
      const ids = await walk({ cookie: u.cookie }, { sort, limit: 4, query: { has_blockers: 'true' } });
      expect(ids).toHaveLength(25);
      expect(new Set(ids).size).toBe(25);
    }
  });

  it(
    '10,000 SKUs are walked to the end in every order (/api/v1/skus in both timestamp orders), no gap, no repeat',
    { timeout: 600_000 },
    async () => {
      // The file-wide rate limits (beforeAll) allow the thousands of pages this walk takes; they must stay
      // lifted for the tests after it too.
      const u = await makeUser({ plan: 'pro' });
      const key = await bearer(u);
      const db = await getDb();
      // One statement: groups of ten share one exact timestamp, neighbouring groups sit microseconds
      // apart inside the same millisecond, blocker counts repeat every five rows.
      await db.execute(sql`
      INSERT INTO skus (workspace_id, sku_code, product_name, blocker_count, created_at)
      SELECT ${u.workspaceId}, 'K-' || lpad(g::text, 5, '0'), 'Bulk ' || g, g % 5,
             timestamptz '2026-11-01 10:00:00.123000+00' + (g / 10) * interval '1 microsecond'
      FROM generate_series(1, 10000) g`);
      // /api/v1/skus runs the same listing: walked here in the two timestamp orders, where ties are.
      await expectTotalInEverySort(u, 100, key, ['created_desc', 'created_asc']);
    },
  );

  it('a cursor that is not one of ours is a 400 in every sort, never a database error', async () => {
    const u = await makeUser();
    const id = '00000000-0000-4000-8000-000000000000';
    const enc = (v: unknown) => Buffer.from(JSON.stringify(v)).toString('base64url');
    const bad: [string, string][] = [
      ['created_desc', enc({ s: 'created_desc', k: 'yesterday', i: id })],
      ['created_asc', enc({ s: 'created_asc', k: 12, i: id })],
      // Well-formed but not an instant Postgres accepts.
      ['created_desc', enc({ s: 'created_desc', k: '2026-02-30T10:00:00.000001Z', i: id })],
      ['created_asc', enc({ s: 'created_asc', k: '2026-01-01T24:00:00Z', i: id })],
      ['created_asc', enc({ s: 'created_asc', k: '0000-01-01T00:00:00Z', i: id })],
      ['code_asc', enc({ s: 'code_asc', k: 'A\u0000B', i: id })],
      ['blockers_desc', enc({ s: 'blockers_desc', k: '3', i: id })],
      ['blockers_desc', enc({ s: 'blockers_desc', k: 2 ** 40, i: id })],
      ['code_desc', enc({ s: 'code_asc', k: 'A', i: id })],
      ['code_desc', enc({ s: 'code_desc', k: 'A', i: 'x' })],
    ];
    for (const [sort, cursor] of bad) {
      const res = await call(skusRoute, 'GET', '/api/skus', { cookie: u.cookie, query: { sort, cursor } });
      expect(res.status, `${sort} ${res.text}`).toBe(400);
      expect(res.body.error.code).toBe('VALIDATION_FAILED');
    }
    // A millisecond cursor from before this fix still reads (as an older position), not a 400.
    const old = await call(skusRoute, 'GET', '/api/skus', {
      cookie: u.cookie,
      query: { cursor: enc({ s: 'created_desc', k: '2026-11-01T10:00:00.123Z', i: id }) },
    });
    expect(old.status, old.text).toBe(200);
  });
});
