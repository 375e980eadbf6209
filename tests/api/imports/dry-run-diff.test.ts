/**
 * The dry run of POST /api/import shows the field-level diff of its updates before anything is written:
 * before → after per field of each existing SKU, operator-link changes, which updates reset an
 * approval (the same SKUs the commit then resets), bounded output with counts of what was left out,
 * nothing written, and another workspace's SKUs never seen.
 */
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { getDb } from '@/lib/db/client';
import { entities, skuEntities, skus } from '@/lib/db/schema';
import { makeUser } from '../../helpers/http';
import { useTestDatabase } from '../../helpers/db';
import { counts, importAndRun, postImport, skuWithValues } from './helpers';

useTestDatabase();

function catalogue(n: number, row: (i: number) => string[] = (i) => [`Produkt ${i}`, `Marke ${i % 3}`]) {
  const lines = ['sku_code;product_name;brand'];
  for (let i = 0; i < n; i++) lines.push([`P-${String(i).padStart(4, '0')}`, ...row(i)].join(';'));
  return lines.join('\n') + '\n';
}

describe('update_diff of the dry run', () => {
  it('lists before → after per changed field of each existing SKU, and writes nothing', async () => {
    const u = await makeUser();
    await importAndRun(u, catalogue(3), 'c.csv');
    const before = await counts(u.workspaceId);

    const changed = catalogue(3, (i) =>
      i === 1 ? ['Produkt eins', 'Neue Marke'] : [`Produkt ${i}`, `Marke ${i % 3}`],
    );
    const dry = await postImport(u, changed + 'P-0009;Neu;X\n', 'c.csv', { dryRun: true });
    expect(dry.status).toBe(200);
    expect(dry.body.counts).toMatchObject({ would_create: 1, would_update: 1, would_skip: 2 });
    const p1 = (await skuWithValues(u.workspaceId, 'P-0001'))!;
    expect(dry.body.update_diff).toEqual({
      skus: [
        {
          sku_id: p1.sku.id,
          sku_code: 'P-0001',
          product_name: 'Produkt 1',
          row_number: 3,
          row_outcome: 'updated',
          approval_reset: null,
          changes: [
            {
              field_key: 'product_name',
              kind: 'sku',
              from: 'Produkt 1',
              to: 'Produkt eins',
              from_truncated: false,
              to_truncated: false,
              column: 'product_name',
              resets_approval: false,
            },
            {
              field_key: 'brand',
              kind: 'dossier',
              from: 'Marke 1',
              to: 'Neue Marke',
              from_truncated: false,
              to_truncated: false,
              column: 'brand',
              resets_approval: false,
            },
          ],
          changes_total: 2,
          changes_omitted: 0,
        },
      ],
      skus_total: 1,
      skus_omitted: 0,
      changes_total: 2,
      changes_omitted: 0,
      values_truncated: 0,
      approval_resets: 0,
      limits: { skus: 100, changes: 2000, value_chars: 400 },
    });

    // Nothing written: no SKU, value, batch, job or audit event; the old values stand.
    expect(await counts(u.workspaceId)).toEqual(before);
    const again = (await skuWithValues(u.workspaceId, 'P-0001'))!;
    expect(again.sku.productName).toBe('Produkt 1');
    expect(again.values.brand.value).toBe('Marke 1');

    // The commit then changes exactly what the dry run showed.
    const done = await importAndRun(u, changed, 'c.csv');
    expect(done.batch).toMatchObject({ updated_rows: 1 });
    const after = (await skuWithValues(u.workspaceId, 'P-0001'))!;
    expect([after.sku.productName, after.values.brand.value]).toEqual(['Produkt eins', 'Neue Marke']);
  });

  it('flags the updates that reset an approval or a completed review; the commit resets exactly those', async () => {
    const u = await makeUser();
    await importAndRun(u, catalogue(3), 'c.csv');
    const db = await getDb();
    const set = (code: string, v: Partial<typeof skus.$inferInsert>) =>
      db
        .update(skus)
        .set(v)
        .where(and(eq(skus.workspaceId, u.workspaceId), eq(skus.skuCode, code)));
    await set('P-0000', { approvalState: 'approved', reviewState: 'complete' });
    await set('P-0001', { reviewState: 'complete' });
    await set('P-0002', { approvalState: 'approved', reviewState: 'complete' });
    // P-0000 and P-0001 change, P-0002 does not.
    const changed = catalogue(3, (i) => [i < 2 ? `Neu ${i}` : `Produkt ${i}`, `Marke ${i % 3}`]);
    const dry = await postImport(u, changed, 'c.csv', { dryRun: true });
    const d = dry.body.update_diff;
    expect(d.approval_resets).toBe(2);
    expect(d.skus.map((s: any) => [s.sku_code, s.approval_reset, s.changes[0].resets_approval])).toEqual([
      ['P-0000', { approval: true, review: true }, true],
      ['P-0001', { approval: false, review: true }, true],
    ]);

    await importAndRun(u, changed, 'c.csv');
    const states = await db
      .select({ code: skus.skuCode, a: skus.approvalState, r: skus.reviewState })
      .from(skus)
      .where(eq(skus.workspaceId, u.workspaceId))
      .orderBy(skus.skuCode);
    expect(states).toEqual([
      { code: 'P-0000', a: 'pending', r: 'open' },
      { code: 'P-0001', a: 'pending', r: 'open' },
      { code: 'P-0002', a: 'approved', r: 'complete' },
    ]);
  });

  it('shows an operator link the file would re-point to another entity', async () => {
    const u = await makeUser();
    const file = (maker: string, rp: string) =>
      `sku_code;product_name;Hersteller;EU-Verantwortlicher\nP-1;Produkt;${maker};${rp}\nP-2;Zweites;${maker};${rp}\n`;
    await importAndRun(u, file('Alte Werke GmbH', 'RP Service GmbH'), 'e.csv');
    const db = await getDb();
    const [old] = await db
      .insert(entities)
      .values({ workspaceId: u.workspaceId, name: 'Alte Werke G.m.b.H.', identityKey: 'alte werke gmbh||' })
      .returning();
    const p1 = (await skuWithValues(u.workspaceId, 'P-1'))!.sku;
    await db
      .insert(skuEntities)
      .values({ workspaceId: u.workspaceId, skuId: p1.id, role: 'manufacturer', entityId: old.id });

    const dry = await postImport(u, file('Neue Werke AG', 'RP Service GmbH'), 'e.csv', { dryRun: true });
    const d = dry.body.update_diff;
    const byCode = Object.fromEntries(d.skus.map((s: any) => [s.sku_code, s]));
    expect(byCode['P-1'].changes).toEqual([
      expect.objectContaining({
        field_key: 'manufacturer_name',
        kind: 'dossier',
        from: 'Alte Werke GmbH',
        to: 'Neue Werke AG',
      }),
      expect.objectContaining({
        field_key: 'entity:manufacturer',
        kind: 'entity_link',
        from: 'Alte Werke G.m.b.H.',
        to: 'Neue Werke AG',
        column: 'Hersteller',
      }),
    ]);
    // P-2 has no manufacturer linked: its field changes, no link is re-pointed.
    expect(byCode['P-2'].changes.map((c: any) => c.field_key)).toEqual(['manufacturer_name']);

    // The linked entity's name spelled another way is no change.
    const same = await postImport(u, file('Alte Werke GmbH', 'RP Service GmbH'), 'e.csv', { dryRun: true });
    expect(same.body.update_diff.skus).toEqual([]);

    // Only the link differs (the dossier name already says the new maker): listed, the row itself unchanged.
    await importAndRun(u, file('Neue Werke AG', 'RP Service GmbH'), 'e.csv');
    const linkOnly = await postImport(u, file('Neue Werke AG', 'RP Service GmbH'), 'e.csv', { dryRun: true });
    expect(linkOnly.body.counts).toMatchObject({ would_update: 0, would_skip: 2 });
    expect(linkOnly.body.update_diff.skus).toEqual([
      expect.objectContaining({
        sku_code: 'P-1',
        row_outcome: 'skipped',
        changes: [expect.objectContaining({ field_key: 'entity:manufacturer', to: 'Neue Werke AG' })],
      }),
    ]);
  });

  it('is bounded: 100 SKUs, 400-character values, with counts of what was left out', async () => {
    const u = await makeUser({ plan: 'pro' });
    await importAndRun(u, catalogue(130), 'c.csv');
    const long = (i: number) => `${'x'.repeat(450)}${i}`;
    const dry = await postImport(
      u,
      catalogue(130, (i) => [`Neu ${i}`, long(i)]),
      'c.csv',
      { dryRun: true },
    );
    expect(dry.status).toBe(200);
    const d = dry.body.update_diff;
    expect(dry.body.counts.would_update).toBe(130);
    expect(d).toMatchObject({ skus_total: 130, skus_omitted: 30, changes_total: 260, changes_omitted: 60 });
    expect(d.skus).toHaveLength(100);
    expect(d.skus.map((s: any) => s.sku_code).slice(0, 2)).toEqual(['P-0000', 'P-0001']);
    const brand = d.skus[0].changes.find((c: any) => c.field_key === 'brand');
    expect(brand).toMatchObject({ from: 'Marke 0', to_truncated: true, from_truncated: false });
    expect(brand.to).toHaveLength(401);
    expect(brand.to.endsWith('…')).toBe(true);
    expect(d.values_truncated).toBe(100);
    expect(JSON.stringify(dry.body).length).toBeLessThan(300_000);
  });

  it('never shows another workspace: its SKUs of the same codes are new here', async () => {
    const a = await makeUser();
    const b = await makeUser();
    await importAndRun(a, catalogue(2), 'c.csv');
    const changed = catalogue(2, (i) => [`Geheim ${i}`, 'B']);
    const dryB = await postImport(b, changed, 'c.csv', { dryRun: true });
    expect(dryB.body.counts).toMatchObject({ would_create: 2, would_update: 0 });
    expect(dryB.body.update_diff).toMatchObject({ skus: [], skus_total: 0, changes_total: 0 });
    expect(JSON.stringify(dryB.body)).not.toContain('Produkt 0');
    const dryA = await postImport(a, changed, 'c.csv', { dryRun: true });
    expect(dryA.body.update_diff.skus_total).toBe(2);
  });
});
