/**
 * The statements an import chunk runs against tables that grow with the workspace (SKUs by code, SKU rows
 * and current values by id, recorded row numbers, updates of the touched SKUs), and the SKU reads of an
 * export page and of a bulk action, probe an index once per key whatever the planner's
 * statistics say. Without statistics (PGlite never analyzes; an import outruns autovacuum) the join forms
 * they replaced hashed every SKU or every dossier value of the workspace for each chunk, so an import
 * slowed down with every chunk it wrote. Checked on the plans themselves, over tables never analyzed.
 */
import { sql, type SQL } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { getDb } from '@/lib/db/client';
import { queryRows } from '@/lib/db/rows';
import { exportSkusQuery } from '@/lib/exports/catalogue-data';
import { recordedAmongQuery } from '@/lib/imports/repo';
import { currentValuesQuery, plainSkusQuery } from '@/lib/skus/recompute-bulk';
import { currentConfirmedQuery, skusByCodeQuery } from '@/lib/imports/repo-write';
import { bulkSkusQuery } from '@/lib/skus/bulk';
import { skuIdsInWorkspace } from '@/lib/skus/ids-in-workspace';
import { makeUser, type TestUser } from '../../helpers/http';
import { useTestDatabase } from '../../helpers/db';
import { importAndRun } from './helpers';

useTestDatabase();

const SKUS = 6000;
const GROWING = new Set(['skus', 'dossier_values', 'import_rows']);

interface PlanNode {
  'Node Type': string;
  'Relation Name'?: string;
  'Index Name'?: string;
  Plans?: PlanNode[];
}

async function plan(query: SQL): Promise<PlanNode> {
  const db = await getDb();
  const rows = await queryRows<{ 'QUERY PLAN': unknown }>(db, sql`EXPLAIN (FORMAT JSON) ${query}`);
  const raw = rows[0]['QUERY PLAN'];
  const doc = (typeof raw === 'string' ? JSON.parse(raw) : raw) as { Plan: PlanNode }[];
  return doc[0].Plan;
}

/** Every way the plan reads a growing table, and every join method, as "Node Type relation/index". */
function reads(node: PlanNode, out: string[] = []): string[] {
  if (/Join/.test(node['Node Type']) || (node['Relation Name'] && GROWING.has(node['Relation Name'])))
    out.push(`${node['Node Type']} ${node['Relation Name'] ?? ''} ${node['Index Name'] ?? ''}`.trim());
  for (const child of node.Plans ?? []) reads(child, out);
  return out;
}

function expectKeyedProbes(found: string[]) {
  expect(found.length).toBeGreaterThan(0);
  for (const r of found) {
    expect(r).not.toMatch(/^(Hash Join|Merge Join|Seq Scan)/);
    // A bitmap over an index led by the workspace reads every SKU of the workspace.
    expect(r).not.toMatch(/^Bitmap Index Scan skus skus_workspace/);
  }
}

