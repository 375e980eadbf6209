/**
 * What keeps an import's writes cheap (supabase/migrations/20261127000100_import_write_costs.sql): the
 * rows it writes per file row get time-ordered ids (UUID version 7), so they append to their indexes
 * instead of landing on random pages, and on a server built with lz4 a SKU's blocker list is compressed
 * with it.
 */
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { getDb, getDbHandle } from '@/lib/db/client';
import { queryRows } from '@/lib/db/rows';
import { dossierValues, skus } from '@/lib/db/schema';
import { makeUser } from '../../helpers/http';
import { useTestDatabase } from '../../helpers/db';
import { importAndRun } from './helpers';

useTestDatabase();

const CSV = (codes: string[]) =>
  [
    'sku_code,product_name,brand,manufacturer_name,country_of_origin',
    ...codes.map((c) => `${c},Lamp ${c},Lumo,Lumo GmbH,DE`),
  ].join('\n');

/** Milliseconds since the epoch in a version-7 UUID's first 48 bits. */
const msOf = (id: string) => parseInt(id.replace(/-/g, '').slice(0, 12), 16);
const V7 = /^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

describe('import write costs', () => {
  it('gives imported SKUs and their values version-7 ids carrying their creation time', async () => {
    const u = await makeUser();
    const before = Date.now();
    const first = await importAndRun(u, CSV(['V7-1', 'V7-2', 'V7-3']), 'first.csv');
    expect(first.batch.created_rows).toBe(3);
    const middle = Date.now();
    await new Promise((r) => setTimeout(r, 5));
    await importAndRun(u, CSV(['V7-4']), 'second.csv');
    const after = Date.now();

    const db = await getDb();
    const skuRows = await db
      .select({ id: skus.id, code: skus.skuCode })
      .from(skus)
      .where(eq(skus.workspaceId, u.workspaceId));
    const values = await db
      .select({ id: dossierValues.id })
      .from(dossierValues)
      .where(eq(dossierValues.workspaceId, u.workspaceId));
    expect(skuRows).toHaveLength(4);
    expect(values.length).toBeGreaterThanOrEqual(4 * 3);
    for (const { id } of [...skuRows, ...values]) {
      expect(id).toMatch(V7);
      // The database clock and this process's may differ by a little; the id is not older than the test.
      expect(msOf(id)).toBeGreaterThanOrEqual(before - 1000);
      expect(msOf(id)).toBeLessThanOrEqual(after + 1000);
    }
    // Later rows sort after earlier ones: the second import's SKU id is above every id of the first.
    const byCode = new Map(skuRows.map((s) => [s.code, s.id]));
    for (const c of ['V7-1', 'V7-2', 'V7-3']) expect(byCode.get('V7-4')! > byCode.get(c)!).toBe(true);
    expect(msOf(byCode.get('V7-1')!)).toBeLessThanOrEqual(middle + 1000);
  });

  it('compresses the stored blocker list with lz4 where the server has it, and pglz otherwise (PGlite)', async () => {
    const db = await getDb();
    const [{ lz4 }] = await queryRows<{ lz4: boolean }>(
      db,
      sql`SELECT 'lz4' = ANY (enumvals) AS lz4 FROM pg_settings WHERE name = 'default_toast_compression'`,
    );
    const [{ method }] = await queryRows<{ method: string }>(
      db,
      sql`SELECT attcompression::text AS method FROM pg_attribute WHERE attrelid = 'skus'::regclass AND attname = 'blockers'`,
    );
    expect(method).toBe(lz4 ? 'l' : '');
    // The embedded database is the one without lz4 (its build has none); the server in CI has it.
    if ((await getDbHandle()).kind === 'pglite') expect(lz4).toBe(false);
  });
});
