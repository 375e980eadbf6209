import { and, desc, eq, inArray, type SQL } from 'drizzle-orm';
import type { Db } from '@/lib/db/client';
import { afterKeyset, decodeKeysetCursor, encodeKeysetCursor, timestampText } from '@/lib/db/keyset';
import { supplierRequests } from '@/lib/db/schema';
import { getSkuRow } from '@/lib/skus/service';
import type { ListQuery } from './schemas';
import { serializeRequests } from './serialize';

/** The supplier requests of the workspace (or of one SKU), newest first, keyset-paged, with the timeline. */

const SORT = 'created';

export async function listRequests(db: Db, { workspaceId, q }: { workspaceId: string; q: ListQuery }) {
  if (q.sku_id) await getSkuRow(db, { workspaceId, id: q.sku_id });
  const where: SQL[] = [eq(supplierRequests.workspaceId, workspaceId)];
  if (q.sku_id) where.push(eq(supplierRequests.skuId, q.sku_id));
  if (q.status?.length) where.push(inArray(supplierRequests.status, q.status));
  if (q.cursor) {
    const c = decodeKeysetCursor(q.cursor, SORT, 'timestamp');
    where.push(afterKeyset('desc', supplierRequests.createdAt, c.value, supplierRequests.id, c.id));
  }
  const rows = await db
    .select({ row: supplierRequests, createdKey: timestampText(supplierRequests.createdAt) })
    .from(supplierRequests)
    .where(and(...where))
    .orderBy(desc(supplierRequests.createdAt), desc(supplierRequests.id))
    .limit(q.limit + 1);
  const page = rows.slice(0, q.limit);
  const last = page[page.length - 1];
  const hasMore = rows.length > q.limit;
  return {
    data: await serializeRequests(db, { rows: page.map((r) => r.row) }),
    next_cursor: hasMore && last ? encodeKeysetCursor(SORT, last.createdKey, last.row.id) : null,
    has_more: hasMore,
  };
}
