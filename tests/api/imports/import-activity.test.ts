/**
 * An import records one audit event for its batch (import.completed), not one per SKU it creates; a
 * SKU's activity (GET /api/skus/{id}/activity, and the audit summary of its export) shows its creation
 * from its import row, as the sku.created event it used to be, paged with the SKU's other events.
 */
import { and, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import * as activityRoute from '@/app/api/skus/[id]/activity/route';
import * as exportRoute from '@/app/api/skus/[id]/export/route';
import { getDb } from '@/lib/db/client';
import { queryRows } from '@/lib/db/rows';
import { auditEvents, importRows, skus } from '@/lib/db/schema';
import { call, makeUser, type TestUser } from '../../helpers/http';
import { useTestDatabase } from '../../helpers/db';
import { setField } from '../skus/fixtures';
import { importAndRun } from './helpers';

useTestDatabase();

const CSV = ['sku_code,product_name,brand', 'ACT-1,Desk lamp,Lumo', 'ACT-2,Floor lamp,Lumo'].join('\n');

const activity = (u: TestUser, id: string, query: Record<string, string> = {}) =>
  call(activityRoute, 'GET', `/api/skus/${id}/activity`, { cookie: u.cookie, params: { id }, query });

async function skuId(workspaceId: string, code: string) {
  const db = await getDb();
  const [row] = await db
    .select({ id: skus.id })
    .from(skus)
    .where(and(eq(skus.workspaceId, workspaceId), eq(skus.skuCode, code)));
  return row.id;
}

describe('activity of imported SKUs', () => {
  it('shows the creation from the import row, pages it with later events, and writes no event per SKU', async () => {
    const u = await makeUser();
    const { batch } = await importAndRun(u, CSV, 'lamps.csv');
    expect(batch.created_rows).toBe(2);
    const id = await skuId(u.workspaceId, 'ACT-2');
    const db = await getDb();
    const [row] = await db
      .select({ rowNumber: importRows.rowNumber })
      .from(importRows)
      .where(and(eq(importRows.batchId, batch.id), eq(importRows.skuId, id)));

    const first = await activity(u, id);
    expect(first.status).toBe(200);
    expect(first.body.events).toEqual([
      {
        id,
        action: 'sku.created',
        actor: u.email,
        data: { sku_code: 'ACT-2', product_name: 'Floor lamp', import_batch_id: batch.id, row: row.rowNumber },
        created_at: expect.any(String),
      },
    ]);

    // A later edit comes first; the creation is on the next page, once.
    await setField(u, id, 'brand', 'Lumo Light');
    const page1 = await activity(u, id, { limit: '1' });
    expect(page1.body.events.map((e: { action: string }) => e.action)).toEqual(['dossier.value_set']);
    expect(page1.body.has_more).toBe(true);
    const page2 = await activity(u, id, { limit: '1', cursor: page1.body.next_cursor });
    expect(page2.body.events.map((e: { action: string }) => e.action)).toEqual(['sku.created']);
    expect(page2.body.has_more).toBe(false);

    const exported = await call(exportRoute, 'GET', `/api/skus/${id}/export`, { cookie: u.cookie, params: { id } });
    expect(exported.status).toBe(200);
    expect(exported.body.audit_summary.events_by_action).toEqual({ 'dossier.value_set': 1, 'sku.created': 1 });

    // The batch has its one completion event; the SKU's own are the later edit and the export.
    const events = await queryRows<{ action: string; target_type: string; n: number }>(
      db,
      sql`SELECT action, target_type, count(*)::int AS n FROM audit_events WHERE workspace_id = ${u.workspaceId}
          AND (target_type = 'sku' OR action = 'import.completed') GROUP BY action, target_type ORDER BY action`,
    );
    expect(events.map((e) => [e.action, e.target_type, Number(e.n)])).toEqual([
      ['dossier.value_set', 'sku', 1],
      ['import.completed', 'import_batch', 1],
      ['sku.exported', 'sku', 1],
    ]);
  });

  it('shows one creation for a SKU imported when imports still wrote an event per SKU', async () => {
    const u = await makeUser();
    const { batch } = await importAndRun(u, CSV, 'lamps.csv');
    const id = await skuId(u.workspaceId, 'ACT-1');
    const db = await getDb();
    await db.insert(auditEvents).values({
      workspaceId: u.workspaceId,
      actorLabel: u.email,
      action: 'sku.created',
      targetType: 'sku',
      targetId: id,
      data: { sku_code: 'ACT-1', import_batch_id: batch.id, row: 2 },
    });
    const res = await activity(u, id);
    expect(res.body.events).toHaveLength(1);
    expect(res.body.events[0]).toMatchObject({ action: 'sku.created', data: { import_batch_id: batch.id } });
  });

  it("is another workspace's SKU: 404", async () => {
    const u = await makeUser();
    const other = await makeUser();
    await importAndRun(u, CSV, 'lamps.csv');
    const res = await activity(other, await skuId(u.workspaceId, 'ACT-1'));
    expect(res.status).toBe(404);
  });
});
