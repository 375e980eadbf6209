/**
 * A chunk's writes are pipelined (lib/db/pipelined.ts): statements go out without waiting for each
 * answer. When one fails, the ones after it fail too ("current transaction is aborted"); what must come
 * out is the first failure, so a row the database refuses is told apart from the system failing
 * (lib/imports/jobs.ts isDataError), the chunk is rolled back whole, goes row by row, and only that row
 * ends as `error`.
 */
import { and, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { getDb, type Db } from '@/lib/db/client';
import { PipelinedWrites } from '@/lib/db/pipelined';
import { queryRows } from '@/lib/db/rows';
import { dossierValues, importRows, skus } from '@/lib/db/schema';
import { makeUser } from '../../helpers/http';
import { useTestDatabase } from '../../helpers/db';
import { importAndRun } from './helpers';

useTestDatabase();

const pgCode = (e: unknown): string | undefined => {
  let cur: any = e;
  for (let i = 0; i < 4 && cur; i++) {
    if (typeof cur.code === 'string') return cur.code;
    cur = cur.cause;
  }
  return undefined;
};

describe('pipelined writes', () => {
  it('reports the first failing statement, not the aborted ones after it, and the transaction keeps nothing', async () => {
    const u = await makeUser();
    const db = await getDb();
    // An app table with a primary key, so no table of the test's own outlives it (schema-drift lists them).
    const page = (id: string) =>
      sql`INSERT INTO public_pages (public_id, workspace_id) VALUES (${id}, ${u.workspaceId}::uuid)`;
    let caught: unknown = null;
    try {
      await db.transaction(async (tx) => {
        const t = tx as unknown as Db;
        const w = new PipelinedWrites();
        await w.send('a', () => t.execute(page('probe-1')));
        await w.send('b', () => t.execute(page('probe-1'))); // unique violation
        await w.send('c', () => t.execute(page('probe-3')));
        await w.settled();
      });
    } catch (e) {
      caught = e;
    }
    expect(pgCode(caught)).toBe('23505');
    const left = await queryRows<{ n: number }>(
      db,
      sql`SELECT count(*)::int AS n FROM public_pages WHERE workspace_id = ${u.workspaceId}::uuid`,
    );
    expect(Number(left[0].n)).toBe(0);
  });

  it('times each statement from sending to answer when asked', async () => {
    const db = await getDb();
    const timings: Record<string, number> = {};
    await db.transaction(async (tx) => {
      const w = new PipelinedWrites(timings);
      await w.send('sleep', () => (tx as unknown as Db).execute(sql`SELECT pg_sleep(0.05)`));
      await w.settled();
    });
    expect(timings.sleep).toBeGreaterThanOrEqual(45);
  });

  it('a row the database refuses in a pipelined chunk ends as error alone; the rest of the chunk is written once', async () => {
    const u = await makeUser();
    const db = await getDb();
    // The database refuses this one SKU code (as a constraint would), after the import planned it valid.
    await db.execute(sql`CREATE OR REPLACE FUNCTION refuse_pipelined_bad() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF NEW.sku_code = 'PIPE-BAD' THEN RAISE EXCEPTION 'refused by the test' USING ERRCODE = '23514'; END IF;
        RETURN NEW;
      END $$`);
    await db.execute(sql`DROP TRIGGER IF EXISTS refuse_pipelined_bad ON skus`);
    await db.execute(
      sql`CREATE TRIGGER refuse_pipelined_bad BEFORE INSERT ON skus FOR EACH ROW EXECUTE FUNCTION refuse_pipelined_bad()`,
    );
    try {
      const csv = [
        'sku_code,product_name,brand,manufacturer_name,country_of_origin',
        'PIPE-1,Lamp one,Lumo,Lumo GmbH,DE',
        'PIPE-BAD,Lamp bad,Lumo,Lumo GmbH,DE',
        'PIPE-2,Lamp two,Lumo,Lumo GmbH,DE',
      ].join('\n');
      const { batch } = await importAndRun(u, csv, 'pipelined.csv');
      expect(batch.status).toBe('completed_with_errors');
      expect(batch.created_rows).toBe(2);
      expect(batch.error_rows).toBe(1);

      const rows = await db
        .select({
          row: importRows.rowNumber,
          code: importRows.skuCode,
          outcome: importRows.outcome,
          errors: importRows.errors,
        })
        .from(importRows)
        .where(eq(importRows.batchId, batch.id))
        .orderBy(importRows.rowNumber);
      expect(rows.map((r) => [r.code, r.outcome])).toEqual([
        ['PIPE-1', 'created'],
        ['PIPE-BAD', 'error'],
        ['PIPE-2', 'created'],
      ]);
      const bad = rows[1].errors as { code: string; message: string }[];
      expect(bad[0].code).toBe('write_failed');
      expect(bad[0].message).toContain('refused by the test');
      expect(bad[0].message).not.toMatch(/insert into|params:/i); // the database's words, not our statement

      const stored = await db
        .select({ code: skus.skuCode, id: skus.id })
        .from(skus)
        .where(eq(skus.workspaceId, u.workspaceId));
      expect(stored.map((s) => s.code).sort()).toEqual(['PIPE-1', 'PIPE-2']);
      // Each created SKU's values are there once: the failed first attempt of the chunk left nothing.
      for (const s of stored) {
        const values = await db
          .select({ key: dossierValues.fieldKey })
          .from(dossierValues)
          .where(and(eq(dossierValues.skuId, s.id), eq(dossierValues.status, 'confirmed')));
        expect(values.map((v) => v.key).sort()).toEqual(['brand', 'country_of_origin', 'manufacturer_name']);
      }
    } finally {
      await db.execute(sql`DROP TRIGGER IF EXISTS refuse_pipelined_bad ON skus`);
      await db.execute(sql`DROP FUNCTION IF EXISTS refuse_pipelined_bad()`);
    }
  });
});
