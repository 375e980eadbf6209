import { and, eq, inArray, sql } from 'drizzle-orm';
import { recordAuditMany } from '@/lib/audit';
import type { Actor } from '@/lib/auth/context';
import type { Db } from '@/lib/db/client';
import { documents, documentSkus, type DocumentType, type LinkOrigin } from '@/lib/db/schema';
import type { ClassificationResult } from '@/lib/classify/schemas';
import { AppError } from '@/lib/errors';
import { isUniqueViolation } from '@/lib/db/errors';
import { PLANS, type PlanId } from '@/lib/plans';
import { documentBlobKey, getBlobStore } from '@/lib/storage';
import type { ClassificationSource } from './schemas';
import type { DocumentRow } from './serialize';
import { storageUsedBytes } from './usage';

/**
 * Stores files as documents: deduplicated per workspace by SHA-256, blob first and row second, so that
 * a failure leaves neither half (a row is never written before its blob; a blob whose row could not be
 * written is removed unless another row uses it). The blob key is derived from (workspace, sha256);
 * an advisory lock on that key serialises a store and a delete of the same bytes, and the workspace
 * row lock makes the storage-limit check hold under concurrent uploads.
 *
 * Many files (the parts of a ZIP) are stored in one transaction: one lock, one usage count and one
 * multi-row insert for the batch instead of ten statements per file. If the batch fails, each file is
 * retried on its own, so one bad file cannot take the others with it.
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
  /** Links the document to this SKU (a document_skus row). */
  skuId?: string | null;
  /** Who makes that link (lib/evidence/status.ts): a person unless said otherwise. */
  linkOrigin?: LinkOrigin;
  status?: string;
  /** Where the document came from, for the audit record ("bulk", "bundle.zip › a.pdf"). */
  via?: string;
}

export type StoreOutcome =
  | { status: 'uploaded'; document: DocumentRow }
  | { status: 'duplicate'; document: DocumentRow; linked: boolean }
  | { status: 'skipped_quota'; usedBytes: number; limitBytes: number };

/** A batch item either stored (one of the outcomes) or failed with STORAGE_FAILED. */
export type BatchOutcome = StoreOutcome | { status: 'failed'; error: AppError };

const keyOf = (i: StoreDocumentInput) => documentBlobKey(i.workspaceId, i.sha256);

const lockKeys = (db: Db, keys: string[]) =>
  // One statement, a fixed order: two batches never wait on each other's keys in opposite orders.
  db.execute(
    sql`SELECT pg_advisory_xact_lock(h) FROM (SELECT DISTINCT hashtextextended(k, 0) AS h FROM unnest(ARRAY[${sql.join(
      keys.map((k) => sql`${k}`),
      sql`, `,
    )}]::text[]) AS k) AS keys ORDER BY h`,
  );

async function findByShas(db: Db, workspaceId: string, shas: string[]) {
  if (!shas.length) return new Map<string, DocumentRow>();
  const rows = await db
    .select()
    .from(documents)
    .where(and(eq(documents.workspaceId, workspaceId), inArray(documents.sha256, [...new Set(shas)])));
  return new Map(rows.map((r) => [r.sha256, r]));
}

/** Adds the join-table link of an existing document; true when it is new. */
export async function linkDocumentRow(
  db: Db,
  {
    workspaceId,
    documentId,
    skuId,
    linkOrigin = 'person',
  }: { workspaceId: string; documentId: string; skuId: string; linkOrigin?: LinkOrigin },
): Promise<boolean> {
  const inserted = await db
    .insert(documentSkus)
    .values({ workspaceId, documentId, skuId, linkOrigin })
    .onConflictDoNothing()
    .returning({ id: documentSkus.documentId });
  return inserted.length > 0;
}

async function duplicateOf(db: Db, input: StoreDocumentInput, existing: DocumentRow): Promise<StoreOutcome> {
  const linked = input.skuId
    ? await linkDocumentRow(db, {
        workspaceId: input.workspaceId,
        documentId: existing.id,
        skuId: input.skuId,
        linkOrigin: input.linkOrigin,
      })
    : false;
  return { status: 'duplicate', document: existing, linked };
}

/** Deletes the blob under `key` unless a document row still uses it. */
export async function removeBlobIfUnused(db: Db, { key }: { key: string }): Promise<boolean> {
  return db.transaction(async (tx) => {
    const t = tx as unknown as Db;
    await lockKeys(t, [key]);
    const [{ n }] = await t
      .select({ n: sql<number>`count(*)::int` })
      .from(documents)
      .where(eq(documents.storageKey, key));
    if (Number(n) > 0) return false;
    await getBlobStore().delete(key);
    return true;
  });
}

function rowValues(input: StoreDocumentInput): typeof documents.$inferInsert {
  return {
    workspaceId: input.workspaceId,
    sha256: input.sha256,
    filename: input.filename,
    mimeType: input.mimeType,
    sizeBytes: input.sizeBytes,
    storageKey: keyOf(input),
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
  };
}

