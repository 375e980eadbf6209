/** Listing a workspace's import batches and reading one. */
import type { Db } from '@/lib/db/client';
import { decodeKeysetCursor, encodeKeysetCursor, keysetPage } from '@/lib/db/keyset';
import { getBatchRow, listBatchRows, serializeBatch, throughput, type ImportBatchJson } from './repo';

/** GET /api/imports: the workspace's batches newest first, keyset-paged by (created_at, id). */
export async function listImports(
  db: Db,
  { workspaceId, q }: { workspaceId: string; q: { cursor?: string; limit: number } },
) {
  const after = q.cursor !== undefined ? decodeKeysetCursor(q.cursor, 'imports', 'timestamp') : undefined;
  const rows = await listBatchRows(db, { workspaceId, q: { after, limit: q.limit + 1 } });
  const { page, next_cursor, has_more } = keysetPage(rows, q.limit, (last) =>
    encodeKeysetCursor('imports', last.createdKey, last.row.id),
  );
  return { batches: page.map((r) => serializeBatch(r.row)), next_cursor, has_more };
}

export async function getImport(
  db: Db,
  { workspaceId, batchId }: { workspaceId: string; batchId: string },
): Promise<{ batch: ImportBatchJson & Partial<ReturnType<typeof throughput>> }> {
  const row = await getBatchRow(db, { workspaceId, batchId });
  // The poll of one batch also says how fast it goes and how long it still takes.
  return { batch: { ...serializeBatch(row), ...throughput(row) } };
}
