import { and, desc, eq, ilike, inArray, isNotNull, lt, or, sql, type SQL } from 'drizzle-orm';
import { recordAudit } from '@/lib/audit';
import { forgetReadings } from './readings';
import type { Actor } from '@/lib/auth/context';
import type { Db } from '@/lib/db/client';
import { afterKeyset, decodeKeysetCursor, encodeKeysetCursor, timestampText } from '@/lib/db/keyset';
import { documentExtractions, documents, documentSkus } from '@/lib/db/schema';
import { AppError } from '@/lib/errors';
import { serializeJobRun } from '@/lib/jobs/runs';
import { afterDossierChange, getSkuRow } from '@/lib/skus/service';
import { getBlobStore } from '@/lib/storage';
import { queueExtraction, queueExtractions } from './jobs';
import { EMBEDDED_EXTRACTIONS } from './limits';
import { linkedSkusByDocument, linkedToSku, withdrawDocumentSuggestions } from '@/lib/evidence/links';
import { LOW_CONFIDENCE, type DocumentJson, type ListDocumentsQuery, type PatchDocumentInput } from './schemas';
import { serializeDocument, todayIso, type DocumentRow, type ExtractionRow } from './serialize';
import { linkDocumentRow, removeBlobIfUnused } from './store';

/**
 * The document vault: listing, reading, correcting, linking and deleting documents. Every change that
 * can move a SKU's blockers (type, validity, links, deletion) re-evaluates the linked SKUs.
 */

export {
  storeDocument,
  storeDocuments,
  removeBlobIfUnused,
  type StoreDocumentInput,
  type StoreOutcome,
  type BatchOutcome,
} from './store';
import { resetReason, type ResetReason } from '@/lib/skus/reset-reasons';
export { bulkUpload, type BulkUploadArgs, type BulkUploadResponse } from './bulk';
export { storageUsage, storageUsedBytes, assertBatchFitsStorage } from './usage';
export { runDocumentExtraction } from './extraction';
export { queueExtraction } from './jobs';

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

