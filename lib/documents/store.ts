import { and, eq, sql } from 'drizzle-orm';
import type { Actor } from '@/lib/auth/context';
import type { Db } from '@/lib/db/client';
import { auditEvents, documents, documentSkus, type DocumentType } from '@/lib/db/schema';
import type { ClassificationResult } from '@/lib/classify/schemas';
import { AppError, isUniqueViolation } from '@/lib/http/errors';
import { PLANS, type PlanId } from '@/lib/plans';
import { documentBlobKey, getBlobStore } from '@/lib/storage';
import type { ClassificationSource } from './schemas';
import type { DocumentRow } from './serialize';
import { storageUsedBytes } from './usage';

/**
 * Stores one file as a document: deduplicated per workspace by SHA-256, blob first and row second, so
 * that a failure leaves neither half. The blob key is derived from (workspace, sha256); an advisory
 * lock on that key serialises a store and a delete of the same bytes, and the workspace row lock makes
 * the storage-limit check hold under concurrent uploads.
 */

export interface StoreDocumentInput {
  workspaceId: string;
  plan: PlanId;
  actor: Actor;
  sha256: string;
  sizeBytes: number;
  /** The bytes, or a temp file holding them (streamed to the blob store). */
  source: Uint8Array | { filePath: string };
  filename: string;
  mimeType: string;
  documentType: DocumentType;
  classificationConfidence: number | null;
  classificationSource: ClassificationSource;
  artifactKind: string | null;
  classification: ClassificationResult | null;
  detectedLanguage: string | null;
  snippet: string | null;
  snippetSource: string | null;
  textCache: string | null;
  /** Links the document to this SKU (legacy column and join table). */
  skuId?: string | null;
  status?: string;
  /** Where the document came from, for the audit record ("bulk", "bundle.zip › a.pdf"). */
  via?: string;
}

export type StoreOutcome =
  | { status: 'uploaded'; document: DocumentRow }
  | { status: 'duplicate'; document: DocumentRow; linked: boolean }
  | { status: 'skipped_quota'; usedBytes: number; limitBytes: number };

const lockKey = (db: Db, key: string) => db.execute(sql`SELECT pg_advisory_xact_lock(hashtextextended(${key}, 0))`);

async function findBySha(db: Db, workspaceId: string, sha256: string) {
  const [row] = await db.select().from(documents).where(and(eq(documents.workspaceId, workspaceId), eq(documents.sha256, sha256)));
  return row ?? null;
}

/** Adds the join-table link of an existing document; true when it is new. */
export async function linkDocumentRow(db: Db, workspaceId: string, documentId: string, skuId: string): Promise<boolean> {
  const inserted = await db.insert(documentSkus).values({ workspaceId, documentId, skuId }).onConflictDoNothing().returning({ id: documentSkus.documentId });
  return inserted.length > 0;
}

async function duplicateOf(db: Db, input: StoreDocumentInput, existing: DocumentRow): Promise<StoreOutcome> {
  const linked = input.skuId ? await linkDocumentRow(db, input.workspaceId, existing.id, input.skuId) : false;
  return { status: 'duplicate', document: existing, linked };
}

/** Deletes the blob under `key` unless a document row still uses it. */
export async function removeBlobIfUnused(db: Db, key: string): Promise<boolean> {
  return db.transaction(async (tx) => {
    const t = tx as unknown as Db;
    await lockKey(t, key);
    const [{ n }] = await t.select({ n: sql<number>`count(*)::int` }).from(documents).where(eq(documents.storageKey, key));
    if (Number(n) > 0) return false;
    await getBlobStore().delete(key);
    return true;
  });
}

export async function storeDocument(db: Db, input: StoreDocumentInput): Promise<StoreOutcome> {
  const existing = await findBySha(db, input.workspaceId, input.sha256);
  if (existing) return duplicateOf(db, input, existing);

  const key = documentBlobKey(input.workspaceId, input.sha256);
  const limitBytes = PLANS[input.plan].storageBytes;
  let blobWritten = false;
  try {
    return await db.transaction(async (tx): Promise<StoreOutcome> => {
      const t = tx as unknown as Db;
      // Workspace first, then the key: every path takes them in this order.
      await t.execute(sql`SELECT id FROM workspaces WHERE id = ${input.workspaceId} FOR UPDATE`);
      const usedBytes = await storageUsedBytes(t, input.workspaceId);
      if (usedBytes + input.sizeBytes > limitBytes) return { status: 'skipped_quota', usedBytes, limitBytes };
      await lockKey(t, key);
      const raced = await findBySha(t, input.workspaceId, input.sha256);
      if (raced) return duplicateOf(t, input, raced);

      await getBlobStore().put(key, input.source, input.mimeType);
      blobWritten = true;
      const [row] = await t
        .insert(documents)
        .values({
          workspaceId: input.workspaceId,
          sha256: input.sha256,
          filename: input.filename,
          mimeType: input.mimeType,
          sizeBytes: input.sizeBytes,
          storageKey: key,
          skuId: input.skuId ?? null,
          documentType: input.documentType,
          classificationConfidence: input.classificationConfidence,
          classificationSource: input.classificationSource,
          artifactKind: input.artifactKind,
          classification: input.classification as Record<string, unknown> | null,
          detectedLanguage: input.detectedLanguage,
          snippet: input.snippet,
          snippetSource: input.snippetSource,
          textCache: input.textCache,
          status: input.status ?? 'ready',
          uploadedBy: input.actor.userId,
        })
        .returning();
      if (input.skuId) await linkDocumentRow(t, input.workspaceId, row.id, input.skuId);
      await t.insert(auditEvents).values({
        workspaceId: input.workspaceId,
        actorUserId: input.actor.userId,
        actorApiKeyId: input.actor.apiKeyId,
        actorLabel: input.actor.label,
        action: 'document.uploaded',
        targetType: 'document',
        targetId: row.id,
        data: { filename: row.filename, document_type: row.documentType, size_bytes: row.sizeBytes, sku_id: input.skuId ?? null, via: input.via ?? null },
      });
      return { status: 'uploaded', document: row };
    });
  } catch (e) {
    if (isUniqueViolation(e)) {
      // A writer that did not take the key lock got there first: its row owns the blob.
      const winner = await findBySha(db, input.workspaceId, input.sha256);
      if (winner) return duplicateOf(db, input, winner);
    }
    if (blobWritten) {
      await removeBlobIfUnused(db, key).catch((err) => console.error(`[documents] could not remove blob ${key} after a failed insert:`, err));
    }
    throw new AppError('STORAGE_FAILED', `The file could not be stored: ${e instanceof Error ? e.message.slice(0, 200) : 'unknown error'}.`, { cause: e });
  }
}
