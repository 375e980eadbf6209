/**
 * Two imports into one workspace at the same time, whose files share SKU codes (two workers, or an import
 * started while another runs). A code either import creates first is an update or unchanged for the
 * other, never an error row and never a second SKU.
 */
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { getDb } from '@/lib/db/client';
import { queryRows } from '@/lib/db/rows';
import { skus } from '@/lib/db/schema';
import { runImportBatch } from '@/lib/imports/jobs';
import { setWorkspacePlan } from '@/lib/workspace/settings';
import { makeUser } from '../../helpers/http';
import { useTestDatabase } from '../../helpers/db';
import { postImport } from './helpers';

useTestDatabase();

const csv = (from: number, to: number) =>
  [
    'sku_code,product_name,brand,manufacturer_name,country_of_origin',
    ...Array.from({ length: to - from }, (_, i) => {
      const n = String(from + i).padStart(4, '0');
      return `RACE-${n},Lamp ${n},Lumo,Lumo GmbH,DE`;
    }),
  ].join('\n');

describe('concurrent imports into one workspace', () => {
  it('share codes without error rows or duplicate SKUs: each code is created once and the other import finds it', async () => {
    const u = await makeUser();
    await setWorkspacePlan(await getDb(), { workspaceId: u.workspaceId, plan: 'enterprise' });
    const a = await postImport(u, csv(0, 600), 'a.csv');
    // The other file runs the codes the other way round, so the two meet on the same codes mid-run.
    const [header, ...lines] = csv(0, 900).split('\n');
    const b = await postImport(u, [header, ...lines.reverse()].join('\n'), 'b.csv');
    expect(a.status).toBe(202);
    expect(b.status).toBe(202);
    const db = await getDb();
    const [ra, rb] = await Promise.all([
      runImportBatch(db, { batchId: a.body.batch.id, workspaceId: u.workspaceId, chunkRows: 50 }),
      runImportBatch(db, { batchId: b.body.batch.id, workspaceId: u.workspaceId, chunkRows: 50 }),
    ]);
    const outcomes = await queryRows<{ batch_id: string; outcome: string; n: number }>(
      db,
      sql`SELECT batch_id, outcome, count(*)::int AS n FROM import_rows
          WHERE batch_id IN (${a.body.batch.id}, ${b.body.batch.id}) GROUP BY batch_id, outcome ORDER BY 1, 2`,
    );
    const byOutcome = (id: string) =>
      Object.fromEntries(outcomes.filter((o) => o.batch_id === id).map((o) => [o.outcome, Number(o.n)]));
    const oa = byOutcome(a.body.batch.id);
    const ob = byOutcome(b.body.batch.id);
    expect(oa.error ?? 0).toBe(0);
    expect(ob.error ?? 0).toBe(0);
    expect([ra.status, rb.status]).toEqual(['completed', 'completed']);
    // Every row has one outcome, and the 300 shared codes were created by exactly one of the two.
    expect(Object.values(oa).reduce((x, y) => x + y, 0)).toBe(600);
    expect(Object.values(ob).reduce((x, y) => x + y, 0)).toBe(900);
    expect((oa.created ?? 0) + (ob.created ?? 0)).toBe(900);
    const codes = await db.select({ code: skus.skuCode }).from(skus).where(eq(skus.workspaceId, u.workspaceId));
    expect(codes).toHaveLength(900);
    expect(new Set(codes.map((c) => c.code)).size).toBe(900);
  });
});
