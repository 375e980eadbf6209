import { and, eq } from 'drizzle-orm';
import type { Db } from '@/lib/db/client';
import { skus, type StoredBlocker } from '@/lib/db/schema';
import { evaluateRequirements, type Blocker, type RequirementEvaluation } from '@/lib/requirements';
import { emitWebhookEvent } from '@/lib/events/emit';
import { refreshSkuEvidence } from '@/lib/evidence/refresh';
import { loadRequirementInput } from './requirement-input';

export function toStoredBlocker(b: Blocker): StoredBlocker {
  return {
    code: b.code,
    severity: b.severity,
    message: b.message,
    required_fields: b.required_fields,
    ...(b.required_document_types ? { required_document_types: b.required_document_types } : {}),
    fix: b.fix,
    waived: b.waived ?? null,
    ...({
      key: b.key,
      waivable: b.waivable,
      legal_basis: b.legal_basis,
      rule_id: b.rule_id,
      doc_url: b.doc_url,
      details: b.details,
      legal_weight: b.legal_weight,
    } as object),
  };
}

/**
 * Re-evaluates the SKU's requirement profile against its confirmed data and stores the blockers on the
 * row (the list, the counts), so lists and filters never compute them per request, and the category
 * the evaluation found (a product whose name or voltage shows what it is is no longer "general"). The
 * evidence status of its document links is decided first: only accepted documents count
 * (lib/evidence/status.ts).
 */
export async function recomputeSku(
  db: Db,
  { workspaceId, skuId }: { workspaceId: string; skuId: string },
): Promise<RequirementEvaluation> {
  await refreshSkuEvidence(db, { workspaceId, skuId });
  const input = await loadRequirementInput(db, { workspaceId, skuId });
  const evaluation = evaluateRequirements(input);
  const [before] = await db
    .select({ blockerCount: skus.blockerCount, skuCode: skus.skuCode })
    .from(skus)
    .where(and(eq(skus.id, skuId), eq(skus.workspaceId, workspaceId)));
  await db
    .update(skus)
    .set({
      blockers: evaluation.blockers.map(toStoredBlocker),
      blockerCount: evaluation.open_blocker_count,
      warningCount: evaluation.open_warning_count,
      requirementProfileId: evaluation.profile_id,
      // What the product was found to be (its path, name, voltage, documents) is its category.
      categoryCode: evaluation.category_code,
      categoryDefaulted: evaluation.category_defaulted,
      categoryMatch: evaluation.category_match,
      updatedAt: new Date(),
    })
    .where(and(eq(skus.id, skuId), eq(skus.workspaceId, workspaceId)));
  // Becoming blocked or ready (no open blocker left) is a webhook event, in the caller's transaction.
  const blocked = evaluation.open_blocker_count > 0;
  if (before && before.blockerCount > 0 !== blocked)
    await emitWebhookEvent(db, {
      workspaceId,
      type: blocked ? 'sku.blocked' : 'sku.ready',
      data: {
        sku_id: skuId,
        sku_code: before.skuCode,
        open_blockers: evaluation.open_blocker_count,
        codes: [
          ...new Set(evaluation.blockers.filter((b) => !b.waived && b.severity === 'blocker').map((b) => b.code)),
        ],
      },
    });
  return evaluation;
}
