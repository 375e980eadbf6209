import { sql } from 'drizzle-orm';
import type { Db } from '@/lib/db/client';
import { queryRows } from '@/lib/db/rows';

/** Counts what the plan limits: SKUs and stored document bytes. */
export async function getUsageCounters(db: Db, { workspaceId }: { workspaceId: string }) {
  const [row] = await queryRows<{ skus: number; storage: string | number }>(
    db,
    sql`SELECT
      (SELECT count(*)::int FROM skus WHERE workspace_id = ${workspaceId}) AS skus,
      (SELECT coalesce(sum(size_bytes), 0)::bigint FROM documents WHERE workspace_id = ${workspaceId}) AS storage`,
  );
  return { skus: Number(row.skus), storage_bytes: Number(row.storage) };
}
