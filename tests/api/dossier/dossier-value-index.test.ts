/**
 * dossier_values has one index led by the SKU (supabase/migrations/20261128000500_dossier_values_one_sku_index.sql):
 * unique over (sku_id, field_key, true-if-current). These check it keeps the rule of the partial unique
 * index it replaced (one current confirmed value per SKU and field, reported as a violation of
 * dossier_values_current_idx, with any number of suggestions, rejected and superseded values beside
 * it), that the reads by SKU use it, and that skus.public_id stays unique where set.
 */
import crypto from 'node:crypto';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { getDb, type Db } from '@/lib/db/client';
import { queryRows } from '@/lib/db/rows';
import { isUniqueViolation } from '@/lib/db/errors';
import { makeUser } from '../../helpers/http';
import { useTestDatabase } from '../../helpers/db';
import { createSku } from '../skus/fixtures';

useTestDatabase();

function insertValue(db: Db, workspaceId: string, skuId: string, status: string, value: string) {
  return db.execute(sql`INSERT INTO dossier_values (workspace_id, sku_id, field_key, value, status, source)
    VALUES (${workspaceId}::uuid, ${skuId}::uuid, 'brand', ${value}, ${status}, 'manual') RETURNING id`);
}

async function failure(p: Promise<unknown>): Promise<unknown> {
  try {
    await p;
  } catch (e) {
    return e;
  }
  return null;
}

describe('dossier_values_current_idx', () => {
  it('allows one current confirmed value per SKU and field, and any number of other rows', async () => {
    const u = await makeUser();
    const db = await getDb();
    const sku = await createSku(u, { sku_code: `I-${crypto.randomUUID().slice(0, 6)}`, product_name: 'Kettle' });
    await insertValue(db, u.workspaceId, sku.id, 'confirmed', 'Acme');
    // A second current value for the same field is refused, under the index's name.
    const second = await failure(insertValue(db, u.workspaceId, sku.id, 'confirmed', 'Other'));
    expect(isUniqueViolation(second, 'dossier_values_current_idx')).toBe(true);
    // Suggestions and rejected values sit beside it, as many as there are.
    for (const status of ['suggested', 'suggested', 'rejected', 'rejected'])
      await insertValue(db, u.workspaceId, sku.id, status, `${status} value`);
    // Superseding the current value frees the place for a new one, and the old one stays as history.
    await db.execute(
      sql`UPDATE dossier_values SET superseded_at = now() WHERE sku_id = ${sku.id}::uuid AND status = 'confirmed'`,
    );
    await insertValue(db, u.workspaceId, sku.id, 'confirmed', 'Acme 2');
    await db.execute(
      sql`UPDATE dossier_values SET superseded_at = now() WHERE sku_id = ${sku.id}::uuid AND value = 'Acme 2'`,
    );
    await insertValue(db, u.workspaceId, sku.id, 'confirmed', 'Acme 3');
    const rows = await queryRows<{ status: string; current: boolean }>(
      db,
      sql`SELECT status, (status = 'confirmed' AND superseded_at IS NULL) AS current FROM dossier_values WHERE sku_id = ${sku.id}::uuid`,
    );
    expect(rows).toHaveLength(7);
    expect(rows.filter((r) => r.current)).toHaveLength(1);
    // Another SKU, or another field of this one, has a current value of its own.
    const other = await createSku(u, { sku_code: `J-${crypto.randomUUID().slice(0, 6)}`, product_name: 'Toaster' });
    await insertValue(db, u.workspaceId, other.id, 'confirmed', 'Acme');
    await db.execute(sql`INSERT INTO dossier_values (workspace_id, sku_id, field_key, value, status, source)
      VALUES (${u.workspaceId}::uuid, ${sku.id}::uuid, 'model_number', 'M-1', 'confirmed', 'manual')`);
  });

  it('serves the reads of a SKU by its id, and by id and field', async () => {
    const db = await getDb();
    const plan = async (where: string) => {
      const rows = await db.transaction(async (tx) => {
        // The test tables are tiny, where a sequential scan is cheapest: ask whether the index can be used.
        await tx.execute(sql`SET LOCAL enable_seqscan = off`);
        return queryRows<{ 'QUERY PLAN': string }>(
          tx as unknown as Db,
          sql.raw(`EXPLAIN SELECT * FROM dossier_values WHERE ${where}`),
        );
      });
      return rows.map((r) => r['QUERY PLAN']).join('\n');
    };
    const id = crypto.randomUUID();
    expect(await plan(`sku_id = '${id}'`)).toContain('dossier_values_current_idx');
    expect(await plan(`sku_id = '${id}' AND field_key = 'brand'`)).toContain('dossier_values_current_idx');
    expect(await plan(`sku_id = '${id}' AND status = 'confirmed' AND superseded_at IS NULL`)).toContain(
      'dossier_values_current_idx',
    );
  });
});

describe('skus.public_id', () => {
  it('is unique where set, and any number of SKUs have none', async () => {
    const u = await makeUser();
    const db = await getDb();
    const ids: string[] = [];
    for (let i = 0; i < 3; i++)
      ids.push((await createSku(u, { sku_code: `P-${crypto.randomUUID().slice(0, 6)}`, product_name: 'Lamp' })).id);
    const publicId = `p${crypto.randomUUID().replace(/-/g, '').slice(0, 20)}`;
    await db.execute(sql`UPDATE skus SET public_id = ${publicId} WHERE id = ${ids[0]}::uuid`);
    const dup = await failure(db.execute(sql`UPDATE skus SET public_id = ${publicId} WHERE id = ${ids[1]}::uuid`));
    expect(isUniqueViolation(dup)).toBe(true);
    const [{ n }] = await queryRows<{ n: number }>(
      db,
      sql`SELECT count(*)::int AS n FROM skus WHERE id = ANY(${sql.param(ids)}::uuid[]) AND public_id IS NULL`,
    );
    expect(Number(n)).toBe(2);
  });
});
