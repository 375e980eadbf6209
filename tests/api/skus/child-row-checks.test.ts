/**
 * dossier_values.sku_id and import_rows.batch_id / sku_id are held to their parents by statement-level
 * triggers instead of foreign keys (supabase/migrations/20261128000300_dossier_values_sku_check_per_statement.sql
 * and 20261128000400_import_rows_checks_per_statement.sql). These check that the keys' guarantees hold:
 * no child row for a parent that does not exist (one bad id among many refuses the whole statement),
 * no child moved to another parent, a SKU's values deleted with it (through the route, and with the
 * workspace), its import rows kept without it, a batch's rows deleted with it, and, on a Postgres
 * server, the same outcome as the key when a SKU is deleted by a concurrent transaction in either order.
 */
import crypto from 'node:crypto';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import * as skuRoute from '@/app/api/skus/[id]/route';
import { getDb, openPostgres, type Db } from '@/lib/db/client';
import { queryRows } from '@/lib/db/rows';
import { databaseErrorOf } from '@/lib/db/errors';
import { call, makeUser, type TestUser } from '../../helpers/http';
import { onPostgres, useTestDatabase } from '../../helpers/db';
import { inject } from 'vitest';
import { createSku, setField } from './fixtures';

useTestDatabase();

async function valueCount(skuIds: string[]): Promise<number> {
  const [r] = await queryRows<{ n: number }>(
    await getDb(),
    sql`SELECT count(*)::int AS n FROM dossier_values WHERE sku_id = ANY(${sql.param(skuIds)}::uuid[])`,
  );
  return Number(r.n);
}

/** Inserts confirmed values, one per (sku, field), in one statement. */
function insertValues(db: Db, workspaceId: string, skuIds: string[], field = 'brand') {
  return db.execute(sql`INSERT INTO dossier_values (workspace_id, sku_id, field_key, value, status, source)
    SELECT ${workspaceId}::uuid, s, ${field}, 'Acme', 'confirmed', 'manual' FROM unnest(${sql.param(skuIds)}::uuid[]) AS a(s)`);
}

async function errorOf(p: Promise<unknown>) {
  try {
    await p;
  } catch (e) {
    return databaseErrorOf(e);
  }
  return null;
}

async function twoSkus(u: TestUser) {
  const a = await createSku(u, { sku_code: `A-${crypto.randomUUID().slice(0, 6)}`, product_name: 'Kettle' });
  const b = await createSku(u, { sku_code: `B-${crypto.randomUUID().slice(0, 6)}`, product_name: 'Toaster' });
  return [a.id, b.id];
}

