import { and, asc, eq } from 'drizzle-orm';
import type { Db } from '@/lib/db/client';
import { skuEntities, skus } from '@/lib/db/schema';
import { serializeEntity } from '@/lib/model/entity-view';
import { getEntityRow, parseRoles } from './service';

/** An entity with the SKUs that use it and the role each SKU gives it (the entity detail page). */
export async function entityWithUsage(db: Db, { workspaceId, id }: { workspaceId: string; id: string }) {
  const row = await getEntityRow(db, { workspaceId, id });
  const links = await db
    .select({
      role: skuEntities.role,
      id: skus.id,
      sku_code: skus.skuCode,
      product_name: skus.productName,
      blocker_count: skus.blockerCount,
      approval_state: skus.approvalState,
    })
    .from(skuEntities)
    .innerJoin(skus, eq(skus.id, skuEntities.skuId))
    .where(and(eq(skuEntities.workspaceId, workspaceId), eq(skuEntities.entityId, row.id)))
    .orderBy(asc(skus.skuCode), asc(skuEntities.role));
  const roles = parseRoles([...new Set(links.map((l) => l.role))].sort().join(',') || null);
  const skuCount = new Set(links.map((l) => l.id)).size;
  return {
    entity: serializeEntity(row, skuCount, roles),
    linked_skus: links.map((l) => ({
      role: l.role,
      sku: {
        id: l.id,
        sku_code: l.sku_code,
        product_name: l.product_name,
        blocker_count: l.blocker_count,
        approval_state: l.approval_state,
      },
    })),
  };
}
