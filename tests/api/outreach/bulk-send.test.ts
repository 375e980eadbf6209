/**
 * Supplier requests for several SKUs from the list's selection (POST /api/skus/bulk/supplier-request):
 * one request per SKU, but one mail per supplier address listing each product with its own upload
 * link (received on a loopback SMTP server); a SKU without anything to ask or without an address is
 * reported and skipped; an id of another workspace is a 404 with nothing sent; a viewer gets 403; an
 * Idempotency-Key replay sends no second mail; dry_run sends and stores nothing.
 */
import crypto from 'node:crypto';
import { beforeEach, describe, expect, it } from 'vitest';
import { and, eq, inArray } from 'drizzle-orm';
import * as bulkRoute from '@/app/api/skus/bulk/supplier-request/route';
import { getDb } from '@/lib/db/client';
import { auditEvents, supplierRequestEvents, supplierRequests } from '@/lib/db/schema';
import { call, expectEnvelope, makeUser, type TestUser } from '../../helpers/http';
import { useTestDatabase } from '../../helpers/db';
import { addMember } from '../team/helpers';
import { createEntity, createSku, withTempBlobStore } from '../skus/fixtures';
import { list, useSmtp, tokenOf, toySku, TOY_SUPPLIER } from './helpers';

useTestDatabase();
withTempBlobStore();

const server = useSmtp();
beforeEach(() => {
  server().mails.length = 0;
  server().state.refuse = false;
});

const bulk = (
  u: TestUser,
  body: Record<string, unknown>,
  opts: { key?: string; query?: Record<string, string> } = {},
) =>
  call(bulkRoute, 'POST', '/api/skus/bulk/supplier-request', {
    cookie: u.cookie,
    body,
    query: opts.query,
    headers: opts.key ? { 'idempotency-key': opts.key } : {},
  });

const OTHER_SUPPLIER = { ...TOY_SUPPLIER, name: 'Jouets SA', country: 'FR', email: 'qualite@jouets.example' };

