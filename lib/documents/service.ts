import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Actor } from '@/lib/auth/context';
import type { Db } from '@/lib/db/client';
import { documentExtractions, documents } from '@/lib/db/schema';
import { AppError } from '@/lib/errors';
import { linkedSkusByDocument } from '@/lib/evidence/links';
import type { ResetReason } from '@/lib/skus/reset-reasons';
import { afterDossierChange } from '@/lib/skus/service';
import { EMBEDDED_EXTRACTIONS } from './limits';
import type { DocumentJson } from './schemas';
import { serializeDocument, type DocumentRow, type ExtractionRow } from './serialize';

/**
 * The document vault: what its operations share. The document row by id in the workspace, the
 * records with links and extractions embedded, and the SKU locks and re-evaluation every change
 * that can move a SKU's blockers (type, validity, links, deletion) ends with. The operations have a
 * file each: list.ts, update.ts, delete.ts, sku-links.ts, re-extract.ts, file-response.ts (the
 * stored bytes); store.ts and bulk.ts take uploads in.
 */

export async function getDocumentRow(
  db: Db,
  { workspaceId, id }: { workspaceId: string; id: string },
): Promise<DocumentRow> {
  const [row] = await db
    .select()
    .from(documents)
    .where(and(eq(documents.id, id), eq(documents.workspaceId, workspaceId)));
  if (!row) throw new AppError('NOT_FOUND', 'Document not found.');
  return row;
}

async function extractionsByDocument(db: Db, ids: string[]): Promise<Map<string, ExtractionRow[]>> {
  const out = new Map<string, ExtractionRow[]>(ids.map((id) => [id, []]));
  if (!ids.length) return out;
  const rows = await db
    .select()
    .from(documentExtractions)
    .where(inArray(documentExtractions.documentId, ids))
    .orderBy(desc(documentExtractions.createdAt), desc(documentExtractions.id));
  for (const r of rows) {
    const list = out.get(r.documentId)!;
    if (list.length < EMBEDDED_EXTRACTIONS) list.push(r);
  }
  return out;
}

/** Rows to the contract's free-form document records, with links and extractions embedded. */
export async function serializeDocuments(
  db: Db,
  { workspaceId, rows }: { workspaceId: string; rows: DocumentRow[] },
): Promise<DocumentJson[]> {
  const [links, extractions] = await Promise.all([
    linkedSkusByDocument(db, { workspaceId, docs: rows }),
    extractionsByDocument(
      db,
      rows.map((r) => r.id),
    ),
  ]);
  return rows.map((r) => serializeDocument(r, links.get(r.id) ?? [], extractions.get(r.id) ?? []));
}

export async function getDocument(
  db: Db,
  { workspaceId, id }: { workspaceId: string; id: string },
): Promise<DocumentJson> {
  const row = await getDocumentRow(db, { workspaceId, id });
  return (await serializeDocuments(db, { workspaceId, rows: [row] }))[0];
}

/** Locks SKU rows in one order (by id) before a change to their document links. */
export async function lockSkuRows(db: Db, { workspaceId, skuIds }: { workspaceId: string; skuIds: string[] }) {
  if (!skuIds.length) return;
  await db.execute(
    sql`SELECT id FROM skus WHERE workspace_id = ${workspaceId} AND id IN (${sql.join(
      [...new Set(skuIds)].sort().map((id) => sql`${id}::uuid`),
      sql`, `,
    )}) ORDER BY id FOR UPDATE`,
  );
}

/** Re-evaluates each SKU a document change touched (its approvals reset), once per SKU. */
export async function reevaluate(
  db: Db,
  { workspaceId, actor, skuIds, reason }: { workspaceId: string; actor: Actor; skuIds: string[]; reason: ResetReason },
) {
  for (const skuId of new Set(skuIds)) await afterDossierChange(db, { workspaceId, actor, skuId, reason });
}
