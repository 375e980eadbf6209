/**
 * Syncing a dossier field from the linked entity (POST /api/skus/{id}/fields/{fieldId}/sync-from-entity):
 * a confirmed value whose provenance names the entity, dry run and Idempotency-Key, 409/422/400/404 for
 * what cannot be synced, tenant isolation, and one current value under 20 concurrent syncs.
 */
import { describe, expect, it } from 'vitest';
import { and, eq, isNull } from 'drizzle-orm';
import { getDb } from '@/lib/db/client';
import { auditEvents, dossierValues } from '@/lib/db/schema';
import * as syncRoute from '@/app/api/skus/[id]/fields/[fieldId]/sync-from-entity/route';
import * as entityRoute from '@/app/api/entities/[id]/route';
import { call, expectEnvelope, makeUser, type TestUser } from '../../helpers/http';
import { useTestDatabase } from '../../helpers/db';
import {
  createEntity,
  createSku,
  EU_MANUFACTURER,
  EU_RESPONSIBLE_PERSON,
  link,
  setField,
  withTempBlobStore,
} from '../skus/fixtures';

useTestDatabase();
withTempBlobStore();

const sync = (u: TestUser, skuId: string, fieldId: string, opts: { dryRun?: boolean; key?: string } = {}) =>
  call(syncRoute, 'POST', `/api/skus/${skuId}/fields/${fieldId}/sync-from-entity`, {
    cookie: u.cookie,
    params: { id: skuId, fieldId },
    query: opts.dryRun ? { dry_run: 'true' } : undefined,
    headers: opts.key !== undefined ? { 'Idempotency-Key': opts.key } : undefined,
  });

async function rows(skuId: string, fieldKey: string) {
  const db = await getDb();
  return db
    .select()
    .from(dossierValues)
    .where(and(eq(dossierValues.skuId, skuId), eq(dossierValues.fieldKey, fieldKey)));
}

