/**
 * Operators found in imports and documents become entities with their country: an import with full
 * addresses ("…, 518000 Shenzhen, China") gives Chinese manufacturers; a DoC's manufacturer and EU
 * responsible person are entity candidates that one call links or creates, clearing the blockers.
 */
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import * as candidateRoute from '@/app/api/documents/[id]/entity-candidates/[role]/route';
import * as candidatesRoute from '@/app/api/documents/[id]/entity-candidates/route';
import * as resolutionRoute from '@/app/api/imports/[batchId]/entity-resolution/route';
import * as reviewRoute from '@/app/api/imports/[batchId]/review/route';
import * as entitiesRoute from '@/app/api/entities/route';
import { getDb } from '@/lib/db/client';
import { entities } from '@/lib/db/schema';
import { call, expectEnvelope, makeUser } from '../../helpers/http';
import { useTestDatabase } from '../../helpers/db';
import { importAndRun, skuWithValues } from '../imports/helpers';
import { blockerCodes, createSku, fixtureText, pdfOf, settleJobs, uploadDoc } from './helpers';

useTestDatabase();

const CATALOGUE = [
  'Artikelnummer;Produktname;EAN;Hersteller;Hersteller Adresse;Hersteller E-Mail;Märkte',
  "LAMP-1;Taschenlampe 40;4006381333931;Brightlux Lighting Co., Ltd.;Room 1203, Building A, Bao'an District, 518000 Shenzhen, China;export@brightlux.example;DE, AT",
  "LAMP-2;Taschenlampe 60;96385074;Brightlux Lighting Co., Ltd.;Room 1203, Building A, Bao'an District, 518000 Shenzhen, China;export@brightlux.example;DE",
  'LAMP-3;Stirnlampe;;Gartenwerk Nord GmbH;Industriestraße 7, 33609 Bielefeld, Deutschland;info@gartenwerk-nord.example;FR',
].join('\n');

describe('imports: addresses with countries', () => {
  it('the country at the end of an address is the manufacturer country; "Märkte" maps to target markets; created entities have street, postcode, city, country', async () => {
    const u = await makeUser();
    const { batch } = await importAndRun(u, CATALOGUE, 'katalog.csv');
    expect(batch.status, JSON.stringify(batch)).toMatch(/completed/);
    const lamp = (await skuWithValues(u.workspaceId, 'LAMP-1'))!;
    expect(lamp.values.manufacturer_country?.value).toBe('CN');
    expect(lamp.values.target_markets?.value).toBe('DE,AT');
    expect((await skuWithValues(u.workspaceId, 'LAMP-3'))!.values.manufacturer_country?.value).toBe('DE');

    const review = await call(reviewRoute, 'GET', `/api/imports/${batch.id}/review`, {
      cookie: u.cookie,
      params: { batchId: batch.id },
    });
    const candidates = review.body.entity_candidates as {
      candidate_key: string;
      role: string;
      country: string | null;
      proposed_values: { name: string };
    }[];
    expect(candidates.map((c) => [c.proposed_values.name, c.country]).sort()).toEqual([
      ['Brightlux Lighting Co., Ltd.', 'CN'],
      ['Gartenwerk Nord GmbH', 'DE'],
    ]);
    const res = await call(resolutionRoute, 'POST', `/api/imports/${batch.id}/entity-resolution`, {
      cookie: u.cookie,
      params: { batchId: batch.id },
      body: {
        decisions: candidates.map((c) => ({ candidate_key: c.candidate_key, role: c.role, action: 'create_new' })),
      },
    });
    expect(res.status, res.text).toBe(200);
    const db = await getDb();
    const rows = await db.select().from(entities).where(eq(entities.workspaceId, u.workspaceId));
    const brightlux = rows.find((r) => r.name.startsWith('Brightlux'))!;
    expect(brightlux).toMatchObject({
      street: "Room 1203, Building A, Bao'an District",
      postalCode: '518000',
      city: 'Shenzhen',
      country: 'CN',
    });
    expect(rows.find((r) => r.name.startsWith('Gartenwerk'))).toMatchObject({
      street: 'Industriestraße 7',
      postalCode: '33609',
      city: 'Bielefeld',
      country: 'DE',
    });
  });

  it('the entity form accepts a country name in another EU language', async () => {
    const u = await makeUser();
    const res = await call(entitiesRoute, 'POST', '/api/entities', {
      cookie: u.cookie,
      body: { name: 'Ningbo Soft Toys Co., Ltd.', country: 'Volksrepublik China' },
    });
    expect(res.status, res.text).toBe(201);
    expect(res.body.entity.country).toBe('CN');
    const bad = await call(entitiesRoute, 'POST', '/api/entities', {
      cookie: u.cookie,
      body: { name: 'X', country: 'Atlantis' },
    });
    expectEnvelope(bad, 400, 'VALIDATION_FAILED');
  });
});

