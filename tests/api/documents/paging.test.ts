/**
 * The vault listing (GET /api/documents) and a SKU's activity (GET /api/skus/{id}/activity) page by
 * (created_at, id) with the timestamp at the database's precision: rows written by one statement
 * (one exact timestamp) and rows microseconds apart inside one millisecond are all reached once.
 */
import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import * as listRoute from '@/app/api/documents/route';
import * as activityRoute from '@/app/api/skus/[id]/activity/route';
import * as skusRoute from '@/app/api/skus/route';
import { getDb } from '@/lib/db/client';
import { queryRows } from '@/lib/db/rows';
import { call, makeUser, type TestUser } from '../../helpers/http';
import { useTestDatabase } from '../../helpers/db';

useTestDatabase();

async function walk(
  u: TestUser,
  get: (cursor?: string) => Promise<{ status: number; body: any; text: string }>,
  items: (b: any) => { id: string }[],
  limit: number,
) {
  const ids: string[] = [];
  let cursor: string | undefined;
  for (let pages = 0; pages < 1000; pages++) {
    const res = await get(cursor);
    expect(res.status, res.text).toBe(200);
    ids.push(...items(res.body).map((x) => x.id));
    if (!res.body.has_more) {
      expect(res.body.next_cursor).toBeNull();
      return ids;
    }
    expect(items(res.body)).toHaveLength(limit);
    cursor = res.body.next_cursor;
  }
  throw new Error(`the listing of ${u.email} never ended`);
}

const idsOf = async (q: ReturnType<typeof sql>) =>
  (await queryRows<{ id: string }>(await getDb(), q)).map((r) => String(r.id));

describe('documents keyset paging', () => {
  const docs = (u: TestUser, limit: number) => (cursor?: string) =>
    call(listRoute, 'GET', '/api/documents', {
      cookie: u.cookie,
      query: { limit: String(limit), ...(cursor ? { cursor } : {}) },
    });

  it('documents stored by one statement (one exact timestamp) are all listed once', async () => {
    const u = await makeUser();
    await (
      await getDb()
    ).execute(sql`
      INSERT INTO documents (workspace_id, sha256, filename, mime_type, size_bytes, storage_key)
      SELECT ${u.workspaceId}, md5(g::text), 'tied-' || g || '.pdf', 'application/pdf', 100, 'k/' || g FROM generate_series(1, 23) g`);
    const expected = await idsOf(
      sql`SELECT id FROM documents WHERE workspace_id = ${u.workspaceId} ORDER BY created_at DESC, id DESC`,
    );
    expect(expected).toHaveLength(23);
    expect(await walk(u, docs(u, 4), (b) => b.data, 4)).toEqual(expected);
  });

  it('documents microseconds apart inside one millisecond are neither skipped nor repeated', async () => {
    const u = await makeUser();
    await (
      await getDb()
    ).execute(sql`
      INSERT INTO documents (workspace_id, sha256, filename, mime_type, size_bytes, storage_key, created_at)
      SELECT ${u.workspaceId}, md5(g::text), 'micro-' || g || '.pdf', 'application/pdf', 100, 'k/' || g,
             timestamptz '2026-11-01 10:00:00.123000+00' + (g / 2) * interval '1 microsecond'
      FROM generate_series(0, 40) g`);
    const expected = await idsOf(
      sql`SELECT id FROM documents WHERE workspace_id = ${u.workspaceId} ORDER BY created_at DESC, id DESC`,
    );
    expect(await walk(u, docs(u, 5), (b) => b.data, 5)).toEqual(expected);
  });
});

describe('listSkuActivity — SKU activity keyset paging', () => {
  it('audit events written in one statement and microseconds apart are all listed once, newest first', async () => {
    const u = await makeUser();
    const created = await call(skusRoute, 'POST', '/api/skus', {
      cookie: u.cookie,
      body: { sku_code: 'ACT-1', product_name: 'Activity' },
    });
    expect(created.status).toBe(201);
    const skuId = created.body.sku.id as string;
    const db = await getDb();
    await db.execute(sql`
      INSERT INTO audit_events (workspace_id, action, target_type, target_id)
      SELECT ${u.workspaceId}, 'test.tied', 'sku', ${skuId} FROM generate_series(1, 17) g`);
    await db.execute(sql`
      INSERT INTO audit_events (workspace_id, action, target_type, target_id, created_at)
      SELECT ${u.workspaceId}, 'test.micro', 'sku', ${skuId}, timestamptz '2026-11-01 10:00:00.123000+00' + (g / 2) * interval '1 microsecond'
      FROM generate_series(0, 20) g`);
    const expected = await idsOf(
      sql`SELECT id FROM audit_events WHERE target_type = 'sku' AND target_id = ${skuId} ORDER BY created_at DESC, id DESC`,
    );
    expect(expected).toHaveLength(1 + 17 + 21);
    const got = await walk(
      u,
      (cursor) =>
        call(activityRoute, 'GET', `/api/skus/${skuId}/activity`, {
          cookie: u.cookie,
          params: { id: skuId },
          query: { limit: '4', ...(cursor ? { cursor } : {}) },
        }),
      (b) => b.events,
      4,
    );
    expect(got).toEqual(expected);
  });

  it('a cursor that is not one of ours is a 400, never a database error', async () => {
    const u = await makeUser();
    const created = await call(skusRoute, 'POST', '/api/skus', {
      cookie: u.cookie,
      body: { sku_code: 'ACT-2', product_name: 'Activity' },
    });
    const skuId = created.body.sku.id as string;
    const bad = [
      Buffer.from(JSON.stringify(['yesterday', '00000000-0000-0000-0000-000000000000'])).toString('base64url'),
      Buffer.from(JSON.stringify(['2026-11-01T10:00:00.123456Z', 'not-a-uuid'])).toString('base64url'),
      Buffer.from(JSON.stringify(['2026-02-30T10:00:00.123456Z', '00000000-0000-0000-0000-000000000000'])).toString(
        'base64url',
      ),
    ];
    for (const cursor of bad) {
      const res = await call(activityRoute, 'GET', `/api/skus/${skuId}/activity`, {
        cookie: u.cookie,
        params: { id: skuId },
        query: { cursor },
      });
      expect(res.status, res.text).toBe(400);
    }
    for (const t of ['soon', '2026-02-30T10:00:00Z', '2026-01-01T24:00:00.5Z']) {
      const docsRes = await call(listRoute, 'GET', '/api/documents', {
        cookie: u.cookie,
        query: {
          cursor: Buffer.from(JSON.stringify({ t, i: '00000000-0000-0000-0000-000000000000' })).toString('base64url'),
        },
      });
      expect(docsRes.status, docsRes.text).toBe(400);
    }
  });
});