describe("a dossier value's SKU", () => {
  it('must exist: one unknown id refuses the whole statement with foreign_key_violation', async () => {
    const u = await makeUser();
    const db = await getDb();
    const ids = await twoSkus(u);
    const missing = crypto.randomUUID();
    const err = await errorOf(insertValues(db, u.workspaceId, [...ids, missing]));
    expect(err?.code).toBe('23503');
    expect(err?.message).toMatch(/dossier_values_sku_id_fkey/);
    expect(await valueCount([...ids, missing])).toBe(0);
    // The same statement with existing SKUs only is accepted.
    await insertValues(db, u.workspaceId, ids);
    expect(await valueCount(ids)).toBe(2);
  });

  it('cannot change', async () => {
    const u = await makeUser();
    const db = await getDb();
    const [a, b] = await twoSkus(u);
    await setField(u, a, 'brand', 'Acme');
    const err = await errorOf(db.execute(sql`UPDATE dossier_values SET sku_id = ${b}::uuid WHERE sku_id = ${a}::uuid`));
    expect(err?.code).toBe('23503');
    expect(await valueCount([a])).toBe(1);
    expect(await valueCount([b])).toBe(0);
  });

  it('takes its values with it when deleted, through the route and with its workspace', async () => {
    const u = await makeUser();
    const [a, b] = await twoSkus(u);
    await setField(u, a, 'brand', 'Acme');
    await setField(u, a, 'brand', 'Acme Two'); // the first value is kept as history
    await setField(u, b, 'brand', 'Other');
    expect(await valueCount([a, b])).toBe(3);
    const del = await call(skuRoute, 'DELETE', `/api/skus/${a}`, { cookie: u.cookie, params: { id: a } });
    expect(del.status, del.text).toBe(200);
    expect(await valueCount([a])).toBe(0);
    expect(await valueCount([b])).toBe(1);

    const db = await getDb();
    await db.execute(sql`DELETE FROM workspaces WHERE id = ${u.workspaceId}::uuid`);
    expect(await valueCount([b])).toBe(0);
  });

  describe('import rows', () => {
    async function batch(u: TestUser) {
      const [b] = await queryRows<{ id: string }>(
        await getDb(),
        sql`INSERT INTO import_batches (workspace_id, filename) VALUES (${u.workspaceId}::uuid, 'c.csv') RETURNING id`,
      );
      return b.id;
    }
    const insertRows = (db: Db, u: TestUser, rows: { batch: string; sku: string | null; n: number }[]) =>
      db.execute(sql`INSERT INTO import_rows (batch_id, row_number, workspace_id, sku_id, outcome)
        SELECT b, n, ${u.workspaceId}::uuid, s, 'created'
        FROM unnest(${sql.param(rows.map((r) => r.batch))}::uuid[], ${sql.param(rows.map((r) => r.sku))}::uuid[], ${sql.param(rows.map((r) => r.n))}::int[]) AS a(b, s, n)`);
    const rowsOf = async (batchId: string) =>
      queryRows<{ row_number: number; sku_id: string | null }>(
        await getDb(),
        sql`SELECT row_number, sku_id FROM import_rows WHERE batch_id = ${batchId}::uuid ORDER BY row_number`,
      );

    it('must name an existing batch, and an existing SKU or none', async () => {
      const u = await makeUser();
      const db = await getDb();
      const [a] = await twoSkus(u);
      const b = await batch(u);
      const noBatch = await errorOf(
        insertRows(db, u, [
          { batch: b, sku: a, n: 1 },
          { batch: crypto.randomUUID(), sku: null, n: 2 },
        ]),
      );
      expect(noBatch?.code).toBe('23503');
      expect(noBatch?.message).toMatch(/import_rows_batch_id_fkey/);
      const noSku = await errorOf(
        insertRows(db, u, [
          { batch: b, sku: a, n: 1 },
          { batch: b, sku: crypto.randomUUID(), n: 2 },
        ]),
      );
      expect(noSku?.code).toBe('23503');
      expect(noSku?.message).toMatch(/import_rows_sku_id_fkey/);
      expect(await rowsOf(b)).toEqual([]);
      await insertRows(db, u, [
        { batch: b, sku: a, n: 1 },
        { batch: b, sku: null, n: 2 },
      ]);
      expect(await rowsOf(b)).toEqual([
        { row_number: 1, sku_id: a },
        { row_number: 2, sku_id: null },
      ]);
    });

    it('cannot move, outlive their batch, or lose their history with a deleted SKU', async () => {
      const u = await makeUser();
      const db = await getDb();
      const [a, other] = await twoSkus(u);
      const b = await batch(u);
      await insertRows(db, u, [{ batch: b, sku: a, n: 1 }]);
      const moved = await errorOf(
        db.execute(sql`UPDATE import_rows SET sku_id = ${other}::uuid WHERE batch_id = ${b}::uuid`),
      );
      expect(moved?.code).toBe('23503');
      const del = await call(skuRoute, 'DELETE', `/api/skus/${a}`, { cookie: u.cookie, params: { id: a } });
      expect(del.status, del.text).toBe(200);
      expect(await rowsOf(b)).toEqual([{ row_number: 1, sku_id: null }]);
      await db.execute(sql`DELETE FROM import_batches WHERE id = ${b}::uuid`);
      expect(await rowsOf(b)).toEqual([]);
    });
  });

  describe.runIf(onPostgres())('against a concurrent delete (Postgres server, two connections)', () => {
    const second = async () => openPostgres(inject('testDatabaseUrl'), 1);

    it('a delete that waits for the insert removes the values it wrote', async () => {
      const u = await makeUser();
      const [a] = await twoSkus(u);
      const other = await second();
      let release!: () => void;
      const hold = new Promise<void>((r) => (release = r));
      let inserted!: () => void;
      const insertedNow = new Promise<void>((r) => (inserted = r));
      try {
        const writer = (await getDb()).transaction(async (tx) => {
          await insertValues(tx as unknown as Db, u.workspaceId, [a]);
          inserted();
          await hold;
        });
        await insertedNow;
        // The SKU is locked FOR KEY SHARE by the uncommitted insert: the delete waits for it.
        const deleting = other.db.execute(sql`DELETE FROM skus WHERE id = ${a}::uuid`);
        let deleted = false;
        void deleting.then(() => (deleted = true));
        await new Promise((r) => setTimeout(r, 300));
        expect(deleted).toBe(false);
        release();
        await writer;
        await deleting;
        expect(await valueCount([a])).toBe(0);
      } finally {
        release();
        await other.close();
      }
    });

    it('an insert that waits for a delete fails as the foreign key did, and writes nothing', async () => {
      const u = await makeUser();
      const [a, b] = await twoSkus(u);
      const other = await second();
      try {
        const { sql: raw } = other;
        const committed = raw!.begin(async (t) => {
          await t.unsafe(`DELETE FROM skus WHERE id = '${a}'`);
          await new Promise((r) => setTimeout(r, 300));
        });
        await new Promise((r) => setTimeout(r, 100));
        const err = await errorOf(insertValues(await getDb(), u.workspaceId, [b, a]));
        await committed;
        expect(err?.code).toBe('23503');
        expect(await valueCount([a, b])).toBe(0);
      } finally {
        await other.close();
      }
    });
  });
});
