/**
 * POST /api/imports/{batchId}/entity-resolution, exactly per ImportEntityResolutionRequest/Response:
 * dry run echoes and writes nothing, create_new creates once and links the source rows' SKUs,
 * link_existing only with an entity of this workspace, 409 for two different decisions.
 */
import { and, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import * as resolutionRoute from '@/app/api/imports/[batchId]/entity-resolution/route';
import * as reviewRoute from '@/app/api/imports/[batchId]/review/route';
import { getDb } from '@/lib/db/client';
import { entities, importEntityCandidates, skuEntities, skus } from '@/lib/db/schema';
import { ImportEntityResolutionResponse } from '@/lib/imports/resolution';
import { call, expectEnvelope, makeUser, type TestUser } from '../../helpers/http';
import { useTestDatabase } from '../../helpers/db';
import { counts, fixture, importAndRun, postImport } from './helpers';

useTestDatabase();

const MAIN = 'mueller spielwaren gmbh|hauptstrasse 5 10115 berlin|info@mueller-spiel.de';
const SERVICE = 'mueller spielwaren gmbh|hauptstrasse 5 10115 berlin|service@mueller-spiel.de';
const FABBRICA = 'fabbrica giocattoli spa|via roma 1 20121 milano|vendite@fabbrica.it';

function resolve(
  u: TestUser,
  batchId: string,
  body: unknown,
  opts: { dryRun?: boolean; headers?: Record<string, string> } = {},
) {
  return call(resolutionRoute, 'POST', `/api/imports/${batchId}/entity-resolution`, {
    cookie: u.cookie,
    params: { batchId },
    body,
    query: opts.dryRun ? { dry_run: 'true' } : undefined,
    headers: opts.headers,
  });
}

async function imported() {
  const u = await makeUser();
  const { batch } = await importAndRun(u, fixture('katalog-de-windows1252.csv'), 'katalog.csv');
  return { u, batchId: batch.id as string };
}

async function links(workspaceId: string) {
  const db = await getDb();
  return db
    .select({ code: skus.skuCode, role: skuEntities.role, entityId: skuEntities.entityId })
    .from(skuEntities)
    .innerJoin(skus, eq(skus.id, skuEntities.skuId))
    .where(eq(skuEntities.workspaceId, workspaceId))
    .orderBy(skus.skuCode);
}

async function entityCount(workspaceId: string) {
  const db = await getDb();
  const [r] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(entities)
    .where(eq(entities.workspaceId, workspaceId));
  return Number(r.n);
}

describe('getImportReview, resolveImportEntities — entity resolution', () => {
  it('candidates of the import: stable keys per role, conflicts for the same name with another email', async () => {
    const { u, batchId } = await imported();
    const review = await call(reviewRoute, 'GET', `/api/imports/${batchId}/review`, {
      cookie: u.cookie,
      params: { batchId },
    });
    const byKey = Object.fromEntries(review.body.entity_candidates.map((c: any) => [c.candidate_key, c]));
    // Row 4 (Fabbrica) has a wrong GTIN check digit, a flag that does not fail it: its manufacturer is proposed.
    expect(Object.keys(byKey).sort()).toEqual([MAIN, SERVICE, FABBRICA].sort());
    expect(byKey[FABBRICA].source_rows).toEqual([4]);
    expect(byKey[MAIN]).toMatchObject({
      role: 'manufacturer',
      proposed_values: {
        name: 'Müller Spielwaren GmbH',
        address: 'Hauptstr. 5, 10115 Berlin',
        email: 'info@mueller-spiel.de',
      },
      has_conflicts: true,
    });
    expect(byKey[MAIN].source_rows).toEqual([2, 3]);
    expect(byKey[SERVICE].source_rows).toEqual([5]);
    expect(byKey[MAIN].conflicts.map((c: any) => c.type)).toContain('same_name_different_email');
  });

  it('dry run echoes decisions and planned counts in the exact response shape and writes nothing', async () => {
    const { u, batchId } = await imported();
    const before = { ...(await counts(u.workspaceId)), entities: await entityCount(u.workspaceId) };
    const body = {
      decisions: [
        {
          candidate_key: MAIN,
          role: 'manufacturer',
          action: 'create_new',
          proposed_values: {
            name: 'Müller Spielwaren GmbH',
            address: 'Hauptstraße 5, 10115 Berlin',
            email: 'info@mueller-spiel.de',
          },
        },
        { candidate_key: SERVICE, role: 'manufacturer', action: 'ignore', reason: 'same company, old address' },
      ],
    };
    for (const res of [
      await resolve(u, batchId, body, { dryRun: true }),
      await resolve(u, batchId, { ...body, dry_run: true }),
    ]) {
      expect(res.status).toBe(200);
      expect(ImportEntityResolutionResponse.safeParse(res.body).success).toBe(true); // no extra keys
      expect(res.body).toMatchObject({
        dry_run: true,
        batch_id: batchId,
        valid_decisions: 2,
        planned: { link_existing: 0, create_new: 1, ignore: 1, unresolved: 0 },
      });
      expect(res.body.saved).toBeUndefined();
      expect(res.body.decisions[0]).toEqual({
        candidate_key: MAIN,
        role: 'manufacturer',
        action: 'create_new',
        proposed_values: {
          name: 'Müller Spielwaren GmbH',
          address: 'Hauptstraße 5, 10115 Berlin',
          email: 'info@mueller-spiel.de',
        },
        source_rows: [2, 3],
        has_conflicts: true,
        conflicts: expect.any(Array),
      });
      expect(res.body.decisions[1]).toMatchObject({
        action: 'ignore',
        reason: 'same company, old address',
        source_rows: [5],
      });
    }
    expect({ ...(await counts(u.workspaceId)), entities: await entityCount(u.workspaceId) }).toEqual(before);
    expect(await links(u.workspaceId)).toEqual([]);
    const db = await getDb();
    const decided = await db
      .select()
      .from(importEntityCandidates)
      .where(and(eq(importEntityCandidates.batchId, batchId), sql`${importEntityCandidates.decision} IS NOT NULL`));
    expect(decided).toEqual([]);
  });

  it('create_new creates the entity from proposed_values, links the source rows’ SKUs; a replay creates nothing more', async () => {
    const { u, batchId } = await imported();
    const body = { decisions: [{ candidate_key: MAIN, role: 'manufacturer', action: 'create_new' }] };
    const res = await resolve(u, batchId, body);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      dry_run: false,
      batch_id: batchId,
      saved: true,
      valid_decisions: 1,
      planned: { link_existing: 0, create_new: 1, ignore: 0, unresolved: 0 },
    });
    const db = await getDb();
    const ents = await db.select().from(entities).where(eq(entities.workspaceId, u.workspaceId));
    expect(ents).toHaveLength(1);
    expect(ents[0]).toMatchObject({
      name: 'Müller Spielwaren GmbH',
      street: 'Hauptstr. 5',
      postalCode: '10115',
      city: 'Berlin',
      country: null,
      email: 'info@mueller-spiel.de',
    }); // the file names no manufacturer country
    // Source rows 2 and 3: row 2 was superseded by row 5, so only A-101 (row 3) is linked.
    expect(await links(u.workspaceId)).toEqual([{ code: 'A-101', role: 'manufacturer', entityId: ents[0].id }]);

    // Replays: the same body again, and the same decision with another Idempotency-Key: no second entity.
    expect((await resolve(u, batchId, body)).status).toBe(200);
    expect((await resolve(u, batchId, body, { headers: { 'Idempotency-Key': 'k1' } })).status).toBe(200);
    expect(
      (await resolve(u, batchId, body, { headers: { 'Idempotency-Key': 'k1' } })).headers.get('idempotency-replayed'),
    ).toBe('true');
    expect(await entityCount(u.workspaceId)).toBe(1);

    const review = await call(reviewRoute, 'GET', `/api/imports/${batchId}/review`, {
      cookie: u.cookie,
      params: { batchId },
    });
    const main = review.body.entity_candidates.find((c: any) => c.candidate_key === MAIN);
    expect(main.decision).toMatchObject({
      action: 'create_new',
      entity_id: ents[0].id,
      decided_at: expect.any(String),
      applied_at: expect.any(String),
    });
    expect(main.existing_entity_id).toBe(ents[0].id);
    // Linked: the SKU's blockers were recomputed with the entity.
    const [a101] = await db
      .select()
      .from(skus)
      .where(and(eq(skus.workspaceId, u.workspaceId), eq(skus.skuCode, 'A-101')));
    expect(a101.blockers.some((b) => b.code === 'MANUFACTURER_NAME_MISSING')).toBe(false);
  });

  it('409 for two different decisions for one candidate and role, in one request or against the saved one', async () => {
    const { u, batchId } = await imported();
    const a = { candidate_key: SERVICE, role: 'manufacturer', action: 'ignore' };
    const b = { candidate_key: SERVICE, role: 'manufacturer', action: 'create_new' };
    let err = expectEnvelope(await resolve(u, batchId, { decisions: [a, b] }), 409, 'CONFLICT');
    expect(err.details).toMatchObject({ candidate_key: SERVICE, role: 'manufacturer' });
    expectEnvelope(await resolve(u, batchId, { decisions: [a, b] }, { dryRun: true }), 409, 'CONFLICT');
    // Identical repeats in one request are one decision.
    expect((await resolve(u, batchId, { decisions: [a, a] })).body).toMatchObject({
      saved: true,
      valid_decisions: 1,
      planned: { ignore: 1 },
    });
    err = expectEnvelope(await resolve(u, batchId, { decisions: [b] }), 409, 'CONFLICT');
    expect(err.details.saved).toEqual({ action: 'ignore', entity_id: null });
    expectEnvelope(await resolve(u, batchId, { decisions: [b] }, { dryRun: true }), 409, 'CONFLICT');
    expect(await entityCount(u.workspaceId)).toBe(0);
    // "unresolved" is no decision: it can be decided later.
    expect(
      (await resolve(u, batchId, { decisions: [{ candidate_key: MAIN, role: 'manufacturer', action: 'unresolved' }] }))
        .body,
    ).toMatchObject({ saved: true, planned: { unresolved: 1 } });
    expect(
      (await resolve(u, batchId, { decisions: [{ candidate_key: MAIN, role: 'manufacturer', action: 'ignore' }] }))
        .status,
    ).toBe(200);
    expect(await links(u.workspaceId)).toEqual([]);
  });

  it('concurrent requests with different decisions: one is saved, the other is 409', async () => {
    const { u, batchId } = await imported();
    const [x, y] = await Promise.all([
      resolve(u, batchId, { decisions: [{ candidate_key: MAIN, role: 'manufacturer', action: 'create_new' }] }),
      resolve(u, batchId, { decisions: [{ candidate_key: MAIN, role: 'manufacturer', action: 'ignore' }] }),
    ]);
    expect([x.status, y.status].sort()).toEqual([200, 409]);
    const winner = x.status === 200 ? 'create_new' : 'ignore';
    expect(await entityCount(u.workspaceId)).toBe(winner === 'create_new' ? 1 : 0);
    expect((await links(u.workspaceId)).length).toBe(winner === 'create_new' ? 1 : 0);
  });

  it('link_existing: an entity of this workspace links; another workspace’s entity is 404 like an unknown one', async () => {
    const { u, batchId } = await imported();
    const other = await makeUser();
    const db = await getDb();
    const [mine] = await db
      .insert(entities)
      .values({
        workspaceId: u.workspaceId,
        name: 'Müller Spielwaren GmbH',
        identityKey: 'k',
        street: 'Hauptstraße 5',
        postalCode: '10115',
        city: 'Berlin',
        country: 'DE',
        email: 'service@mueller-spiel.de',
      })
      .returning();
    const [theirs] = await db
      .insert(entities)
      .values({ workspaceId: other.workspaceId, name: 'Foreign GmbH', identityKey: 'f' })
      .returning();

    const foreign = await resolve(u, batchId, {
      decisions: [{ candidate_key: SERVICE, role: 'manufacturer', action: 'link_existing', entity_id: theirs.id }],
    });
    const err = expectEnvelope(foreign, 404, 'NOT_FOUND');
    expect(err.details.fields[0].path).toBe('decisions.0.entity_id');
    const unknown = await resolve(u, batchId, {
      decisions: [
        {
          candidate_key: SERVICE,
          role: 'manufacturer',
          action: 'link_existing',
          entity_id: '6f1c2a9e-0000-4000-8000-000000000000',
        },
      ],
    });
    expect(expectEnvelope(unknown, 404, 'NOT_FOUND').message).toBe(
      err.message.replace(theirs.id, '6f1c2a9e-0000-4000-8000-000000000000'),
    );
    expectEnvelope(
      await resolve(
        u,
        batchId,
        {
          decisions: [{ candidate_key: SERVICE, role: 'manufacturer', action: 'link_existing', entity_id: theirs.id }],
        },
        { dryRun: true },
      ),
      404,
      'NOT_FOUND',
    );
    expect(await links(u.workspaceId)).toEqual([]);
    expect(await links(other.workspaceId)).toEqual([]);

    const ok = await resolve(u, batchId, {
      decisions: [{ candidate_key: SERVICE, role: 'manufacturer', action: 'link_existing', entity_id: mine.id }],
    });
    expect(ok.body).toMatchObject({ saved: true, planned: { link_existing: 1 } });
    expect(await links(u.workspaceId)).toEqual([{ code: 'A-100', role: 'manufacturer', entityId: mine.id }]);
    // Linking to another entity afterwards is a different decision: 409.
    const [second] = await db
      .insert(entities)
      .values({ workspaceId: u.workspaceId, name: 'Zweite GmbH', identityKey: 'z' })
      .returning();
    expectEnvelope(
      await resolve(u, batchId, {
        decisions: [{ candidate_key: SERVICE, role: 'manufacturer', action: 'link_existing', entity_id: second.id }],
      }),
      409,
      'CONFLICT',
    );
  });

  it('400 for shapes the contract refuses and candidates the batch does not have', async () => {
    const { u, batchId } = await imported();
    const bad: unknown[] = [
      {},
      { decisions: [{ candidate_key: MAIN, role: 'manufacturer', action: 'link_existing' }] }, // no entity_id
      { decisions: [{ candidate_key: MAIN, role: 'manufacturer', action: 'merge' }] },
      { decisions: [{ candidate_key: MAIN, role: 'retailer', action: 'ignore' }] },
      { decisions: [{ candidate_key: MAIN, role: 'manufacturer', action: 'ignore', colour: 'red' }] },
      {
        decisions: [
          {
            candidate_key: MAIN,
            role: 'manufacturer',
            action: 'create_new',
            proposed_values: { name: 'x', phone: '1' },
          },
        ],
      },
      { decisions: [], extra: true },
    ];
    for (const body of bad) expectEnvelope(await resolve(u, batchId, body), 400, 'VALIDATION_FAILED');
    const unknown = expectEnvelope(
      await resolve(u, batchId, {
        decisions: [{ candidate_key: 'nobody|x|y', role: 'manufacturer', action: 'ignore' }],
      }),
      400,
      'VALIDATION_FAILED',
    );
    expect(unknown.details.fields[0].path).toBe('decisions.0.candidate_key');
    // The right key in the wrong role is not a candidate either.
    expectEnvelope(
      await resolve(u, batchId, { decisions: [{ candidate_key: MAIN, role: 'importer', action: 'ignore' }] }),
      400,
      'VALIDATION_FAILED',
    );
    const noName = expectEnvelope(
      await resolve(u, batchId, {
        decisions: [{ candidate_key: MAIN, role: 'manufacturer', action: 'create_new', proposed_values: { name: '' } }],
      }),
      400,
      'VALIDATION_FAILED',
    );
    expect(noName.details.fields[0].path).toBe('decisions.0.proposed_values.name');
    expect(await entityCount(u.workspaceId)).toBe(0);
  });

  it('a batch that has not completed only takes dry runs (409 INVALID_STATE otherwise)', async () => {
    const u = await makeUser();
    const c = await postImport(u, fixture('katalog-de-windows1252.csv'), 'katalog.csv');
    const batchId = c.body.batch.id;
    const db = await getDb();
    await db.insert(importEntityCandidates).values({
      batchId,
      workspaceId: u.workspaceId,
      role: 'manufacturer',
      candidateKey: MAIN,
      proposedValues: { name: 'M', address: null, email: null },
      sourceRows: [2],
    });
    expect(
      (
        await resolve(
          u,
          batchId,
          { decisions: [{ candidate_key: MAIN, role: 'manufacturer', action: 'ignore' }] },
          { dryRun: true },
        )
      ).status,
    ).toBe(200);
    const err = expectEnvelope(
      await resolve(u, batchId, { decisions: [{ candidate_key: MAIN, role: 'manufacturer', action: 'ignore' }] }),
      409,
      'INVALID_STATE',
    );
    expect(err.details.state).toBe('queued');
  });
});
