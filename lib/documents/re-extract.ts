import { and, eq } from 'drizzle-orm';
import type { Actor } from '@/lib/auth/context';
import type { Db } from '@/lib/db/client';
import { documents } from '@/lib/db/schema';
import { linkedToSku } from '@/lib/evidence/links';
import { serializeJobRun } from '@/lib/jobs/runs';
import { getSkuRow } from '@/lib/skus/service';
import { queueExtractions } from './jobs';
import { getDocumentRow } from './service';

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
