import { and, eq, isNotNull, sql } from 'drizzle-orm';
import type { Db } from '@/lib/db/client';
import { supplierRequests } from '@/lib/db/schema';
import { getEntityRow } from '@/lib/entities/service';

/** How a supplier answers: median days from sending to the first answer, open and answered counts. */
export async function entityResponsiveness(
  db: Db,
  { workspaceId, entityId }: { workspaceId: string; entityId: string },
) {
  const entity = await getEntityRow(db, { workspaceId, id: entityId });
  const where = and(eq(supplierRequests.workspaceId, workspaceId), eq(supplierRequests.entityId, entity.id));
  const [agg] = await db
    .select({
      total: sql<number>`count(*) filter (where ${supplierRequests.sentAt} is not null)::int`,
      open: sql<number>`count(*) filter (where ${supplierRequests.status} in ('sent', 'in_progress', 'to_review', 'no_progress'))::int`,
      answered: sql<number>`count(*) filter (where ${supplierRequests.respondedAt} is not null)::int`,
      noProgress: sql<number>`count(*) filter (where ${supplierRequests.status} = 'no_progress')::int`,
      median: sql<
        number | null
      >`percentile_cont(0.5) within group (order by extract(epoch from (${supplierRequests.respondedAt} - ${supplierRequests.sentAt})) / 86400) filter (where ${supplierRequests.respondedAt} is not null)`,
    })
    .from(supplierRequests)
    .where(and(where, isNotNull(supplierRequests.sentAt)));
  return {
    entity_id: entity.id,
    requests_sent: Number(agg?.total ?? 0),
    open_requests: Number(agg?.open ?? 0),
    answered_requests: Number(agg?.answered ?? 0),
    no_progress_requests: Number(agg?.noProgress ?? 0),
    median_days_to_answer:
      agg?.median === null || agg?.median === undefined ? null : Math.round(Number(agg.median) * 10) / 10,
  };
}
