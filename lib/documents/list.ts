import { and, desc, eq, ilike, isNotNull, lt, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '@/lib/db/client';
import { afterKeyset, decodeKeysetCursor, encodeKeysetCursor, timestampText } from '@/lib/db/keyset';
import { documents } from '@/lib/db/schema';
import { linkedToSku } from '@/lib/evidence/links';
import { getSkuRow } from '@/lib/skus/service';
import { LOW_CONFIDENCE, type ListDocumentsQuery } from './schemas';
import { todayIso } from './serialize';
import { serializeDocuments } from './service';

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
