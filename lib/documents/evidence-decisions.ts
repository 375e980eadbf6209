import { and, eq } from 'drizzle-orm';
import { recordAudit } from '@/lib/audit';
import type { Actor } from '@/lib/auth/context';
import type { Db } from '@/lib/db/client';
import { documents, documentSkus } from '@/lib/db/schema';
import { AppError } from '@/lib/errors';
import { resetApprovals } from '@/lib/skus/approval-reset';
import { recomputeSku } from '@/lib/skus/evaluate';
import { lockSkuRow } from '@/lib/skus/service';
import { refreshSkuEvidence } from '@/lib/evidence/refresh';
import type { EvidenceStatus } from '@/lib/evidence/status';
import { resetReason } from '@/lib/skus/reset-reasons';

/**
 * A person's decision on a document-SKU link: accept it as evidence about this SKU (with a reason when
 * the document names another product: a family declaration covering several models), or reject it.
 * Locks the SKU row, then the document row (the order deleteDocument takes them too), so concurrent
 * decisions on one link apply one after another and a decision on a document being deleted finds it
 * gone (404). Each decision is audited; the SKU is re-evaluated (and its approvals reset) only when the
 * link's evidence status changed.
 */

export interface LinkDecisionResult {
  document_id: string;
  sku_id: string;
  evidence_status: EvidenceStatus;
  evidence_reason: string | null;
  decided_by: string | null;
  decided_at: string | null;
  changed: boolean;
}

export async function decideDocumentLink(
  db: Db,
  args: {
    workspaceId: string;
    actor: Actor;
    skuId: string;
    documentId: string;
    decision: 'accept' | 'reject';
    reason?: string | null;
    /** The supplier request view accepts a returned file that may since have been unlinked: nothing to do then. */
    ifLinked?: boolean;
  },
): Promise<LinkDecisionResult | null> {
  const reason = args.reason?.trim() || null;
  return db.transaction(async (tx) => {
    const t = tx as unknown as Db;
    const sku = await lockSkuRow(t, { workspaceId: args.workspaceId, id: args.skuId });
    const [doc] = await t
      .select({ id: documents.id, filename: documents.filename })
      .from(documents)
      .where(and(eq(documents.id, args.documentId), eq(documents.workspaceId, args.workspaceId)))
      .for('share');
    if (!doc) throw new AppError('NOT_FOUND', 'Document not found.');
    const [link] = await t
      .select()
      .from(documentSkus)
      .where(and(eq(documentSkus.documentId, doc.id), eq(documentSkus.skuId, sku.id)));
    if (!link) {
      if (args.ifLinked) return null;
      throw new AppError('NOT_FOUND', 'The document is not linked to this SKU.');
    }
    if (args.decision === 'accept' && link.evidenceStatus === 'about_another_product' && !reason)
      throw new AppError(
        'VALIDATION_FAILED',
        'This document is about another product: accepting it needs a reason (e.g. a declaration covering several models).',
        { details: { fields: [{ path: 'reason', message: 'required to accept a document about another product' }] } },
      );
    const now = new Date();
    await t
      .update(documentSkus)
      .set({
        personDecision: args.decision === 'accept' ? 'accepted' : 'rejected',
        personDecisionReason: reason,
        personDecisionBy: args.actor.userId,
        personDecisionByLabel: args.actor.label,
        personDecisionAt: now,
      })
      .where(and(eq(documentSkus.documentId, doc.id), eq(documentSkus.skuId, sku.id)));
    const [after] = await refreshSkuEvidence(t, {
      workspaceId: args.workspaceId,
      skuId: sku.id,
      opts: { documentId: doc.id },
    });
    const changed = after.status !== link.evidenceStatus;
    await recordAudit(t, {
      workspaceId: args.workspaceId,
      actor: args.actor,
      action: args.decision === 'accept' ? 'document.evidence_accepted' : 'document.evidence_rejected',
      targetType: 'document',
      targetId: doc.id,
      data: {
        filename: doc.filename,
        sku_id: sku.id,
        sku_code: sku.skuCode,
        reason,
        from: link.evidenceStatus,
        to: after.status,
        document_identity: after.decision.facts.document_identity,
        sku_identity: after.decision.facts.sku_identity,
      },
    });
    if (changed) {
      await resetApprovals(t, {
        workspaceId: args.workspaceId,
        actor: args.actor,
        skuIds: [sku.id],
        reason: resetReason.documentDecided(doc.filename, args.decision),
      });
      await recomputeSku(t, { workspaceId: args.workspaceId, skuId: sku.id });
    }
    const [row] = await t
      .select()
      .from(documentSkus)
      .where(and(eq(documentSkus.documentId, doc.id), eq(documentSkus.skuId, sku.id)));
    return {
      document_id: doc.id,
      sku_id: sku.id,
      evidence_status: row.evidenceStatus,
      evidence_reason: row.evidenceReason,
      decided_by: row.decidedByLabel,
      decided_at: row.decidedAt?.toISOString() ?? null,
      changed,
    };
  });
}