describe('bulkRequestFromSupplier — POST /api/skus/bulk/supplier-request', () => {
  it('one mail per supplier listing its SKUs, one request per SKU with its own link; a SKU with nothing to ask is skipped', async () => {
    const u = await makeUser();
    const a = await toySku(u);
    // b's manufacturer is another entity with the same address as a's: both SKUs go in one mail.
    const b = await toySku(u, { ...TOY_SUPPLIER, name: 'Spielwaren Fabrik GmbH 2' });
    const c = await toySku(u, OTHER_SUPPLIER);
    const plain = await createSku(u, { sku_code: `PL-${crypto.randomUUID().slice(0, 8)}`, product_name: 'Plain' });
    const ids = [a.sku.id, b.sku.id, c.sku.id, plain.id];
    const res = await bulk(u, { ids, items: ['TOY_DOC_MISSING', 'TOY_EN71_REPORT_MISSING'] });
    expect(res.status, res.text).toBe(200);
    const byId = new Map(res.body.results.map((r: any) => [r.sku_id, r]));
    for (const s of [a, b, c]) {
      const r = byId.get(s.sku.id) as { ok: boolean; items: string[] };
      expect(r.ok).toBe(true);
      expect([...r.items].sort()).toEqual(['TOY_DOC_MISSING', 'TOY_EN71_REPORT_MISSING']);
    }
    expect(byId.get(plain.id)).toMatchObject({ ok: false, code: 'NOTHING_TO_REQUEST', request_id: null });

    // Two mails: the German supplier's lists two products, the French one's one.
    expect(server().mails).toHaveLength(2);
    const de = server().mails.find((m) => m.envelopeTo.includes('compliance@spielwaren.example'))!;
    const fr = server().mails.find((m) => m.envelopeTo.includes('qualite@jouets.example'))!;
    expect(de.parsed.subject).toBe('Benötigte Konformitätsunterlagen für 2 Produkte');
    // A supplier asked about one product gets the single-SKU wording.
    expect(fr.parsed.subject).toBe(`Documents de conformité nécessaires pour Wooden train (${c.sku.sku_code})`);
    // The products are listed by SKU code.
    const [first, second] = [a.sku.sku_code, b.sku.sku_code].sort();
    expect(de.parsed.text!.indexOf(first)).toBeGreaterThan(0);
    expect(de.parsed.text!.indexOf(second)).toBeGreaterThan(de.parsed.text!.indexOf(first));
    expect(de.parsed.text).not.toContain(c.sku.sku_code);
    expect(de.parsed.text).toContain('EU-Konformitätserklärung mit Verweis auf 2009/48/EC');
    // Items not chosen are not asked.
    expect(de.parsed.text).not.toContain('Altersangabe');

    const db = await getDb();
    const rows = await db
      .select()
      .from(supplierRequests)
      .where(and(eq(supplierRequests.workspaceId, u.workspaceId), inArray(supplierRequests.skuId, ids)));
    expect(rows).toHaveLength(3);
    for (const r of rows) {
      expect(r.status).toBe('sent');
      expect(byId.get(r.skuId)).toMatchObject({ request_id: r.id });
    }
    const deRows = rows.filter((r) => r.recipient === 'compliance@spielwaren.example');
    expect(deRows).toHaveLength(2);
    // Same mail, same Message-ID; each SKU's own upload link is in it.
    expect(new Set(deRows.map((r) => r.messageId)).size).toBe(1);
    expect(de.parsed.messageId).toBe(deRows[0].messageId);
    const listed = await list(u, { sku_id: a.sku.id });
    expect(listed.status, listed.text).toBe(200);
    const own = listed.body.data[0];
    expect(own.status).toBe('sent');
    expect(de.parsed.text).toContain(own.upload_url);
    expect(tokenOf(own.upload_url)).toBeTruthy();
    const audits = await db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.workspaceId, u.workspaceId), eq(auditEvents.action, 'sku.supplier_request_sent')));
    expect(audits).toHaveLength(3);
    // Each request's timeline starts with its `created` event, which says it came with a mail of several.
    const created = await db
      .select()
      .from(supplierRequestEvents)
      .where(
        and(
          inArray(
            supplierRequestEvents.requestId,
            deRows.map((r) => r.id),
          ),
          eq(supplierRequestEvents.kind, 'created'),
        ),
      );
    expect(created.map((e) => e.data)).toEqual([
      { items: expect.any(Array), to: 'compliance@spielwaren.example', bulk: true, sku_count: 2 },
      { items: expect.any(Array), to: 'compliance@spielwaren.example', bulk: true, sku_count: 2 },
    ]);
  });

  it('a chosen supplier entity gets every SKU; a SKU without any address is NO_RECIPIENT', async () => {
    const u = await makeUser();
    const a = await toySku(u);
    const noMail = await toySku(u, { ...TOY_SUPPLIER, email: undefined, name: 'Ohne Mail GmbH' });
    const res1 = await bulk(u, { ids: [noMail.sku.id] });
    expect(res1.status, res1.text).toBe(200);
    expect(res1.body.results[0]).toMatchObject({ ok: false, code: 'NO_RECIPIENT' });
    expect(server().mails).toHaveLength(0);

    const chosen = await createEntity(u, OTHER_SUPPLIER);
    const res = await bulk(u, { ids: [a.sku.id, noMail.sku.id], entity_id: chosen.id });
    expect(res.status, res.text).toBe(200);
    expect(res.body.results.every((r: any) => r.ok && r.to === 'qualite@jouets.example')).toBe(true);
    expect(res.body.mails).toHaveLength(1);
    expect(res.body.mails[0]).toMatchObject({ entity_id: chosen.id, locale: 'fr' });
    expect(server().mails).toHaveLength(1);
    expect(server().mails[0].parsed.subject).toBe('Documents de conformité nécessaires pour 2 produits');
  });

  it("an id of another workspace is 404 listing it; nothing is sent or stored; another workspace's entity is 404", async () => {
    const u = await makeUser();
    const other = await makeUser();
    const mine = await toySku(u);
    const theirs = await toySku(other);
    const res = await bulk(u, { ids: [mine.sku.id, theirs.sku.id] });
    expectEnvelope(res, 404, 'NOT_FOUND');
    expect(res.body.error.details.missing_ids).toEqual([theirs.sku.id]);
    const res2 = await bulk(u, { ids: [mine.sku.id], entity_id: theirs.entity.id });
    expectEnvelope(res2, 404, 'NOT_FOUND');
    expect(server().mails).toHaveLength(0);
    const db = await getDb();
    const rows = await db.select().from(supplierRequests).where(eq(supplierRequests.skuId, mine.sku.id));
    expect(rows).toHaveLength(0);
  });

  it('a viewer gets 403; an item open on none of the SKUs is 400; 0 or 101 ids are 400', async () => {
    const u = await makeUser();
    const a = await toySku(u);
    const viewer = await addMember(u, 'viewer');
    expectEnvelope(await bulk(viewer, { ids: [a.sku.id] }), 403, 'INSUFFICIENT_ROLE');
    expectEnvelope(await bulk(u, { ids: [a.sku.id], items: ['NO_SUCH_ITEM'] }), 400, 'VALIDATION_FAILED');
    expectEnvelope(await bulk(u, { ids: [] }), 400, 'VALIDATION_FAILED');
    const many = Array.from({ length: 101 }, () => crypto.randomUUID());
    expectEnvelope(await bulk(u, { ids: many }), 400, 'VALIDATION_FAILED');
    expect(server().mails).toHaveLength(0);
  });

  it('an Idempotency-Key replay answers the same and sends no second mail; dry_run sends and stores nothing', async () => {
    const u = await makeUser();
    const a = await toySku(u);
    const b = await toySku(u);
    const ids = [a.sku.id, b.sku.id];

    const dry = await bulk(u, { ids }, { query: { dry_run: 'true' } });
    expect(dry.status, dry.text).toBe(200);
    expect(dry.body.dry_run).toBe(true);
    expect(dry.body.mails).toHaveLength(1);
    expect(dry.body.mails[0].body).toContain('{upload_link}');
    expect(dry.body.available_items.find((i: any) => i.key === 'TOY_DOC_MISSING')).toMatchObject({ sku_count: 2 });
    expect(server().mails).toHaveLength(0);
    const db = await getDb();
    expect(await db.select().from(supplierRequests).where(inArray(supplierRequests.skuId, ids))).toHaveLength(0);

    const key = crypto.randomUUID();
    const first = await bulk(u, { ids }, { key });
    expect(first.status, first.text).toBe(200);
    const again = await bulk(u, { ids }, { key });
    expect(again.status).toBe(200);
    expect(again.body.results).toEqual(first.body.results);
    expect(server().mails).toHaveLength(1);
    expect(await db.select().from(supplierRequests).where(inArray(supplierRequests.skuId, ids))).toHaveLength(2);
  });

  it('a refused mail keeps the requests as failed and says so per SKU', async () => {
    const u = await makeUser();
    const a = await toySku(u);
    server().state.refuse = true;
    const res = await bulk(u, { ids: [a.sku.id] });
    expect(res.status, res.text).toBe(200);
    expect(res.body.results[0]).toMatchObject({ ok: false, code: 'EMAIL_DELIVERY_FAILED' });
    expect(res.body.mails[0].ok).toBe(false);
    const db = await getDb();
    const [row] = await db.select().from(supplierRequests).where(eq(supplierRequests.skuId, a.sku.id));
    expect(row.status).toBe('failed');
  });
});
