import { and, eq } from 'drizzle-orm';
import { recordAudit } from '@/lib/audit';
import type { Actor } from '@/lib/auth/context';
import type { Db } from '@/lib/db/client';
import { documentSkus } from '@/lib/db/schema';
import { withdrawDocumentSuggestions } from '@/lib/evidence/links';
import { resetReason } from '@/lib/skus/reset-reasons';
import { afterDossierChange, getSkuRow } from '@/lib/skus/service';
import { queueExtraction } from './jobs';
import { getDocumentRow, lockSkuRows } from './service';
import { linkDocumentRow } from './store';

/** A person links a document to a SKU, or removes the link. */

/** Links a document to a SKU (join table), queues extraction so the SKU gets its suggestions. */
export async function linkDocument(db: Db, args: { workspaceId: string; actor: Actor; id: string; skuId: string }) {
  const row = await getDocumentRow(db, { workspaceId: args.workspaceId, id: args.id });
  const sku = await getSkuRow(db, { workspaceId: args.workspaceId, id: args.skuId });
  const created = await db.transaction(async (tx) => {
    const t = tx as unknown as Db;
    await lockSkuRows(t, { workspaceId: args.workspaceId, skuIds: [sku.id] });
    const isNew = await linkDocumentRow(t, { workspaceId: args.workspaceId, documentId: row.id, skuId: sku.id });
    if (isNew) await recordLinkChange(t, args, { document: row, sku, change: 'linked' });
    return isNew;
  });
  if (created)
    await queueExtraction(db, { workspaceId: args.workspaceId, documentId: row.id, createdBy: args.actor.userId });
  return { linked: true as const };
}

/** Removes both kinds of link between the document and the SKU, and the document's open suggestions there. */
export async function unlinkDocument(db: Db, args: { workspaceId: string; actor: Actor; id: string; skuId: string }) {
  const row = await getDocumentRow(db, { workspaceId: args.workspaceId, id: args.id });
  const sku = await getSkuRow(db, { workspaceId: args.workspaceId, id: args.skuId });
  await db.transaction(async (tx) => {
    const t = tx as unknown as Db;
    await lockSkuRows(t, { workspaceId: args.workspaceId, skuIds: [sku.id] });
    const removed = await t
      .delete(documentSkus)
      .where(and(eq(documentSkus.documentId, row.id), eq(documentSkus.skuId, sku.id)))
      .returning({ id: documentSkus.documentId });
    if (!removed.length) return;
    await withdrawDocumentSuggestions(t, { workspaceId: args.workspaceId, documentId: row.id, skuId: sku.id });
    await recordLinkChange(t, args, { document: row, sku, change: 'unlinked' });
  });
  return { unlinked: true as const };
}

/** The audit line of a link made or removed, and the SKU's dossier change (its sign-off reset, its blockers). */
async function recordLinkChange(
  t: Db,
  args: { workspaceId: string; actor: Actor },
  link: {
    document: { id: string; filename: string };
    sku: { id: string; skuCode: string };
    change: 'linked' | 'unlinked';
  },
) {
  const { document, sku, change } = link;
  await recordAudit(t, {
    workspaceId: args.workspaceId,
    actor: args.actor,
    action: `document.${change}`,
    targetType: 'document',
    targetId: document.id,
    data: { filename: document.filename, sku_id: sku.id, sku_code: sku.skuCode },
  });
  await afterDossierChange(t, {
    workspaceId: args.workspaceId,
    actor: args.actor,
    skuId: sku.id,
    reason:
      change === 'linked'
        ? resetReason.documentLinked(document.filename)
        : resetReason.documentUnlinked(document.filename),
  });
}
