import { recordAudit } from '@/lib/audit';
import { type Actor } from '@/lib/auth/context';
import type { Db } from '@/lib/db/client';
import { publicPages, skus } from '@/lib/db/schema';
import { AppError } from '@/lib/errors';
import { and, eq } from 'drizzle-orm';

/**
 * Deletes the SKU and everything that belongs only to it, in one transaction. Documents stay in the
 * vault (they may serve other SKUs); the public page is withdrawn (410); an audit record remains.
 */
export async function deleteSku(db: Db, args: { workspaceId: string; actor: Actor; id: string }) {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(skus)
      .where(and(eq(skus.id, args.id), eq(skus.workspaceId, args.workspaceId)))
      .for('update');
    if (!row) throw new AppError('NOT_FOUND', 'SKU not found.');
    const { cancelSubjectRuns } = await import('@/lib/jobs');
    await cancelSubjectRuns(tx, {
      workspaceId: args.workspaceId,
      subjectType: 'sku',
      subjectId: row.id,
      reason: 'SKU deleted',
    });
    await tx.update(publicPages).set({ withdrawnAt: new Date(), skuId: null }).where(eq(publicPages.skuId, row.id));
    // dossier values, entity links, waivers, review issues, revisions and document links cascade.
    await tx.delete(skus).where(eq(skus.id, row.id));
    await recordAudit(tx, {
      workspaceId: args.workspaceId,
      actor: args.actor,
      action: 'sku.deleted',
      targetType: 'sku',
      targetId: row.id,
      data: { sku_code: row.skuCode, product_name: row.productName, gtin: row.gtin, public_id: row.publicId },
    });
    return { success: true, deleted_id: row.id };
  });
}
