import { and, eq, inArray, isNull, or, sql } from 'drizzle-orm';
import type { Db } from '@/lib/db/client';
import { documents, documentSkus, dossierValues, skus } from '@/lib/db/schema';
import type { DocumentRow, LinkedSku } from './serialize';

/**
 * Document-to-SKU links come in two kinds: the legacy documents.sku_id column and the document_skus
 * join table. Everything here treats them as one set, each SKU once.
 */

/** The SKUs of many documents, in one query per link kind. */
export async function linkedSkusByDocument(db: Db, workspaceId: string, docs: Pick<DocumentRow, 'id' | 'skuId'>[]): Promise<Map<string, LinkedSku[]>> {
  const out = new Map<string, LinkedSku[]>(docs.map((d) => [d.id, []]));
  if (!docs.length) return out;
  const ids = docs.map((d) => d.id);
  const joined = await db
    .select({ documentId: documentSkus.documentId, id: skus.id, sku_code: skus.skuCode, product_name: skus.productName, link_source: documentSkus.linkSource, link_evidence: documentSkus.linkEvidence })
    .from(documentSkus)
    .innerJoin(skus, eq(skus.id, documentSkus.skuId))
    .where(and(eq(documentSkus.workspaceId, workspaceId), inArray(documentSkus.documentId, ids)));
  const legacyIds = [...new Set(docs.map((d) => d.skuId).filter((x): x is string => Boolean(x)))];
  const legacy = legacyIds.length
    ? await db.select({ id: skus.id, sku_code: skus.skuCode, product_name: skus.productName }).from(skus).where(and(eq(skus.workspaceId, workspaceId), inArray(skus.id, legacyIds)))
    : [];
  const legacyById = new Map(legacy.map((s) => [s.id, s]));
  for (const d of docs) {
    const list = out.get(d.id)!;
    const legacySku = d.skuId ? legacyById.get(d.skuId) : undefined;
    if (legacySku) list.push(legacySku);
  }
  for (const j of joined) {
    const list = out.get(j.documentId)!;
    if (!list.some((s) => s.id === j.id)) list.push({ id: j.id, sku_code: j.sku_code, product_name: j.product_name, link_source: j.link_source, link_evidence: j.link_evidence ?? null });
  }
  for (const list of out.values()) list.sort((a, b) => a.sku_code.localeCompare(b.sku_code));
  return out;
}

export async function linkedSkuIds(db: Db, row: Pick<DocumentRow, 'id' | 'skuId' | 'workspaceId'>): Promise<string[]> {
  return ((await linkedSkusByDocument(db, row.workspaceId, [row])).get(row.id) ?? []).map((s) => s.id);
}

/** Documents linked to a SKU through either kind of link (used by listings filtered by SKU). */
export function linkedToSku(skuId: string) {
  return or(eq(documents.skuId, skuId), sql`${documents.id} IN (SELECT document_id FROM document_skus WHERE sku_id = ${skuId})`)!;
}

/**
 * Open suggestions a document's extraction made, withdrawn when the document leaves a SKU (unlink) or
 * the vault (delete): a suggestion without its source would be a conflict nobody can check.
 */
export async function withdrawDocumentSuggestions(db: Db, args: { workspaceId: string; documentId: string; skuId?: string }) {
  const conditions = [
    eq(dossierValues.workspaceId, args.workspaceId),
    eq(dossierValues.status, 'suggested'),
    eq(dossierValues.source, 'document_extraction'),
    isNull(dossierValues.supersededAt),
    sql`${dossierValues.provenance}->>'document_id' = ${args.documentId}`,
  ];
  if (args.skuId) conditions.push(eq(dossierValues.skuId, args.skuId));
  const rows = await db.update(dossierValues).set({ supersededAt: new Date() }).where(and(...conditions)).returning({ id: dossierValues.id });
  return rows.length;
}
