/**
 * Links one entity in one role to 1 to 200 SKUs of the SKU list's selection, on the rules of the other
 * bulk actions (lib/skus/bulk.ts): rows locked in id order, a foreign id fails the whole request with
 * 404, only the SKUs whose link changes are written, approval-reset, re-evaluated and audited.
 */
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { recordAuditMany } from '@/lib/audit';
import type { Actor } from '@/lib/auth/context';
import type { Db } from '@/lib/db/client';
import { queryRows } from '@/lib/db/rows';
import { skuEntities } from '@/lib/db/schema';
import { Uuid } from '@/lib/http';
import { resetApprovals } from '@/lib/skus/approval-reset';
import { bulkTargetIds, lockSkus, target, withTarget, type BulkResult } from '@/lib/skus/bulk';
import { recomputeSkusBulk } from '@/lib/skus/recompute-bulk';
import { assertEntityFitsRole } from './roles';
import { EntityRoleSchema } from './schemas';
import { getEntityRow } from './service';
import { resetReason } from '@/lib/skus/reset-reasons';

export const BulkEntityInput = withTarget(z.strictObject({ ...target, role: EntityRoleSchema, entity_id: Uuid }));
export type BulkEntityInput = z.infer<typeof BulkEntityInput>;

const tx$ = (tx: unknown) => tx as Db;

export async function bulkLinkEntity(
  db: Db,
  args: { workspaceId: string; actor: Actor; input: BulkEntityInput },
): Promise<BulkResult> {
  const { role } = args.input;
  return db.transaction(async (raw) => {
    const tx = tx$(raw);
    const rows = await lockSkus(tx, {
      workspaceId: args.workspaceId,
      ids: await bulkTargetIds(tx, { workspaceId: args.workspaceId, input: args.input }),
    });
    const entity = await getEntityRow(tx, { workspaceId: args.workspaceId, id: args.input.entity_id });
    assertEntityFitsRole(role, entity);
    const current = await queryRows<{ sku_id: string; entity_id: string }>(
      tx,
      sql`SELECT sku_id, entity_id FROM sku_entities
          WHERE sku_id = ANY(${sql.param(rows.map((r) => r.id))}::uuid[]) AND role = ${role}
            AND workspace_id = ${args.workspaceId}`,
    );
    const was = new Map(current.map((c) => [c.sku_id, c.entity_id]));
    const changed = rows.filter((r) => was.get(r.id) !== entity.id);
    const ids = changed.map((r) => r.id);
    if (!ids.length) return { changed_ids: [], unchanged_ids: rows.map((r) => r.id), approval_reset_ids: [] };
    const now = new Date();
    await tx
      .insert(skuEntities)
      .values(ids.map((skuId) => ({ workspaceId: args.workspaceId, skuId, role, entityId: entity.id, createdAt: now })))
      .onConflictDoUpdate({
        target: [skuEntities.skuId, skuEntities.role],
        set: { entityId: entity.id, createdAt: now },
      });
    const reset = await resetApprovals(tx, {
      workspaceId: args.workspaceId,
      actor: args.actor,
      skuIds: ids,
      reason: resetReason.roleLinked(role),
    });
    await recomputeSkusBulk(tx, { workspaceId: args.workspaceId, skuIds: ids });
    await recordAuditMany(tx, {
      entries: changed.map((r) => ({
        workspaceId: args.workspaceId,
        actor: args.actor,
        action: 'sku.entity_linked',
        targetType: 'sku',
        targetId: r.id,
        data: {
          sku_code: r.sku_code,
          role,
          entity_id: entity.id,
          name: entity.name,
          replaced_entity_id: was.get(r.id) ?? null,
          bulk: true,
        },
      })),
    });
    return {
      changed_ids: ids,
      unchanged_ids: rows.filter((r) => !ids.includes(r.id)).map((r) => r.id),
      approval_reset_ids: reset,
    };
  });
}
