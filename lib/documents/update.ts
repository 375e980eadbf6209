import { eq } from 'drizzle-orm';
import { recordAudit } from '@/lib/audit';
import type { Actor } from '@/lib/auth/context';
import type { Db } from '@/lib/db/client';
import { documents } from '@/lib/db/schema';
import { linkedSkusByDocument } from '@/lib/evidence/links';
import { resetReason } from '@/lib/skus/reset-reasons';
import type { PatchDocumentInput } from './schemas';
import { getDocument, getDocumentRow, reevaluate } from './service';

/** A person corrects the type or the dates, or publishes the document on safety pages. */
export async function patchDocument(
  db: Db,
  args: { workspaceId: string; actor: Actor; id: string; input: PatchDocumentInput },
) {
  const row = await getDocumentRow(db, { workspaceId: args.workspaceId, id: args.id });
  const { input } = args;
  const set: Partial<typeof documents.$inferInsert> = { updatedAt: new Date() };
  const changes: Record<string, { from: unknown; to: unknown }> = {};
  if (input.document_type !== undefined) {
    // A correction by hand is certain; it also answers any open diagnostic.
    set.documentType = input.document_type;
    set.classificationSource = 'manual';
    set.classificationConfidence = 1;
    changes.document_type = { from: row.documentType, to: input.document_type };
  }
  if (input.valid_until !== undefined) {
    set.validUntil = input.valid_until;
    changes.valid_until = { from: row.validUntil, to: input.valid_until };
  }
  if (input.issued_on !== undefined) {
    set.issuedOn = input.issued_on;
    changes.issued_on = { from: row.issuedOn, to: input.issued_on };
  }
  if (input.is_public !== undefined) {
    set.isPublic = input.is_public;
    changes.is_public = { from: row.isPublic, to: input.is_public };
  }
  const skuIds = (
    (await linkedSkusByDocument(db, { workspaceId: args.workspaceId, docs: [row] })).get(row.id) ?? []
  ).map((s) => s.id);
  await db.transaction(async (tx) => {
    const t = tx as unknown as Db;
    await t.update(documents).set(set).where(eq(documents.id, row.id));
    await recordAudit(t, {
      workspaceId: args.workspaceId,
      actor: args.actor,
      action: 'document.updated',
      targetType: 'document',
      targetId: row.id,
      data: { filename: row.filename, changes },
    });
    await reevaluate(t, {
      workspaceId: args.workspaceId,
      actor: args.actor,
      skuIds,
      reason: resetReason.documentChanged(row.filename),
    });
  });
  return { document: await getDocument(db, { workspaceId: args.workspaceId, id: row.id }) };
}