describe('listDocumentEntityCandidates, applyDocumentEntityCandidate — documents: entity candidates', () => {
  it('a DoC for a SKU with a non-EU manufacturer: both operators are candidates with address parts; linking them clears the blockers', async () => {
    const u = await makeUser();
    const sku = await createSku(u, 'LAMP-40', { category_code: 'general' });
    const before = await blockerCodes(u, sku.id);
    expect(before).toEqual(expect.arrayContaining(['MANUFACTURER_MISSING']));
    const id = await uploadDoc(u, 'DoC flashlight.pdf', await pdfOf(fixtureText('en-doc-flashlight')), {
      sku_id: sku.id,
    });
    await settleJobs(u.workspaceId);

    const res = await call(candidatesRoute, 'GET', `/api/documents/${id}/entity-candidates`, {
      cookie: u.cookie,
      params: { id },
      query: { sku_id: sku.id },
    });
    expect(res.status, res.text).toBe(200);
    const byRole = Object.fromEntries(res.body.candidates.map((c: { role: string }) => [c.role, c]));
    expect(byRole.manufacturer).toMatchObject({
      name: 'Brightlux Lighting Co., Ltd.',
      email: 'export@brightlux.example',
      address: {
        street: "Room 1203, Building A, Bao'an District",
        postal_code: '518000',
        city: 'Shenzhen',
        country: 'CN',
      },
      matches: [],
      linked: null,
      page: 1,
    });
    expect(byRole.responsible_person).toMatchObject({
      name: 'Lumen Europe GmbH',
      address: { street: 'Hafenstraße 12', postal_code: '20457', city: 'Hamburg', country: 'DE' },
    });

    for (const role of ['manufacturer', 'responsible_person']) {
      const r = await call(candidateRoute, 'POST', `/api/documents/${id}/entity-candidates/${role}`, {
        cookie: u.cookie,
        params: { id, role },
        body: { sku_id: sku.id, action: 'create_new' },
      });
      expect(r.status, r.text).toBe(200);
      expect(r.body.created).toBe(true);
    }
    const after = await blockerCodes(u, sku.id);
    for (const code of [
      'MANUFACTURER_MISSING',
      'MANUFACTURER_ADDRESS_MISSING',
      'MANUFACTURER_COUNTRY_MISSING',
      'MANUFACTURER_ELECTRONIC_ADDRESS_MISSING',
      'EU_RESPONSIBLE_PERSON_MISSING',
      'RESPONSIBLE_PERSON_COUNTRY_MISSING',
      'RESPONSIBLE_PERSON_ADDRESS_MISSING',
      'RESPONSIBLE_PERSON_ELECTRONIC_ADDRESS_MISSING',
    ]) {
      expect(after, code).not.toContain(code);
    }
    // A second click finds the entity it created instead of making a duplicate.
    const again = await call(candidateRoute, 'POST', `/api/documents/${id}/entity-candidates/manufacturer`, {
      cookie: u.cookie,
      params: { id, role: 'manufacturer' },
      body: { sku_id: sku.id, action: 'create_new' },
    });
    expect(again.body.created).toBe(false);
    const list = await call(candidatesRoute, 'GET', `/api/documents/${id}/entity-candidates`, {
      cookie: u.cookie,
      params: { id },
      query: { sku_id: sku.id },
    });
    expect(list.body.candidates.find((c: { role: string }) => c.role === 'manufacturer')).toMatchObject({
      linked: { same: true },
      matches: [{ name: 'Brightlux Lighting Co., Ltd.', country: 'CN' }],
    });

    // Another workspace sees none of it.
    const other = await makeUser();
    expectEnvelope(
      await call(candidatesRoute, 'GET', `/api/documents/${id}/entity-candidates`, {
        cookie: other.cookie,
        params: { id },
      }),
      404,
      'NOT_FOUND',
    );
    expectEnvelope(
      await call(candidateRoute, 'POST', `/api/documents/${id}/entity-candidates/manufacturer`, {
        cookie: other.cookie,
        params: { id, role: 'manufacturer' },
        body: { sku_id: sku.id, action: 'create_new' },
      }),
      404,
      'NOT_FOUND',
    );
  });
});