/** One transaction for the batch; throws (after removing the blobs it wrote) when anything fails. */
async function storeBatchOnce(db: Db, inputs: StoreDocumentInput[]): Promise<StoreOutcome[]> {
  const { workspaceId, plan, actor } = inputs[0];
  const limitBytes = PLANS[plan].storageBytes;
  const known = await findByShas(
    db,
    workspaceId,
    inputs.map((i) => i.sha256),
  );
  const outcomes: (StoreOutcome | null)[] = inputs.map(() => null);
  const fresh = inputs.map((input, i) => ({ input, i })).filter(({ input }) => !known.has(input.sha256));
  for (const { input, i } of inputs.map((input, i) => ({ input, i }))) {
    const existing = known.get(input.sha256);
    if (existing) outcomes[i] = await duplicateOf(db, input, existing);
  }
  if (!fresh.length) return outcomes as StoreOutcome[];

  const written: string[] = [];
  try {
    await db.transaction(async (tx) => {
      const t = tx as unknown as Db;
      // Workspace first, then the keys: every path takes them in this order.
      await t.execute(sql`SELECT id FROM workspaces WHERE id = ${workspaceId} FOR UPDATE`);
      let usedBytes = await storageUsedBytes(t, { workspaceId });
      await lockKeys(
        t,
        fresh.map(({ input }) => keyOf(input)),
      );
      const raced = await findByShas(
        t,
        workspaceId,
        fresh.map(({ input }) => input.sha256),
      );
      const toInsert: { input: StoreDocumentInput; i: number }[] = [];
      const firstOf = new Map<string, number>();
      for (const { input, i } of fresh) {
        const other = raced.get(input.sha256);
        if (other) {
          outcomes[i] = await duplicateOf(t, input, other);
          continue;
        }
        if (firstOf.has(input.sha256)) continue; // same bytes twice in this batch: settled after the insert
        if (usedBytes + input.sizeBytes > limitBytes) {
          outcomes[i] = { status: 'skipped_quota', usedBytes, limitBytes };
          continue;
        }
        await getBlobStore().put(keyOf(input), input.source, input.mimeType);
        written.push(keyOf(input));
        usedBytes += input.sizeBytes;
        firstOf.set(input.sha256, i);
        toInsert.push({ input, i });
      }
      if (!toInsert.length) return;
      const rows = await t
        .insert(documents)
        .values(toInsert.map(({ input }) => rowValues(input)))
        .returning();
      const bySha = new Map(rows.map((r) => [r.sha256, r]));
      const links = toInsert
        .filter(({ input }) => input.skuId)
        .map(({ input }) => ({
          workspaceId,
          documentId: bySha.get(input.sha256)!.id,
          skuId: input.skuId!,
          linkOrigin: input.linkOrigin ?? ('person' as const),
        }));
      if (links.length) await t.insert(documentSkus).values(links).onConflictDoNothing();
      await recordAuditMany(t, {
        entries: toInsert.map(({ input }) => {
          const row = bySha.get(input.sha256)!;
          return {
            workspaceId,
            actor,
            action: 'document.uploaded',
            targetType: 'document',
            targetId: row.id,
            data: {
              filename: row.filename,
              document_type: row.documentType,
              size_bytes: row.sizeBytes,
              sku_id: input.skuId ?? null,
              via: input.via ?? null,
            },
          };
        }),
      });
      for (const { input, i } of fresh) {
        if (outcomes[i]) continue;
        const row = bySha.get(input.sha256);
        if (!row) continue;
        outcomes[i] =
          firstOf.get(input.sha256) === i ? { status: 'uploaded', document: row } : await duplicateOf(t, input, row);
      }
    });
  } catch (e) {
    for (const key of written) {
      await removeBlobIfUnused(db, { key }).catch((err) =>
        console.error(`[documents] could not remove blob ${key} after a failed insert:`, err),
      );
    }
    throw e;
  }
  return outcomes as StoreOutcome[];
}

/** The database's or the store's own words (a driver error wraps them behind the whole statement). */
const reason = (e: unknown) =>
  ((e as { cause?: { message?: string } })?.cause?.message ?? (e instanceof Error ? e.message : 'unknown error')).slice(
    0,
    200,
  );

const storageFailed = (e: unknown) =>
  e instanceof AppError
    ? e
    : new AppError('STORAGE_FAILED', `The file could not be stored: ${reason(e)}.`, { cause: e });

/** Stores one file: uploaded, duplicate of the existing document, or skipped_quota; STORAGE_FAILED otherwise. */
export async function storeDocument(db: Db, input: StoreDocumentInput): Promise<StoreOutcome> {
  try {
    return (await storeBatchOnce(db, [input]))[0];
  } catch (e) {
    if (isUniqueViolation(e)) {
      // A writer that did not take the key lock got there first: its row owns the blob.
      const winner = (await findByShas(db, input.workspaceId, [input.sha256])).get(input.sha256);
      if (winner) return duplicateOf(db, input, winner);
    }
    throw storageFailed(e);
  }
}

/**
 * Stores many files of one workspace, outcomes in input order. The batch is one transaction; when it
 * fails, every file is stored on its own and only the ones that fail again report STORAGE_FAILED.
 */
export async function storeDocuments(db: Db, { inputs }: { inputs: StoreDocumentInput[] }): Promise<BatchOutcome[]> {
  if (!inputs.length) return [];
  if (inputs.some((i) => i.workspaceId !== inputs[0].workspaceId))
    throw new Error('storeDocuments: one workspace per batch');
  if (inputs.length === 1) {
    try {
      return [await storeDocument(db, inputs[0])];
    } catch (err) {
      return [{ status: 'failed', error: storageFailed(err) }];
    }
  }
  try {
    return await storeBatchOnce(db, inputs);
  } catch (e) {
    console.warn(`[documents] batch of ${inputs.length} failed (${reason(e)}); storing one by one`);
    const out: BatchOutcome[] = [];
    for (const input of inputs) {
      try {
        out.push(await storeDocument(db, input));
      } catch (err) {
        out.push({ status: 'failed', error: storageFailed(err) });
      }
    }
    return out;
  }
}