const likeEscape = (s: string) => `%${s.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** The vault listing: newest first, keyset-paged, filtered by text, type, SKU and status. */
export async function listDocuments(
  db: Db,
  { workspaceId, q, opts = {} }: { workspaceId: string; q: ListDocumentsQuery; opts?: { expiringBefore?: string } },
) {
  const where: SQL[] = [eq(documents.workspaceId, workspaceId)];
  // Valid until before the date (YYYY-MM-DD), expired ones included.
  if (opts.expiringBefore)
    where.push(and(isNotNull(documents.validUntil), lt(documents.validUntil, opts.expiringBefore))!);
  if (q.q) where.push(or(ilike(documents.filename, likeEscape(q.q)), ilike(documents.snippet, likeEscape(q.q)))!);
  if (q.type) where.push(eq(documents.documentType, q.type));
  if (q.sku_id) where.push(linkedToSku(q.sku_id));
  if (q.status === 'expired') where.push(and(isNotNull(documents.validUntil), lt(documents.validUntil, todayIso()))!);
  else if (q.status === 'needs_review') {
    where.push(
      sql`${documents.classificationSource} <> 'manual' AND (${documents.classification} -> 'diagnostic') IS NOT NULL`,
    );
  } else if (q.status === 'low_confidence') {
    where.push(
      sql`${documents.classificationSource} <> 'manual' AND ${documents.classificationConfidence} < ${LOW_CONFIDENCE}`,
    );
  } else if (q.status) where.push(eq(documents.status, q.status));
  if (q.cursor) {
    const c = decodeKeysetCursor(q.cursor, 'documents', 'timestamp');
    where.push(afterKeyset('desc', documents.createdAt, c.value, documents.id, c.id));
  }
  const rows = await db
    .select({ row: documents, createdKey: timestampText(documents.createdAt) })
    .from(documents)
    .where(and(...where))
    .orderBy(desc(documents.createdAt), desc(documents.id))
    .limit(q.limit + 1);
  const has_more = rows.length > q.limit;
  const page = rows.slice(0, q.limit);
  const last = page[page.length - 1];
  return {
    data: await serializeDocuments(db, { workspaceId, rows: page.map((r) => r.row) }),
    next_cursor: has_more && last ? encodeKeysetCursor('documents', last.createdKey, last.row.id) : null,
    has_more,
  };
}

/** GET /api/skus/{id}/documents: the linked documents, oldest first. */
export async function listSkuDocuments(db: Db, { workspaceId, skuId }: { workspaceId: string; skuId: string }) {
  await getSkuRow(db, { workspaceId, id: skuId });
  const rows = await db
    .select()
    .from(documents)
    .where(and(eq(documents.workspaceId, workspaceId), linkedToSku(skuId)))
    .orderBy(documents.createdAt, documents.id);
  return { documents: await serializeDocuments(db, { workspaceId, rows }) };
}

/** Locks SKU rows in one order (by id) before a change to their document links. */
async function lockSkuRows(db: Db, workspaceId: string, skuIds: string[]) {
  if (!skuIds.length) return;
  await db.execute(
    sql`SELECT id FROM skus WHERE workspace_id = ${workspaceId} AND id IN (${sql.join(
      [...new Set(skuIds)].sort().map((id) => sql`${id}::uuid`),
      sql`, `,
    )}) ORDER BY id FOR UPDATE`,
  );
}

async function reevaluate(db: Db, workspaceId: string, actor: Actor, skuIds: string[], reason: ResetReason) {
  for (const skuId of new Set(skuIds)) await afterDossierChange(db, { workspaceId, actor, skuId, reason });
}

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
    await reevaluate(t, args.workspaceId, args.actor, skuIds, resetReason.documentChanged(row.filename));
  });
  return { document: await getDocument(db, { workspaceId: args.workspaceId, id: row.id }) };
}

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
    await lockSkuRows(t, args.workspaceId, skuIds);
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
    await reevaluate(t, args.workspaceId, args.actor, skuIds, resetReason.documentDeleted(row.filename));
  });
  await removeBlobIfUnused(db, { key: row.storageKey }).catch((e) =>
    console.error(`[documents] blob ${row.storageKey} of deleted document kept:`, e),
  );
  return { deleted_id: row.id };
}

/** Links a document to a SKU (join table), queues extraction so the SKU gets its suggestions. */
export async function linkDocument(db: Db, args: { workspaceId: string; actor: Actor; id: string; skuId: string }) {
  const row = await getDocumentRow(db, { workspaceId: args.workspaceId, id: args.id });
  const sku = await getSkuRow(db, { workspaceId: args.workspaceId, id: args.skuId });
  const created = await db.transaction(async (tx) => {
    const t = tx as unknown as Db;
    await lockSkuRows(t, args.workspaceId, [sku.id]);
    const isNew = await linkDocumentRow(t, { workspaceId: args.workspaceId, documentId: row.id, skuId: sku.id });
    if (isNew) {
      await recordAudit(t, {
        workspaceId: args.workspaceId,
        actor: args.actor,
        action: 'document.linked',
        targetType: 'document',
        targetId: row.id,
        data: {
          filename: row.filename,
          sku_id: sku.id,
          sku_code: sku.skuCode,
        },
      });
      await afterDossierChange(t, {
        workspaceId: args.workspaceId,
        actor: args.actor,
        skuId: sku.id,
        reason: resetReason.documentLinked(row.filename),
      });
    }
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
    await lockSkuRows(t, args.workspaceId, [sku.id]);
    const removed = await t
      .delete(documentSkus)
      .where(and(eq(documentSkus.documentId, row.id), eq(documentSkus.skuId, sku.id)))
      .returning({ id: documentSkus.documentId });
    if (!removed.length) return;
    await withdrawDocumentSuggestions(t, { workspaceId: args.workspaceId, documentId: row.id, skuId: sku.id });
    await recordAudit(t, {
      workspaceId: args.workspaceId,
      actor: args.actor,
      action: 'document.unlinked',
      targetType: 'document',
      targetId: row.id,
      data: {
        filename: row.filename,
        sku_id: sku.id,
        sku_code: sku.skuCode,
      },
    });
    await afterDossierChange(t, {
      workspaceId: args.workspaceId,
      actor: args.actor,
      skuId: sku.id,
      reason: resetReason.documentUnlinked(row.filename),
    });
  });
  return { unlinked: true as const };
}

/** Re-extraction of one document or of all a SKU's documents: one job per document (the route adds poll URLs). */
export async function reExtract(
  db: Db,
  args: {
    workspaceId: string;
    actor: Actor;
    documentId?: string;
    skuId?: string;
  },
) {
  let ids: string[];
  if (args.documentId) ids = [(await getDocumentRow(db, { workspaceId: args.workspaceId, id: args.documentId })).id];
  else {
    await getSkuRow(db, { workspaceId: args.workspaceId, id: args.skuId! });
    const rows = await db
      .select({ id: documents.id })
      .from(documents)
      .where(and(eq(documents.workspaceId, args.workspaceId), linkedToSku(args.skuId!)))
      .orderBy(documents.createdAt, documents.id);
    ids = rows.map((r) => r.id);
  }
  const runs = await queueExtractions(db, {
    workspaceId: args.workspaceId,
    documentIds: ids,
    createdBy: args.actor.userId,
  });
  return {
    jobs: runs.map((run, i) => {
      const job = serializeJobRun(run);
      return { id: job.id, document_id: ids[i], status: job.status };
    }),
  };
}

/** The stored bytes, with what the file route needs to answer safely. */
export async function openDocumentFile(db: Db, { workspaceId, id }: { workspaceId: string; id: string }) {
  const row = await getDocumentRow(db, { workspaceId, id });
  let stream: ReadableStream<Uint8Array>;
  try {
    stream = await getBlobStore().getStream(row.storageKey);
  } catch {
    throw new AppError('NOT_FOUND', 'The stored file of this document is missing.');
  }
  return { row, stream };
}
