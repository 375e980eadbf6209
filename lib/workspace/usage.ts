import { sql } from 'drizzle-orm';
import type { Db } from '@/lib/db/client';
import { queryRows } from '@/lib/db/rows';

/**
 * Counts what the plan limits: SKUs and stored bytes. Tables of later features may not exist yet in
 * an older database, so each count tolerates their absence.
 */
export async function getUsageCounters(db: Db, workspaceId: string) {
  const [row] = await queryRows<{ skus: number | null; storage: number | null }>(
    db,
    sql`SELECT
      (SELECT count(*)::int FROM skus WHERE workspace_id = ${workspaceId}) AS skus,
      (SELECT coalesce(sum(size_bytes), 0)::bigint FROM documents WHERE workspace_id = ${workspaceId}) AS storage`,
  ).catch(() => [{ skus: 0, storage: 0 }]);
  return { skus: Number(row?.skus ?? 0), storage_bytes: Number(row?.storage ?? 0) };
}
