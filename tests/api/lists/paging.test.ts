/**
 * GET /api/imports, /api/entities and /api/audit-events page by keyset over (key, id) with the
 * timestamp at the database's precision (lib/db/keyset): rows written by one statement (one exact
 * timestamp), rows microseconds apart inside one millisecond, rows sharing one name and more rows
 * than the old fixed caps (100 / 500) are all reached once, in order, and only the caller's own.
 */
import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import * as auditRoute from '@/app/api/audit-events/route';
import * as entitiesRoute from '@/app/api/entities/route';
import * as importsRoute from '@/app/api/imports/route';
import { getDb } from '@/lib/db/client';
import { queryRows } from '@/lib/db/rows';
import { call, expectEnvelope, makeUser, type CallResult, type TestUser } from '../../helpers/http';
import { useTestDatabase } from '../../helpers/db';

useTestDatabase();

/** Follows next_cursor to the end; every page but the last is full and the last says has_more=false. */
async function walk(get: (cursor?: string) => Promise<CallResult>, items: (b: any) => { id: string }[], limit: number) {
  const ids: string[] = [];
  let cursor: string | undefined;
  for (let pages = 0; pages < 2000; pages++) {
    const res = await get(cursor);
    expect(res.status, res.text).toBe(200);
    ids.push(...items(res.body).map((x) => x.id));
    if (!res.body.has_more) {
      expect(res.body.next_cursor).toBeNull();
      return ids;
    }
    expect(items(res.body)).toHaveLength(limit);
    expect(typeof res.body.next_cursor).toBe('string');
    cursor = res.body.next_cursor;
  }
  throw new Error('the listing never ended');
}

const idsOf = async (q: ReturnType<typeof sql>) =>
  (await queryRows<{ id: string }>(await getDb(), q)).map((r) => String(r.id));

const pager = (mod: any, path: string, u: TestUser, query: Record<string, string>) => (cursor?: string) =>
  call(mod, 'GET', path, { cookie: u.cookie, query: { ...query, ...(cursor ? { cursor } : {}) } });

describe('GET /api/imports keyset paging', () => {
  it('batches written by one statement, microseconds apart, and past the old 100 cap are all listed once, newest first', async () => {
    const [u, other] = [await makeUser(), await makeUser()];
    const db = await getDb();
    await db.execute(
      sql`INSERT INTO import_batches (workspace_id, filename) SELECT ${u.workspaceId}, 'tied-' || g || '.csv' FROM generate_series(1, 23) g`,
    );
    await db.execute(sql`
      INSERT INTO import_batches (workspace_id, filename, created_at)
      SELECT ${u.workspaceId}, 'micro-' || g || '.csv', timestamptz '2026-11-01 10:00:00.123000+00' + (g / 2) * interval '1 microsecond'
      FROM generate_series(0, 40) g`);
    await db.execute(sql`
      INSERT INTO import_batches (workspace_id, filename, created_at)
      SELECT ${u.workspaceId}, 'bulk-' || g || '.csv', timestamptz '2026-10-01 00:00:00+00' + (g / 3) * interval '1 second'
      FROM generate_series(1, 180) g`);
    await db.execute(
      sql`INSERT INTO import_batches (workspace_id, filename) SELECT ${other.workspaceId}, 'foreign-' || g || '.csv' FROM generate_series(1, 5) g`,
    );
    const expected = await idsOf(
      sql`SELECT id FROM import_batches WHERE workspace_id = ${u.workspaceId} ORDER BY created_at DESC, id DESC`,
    );
    expect(expected).toHaveLength(23 + 41 + 180);

    const got = await walk(pager(importsRoute, '/api/imports', u, { limit: '7' }), (b) => b.batches, 7);
    expect(got).toEqual(expected);
    expect(new Set(got).size).toBe(expected.length);

    // Without a limit the first page is the newest 100, as before, and says that more follow.
    const first = await call(importsRoute, 'GET', '/api/imports', { cookie: u.cookie });
    expect(first.status, first.text).toBe(200);
    expect(first.body.batches.map((b: { id: string }) => b.id)).toEqual(expected.slice(0, 100));
    expect(first.body.has_more).toBe(true);
  });
});

