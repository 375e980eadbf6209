/**
 * A re-import that changes SKU columns (name, GTIN, category) writes them for the whole chunk in one
 * statement: each SKU gets exactly its changed columns, an empty cell leaves a column as it was, a
 * category change moves the SKU to that category's requirement profile, and nothing else is touched
 * (another workspace's SKU with the same code, an unchanged row).
 */
import { and, eq, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { getDb } from '@/lib/db/client';
import { skus } from '@/lib/db/schema';
import { profileForCategory } from '@/lib/requirements';
import { makeUser } from '../../helpers/http';
import { useTestDatabase } from '../../helpers/db';
import { importAndRun } from './helpers';

useTestDatabase();

const HEAD = 'sku_code,product_name,gtin,category_code';
const FIRST = [HEAD, 'RC-1,Desk lamp,4006381333931,electrical', 'RC-2,Teddy,,toys', 'RC-3,Kite,,toys'].join('\n');
const SECOND = [
  HEAD,
  'RC-1,Desk lamp XL,,', // name only; the GTIN cell is empty, so the GTIN stays
  'RC-2,Teddy,4006381333931,textiles', // GTIN and category
  'RC-3,Kite,,toys', // unchanged
].join('\n');

async function rows(workspaceId: string) {
  const db = await getDb();
  const found = await db
    .select()
    .from(skus)
    .where(and(eq(skus.workspaceId, workspaceId), inArray(skus.skuCode, ['RC-1', 'RC-2', 'RC-3'])));
  return new Map(found.map((s) => [s.skuCode, s]));
}

describe('re-import of SKU columns', () => {
  it('writes each SKU its changed columns only, and the profile of a new category', async () => {
    const u = await makeUser();
    const other = await makeUser();
    await importAndRun(u, FIRST, 'first.csv');
    await importAndRun(other, FIRST, 'first.csv');
    const before = await rows(u.workspaceId);

    const second = await importAndRun(u, SECOND, 'second.csv');
    expect(second.batch).toMatchObject({ updated_rows: 2, skipped_rows: 1, failed_rows: 0, error_rows: 0 });
    const after = await rows(u.workspaceId);

    expect(after.get('RC-1')).toMatchObject({
      productName: 'Desk lamp XL',
      gtin: '4006381333931',
      categoryCode: 'electrical',
      requirementProfileId: before.get('RC-1')!.requirementProfileId,
    });
    const textiles = profileForCategory('textiles');
    expect(after.get('RC-2')).toMatchObject({
      productName: 'Teddy',
      gtin: '4006381333931',
      categoryCode: textiles.category_code,
      categoryDefaulted: false,
      requirementProfileId: textiles.id,
    });
    expect(after.get('RC-2')!.requirementProfileId).not.toBe(before.get('RC-2')!.requirementProfileId);
    expect(after.get('RC-3')).toEqual(before.get('RC-3'));
    expect(after.get('RC-1')!.updatedAt.getTime()).toBeGreaterThan(before.get('RC-1')!.updatedAt.getTime());

    // The other workspace's SKUs with the same codes are as they were imported.
    const theirs = await rows(other.workspaceId);
    expect(theirs.get('RC-1')).toMatchObject({ productName: 'Desk lamp', categoryCode: 'electrical' });
    expect(theirs.get('RC-2')).toMatchObject({ gtin: null, categoryCode: 'toys' });
  });
});
