/**
 * Bulk actions of the SKU list (POST /api/skus/bulk/category, /entity, /view): each changes exactly
 * the SKUs it names in one transaction, writes one audit event per changed SKU, resets an approval
 * where the change touches approved data, and is all-or-nothing: an id of another workspace or an
 * unknown one is a 404 listing it with nothing written; a viewer gets 403; 0 or 201 ids are a 400;
 * 20 concurrent requests over the same rows end consistent. A view export includes hand-added SKUs.
 */
import crypto from 'node:crypto';
import { and, eq, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import * as categoryRoute from '@/app/api/skus/bulk/category/route';
import * as entityRoute from '@/app/api/skus/bulk/entity/route';
import * as viewRoute from '@/app/api/skus/bulk/view/route';
import * as viewsRoute from '@/app/api/views/route';
import * as exportsRoute from '@/app/api/exports/route';
import * as skuRoute from '@/app/api/skus/[id]/route';
import { getDb } from '@/lib/db/client';
import { auditEvents, skuEntities, skus } from '@/lib/db/schema';
import { call, expectEnvelope, makeUser, type TestUser } from '../../helpers/http';
import { useTestDatabase } from '../../helpers/db';
import { addMember } from '../team/helpers';
import { approve, createEntity, createSku, EU_MANUFACTURER, readySku, withTempBlobStore } from './fixtures';

useTestDatabase();
withTempBlobStore();

async function someSkus(u: TestUser, n: number, prefix = 'BK') {
  const out: string[] = [];
  for (let i = 0; i < n; i++)
    out.push(
      (await createSku(u, { sku_code: `${prefix}-${crypto.randomUUID().slice(0, 8)}`, product_name: `P ${i}` })).id,
    );
  return out;
}

async function auditCount(workspaceId: string, action: string, ids: string[]) {
  const db = await getDb();
  const rows = await db
    .select({ id: auditEvents.id })
    .from(auditEvents)
    .where(
      and(eq(auditEvents.workspaceId, workspaceId), eq(auditEvents.action, action), inArray(auditEvents.targetId, ids)),
    );
  return rows.length;
}

describe('bulkAssignSkuCategory — POST /api/skus/bulk/category', () => {
  it('assigns the category, re-evaluates, one audit event per changed SKU, resets an approval', async () => {
    const u = await makeUser();
    const approved = await readySku(u);
    await approve(u, approved.id);
    const plain = await someSkus(u, 2);
    const ids = [approved.id, ...plain];
    const res = await call(categoryRoute, 'POST', '/api/skus/bulk/category', {
      cookie: u.cookie,
      body: { ids, category_code: 'toys' },
    });
    expect(res.status, res.text).toBe(200);
    expect(res.body.changed_ids.sort()).toEqual([...ids].sort());
    expect(res.body.approval_reset_ids).toEqual([approved.id]);
    const db = await getDb();
    const rows = await db.select().from(skus).where(inArray(skus.id, ids));
    for (const r of rows) {
      expect(r.categoryCode).toBe('toys');
      expect(r.categoryDefaulted).toBe(false);
      expect(r.approvalState).toBe('pending');
    }
    // The toy profile has blockers a general SKU did not: the stored blockers were re-evaluated.
    const detail = await call(skuRoute, 'GET', `/api/skus/${approved.id}`, {
      cookie: u.cookie,
      params: { id: approved.id },
    });
    expect(detail.body.sku.category_code).toBe('toys');
    expect(detail.body.blockers.length).toBeGreaterThan(0);
    expect(await auditCount(u.workspaceId, 'sku.category_changed', ids)).toBe(3);
    expect(await auditCount(u.workspaceId, 'sku.approval_reset', ids)).toBe(1);

    // The same request again changes nothing and records nothing.
    const again = await call(categoryRoute, 'POST', '/api/skus/bulk/category', {
      cookie: u.cookie,
      body: { ids, category_code: 'toys' },
    });
    expect(again.status).toBe(200);
    expect(again.body.changed_ids).toEqual([]);
    expect(again.body.unchanged_ids.sort()).toEqual([...ids].sort());
    expect(await auditCount(u.workspaceId, 'sku.category_changed', ids)).toBe(3);
  });

  it("another workspace's or an unknown id: 404 listing them, nothing written", async () => {
    const u = await makeUser();
    const other = await makeUser();
    const mine = await someSkus(u, 2);
    const [theirs] = await someSkus(other, 1);
    const unknown = crypto.randomUUID();
    const res = await call(categoryRoute, 'POST', '/api/skus/bulk/category', {
      cookie: u.cookie,
      body: { ids: [...mine, theirs, unknown], category_code: 'toys' },
    });
    const err = expectEnvelope(res, 404, 'NOT_FOUND');
    expect(err.details.missing_ids.sort()).toEqual([theirs, unknown].sort());
    const db = await getDb();
    const rows = await db
      .select()
      .from(skus)
      .where(inArray(skus.id, [...mine, theirs]));
    for (const r of rows) expect(r.categoryCode).toBe('general');
    expect(await auditCount(u.workspaceId, 'sku.category_changed', mine)).toBe(0);
  });

  it('a viewer gets 403; 0 or 201 ids and an unknown category are 400', async () => {
    const u = await makeUser();
    const viewer = await addMember(u, 'viewer');
    const ids = await someSkus(u, 1);
    expectEnvelope(
      await call(categoryRoute, 'POST', '/api/skus/bulk/category', {
        cookie: viewer.cookie,
        body: { ids, category_code: 'toys' },
      }),
      403,
      'INSUFFICIENT_ROLE',
    );
    for (const body of [
      { ids: [], category_code: 'toys' },
      { ids: Array.from({ length: 201 }, () => crypto.randomUUID()), category_code: 'toys' },
      { ids, category_code: 'spaceships' },
    ])
      expectEnvelope(
        await call(categoryRoute, 'POST', '/api/skus/bulk/category', { cookie: u.cookie, body }),
        400,
        'VALIDATION_FAILED',
      );
  });

  it('Idempotency-Key replays the first answer', async () => {
    const u = await makeUser();
    const ids = await someSkus(u, 2);
    const headers = { 'Idempotency-Key': crypto.randomUUID() };
    const first = await call(categoryRoute, 'POST', '/api/skus/bulk/category', {
      cookie: u.cookie,
      headers,
      body: { ids, category_code: 'electrical' },
    });
    const second = await call(categoryRoute, 'POST', '/api/skus/bulk/category', {
      cookie: u.cookie,
      headers,
      body: { ids, category_code: 'electrical' },
    });
    expect(first.status, first.text).toBe(200);
    expect(second.body).toEqual(first.body);
    expect(second.body.changed_ids.length).toBe(2);
  });

  it('20 concurrent requests over the same rows: each SKU changed once per category move, state consistent', async () => {
    const u = await makeUser();
    const ids = await someSkus(u, 5);
    const cats = ['toys', 'electrical'];
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        call(categoryRoute, 'POST', '/api/skus/bulk/category', {
          cookie: u.cookie,
          body: { ids: i % 2 ? [...ids].reverse() : ids, category_code: cats[i % 2] },
        }),
      ),
    );
    for (const r of results) expect(r.status, r.text).toBe(200);
    const db = await getDb();
    const rows = await db.select().from(skus).where(inArray(skus.id, ids));
    // Every SKU ends in one category, the same for all (requests apply one after another, whole).
    expect(new Set(rows.map((r) => r.categoryCode)).size).toBe(1);
    const changes = results.reduce((n, r) => n + r.body.changed_ids.length, 0);
    expect(await auditCount(u.workspaceId, 'sku.category_changed', ids)).toBe(changes);
  });
});

