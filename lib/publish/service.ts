/**
 * Publication of a SKU's public safety page. Each publish freezes the approved, confirmed data into a
 * new immutable sku_revisions row (revision n+1, never updated) and points the SKU's short public id
 * at it; the page at /p/{public_id} renders that revision, never live data. Publishing is
 * publish-sku.ts (the picture it copies, picture-capture.ts); the revisions are listed here.
 */
import type { Db } from '@/lib/db/client';
import { listRevisionSummaries } from '@/lib/skus/read-model';
import { getSkuRow } from '@/lib/skus/service';

/** GET /api/skus/{id}/revisions: newest first. */
export async function listRevisions(db: Db, { workspaceId, skuId }: { workspaceId: string; skuId: string }) {
  await getSkuRow(db, { workspaceId, id: skuId });
  return { revisions: await listRevisionSummaries(db, { workspaceId, skuId }) };
}
