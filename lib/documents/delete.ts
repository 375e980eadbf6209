import { eq } from 'drizzle-orm';
import { recordAudit } from '@/lib/audit';
import type { Actor } from '@/lib/auth/context';
import type { Db } from '@/lib/db/client';
import { documents } from '@/lib/db/schema';
import { linkedSkusByDocument, withdrawDocumentSuggestions } from '@/lib/evidence/links';
import { resetReason } from '@/lib/skus/reset-reasons';
import { forgetReadings } from './readings';
import { getDocumentRow, lockSkuRows, reevaluate } from './service';
import { removeBlobIfUnused } from './store';

/** Deletes the document (links and extractions cascade), then its blob once no row uses it. */
export async function deleteDocument(db: Db, args: { workspaceId: string; actor: Actor; id: string }) {
  const row = await getDocumentRow(db, { workspaceId: args.workspaceId, id: args.id });
  const skuIds = (
    (await linkedSkusByDocument(db, { workspaceId: args.workspaceId, docs: [row] })).get(row.id) ?? []
  ).map((s) => s.id);
  await db.transaction(async (tx) => {
    const t = tx as unknown as Db;
    // The SKUs first, then the document: the order a decision on one of its links takes them
    // (lib/documents/evidence-decisions.ts), so the two never wait on each other.
    await lockSkuRows(t, { workspaceId: args.workspaceId, skuIds });
    await withdrawDocumentSuggestions(t, { workspaceId: args.workspaceId, documentId: row.id });
    await t.delete(documents).where(eq(documents.id, row.id));
    // Its text (OCR included) kept for reuse goes too: documents are unique per workspace and bytes.
    await forgetReadings(t, { workspaceId: args.workspaceId, sha256: row.sha256 });
    await recordAudit(t, {
      workspaceId: args.workspaceId,
      actor: args.actor,
      action: 'document.deleted',
      targetType: 'document',
      targetId: row.id,
      data: {
        filename: row.filename,
        sha256: row.sha256,
        document_type: row.documentType,
        sku_ids: skuIds,
      },
    });
    await reevaluate(t, {
      workspaceId: args.workspaceId,
      actor: args.actor,
      skuIds,
      reason: resetReason.documentDeleted(row.filename),
    });
  });
  await removeBlobIfUnused(db, { key: row.storageKey }).catch((e) =>
    console.error(`[documents] blob ${row.storageKey} of deleted document kept:`, e),
  );
  return { deleted_id: row.id };
}