describe('bulkLinkSkuEntity — POST /api/skus/bulk/entity', () => {
  it('links the entity in the role to each SKU, resets approvals, audits changed SKUs only', async () => {
    const u = await makeUser();
    const approved = await readySku(u);
    await approve(u, approved.id);
    const plain = await someSkus(u, 2);
    const importer = await createEntity(u, { ...EU_MANUFACTURER, name: 'Importhaus Nord GmbH' });
    const ids = [approved.id, ...plain];
    const res = await call(entityRoute, 'POST', '/api/skus/bulk/entity', {
      cookie: u.cookie,
      body: { ids, role: 'importer', entity_id: importer.id },
    });
    expect(res.status, res.text).toBe(200);
    expect(res.body.changed_ids.length).toBe(3);
    expect(res.body.approval_reset_ids).toEqual([approved.id]);
    const db = await getDb();
    const links = await db
      .select()
      .from(skuEntities)
      .where(and(inArray(skuEntities.skuId, ids), eq(skuEntities.role, 'importer')));
    expect(links.map((l) => l.entityId)).toEqual([importer.id, importer.id, importer.id]);
    expect(await auditCount(u.workspaceId, 'sku.entity_linked', ids)).toBe(3 + 1); // +1: readySku's manufacturer
    const again = await call(entityRoute, 'POST', '/api/skus/bulk/entity', {
      cookie: u.cookie,
      body: { ids, role: 'importer', entity_id: importer.id },
    });
    expect(again.body.changed_ids).toEqual([]);
  });

  it("another workspace's entity or SKU is 404, nothing linked; a non-EU responsible person is 422", async () => {
    const u = await makeUser();
    const other = await makeUser();
    const ids = await someSkus(u, 2);
    const theirEntity = await createEntity(other, EU_MANUFACTURER);
    expectEnvelope(
      await call(entityRoute, 'POST', '/api/skus/bulk/entity', {
        cookie: u.cookie,
        body: { ids, role: 'manufacturer', entity_id: theirEntity.id },
      }),
      404,
      'NOT_FOUND',
    );
    const [theirSku] = await someSkus(other, 1);
    const mine = await createEntity(u, EU_MANUFACTURER);
    const err = expectEnvelope(
      await call(entityRoute, 'POST', '/api/skus/bulk/entity', {
        cookie: u.cookie,
        body: { ids: [...ids, theirSku], role: 'manufacturer', entity_id: mine.id },
      }),
      404,
      'NOT_FOUND',
    );
    expect(err.details.missing_ids).toEqual([theirSku]);
    const cn = await createEntity(u, { ...EU_MANUFACTURER, name: 'Far Away Ltd', country: 'CN' });
    expectEnvelope(
      await call(entityRoute, 'POST', '/api/skus/bulk/entity', {
        cookie: u.cookie,
        body: { ids, role: 'responsible_person', entity_id: cn.id },
      }),
      422,
      'ENTITY_NOT_ESTABLISHED_IN_EU',
    );
    const db = await getDb();
    expect(await db.select().from(skuEntities).where(inArray(skuEntities.skuId, ids))).toEqual([]);
  });

  it('a viewer gets 403', async () => {
    const u = await makeUser();
    const viewer = await addMember(u, 'viewer');
    const ids = await someSkus(u, 1);
    const e = await createEntity(u, EU_MANUFACTURER);
    expectEnvelope(
      await call(entityRoute, 'POST', '/api/skus/bulk/entity', {
        cookie: viewer.cookie,
        body: { ids, role: 'manufacturer', entity_id: e.id },
      }),
      403,
      'INSUFFICIENT_ROLE',
    );
  });

  it('20 concurrent links of two entities over the same rows: each SKU has one link, audits match changes', async () => {
    const u = await makeUser();
    const ids = await someSkus(u, 4);
    const a = await createEntity(u, { ...EU_MANUFACTURER, name: 'Maker A GmbH' });
    const b = await createEntity(u, { ...EU_MANUFACTURER, name: 'Maker B GmbH' });
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        call(entityRoute, 'POST', '/api/skus/bulk/entity', {
          cookie: u.cookie,
          body: { ids, role: 'manufacturer', entity_id: i % 2 ? a.id : b.id },
        }),
      ),
    );
    for (const r of results) expect(r.status, r.text).toBe(200);
    const db = await getDb();
    const links = await db.select().from(skuEntities).where(inArray(skuEntities.skuId, ids));
    expect(links.length).toBe(4);
    expect(new Set(links.map((l) => l.entityId)).size).toBe(1);
    const changes = results.reduce((n, r) => n + r.body.changed_ids.length, 0);
    expect(await auditCount(u.workspaceId, 'sku.entity_linked', ids)).toBe(changes);
  });
});

