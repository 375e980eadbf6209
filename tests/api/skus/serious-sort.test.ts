/**
 * "Most serious first" (issue 35): GET /api/skus?sort=serious_desc orders SKUs by the legal weight of their
 * worst open blocker (cannot be placed on the market > cannot be listed online > data quality), then by how
 * many blockers of that weight they have, not by the number of blockers; the old blockers_desc value is still
 * accepted and still counts; keyset paging over the new order neither skips nor repeats a SKU. The figure is
 * a generated column over the stored blockers, so a recomputed SKU moves at once.
 */
import { describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import * as skusRoute from '@/app/api/skus/route';
import { getDb } from '@/lib/db/client';
import { skus } from '@/lib/db/schema';
import { seriousnessOf } from '@/lib/requirements/grouping';
import { recomputeSku } from '@/lib/skus/evaluate';
import { call, makeUser, type TestUser } from '../../helpers/http';
import { useTestDatabase } from '../../helpers/db';
import { createSku } from './fixtures';

useTestDatabase();

const b = (code: string, legal_weight: string, extra: Record<string, unknown> = {}) => ({
  code,
  key: code,
  severity: 'blocker' as const,
  message: code,
  required_fields: [],
  legal_weight,
  ...extra,
});

async function storeBlockers(u: TestUser, id: string, blockers: ReturnType<typeof b>[]) {
  const db = await getDb();
  await db
    .update(skus)
    .set({ blockers: blockers as never, blockerCount: blockers.filter((x) => !('waived' in x)).length })
    .where(and(eq(skus.id, id), eq(skus.workspaceId, u.workspaceId)));
}

const list = async (u: TestUser, query: Record<string, string>) =>
  call(skusRoute, 'GET', '/api/skus', { cookie: u.cookie, query });

describe('SKU list: most serious first', () => {
  it('one missing DoC outranks five open questions; blockers_desc still orders by count; paging is complete', async () => {
    const u = await makeUser();
    const questions = await createSku(u, { sku_code: 'Q-5', product_name: 'Five questions' });
    const doc = await createSku(u, { sku_code: 'DOC-1', product_name: 'No DoC' });
    const picture = await createSku(u, { sku_code: 'IMG-2', product_name: 'No picture' });
    const waived = await createSku(u, { sku_code: 'W-1', product_name: 'Waived DoC' });
    await storeBlockers(
      u,
      questions.id,
      Array.from({ length: 5 }, (_, i) => b(`QUESTION_${i}`, 'data_quality')),
    );
    await storeBlockers(u, doc.id, [
      b('ELECTRICAL_DOC_MISSING', 'market'),
      b('TARGET_MARKETS_MISSING', 'data_quality'),
    ]);
    await storeBlockers(u, picture.id, [b('PRODUCT_IMAGE_MISSING', 'online'), b('QUESTION_X', 'data_quality')]);
    await storeBlockers(u, waived.id, [
      b('ELECTRICAL_DOC_MISSING', 'market', { waived: { by: 'u', at: '2026-11-29T00:00:00Z', reason: 'r' } }),
    ]);

    const serious = await list(u, { sort: 'serious_desc' });
    expect(serious.status).toBe(200);
    expect(serious.body.data.map((s: { sku_code: string }) => s.sku_code)).toEqual(['DOC-1', 'IMG-2', 'Q-5', 'W-1']);

    const db = await getDb();
    const rows = await db.select().from(skus).where(eq(skus.workspaceId, u.workspaceId));
    // The database's figure is the one lib/requirements/grouping.ts computes.
    for (const r of rows) expect(r.blockerSeriousness).toBe(seriousnessOf(r.blockers as never));

    const byCount = await list(u, { sort: 'blockers_desc' });
    expect(byCount.status).toBe(200);
    expect(byCount.body.data[0].sku_code).toBe('Q-5');

    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const page = await list(u, { sort: 'serious_desc', limit: '1', ...(cursor ? { cursor } : {}) });
      expect(page.status).toBe(200);
      seen.push(...page.body.data.map((s: { sku_code: string }) => s.sku_code));
      cursor = page.body.next_cursor;
    } while (cursor);
    expect(seen).toEqual(['DOC-1', 'IMG-2', 'Q-5', 'W-1']);

    expect((await list(u, { sort: 'most_serious' })).status).toBe(400);
  });

  it('a recompute stores each blocker with its weight and the SKU moves at once', async () => {
    const u = await makeUser();
    const sku = await createSku(u, { sku_code: 'R-1', product_name: 'Holzturm', category_code: 'toys' });
    const db = await getDb();
    const evaluation = await recomputeSku(db, { workspaceId: u.workspaceId, skuId: sku.id });
    const [row] = await db.select().from(skus).where(eq(skus.id, sku.id));
    expect((row.blockers as { legal_weight?: string }[]).every((x) => x.legal_weight)).toBe(true);
    expect(row.blockerSeriousness).toBe(seriousnessOf(evaluation.blockers));
    expect(row.blockerSeriousness).toBeGreaterThanOrEqual(30_000);
  });
});