describe('import chunk statements probe by key without statistics', () => {
  let u: TestUser;
  let batchId: string;
  let ids: string[];
  let codes: string[];

  beforeAll(async () => {
    u = await makeUser({ plan: 'enterprise' });
    const done = await importAndRun(u, 'sku_code,product_name\nKP-SEED,Seed lamp\n', 'seed.csv');
    batchId = done.batch.id;
    const db = await getDb();
    // A catalogue already imported: SKUs with four current values each, and a batch's recorded rows.
    await db.execute(sql`INSERT INTO skus (workspace_id, sku_code, product_name)
      SELECT ${u.workspaceId}::uuid, 'KP-' || g, 'Lamp ' || g FROM generate_series(1, ${SKUS}) g`);
    await db.execute(sql`INSERT INTO dossier_values (workspace_id, sku_id, field_key, value, status, source)
      SELECT s.workspace_id, s.id, f.k, 'value ' || s.sku_code, 'confirmed', 'import'
      FROM skus s CROSS JOIN (VALUES ('brand'), ('manufacturer_name'), ('country_of_origin'), ('warnings')) AS f(k)
      WHERE s.workspace_id = ${u.workspaceId}`);
    await db.execute(sql`INSERT INTO import_rows (batch_id, row_number, workspace_id, outcome)
      SELECT ${batchId}::uuid, g, ${u.workspaceId}::uuid, 'created' FROM generate_series(10, ${SKUS}) g`);
    const rows = await queryRows<{ id: string; sku_code: string }>(
      db,
      sql`SELECT id, sku_code FROM skus WHERE workspace_id = ${u.workspaceId} AND sku_code LIKE 'KP-%' ORDER BY sku_code LIMIT 500`,
    );
    ids = rows.map((r) => r.id);
    codes = [...rows.map((r) => r.sku_code), ...Array.from({ length: 500 }, (_, i) => `KP-NEW-${i}`)];
  });

  it('finds SKUs by code with one probe of the (workspace, code) index per code, then by primary key', async () => {
    for (const lock of [false, true]) expectKeyedProbes(reads(await plan(skusByCodeQuery(u.workspaceId, codes, lock))));
  });

  it('reads the touched SKUs and their current values with one index probe per SKU', async () => {
    expectKeyedProbes(reads(await plan(plainSkusQuery(u.workspaceId, ids))));
    expectKeyedProbes(reads(await plan(currentValuesQuery(ids))));
    expectKeyedProbes(reads(await plan(currentConfirmedQuery(ids))));
  });

  it('checks recorded row numbers with one primary-key probe per row', async () => {
    const among = Array.from({ length: 500 }, (_, i) => i + 2000);
    expectKeyedProbes(reads(await plan(recordedAmongQuery(batchId, among))));
  });

  it('updates touched SKUs (approval reset, recomputed blockers) through primary-key probes of their ids', async () => {
    const update = sql`UPDATE skus SET blocker_count = 0 WHERE id = ANY(${skuIdsInWorkspace(u.workspaceId, ids)})`;
    expectKeyedProbes(reads(await plan(update)));
    const db = await getDb();
    const mine = await queryRows(db, sql`SELECT id FROM skus WHERE id = ANY(${skuIdsInWorkspace(u.workspaceId, ids)})`);
    expect(mine).toHaveLength(ids.length);
    const other = await makeUser();
    const none = await queryRows(
      db,
      sql`SELECT id FROM skus WHERE id = ANY(${skuIdsInWorkspace(other.workspaceId, ids)})`,
    );
    expect(none).toHaveLength(0);
  });

  it("reads an export page and a bulk action's SKUs through primary-key probes of their ids, none of another workspace", async () => {
    const page = ids.slice(0, 500);
    const db = await getDb();
    const other = await makeUser();
    for (const query of [
      (w: string) => exportSkusQuery(w, page),
      (w: string) => bulkSkusQuery(w, page, false),
      (w: string) => bulkSkusQuery(w, page, true),
    ]) {
      expectKeyedProbes(reads(await plan(query(u.workspaceId))));
      expect(await queryRows(db, query(u.workspaceId))).toHaveLength(page.length);
      expect(await queryRows(db, query(other.workspaceId))).toHaveLength(0);
    }
  });

  it('returns what the join forms returned', async () => {
    const db = await getDb();
    const found = await queryRows<{ sku_code: string }>(db, skusByCodeQuery(u.workspaceId, codes, false));
    expect(found.map((r) => r.sku_code).sort()).toEqual(codes.slice(0, 500).sort());
    const values = await queryRows<{ sku_id: string }>(db, currentValuesQuery(ids));
    expect(values).toHaveLength(ids.length * 4);
    expect(new Set(values.map((v) => v.sku_id))).toEqual(new Set(ids));
    const confirmed = await queryRows<{ sku_id: string; field_key: string }>(db, currentConfirmedQuery(ids));
    expect(confirmed).toHaveLength(ids.length * 4);
    expect(new Set(confirmed.map((v) => v.sku_id))).toEqual(new Set(ids));
    const skuRows = await queryRows<{ id: string }>(db, plainSkusQuery(u.workspaceId, ids));
    expect(new Set(skuRows.map((r) => r.id))).toEqual(new Set(ids));
    // Another workspace's ids are not read.
    const other = await makeUser();
    expect(await queryRows(db, plainSkusQuery(other.workspaceId, ids))).toHaveLength(0);
    expect(await queryRows(db, skusByCodeQuery(other.workspaceId, codes, false))).toHaveLength(0);
    const recorded = await queryRows<{ n: number }>(db, recordedAmongQuery(batchId, [2, 5, 10, 11, SKUS, SKUS + 1]));
    expect(recorded.map((r) => Number(r.n)).sort((a, b) => a - b)).toEqual([2, 10, 11, SKUS]); // 2: the seed file's one row
  });
});