describe('bulkAddSkusToView, createSavedView, listSavedViews — POST /api/skus/bulk/view', () => {
  it('adds to a new selection view and an existing filter view; a view export includes hand-added SKUs', async () => {
    const u = await makeUser();
    const ids = await someSkus(u, 3, 'VW');
    const res = await call(viewRoute, 'POST', '/api/skus/bulk/view', {
      cookie: u.cookie,
      body: { ids: ids.slice(0, 2), new_view_name: 'Hand picked' },
    });
    expect(res.status, res.text).toBe(200);
    expect(res.body.view.kind).toBe('selection');
    expect(res.body.changed_ids.length).toBe(2);
    expect(await auditCount(u.workspaceId, 'sku.added_to_view', ids)).toBe(2);

    // A filter view matching nothing, plus one SKU by hand.
    const fv = await call(viewsRoute, 'POST', '/api/views', {
      cookie: u.cookie,
      body: { name: 'Nothing but', filters: { q: 'no-such-sku-code' } },
    });
    expect(fv.status, fv.text).toBe(201);
    // listSavedViews (GET /api/views): both views, by name.
    const listed = await call(viewsRoute, 'GET', '/api/views', { cookie: u.cookie });
    expect(listed.status, listed.text).toBe(200);
    expect(listed.body.data.map((v: { name: string }) => v.name)).toEqual(['Hand picked', 'Nothing but']);
    const add = await call(viewRoute, 'POST', '/api/skus/bulk/view', {
      cookie: u.cookie,
      body: { ids: [ids[2]], view_id: fv.body.view.id },
    });
    expect(add.status, add.text).toBe(200);
    const again = await call(viewRoute, 'POST', '/api/skus/bulk/view', {
      cookie: u.cookie,
      body: { ids: [ids[2]], view_id: fv.body.view.id },
    });
    expect(again.body.changed_ids).toEqual([]);

    for (const [viewId, expected] of [
      [res.body.view.id, 2],
      [fv.body.view.id, 1],
    ] as const) {
      const dry = await call(exportsRoute, 'POST', '/api/exports', {
        cookie: u.cookie,
        query: { dry_run: 'true' },
        body: { template_id: '5b0c6e2a-0d5e-4f0e-9c1a-2f7a3e1b0f02', scope_type: 'view', scope_value: viewId },
      });
      expect(dry.status, dry.text).toBe(200);
      expect(dry.body.sku_count).toBe(expected);
    }

    const dup = await call(viewRoute, 'POST', '/api/skus/bulk/view', {
      cookie: u.cookie,
      body: { ids, new_view_name: 'hand picked' },
    });
    expectEnvelope(dup, 409, 'CONFLICT');
  });

  it("another workspace's view or SKU is 404; a viewer gets 403", async () => {
    const u = await makeUser();
    const other = await makeUser();
    const ids = await someSkus(u, 1);
    const theirs = await call(viewsRoute, 'POST', '/api/views', {
      cookie: other.cookie,
      body: { name: 'Theirs', filters: {} },
    });
    expectEnvelope(
      await call(viewRoute, 'POST', '/api/skus/bulk/view', {
        cookie: u.cookie,
        body: { ids, view_id: theirs.body.view.id },
      }),
      404,
      'NOT_FOUND',
    );
    const viewer = await addMember(u, 'viewer');
    expectEnvelope(
      await call(viewRoute, 'POST', '/api/skus/bulk/view', {
        cookie: viewer.cookie,
        body: { ids, new_view_name: 'Mine' },
      }),
      403,
      'INSUFFICIENT_ROLE',
    );
  });
});