describe('GET /api/entities keyset paging', () => {
  it('entities sharing one name, odd names and past the old 500 cap are all listed once, by name', async () => {
    const [u, other] = [await makeUser(), await makeUser()];
    const db = await getDb();
    await db.execute(
      sql`INSERT INTO entities (workspace_id, name, identity_key) SELECT ${u.workspaceId}, 'Acme GmbH', 'acme-' || g FROM generate_series(1, 30) g`,
    );
    await db.execute(sql`
      INSERT INTO entities (workspace_id, name, identity_key, city)
      SELECT ${u.workspaceId}, 'Maker ' || lpad((g % 97)::text, 3, '0'), 'bulk-' || g, CASE WHEN g % 5 = 0 THEN 'Lyon' ELSE 'Graz' END
      FROM generate_series(1, 560) g`);
    for (const name of [`O'Brien "Quotes" \\ Ltd`, 'Ünïcödé Sàrl', 'zeta', 'Zeta', '  leading space', '%_ wildcard']) {
      await db.execute(
        sql`INSERT INTO entities (workspace_id, name, identity_key) VALUES (${u.workspaceId}, ${name}, ${'odd-' + name}), (${u.workspaceId}, ${name}, ${'odd2-' + name})`,
      );
    }
    await db.execute(
      sql`INSERT INTO entities (workspace_id, name, identity_key) SELECT ${other.workspaceId}, 'Acme GmbH', 'x-' || g FROM generate_series(1, 5) g`,
    );
    const expected = await idsOf(
      sql`SELECT id FROM entities WHERE workspace_id = ${u.workspaceId} ORDER BY name ASC, id ASC`,
    );
    expect(expected).toHaveLength(30 + 560 + 12);

    const got = await walk(pager(entitiesRoute, '/api/entities', u, { limit: '9' }), (b) => b.data, 9);
    expect(got).toEqual(expected);

    // The search filter pages the same way.
    const lyon = await idsOf(
      sql`SELECT id FROM entities WHERE workspace_id = ${u.workspaceId} AND city = 'Lyon' ORDER BY name ASC, id ASC`,
    );
    expect(lyon).toHaveLength(112);
    expect(await walk(pager(entitiesRoute, '/api/entities', u, { q: 'lyon', limit: '10' }), (b) => b.data, 10)).toEqual(
      lyon,
    );

    // The default page is the first 500 (what pickers read), no longer the end of the list.
    const first = await call(entitiesRoute, 'GET', '/api/entities', { cookie: u.cookie });
    expect(first.status, first.text).toBe(200);
    expect(first.body.data.map((e: { id: string }) => e.id)).toEqual(expected.slice(0, 500));
    expect(first.body.has_more).toBe(true);
  });
});

describe('GET /api/audit-events keyset paging', () => {
  it('events written by one statement and microseconds apart are all listed once, newest first, with and without a prefix', async () => {
    const [u, other] = [await makeUser(), await makeUser()];
    const db = await getDb();
    await db.execute(
      sql`INSERT INTO audit_events (workspace_id, action) SELECT ${u.workspaceId}, 'test.tied' FROM generate_series(1, 37) g`,
    );
    await db.execute(sql`
      INSERT INTO audit_events (workspace_id, action, created_at)
      SELECT ${u.workspaceId}, CASE WHEN g % 2 = 0 THEN 'upload.micro' ELSE 'test.micro' END, timestamptz '2026-11-01 10:00:00.123000+00' + (g / 2) * interval '1 microsecond'
      FROM generate_series(0, 60) g`);
    await db.execute(sql`
      INSERT INTO audit_events (workspace_id, action, created_at)
      SELECT ${u.workspaceId}, 'upload.bulk', timestamptz '2026-09-01 00:00:00+00' + (g / 4) * interval '1 millisecond'
      FROM generate_series(1, 300) g`);
    await db.execute(
      sql`INSERT INTO audit_events (workspace_id, action) SELECT ${other.workspaceId}, 'upload.foreign' FROM generate_series(1, 5) g`,
    );
    const expected = await idsOf(
      sql`SELECT id FROM audit_events WHERE workspace_id = ${u.workspaceId} ORDER BY created_at DESC, id DESC`,
    );
    expect(expected.length).toBeGreaterThanOrEqual(37 + 61 + 300);

    expect(await walk(pager(auditRoute, '/api/audit-events', u, { limit: '8' }), (b) => b.events, 8)).toEqual(expected);

    const uploads = await idsOf(
      sql`SELECT id FROM audit_events WHERE workspace_id = ${u.workspaceId} AND action LIKE 'upload.%' ORDER BY created_at DESC, id DESC`,
    );
    expect(uploads).toHaveLength(31 + 300);
    expect(
      await walk(
        pager(auditRoute, '/api/audit-events', u, { action_prefix: 'upload.', limit: '6' }),
        (b) => b.events,
        6,
      ),
    ).toEqual(uploads);
  });
});

