import { and, desc, eq } from 'drizzle-orm';
import type { Db } from '@/lib/db/client';
import { afterKeyset, decodeKeysetCursor, encodeKeysetCursor, timestampText } from '@/lib/db/keyset';
import { exportRuns } from '@/lib/db/schema';
import { serializeRun } from './serialize';

/** Newest first, keyset-paged on (created_at at microsecond precision, id) like every list. */
export async function listExportRuns(
  db: Db,
  { workspaceId, q }: { workspaceId: string; q: { cursor?: string; limit: number } },
) {
  const where = [eq(exportRuns.workspaceId, workspaceId)];
  if (q.cursor) {
    const c = decodeKeysetCursor(q.cursor, 'exports', 'timestamp');
    where.push(afterKeyset('desc', exportRuns.createdAt, c.value, exportRuns.id, c.id));
  }
  const rows = await db
    .select({ row: exportRuns, createdKey: timestampText(exportRuns.createdAt) })
    .from(exportRuns)
    .where(and(...where))
    .orderBy(desc(exportRuns.createdAt), desc(exportRuns.id))
    .limit(q.limit + 1);
  const page = rows.slice(0, q.limit);
  const has_more = rows.length > q.limit;
  const last = page[page.length - 1];
  return {
    data: page.map((r) => serializeRun(r.row)),
    has_more,
    next_cursor: has_more && last ? encodeKeysetCursor('exports', last.createdKey, last.row.id) : null,
  };
}
