/**
 * The review workbench payload of a batch: the imported SKUs with what the import created or changed
 * (each change with its import provenance), open suggestions on those SKUs, the row errors, and the
 * entity candidates with their conflicts and the decision taken. Lists are capped; the rows listing
 * (GET .../rows) pages through everything.
 */
import { and, eq, inArray, isNull } from 'drizzle-orm';
import type { Db } from '@/lib/db/client';
import { dossierValues, skus } from '@/lib/db/schema';
import {
  candidateJson,
  candidateRows,
  existingEntityIndex,
  getBatchRow,
  outcomeCounts,
  pageImportRows,
  serializeBatch,
  type StoredChange,
  type StoredIssue,
} from './repo';

const MAX_SKUS = 500;
const MAX_ERRORS = 1000;

export async function importReview(db: Db, { workspaceId, batchId }: { workspaceId: string; batchId: string }) {
  const batch = await getBatchRow(db, { workspaceId, batchId });
  const imported = [
    ...(await pageImportRows(db, { batchId, opts: { outcome: 'created', limit: MAX_SKUS } })),
    ...(await pageImportRows(db, { batchId, opts: { outcome: 'updated', limit: MAX_SKUS } })),
  ]
    .sort((a, b) => a.rowNumber - b.rowNumber)
    .slice(0, MAX_SKUS);
  const ids = [...new Set(imported.map((r) => r.skuId).filter((x): x is string => Boolean(x)))];
  const skuRows = ids.length
    ? await db
        .select({ id: skus.id, skuCode: skus.skuCode, productName: skus.productName, blockerCount: skus.blockerCount })
        .from(skus)
        .where(and(eq(skus.workspaceId, workspaceId), inArray(skus.id, ids)))
    : [];
  const skuById = new Map(skuRows.map((s) => [s.id, s]));
  const suggestions = ids.length
    ? await db
        .select({
          id: dossierValues.id,
          skuId: dossierValues.skuId,
          fieldKey: dossierValues.fieldKey,
          value: dossierValues.value,
          source: dossierValues.source,
          provenance: dossierValues.provenance,
        })
        .from(dossierValues)
        .where(
          and(
            inArray(dossierValues.skuId, ids),
            eq(dossierValues.status, 'suggested'),
            isNull(dossierValues.supersededAt),
          ),
        )
    : [];

  const errorRows = await pageImportRows(db, { batchId, opts: { limit: MAX_ERRORS, withErrorsOnly: true } });
  const row_errors: { row: number; column: string | null; code: string; message: string; severity: string }[] = [];
  for (const r of errorRows) {
    for (const e of r.errors as unknown as StoredIssue[]) {
      if (e.severity === 'error' && row_errors.length < MAX_ERRORS)
        row_errors.push({ row: r.rowNumber, column: e.column, code: e.code, message: e.message, severity: e.severity });
    }
  }

  const entities = await existingEntityIndex(db, { workspaceId });
  const candidates = (await candidateRows(db, { batchId })).map((c) => {
    const details = c.details as { country?: string | null; url?: string | null; variants?: unknown[] };
    return {
      ...candidateJson(
        {
          candidate_key: c.candidateKey,
          role: c.role,
          proposed_values: c.proposedValues as { name: string | null; address: string | null; email: string | null },
          source_rows: c.sourceRows,
          conflicts: c.conflicts,
          country: details.country,
          url: details.url,
        },
        entities,
      ),
      variants: details.variants ?? [],
      decision: c.decision
        ? {
            action: c.decision,
            entity_id: c.entityId,
            reason: c.reason,
            decided_at: c.decidedAt?.toISOString() ?? null,
            applied_at: c.appliedAt?.toISOString() ?? null,
          }
        : null,
    };
  });

  const counts = await outcomeCounts(db, { batchId });
  return {
    batch: serializeBatch(batch),
    skus: imported.map((r) => {
      const s = r.skuId ? skuById.get(r.skuId) : undefined;
      return {
        sku_id: r.skuId,
        sku_code: s?.skuCode ?? r.skuCode,
        product_name: s?.productName ?? null,
        outcome: r.outcome,
        row_number: r.rowNumber,
        changes: Object.entries(r.changes as Record<string, StoredChange>).map(([field_key, ch]) => ({
          field_key,
          from: ch.from,
          to: ch.to,
          provenance: { source: 'import', batch_id: batchId, row: r.rowNumber, column: ch.column },
        })),
        warnings: (r.errors as unknown as StoredIssue[])
          .filter((e) => e.severity === 'warning')
          .map(({ column, code, message }) => ({ column, code, message })),
        suggestions: suggestions
          .filter((v) => v.skuId === r.skuId)
          .map((v) => ({
            id: v.id,
            field_key: v.fieldKey,
            value: v.value,
            source: v.source,
            provenance: v.provenance,
          })),
        blockers_count: s?.blockerCount ?? null,
      };
    }),
    row_errors,
    entity_candidates: candidates,
    summary: {
      total_rows: batch.totalRows,
      processed_rows: counts.total,
      created: counts.created,
      updated: counts.updated,
      skipped: counts.skipped,
      failed: counts.failed,
      error: counts.error,
      skus_listed: imported.length,
      skus_truncated: counts.created + counts.updated > imported.length,
      row_errors_truncated: row_errors.length >= MAX_ERRORS,
      entity_candidates: candidates.length,
      entity_candidates_with_conflicts: candidates.filter((c) => c.has_conflicts).length,
      entity_candidates_undecided: candidates.filter((c) => !c.decision || c.decision.action === 'unresolved').length,
      errors_url: serializeBatch(batch).errors_url,
    },
  };
}