describe('cursors of these lists', () => {
  it('a cursor that is not one of ours, or from another list, is a 400 VALIDATION_FAILED, never a database error', async () => {
    const u = await makeUser();
    const db = await getDb();
    await db.execute(
      sql`INSERT INTO import_batches (workspace_id, filename) SELECT ${u.workspaceId}, 'b-' || g || '.csv' FROM generate_series(1, 3) g`,
    );
    await db.execute(
      sql`INSERT INTO audit_events (workspace_id, action) SELECT ${u.workspaceId}, 'test.x' FROM generate_series(1, 3) g`,
    );
    await db.execute(
      sql`INSERT INTO entities (workspace_id, name, identity_key) SELECT ${u.workspaceId}, 'E' || g, 'e' || g FROM generate_series(1, 3) g`,
    );
    const b64 = (v: unknown) => Buffer.from(JSON.stringify(v)).toString('base64url');
    const id = '00000000-0000-0000-0000-000000000000';
    const importsCursor = (await call(importsRoute, 'GET', '/api/imports', { cookie: u.cookie, query: { limit: '1' } }))
      .body.next_cursor as string;
    const auditCursor = (
      await call(auditRoute, 'GET', '/api/audit-events', { cookie: u.cookie, query: { limit: '1' } })
    ).body.next_cursor as string;
    const entitiesCursor = (
      await call(entitiesRoute, 'GET', '/api/entities', { cookie: u.cookie, query: { limit: '1' } })
    ).body.next_cursor as string;
    expect([importsCursor, auditCursor, entitiesCursor].every((c) => typeof c === 'string')).toBe(true);

    const timeCursors = (list: string) => [
      'not-base64-json',
      b64({ l: list, k: 'yesterday', i: id }),
      b64({ l: list, k: '2026-02-30T10:00:00.123456Z', i: id }),
      b64({ l: list, k: '2026-01-01T24:00:00Z', i: id }),
      b64({ l: list, k: '2026-11-01T10:00:00.123456Z', i: 'not-a-uuid' }),
      b64({ l: list, k: 12, i: id }),
    ];
    const cases: [any, string, string[]][] = [
      [importsRoute, '/api/imports', [...timeCursors('imports'), auditCursor, entitiesCursor]],
      [auditRoute, '/api/audit-events', [...timeCursors('audit-events'), importsCursor, entitiesCursor]],
      [
        entitiesRoute,
        '/api/entities',
        [
          '%%%',
          b64({ l: 'entities', k: 'a\u0000b', i: id }),
          b64({ l: 'entities', k: 'x'.repeat(1001), i: id }),
          b64({ l: 'entities', k: 3, i: id }),
          b64({ l: 'entities', k: 'A', i: "1' OR 1=1" }),
          importsCursor,
          auditCursor,
        ],
      ],
    ];
    for (const [mod, path, cursors] of cases) {
      for (const cursor of cursors)
        expectEnvelope(await call(mod, 'GET', path, { cookie: u.cookie, query: { cursor } }), 400, 'VALIDATION_FAILED');
      for (const limit of ['0', '-1', '1.5', 'many', '100000'])
        expectEnvelope(await call(mod, 'GET', path, { cookie: u.cookie, query: { limit } }), 400, 'VALIDATION_FAILED');
    }
    // Each list's own cursor still works.
    for (const [mod, path, cursor] of [
      [importsRoute, '/api/imports', importsCursor],
      [auditRoute, '/api/audit-events', auditCursor],
      [entitiesRoute, '/api/entities', entitiesCursor],
    ] as const) {
      const res = await call(mod as any, 'GET', path, { cookie: u.cookie, query: { cursor, limit: '1' } });
      expect(res.status, res.text).toBe(200);
    }
  });
});