describe('syncFieldFromEntity — POST /api/skus/{id}/fields/{fieldId}/sync-from-entity', () => {
  it('409 NO_LINKED_ENTITY without an entity of the role; dry run shows old and new and writes nothing', async () => {
    const u = await makeUser();
    const sku = await createSku(u, { sku_code: 'SYNC-1', product_name: 'Lamp' });
    const e = expectEnvelope(await sync(u, sku.id, 'manufacturer_name'), 409, 'NO_LINKED_ENTITY');
    expect(e.details).toMatchObject({ role: 'manufacturer', field_key: 'manufacturer_name' });

    const m = await createEntity(u, EU_MANUFACTURER);
    await link(u, sku.id, 'manufacturer', m.id);
    await setField(u, sku.id, 'manufacturer_name', 'Holzwerk Mueller');
    const dry = await sync(u, sku.id, 'manufacturer_name', { dryRun: true });
    expect(dry.status, dry.text).toBe(200);
    expect(dry.body).toEqual({
      dry_run: true,
      field_key: 'manufacturer_name',
      entity: { id: m.id, name: EU_MANUFACTURER.name, role: 'manufacturer' },
      old_value: 'Holzwerk Mueller',
      new_value: EU_MANUFACTURER.name,
      would_change: true,
    });
    const current = (await rows(sku.id, 'manufacturer_name')).filter(
      (r) => r.status === 'confirmed' && !r.supersededAt,
    );
    expect(current.map((r) => r.value)).toEqual(['Holzwerk Mueller']);
  });

  it('writes a confirmed value whose provenance names the entity; Idempotency-Key replays; a second sync changes nothing', async () => {
    const u = await makeUser();
    const sku = await createSku(u, { sku_code: 'SYNC-2', product_name: 'Lamp' });
    const m = await createEntity(u, EU_MANUFACTURER);
    await link(u, sku.id, 'manufacturer', m.id);
    const first = await sync(u, sku.id, 'manufacturer_address', { key: 'sync-addr-1' });
    expect(first.status, first.text).toBe(200);
    expect(first.body).toMatchObject({
      field_key: 'manufacturer_address',
      old_value: null,
      new_value: 'Werkstraße 5, 80331 München',
      changed: true,
      value: {
        status: 'confirmed',
        source: 'entity_sync',
        provenance: { entity_id: m.id, note: expect.stringContaining(EU_MANUFACTURER.name) },
        created_by: u.email,
      },
    });
    const replay = await sync(u, sku.id, 'manufacturer_address', { key: 'sync-addr-1' });
    expect(replay.body).toEqual(first.body);
    expect(replay.headers.get('idempotency-replayed')).toBe('true');
    const again = await sync(u, sku.id, 'manufacturer_address');
    expect(again.body).toMatchObject({ changed: false, old_value: 'Werkstraße 5, 80331 München' });
    expect(await rows(sku.id, 'manufacturer_address')).toHaveLength(1);

    // The entity moves: the next sync replaces the value and keeps the old one as history.
    await call(entityRoute, 'PATCH', `/api/entities/${m.id}`, {
      cookie: u.cookie,
      params: { id: m.id },
      body: { street: 'Hafenstraße 9' },
    });
    const moved = await sync(u, sku.id, 'manufacturer_address');
    expect(moved.body).toMatchObject({
      changed: true,
      old_value: 'Werkstraße 5, 80331 München',
      new_value: 'Hafenstraße 9, 80331 München',
    });
    const all = await rows(sku.id, 'manufacturer_address');
    expect(all.filter((r) => !r.supersededAt).map((r) => r.value)).toEqual(['Hafenstraße 9, 80331 München']);
    expect(all).toHaveLength(2);
    const db = await getDb();
    const audit = await db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.targetId, sku.id), eq(auditEvents.action, 'dossier.value_set')));
    expect(audit.map((a) => (a.data as any).source)).toEqual(['entity_sync', 'entity_sync']);
  });

  it('email, country and the EU responsible person; 422 when the entity lacks the value; 400/404 for other fields', async () => {
    const u = await makeUser();
    const sku = await createSku(u, { sku_code: 'SYNC-3', product_name: 'Lamp' });
    const rp = await createEntity(u, EU_RESPONSIBLE_PERSON);
    await link(u, sku.id, 'responsible_person', rp.id);
    expect((await sync(u, sku.id, 'responsible_person_email')).body).toMatchObject({
      new_value: EU_RESPONSIBLE_PERSON.email,
      changed: true,
    });
    expect((await sync(u, sku.id, 'responsible_person_country')).body).toMatchObject({ new_value: 'NL' });
    const bare = await createEntity(u, { name: 'Bare Importer SARL' });
    await link(u, sku.id, 'importer', bare.id);
    const missing = expectEnvelope(await sync(u, sku.id, 'importer_email'), 422, 'ENTITY_VALUE_MISSING');
    expect(missing.details).toMatchObject({ entity_id: bare.id, attribute: 'email' });
    expectEnvelope(await sync(u, sku.id, 'brand'), 400, 'VALIDATION_FAILED');
    expectEnvelope(await sync(u, sku.id, 'colour'), 404, 'NOT_FOUND');
    expectEnvelope(await sync(u, sku.id, 'importer_email', { key: '' }), 400, 'INVALID_IDEMPOTENCY_KEY');
  });

  it('another workspace gets 404 and nothing changes', async () => {
    const u = await makeUser();
    const other = await makeUser();
    const sku = await createSku(u, { sku_code: 'SYNC-4', product_name: 'Lamp' });
    const m = await createEntity(u, EU_MANUFACTURER);
    await link(u, sku.id, 'manufacturer', m.id);
    expectEnvelope(await sync(other, sku.id, 'manufacturer_name'), 404, 'NOT_FOUND');
    expectEnvelope(await sync(other, sku.id, 'manufacturer_name', { dryRun: true }), 404, 'NOT_FOUND');
    expect(await rows(sku.id, 'manufacturer_name')).toHaveLength(0);
  });

  it('20 concurrent syncs of one field leave one current value', async () => {
    const u = await makeUser();
    const sku = await createSku(u, { sku_code: 'SYNC-5', product_name: 'Lamp' });
    const m = await createEntity(u, EU_MANUFACTURER);
    await link(u, sku.id, 'manufacturer', m.id);
    const all = await Promise.all(Array.from({ length: 20 }, () => sync(u, sku.id, 'manufacturer_email')));
    expect(all.map((r) => r.status).every((s) => s === 200)).toBe(true);
    expect(all.filter((r) => r.body.changed)).toHaveLength(1);
    const db = await getDb();
    const current = await db
      .select()
      .from(dossierValues)
      .where(
        and(
          eq(dossierValues.skuId, sku.id),
          eq(dossierValues.fieldKey, 'manufacturer_email'),
          isNull(dossierValues.supersededAt),
        ),
      );
    expect(current.map((r) => [r.value, r.status, r.source])).toEqual([
      [EU_MANUFACTURER.email, 'confirmed', 'entity_sync'],
    ]);
  });
});
