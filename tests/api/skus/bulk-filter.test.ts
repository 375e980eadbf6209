/**
 * "Select all matching": the bulk routes take the list's filters instead of ids and act on exactly the
 * SKUs GET /api/skus shows for them (GET /api/skus/count gives the banner's number), beyond one page;
 * never on another workspace's SKUs that match the same search; more than 10,000 matches is a 422
 * SELECTION_TOO_LARGE with nothing written; ids and filter together, or neither, are a 400.
 */
import crypto from 'node:crypto';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { and, eq, inArray } from 'drizzle-orm';
import * as categoryRoute from '@/app/api/skus/bulk/category/route';
import * as viewRoute from '@/app/api/skus/bulk/view/route';
import * as requestRoute from '@/app/api/skus/bulk/supplier-request/route';
import * as countRoute from '@/app/api/skus/count/route';
import * as listRoute from '@/app/api/skus/route';
import { getDb } from '@/lib/db/client';
import { skus, supplierRequests } from '@/lib/db/schema';
import { call, expectEnvelope, makeUser, type TestUser } from '../../helpers/http';
import { useTestDatabase } from '../../helpers/db';
import { useSmtp, toySku } from '../outreach/helpers';
import { createSku, withTempBlobStore } from './fixtures';

useTestDatabase();
withTempBlobStore();

const server = useSmtp();

async function make(u: TestUser, prefix: string, n: number) {
  const ids: string[] = [];
  for (let i = 0; i < n; i++)
    ids.push((await createSku(u, { sku_code: `${prefix}-${i}`, product_name: `Item ${prefix} ${i}` })).id);
  return ids;
}

const count = (u: TestUser, query: Record<string, string>) =>
  call(countRoute, 'GET', '/api/skus/count', { cookie: u.cookie, query });

describe('countSkus — bulk actions over every SKU matching the filter', () => {
  it('assign a category to all matching SKUs (more than a page), never to another workspace’s', async () => {
    const u = await makeUser();
    const other = await makeUser();
    const tag = crypto.randomUUID().slice(0, 6).toUpperCase();
    const matching = await make(u, `FLT${tag}`, 5);
    const notMatching = await make(u, `OTH${tag}`, 2);
    // Another workspace's SKUs match the same search term.
    const foreign = await make(other, `FLT${tag}`, 2);

    const c = await count(u, { q: `flt${tag}` });
    expect(c.status, c.text).toBe(200);
    expect(c.body.count).toBe(5);
    // The count agrees with the list, whose page here is smaller than the match.
    const page = await call(listRoute, 'GET', '/api/skus', { cookie: u.cookie, query: { q: `flt${tag}`, limit: '2' } });
    expect(page.body.data).toHaveLength(2);
    expect(page.body.has_more).toBe(true);

    const res = await call(categoryRoute, 'POST', '/api/skus/bulk/category', {
      cookie: u.cookie,
      body: { filter: { q: `flt${tag}` }, category_code: 'toys' },
    });
    expect(res.status, res.text).toBe(200);
    expect(res.body.changed_ids.sort()).toEqual([...matching].sort());
    const db = await getDb();
    const rows = await db
      .select({ id: skus.id, category: skus.categoryCode })
      .from(skus)
      .where(inArray(skus.id, [...matching, ...notMatching, ...foreign]));
    const cat = new Map(rows.map((r) => [r.id, r.category]));
    for (const id of matching) expect(cat.get(id)).toBe('toys');
    for (const id of [...notMatching, ...foreign]) expect(cat.get(id)).not.toBe('toys');

    // Status and category filters narrow it as on the list.
    const c2 = await count(u, { q: tag.toLowerCase(), category_code: 'toys' });
    expect(c2.body.count).toBe(5);
    const view = await call(viewRoute, 'POST', '/api/skus/bulk/view', {
      cookie: u.cookie,
      body: { filter: { q: tag.toLowerCase(), category_code: 'general' }, new_view_name: `Others ${tag}` },
    });
    expect(view.status, view.text).toBe(200);
    expect(view.body.changed_ids.sort()).toEqual([...notMatching].sort());
    // The other workspace counts only its own.
    expect((await count(other, { q: `flt${tag}` })).body.count).toBe(2);
  });

  it('a filter matching nothing, ids with filter, and neither are 400', async () => {
    const u = await makeUser();
    const [id] = await make(u, 'NOPE', 1);
    const post = (body: Record<string, unknown>) =>
      call(categoryRoute, 'POST', '/api/skus/bulk/category', { cookie: u.cookie, body });
    expectEnvelope(
      await post({ filter: { q: 'matches-nothing-at-all' }, category_code: 'toys' }),
      400,
      'VALIDATION_FAILED',
    );
    expectEnvelope(await post({ ids: [id], filter: { q: 'NOPE' }, category_code: 'toys' }), 400, 'VALIDATION_FAILED');
    expectEnvelope(await post({ category_code: 'toys' }), 400, 'VALIDATION_FAILED');
    expectEnvelope(await post({ filter: { unknown: 1 }, category_code: 'toys' }), 400, 'VALIDATION_FAILED');
  });

  it('more than 10,000 matching SKUs is 422 SELECTION_TOO_LARGE, nothing written', async () => {
    const u = await makeUser();
    const db = await getDb();
    await db.execute(sql`
      INSERT INTO skus (workspace_id, sku_code, product_name)
      SELECT ${u.workspaceId}::uuid, 'MANY-' || g, 'Bulk item ' || g FROM generate_series(1, 10001) g`);
    const c = await count(u, { q: 'many-' });
    expect(c.body.count).toBe(10001);
    const res = await call(categoryRoute, 'POST', '/api/skus/bulk/category', {
      cookie: u.cookie,
      body: { filter: { q: 'many-' }, category_code: 'toys' },
    });
    expectEnvelope(res, 422, 'SELECTION_TOO_LARGE');
    expect(res.body.error.details).toEqual({ count: 10001, max: 10000 });
    const toys = await db
      .select({ id: skus.id })
      .from(skus)
      .where(and(eq(skus.workspaceId, u.workspaceId), eq(skus.categoryCode, 'toys')));
    expect(toys).toHaveLength(0);
  });

  it('supplier requests for every matching SKU, one mail per supplier', async () => {
    const u = await makeUser();
    const a = await toySku(u);
    const b = await toySku(u);
    await make(u, 'PLAIN', 1);
    server().mails.length = 0;
    const res = await call(requestRoute, 'POST', '/api/skus/bulk/supplier-request', {
      cookie: u.cookie,
      body: { filter: { q: 'TOY-', category_code: 'toys' } },
    });
    expect(res.status, res.text).toBe(200);
    expect(res.body.results.map((r: any) => r.sku_id).sort()).toEqual([a.sku.id, b.sku.id].sort());
    expect(server().mails).toHaveLength(1);
    const db = await getDb();
    const rows = await db.select().from(supplierRequests).where(eq(supplierRequests.workspaceId, u.workspaceId));
    expect(rows).toHaveLength(2);
  });
});
