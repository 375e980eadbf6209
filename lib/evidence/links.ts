import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Db } from '@/lib/db/client';
import { documents, documentSkus, dossierValues, skus } from '@/lib/db/schema';
import type { EvidenceFacts, EvidenceReasonCode } from './status';
import type { DocumentRow, LinkedSku } from './rows';

/** Document-to-SKU links live in document_skus only (one row per link, with how it was made). */

/** A link's evidence status as the API shows it (selected by every reader that lists linked documents). */
export const linkEvidenceColumns = {
  evidence_status: documentSkus.evidenceStatus,
  evidence_reason: documentSkus.evidenceReason,
  evidence_reason_code: documentSkus.evidenceReasonCode,
  evidence_reason_params: documentSkus.evidenceReasonParams,
  evidence_facts: documentSkus.evidenceFacts,
  decided_by: documentSkus.decidedByLabel,
  decided_at: documentSkus.decidedAt,
};

/** The SKUs of many documents, in one query, each list sorted by SKU code. */
export async function linkedSkusByDocument(
  db: Db,
  { workspaceId, docs }: { workspaceId: string; docs: Pick<DocumentRow, 'id'>[] },
): Promise<Map<string, LinkedSku[]>> {
  const out = new Map<string, LinkedSku[]>(docs.map((d) => [d.id, []]));
  if (!docs.length) return out;
  const joined = await db
    .select({
      documentId: documentSkus.documentId,
      id: skus.id,
      sku_code: skus.skuCode,
      product_name: skus.productName,
      link_source: documentSkus.linkSource,
      link_evidence: documentSkus.linkEvidence,
      link_origin: documentSkus.linkOrigin,
      ...linkEvidenceColumns,
    })
    .from(documentSkus)
    .innerJoin(skus, eq(skus.id, documentSkus.skuId))
    .where(
      and(
        eq(documentSkus.workspaceId, workspaceId),
        inArray(
          documentSkus.documentId,
          docs.map((d) => d.id),
        ),
      ),
    );
  for (const j of joined)
    out.get(j.documentId)!.push({
      id: j.id,
      sku_code: j.sku_code,
      product_name: j.product_name,
      link_source: j.link_source,
      link_evidence: j.link_evidence ?? null,
      link_origin: j.link_origin,
      evidence_status: j.evidence_status,
      evidence_reason: j.evidence_reason ?? null,
      evidence_reason_code: (j.evidence_reason_code as EvidenceReasonCode | null) ?? null,
      evidence_reason_params: j.evidence_reason_params ?? null,
      evidence_facts: (j.evidence_facts as EvidenceFacts | null) ?? null,
      decided_by: j.decided_by ?? null,
      decided_at: j.decided_at?.toISOString() ?? null,
    });
  for (const list of out.values()) list.sort((a, b) => a.sku_code.localeCompare(b.sku_code));
  return out;
}

export async function linkedSkuIds(
  db: Db,
  { row }: { row: Pick<DocumentRow, 'id' | 'workspaceId'> },
): Promise<string[]> {
  return ((await linkedSkusByDocument(db, { workspaceId: row.workspaceId, docs: [row] })).get(row.id) ?? []).map(
    (s) => s.id,
  );
}

/** Documents linked to a SKU, whatever their evidence status (listings filtered by SKU). */
export function linkedToSku(skuId: string) {
  return sql`${documents.id} IN (SELECT document_id FROM document_skus WHERE sku_id = ${skuId})`;
}

/**
 * Documents linked to a SKU that may be about it: not rejected as its evidence and not about another
 * product (lib/evidence/status.ts). What AI research and fill read for the SKU.
 */
export function mayBeAboutSku(skuId: string) {
  return sql`${documents.id} IN (SELECT document_id FROM document_skus WHERE sku_id = ${skuId} AND evidence_status IN ('proposed', 'accepted'))`;
}

/**
 * Open suggestions a document's extraction made, withdrawn when the document leaves a SKU (unlink) or
 * the vault (delete): a suggestion without its source would be a conflict nobody can check.
 */
export async function withdrawDocumentSuggestions(
  db: Db,
  args: { workspaceId: string; documentId: string; skuId?: string },
) {
  const conditions = [
    eq(dossierValues.workspaceId, args.workspaceId),
    eq(dossierValues.status, 'suggested'),
    eq(dossierValues.source, 'document_extraction'),
    isNull(dossierValues.supersededAt),
    sql`${dossierValues.provenance}->>'document_id' = ${args.documentId}`,
  ];
  if (args.skuId) conditions.push(eq(dossierValues.skuId, args.skuId));
  const rows = await db
    .update(dossierValues)
    .set({ supersededAt: new Date() })
    .where(and(...conditions))
    .returning({ id: dossierValues.id });
  return rows.length;
}
