/**
 * Entities: detail with the SKUs and roles linked to it, role-aware linking (a non-EU entity is no EU
 * responsible person), merge and undo moving links and provenance with an audit trail, refused merges,
 * tenant isolation, and exactly one winner of two concurrent merges.
 */
import { describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { getDb } from '@/lib/db/client';
import { auditEvents, dossierValues, skuEntities } from '@/lib/db/schema';
import * as entityRoute from '@/app/api/entities/[id]/route';
import * as mergeRoute from '@/app/api/entities/[id]/merge/route';
import * as mergesRoute from '@/app/api/entities/[id]/merges/route';
import * as undoRoute from '@/app/api/entity-merges/[id]/undo/route';
import * as auditRoute from '@/app/api/audit-events/route';
import * as syncRoute from '@/app/api/skus/[id]/fields/[fieldId]/sync-from-entity/route';
import { call, expectEnvelope, makeUser, type TestUser } from '../../helpers/http';
import { useTestDatabase } from '../../helpers/db';
import {
  CN_MANUFACTURER,
  createEntity,
  createSku,
  entitiesRoute,
  EU_MANUFACTURER,
  EU_RESPONSIBLE_PERSON,
  link,
  linkRoute,
  withTempBlobStore,
} from '../skus/fixtures';

useTestDatabase();
withTempBlobStore();

const merge = (u: TestUser, survivorId: string, duplicateId: string) =>
  call(mergeRoute, 'POST', `/api/entities/${survivorId}/merge`, {
    cookie: u.cookie,
    params: { id: survivorId },
    body: { duplicate_id: duplicateId },
  });
const undo = (u: TestUser, mergeId: string) =>
  call(undoRoute, 'POST', `/api/entity-merges/${mergeId}/undo`, { cookie: u.cookie, params: { id: mergeId } });
const detail = (u: TestUser, id: string) =>
  call(entityRoute, 'GET', `/api/entities/${id}`, { cookie: u.cookie, params: { id } });

async function linksOf(skuId: string) {
  const db = await getDb();
  const rows = await db.select().from(skuEntities).where(eq(skuEntities.skuId, skuId));
  return Object.fromEntries(rows.map((r) => [r.role, r.entityId]));
}

describe('getEntity — entity detail', () => {
  it('lists the SKUs linked to an entity with the role each gives it, and the roles in the list', async () => {
    const u = await makeUser();
    const m = await createEntity(u, EU_MANUFACTURER);
    const a = await createSku(u, { sku_code: 'DET-A', product_name: 'Board' });
    const b = await createSku(u, { sku_code: 'DET-B', product_name: 'Spoon' });
    await link(u, a.id, 'manufacturer', m.id);
    await link(u, b.id, 'manufacturer', m.id);
    await link(u, b.id, 'importer', m.id);
    const got = await detail(u, m.id);
    expect(got.status, got.text).toBe(200);
    expect(got.body.entity).toMatchObject({ id: m.id, sku_count: 2, roles: ['importer', 'manufacturer'] });
    expect(got.body.linked_skus.map((l: any) => `${l.sku.sku_code}:${l.role}`)).toEqual([
      'DET-A:manufacturer',
      'DET-B:importer',
      'DET-B:manufacturer',
    ]);
    const list = await call(entitiesRoute, 'GET', '/api/entities', { cookie: u.cookie });
    expect(list.body.data.find((e: any) => e.id === m.id)).toMatchObject({
      sku_count: 2,
      roles: ['importer', 'manufacturer'],
    });
  });
});

describe('linkSkuEntity — role-aware linking', () => {
  it('refuses a Chinese entity as EU responsible person (422 ENTITY_NOT_ESTABLISHED_IN_EU), allows it as manufacturer', async () => {
    const u = await makeUser();
    const sku = await createSku(u, { sku_code: 'RP-1', product_name: 'Lamp' });
    const cn = await createEntity(u, CN_MANUFACTURER);
    for (const role of ['responsible_person', 'authorised_representative']) {
      const res = await call(linkRoute, 'PUT', `/api/skus/${sku.id}/entities/${role}`, {
        cookie: u.cookie,
        params: { id: sku.id, role },
        body: { entity_id: cn.id },
      });
      const e = expectEnvelope(res, 422, 'ENTITY_NOT_ESTABLISHED_IN_EU');
      expect(e.details).toEqual({ role, entity_id: cn.id, country: 'CN' });
      expect(e.message).toContain('China');
    }
    expect(await linksOf(sku.id)).toEqual({});
    await link(u, sku.id, 'manufacturer', cn.id);
    // Without a country the link is allowed: the SKU's blocker asks for the country instead.
    const bare = await createEntity(u, { name: 'Somewhere Rep' });
    await link(u, sku.id, 'responsible_person', bare.id);
    // ...but moving a linked responsible person out of the EU is refused.
    const rp = await createEntity(u, EU_RESPONSIBLE_PERSON);
    await link(u, sku.id, 'responsible_person', rp.id);
    const moved = await call(entityRoute, 'PATCH', `/api/entities/${rp.id}`, {
      cookie: u.cookie,
      params: { id: rp.id },
      body: { country: 'CN' },
    });
    expectEnvelope(moved, 422, 'ENTITY_NOT_ESTABLISHED_IN_EU');
    expect((await detail(u, rp.id)).body.entity.country).toBe('NL');
  });
});

describe('mergeEntity, listEntityMerges, undoEntityMerge — POST /api/entities/{id}/merge and undo', () => {
  it('moves links and provenance to the survivor, audits it, and undo restores the duplicate and its links', async () => {
    const u = await makeUser();
    const db = await getDb();
    const survivor = await createEntity(u, { ...EU_MANUFACTURER, email: null });
    const dup = await createEntity(u, { ...EU_MANUFACTURER, name: 'Holzwerk Mueller GmbH' });
    const a = await createSku(u, { sku_code: 'MRG-A', product_name: 'Board' });
    const b = await createSku(u, { sku_code: 'MRG-B', product_name: 'Spoon' });
    await link(u, a.id, 'manufacturer', dup.id);
    await link(u, b.id, 'importer', dup.id);
    await link(u, b.id, 'manufacturer', survivor.id);
    const synced = await call(syncRoute, 'POST', `/api/skus/${a.id}/fields/manufacturer_name/sync-from-entity`, {
      cookie: u.cookie,
      params: { id: a.id, fieldId: 'manufacturer_name' },
    });
    expect(synced.status, synced.text).toBe(200);
    const provenanceOf = async () =>
      (
        await db
          .select({ p: dossierValues.provenance })
          .from(dossierValues)
          .where(and(eq(dossierValues.skuId, a.id), eq(dossierValues.fieldKey, 'manufacturer_name')))
      ).map((r) => r.p.entity_id);
    expect(await provenanceOf()).toEqual([dup.id]);

    const res = await merge(u, survivor.id, dup.id);
    expect(res.status, res.text).toBe(200);
    expect(res.body.merge).toMatchObject({
      survivor_id: survivor.id,
      merged_id: dup.id,
      merged_name: 'Holzwerk Mueller GmbH',
      moved_provenance: 1,
      filled_fields: ['email'],
      undone_at: null,
    });
    expect(res.body.merge.moved_links).toHaveLength(2);
    expect(res.body.entity.email).toBe(EU_MANUFACTURER.email);
    expect(await linksOf(a.id)).toEqual({ manufacturer: survivor.id });
    expect(await linksOf(b.id)).toEqual({ manufacturer: survivor.id, importer: survivor.id });
    expect(await provenanceOf()).toEqual([survivor.id]);
    expectEnvelope(await detail(u, dup.id), 404, 'NOT_FOUND');
    const after = await detail(u, survivor.id);
    expect(after.body.linked_skus.map((l: any) => `${l.sku.sku_code}:${l.role}`)).toEqual([
      'MRG-A:manufacturer',
      'MRG-B:importer',
      'MRG-B:manufacturer',
    ]);
    const [event] = await db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.action, 'entity.merged'), eq(auditEvents.targetId, survivor.id)));
    expect(event.data).toMatchObject({ merged_id: dup.id, merged_name: 'Holzwerk Mueller GmbH', links: 2 });
    // The audit log names the entity and the SKUs by their names and codes, never by an id.
    const log = await call(auditRoute, 'GET', '/api/audit-events', { cookie: u.cookie, query: { limit: '100' } });
    expect(log.status, log.text).toBe(200);
    const merged = log.body.events.find((e: any) => e.action === 'entity.merged');
    expect(merged).toMatchObject({ target_type: 'entity', target_label: EU_MANUFACTURER.name });
    const linked = log.body.events.filter((e: any) => e.action === 'sku.entity_linked');
    expect(linked.map((e: any) => e.target_label).sort()).toEqual(['MRG-A', 'MRG-B', 'MRG-B']);
    const merges = await call(mergesRoute, 'GET', `/api/entities/${survivor.id}/merges`, {
      cookie: u.cookie,
      params: { id: survivor.id },
    });
    expect(merges.body.data.map((m: any) => m.id)).toEqual([res.body.merge.id]);

    const undone = await undo(u, res.body.merge.id);
    expect(undone.status, undone.text).toBe(200);
    expect(undone.body.entity).toMatchObject({ id: dup.id, name: 'Holzwerk Mueller GmbH' });
    expect(undone.body.restored_links).toHaveLength(2);
    expect(await linksOf(a.id)).toEqual({ manufacturer: dup.id });
    expect(await linksOf(b.id)).toEqual({ manufacturer: survivor.id, importer: dup.id });
    expect(await provenanceOf()).toEqual([dup.id]);
    expect((await detail(u, survivor.id)).body.entity.email).toBeNull();
    expect((await detail(u, dup.id)).body.entity.created_at).toBe(dup.created_at);
    const undoEvents = await db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.action, 'entity.merge_undone'), eq(auditEvents.targetId, dup.id)));
    expect(undoEvents).toHaveLength(1);
    // Twice is refused, and changes nothing.
    const again = expectEnvelope(await undo(u, res.body.merge.id), 409, 'ENTITY_MERGE_CONFLICT');
    expect(again.details).toEqual({ reason: 'already_undone' });
    expect(await linksOf(a.id)).toEqual({ manufacturer: dup.id });
  });

  it('refuses self-merge, and a merge that would make a Chinese entity the EU responsible person', async () => {
    const u = await makeUser();
    const rp = await createEntity(u, EU_RESPONSIBLE_PERSON);
    const cn = await createEntity(u, CN_MANUFACTURER);
    const sku = await createSku(u, { sku_code: 'MRG-RP', product_name: 'Lamp' });
    await link(u, sku.id, 'responsible_person', rp.id);
    expect(expectEnvelope(await merge(u, rp.id, rp.id), 409, 'ENTITY_MERGE_CONFLICT').details).toEqual({
      reason: 'same_entity',
    });
    expectEnvelope(await merge(u, cn.id, rp.id), 422, 'ENTITY_NOT_ESTABLISHED_IN_EU');
    expect(await linksOf(sku.id)).toEqual({ responsible_person: rp.id });
    expect((await detail(u, rp.id)).status).toBe(200);
  });

  it('another workspace gets 404 on merge, merges list and undo, and nothing moves', async () => {
    const owner = await makeUser();
    const stranger = await makeUser();
    const a = await createEntity(owner, EU_MANUFACTURER);
    const b = await createEntity(owner, { ...EU_MANUFACTURER, name: 'Holzwerk Mueller' });
    const mine = await createEntity(stranger, { name: 'Mine' });
    const sku = await createSku(owner, { sku_code: 'ISO-1', product_name: 'Board' });
    await link(owner, sku.id, 'manufacturer', b.id);
    expectEnvelope(await merge(stranger, a.id, b.id), 404, 'NOT_FOUND');
    expectEnvelope(await merge(stranger, mine.id, b.id), 404, 'NOT_FOUND');
    expectEnvelope(await merge(owner, a.id, mine.id), 404, 'NOT_FOUND');
    expectEnvelope(
      await call(mergesRoute, 'GET', `/api/entities/${a.id}/merges`, { cookie: stranger.cookie, params: { id: a.id } }),
      404,
      'NOT_FOUND',
    );
    const ok = await merge(owner, a.id, b.id);
    expect(ok.status, ok.text).toBe(200);
    expectEnvelope(await undo(stranger, ok.body.merge.id), 404, 'NOT_FOUND');
    expect(await linksOf(sku.id)).toEqual({ manufacturer: a.id });
    expectEnvelope(await detail(stranger, a.id), 404, 'NOT_FOUND');
  });

  it('two concurrent merges of the same duplicate: exactly one wins, the other is 409, links are consistent', async () => {
    const u = await makeUser();
    const s1 = await createEntity(u, { ...EU_MANUFACTURER, name: 'Survivor One' });
    const s2 = await createEntity(u, { ...EU_MANUFACTURER, name: 'Survivor Two' });
    const dup = await createEntity(u, { ...EU_MANUFACTURER, name: 'Duplicate' });
    const skus = [];
    for (let i = 0; i < 5; i++) {
      const s = await createSku(u, { sku_code: `CC-${i}`, product_name: 'Board' });
      await link(u, s.id, 'manufacturer', dup.id);
      skus.push(s);
    }
    const results = await Promise.all([merge(u, s1.id, dup.id), merge(u, s2.id, dup.id)]);
    const statuses = results.map((r) => r.status).sort();
    expect(statuses, results.map((r) => r.text).join('\n')).toEqual([200, 409]);
    const loser = results.find((r) => r.status === 409)!;
    expect(loser.body.error.details.reason).toBe('already_merged');
    const winner = results.find((r) => r.status === 200)!.body.merge.survivor_id as string;
    for (const s of skus) expect(await linksOf(s.id)).toEqual({ manufacturer: winner });

    // A chain (dup2 into s1 while s1 goes into s2) serializes on s1: every link ends on one live entity.
    const dup2 = await createEntity(u, { ...EU_MANUFACTURER, name: 'Duplicate Two' });
    const other = await createSku(u, { sku_code: 'CC-X', product_name: 'Board' });
    await link(u, other.id, 'manufacturer', dup2.id);
    const loserSurvivor = winner === s1.id ? s2.id : s1.id;
    const chain = await Promise.all([merge(u, winner, dup2.id), merge(u, loserSurvivor, winner)]);
    expect(chain[1].status, chain[1].text).toBe(200);
    // Whichever ran first: either both merged, or the first found its survivor already gone (404).
    expect([200, 404]).toContain(chain[0].status);
    for (const s of skus) expect(await linksOf(s.id)).toEqual({ manufacturer: loserSurvivor });
    expect(await linksOf(other.id)).toEqual({ manufacturer: chain[0].status === 200 ? loserSurvivor : dup2.id });
    // Undoing the first merge now is refused (its survivor was merged away); undo the later one first.
    const first = results.find((r) => r.status === 200)!.body.merge.id as string;
    expect(expectEnvelope(await undo(u, first), 409, 'ENTITY_MERGE_CONFLICT').details).toEqual({
      reason: 'survivor_gone',
    });

    // Twenty concurrent undos of one merge: one restores, nineteen are 409.
    const last = chain[1].body.merge.id as string;
    const undos = await Promise.all(Array.from({ length: 20 }, () => undo(u, last)));
    expect(undos.filter((r) => r.status === 200)).toHaveLength(1);
    expect(undos.filter((r) => r.status === 409)).toHaveLength(19);
    for (const s of skus) expect(await linksOf(s.id)).toEqual({ manufacturer: winner });
  });
});
