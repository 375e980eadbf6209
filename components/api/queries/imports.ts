'use client';

/**
 * The import screens' reads. Keys follow the paths (keys.ts), so invalidating `queryKeys.importBatch(id)`
 * refreshes the batch and its review; the uploads (dry run and commit, with progress) go through
 * components/imports/upload.ts, which is a write, not a query.
 */
import type { Entity } from '@/components/skus/types';
import type { ImportReview } from '@/lib/imports/schemas';
import { useApiQuery } from './use-api-query';

export const importReviewPath = (batchId: string) => `/api/imports/${encodeURIComponent(batchId)}/review`;

/** The review workbench of one batch (counts, SKUs with their changes, row errors, entity candidates). */
export const useImportReview = (batchId: string) => useApiQuery<ImportReview>(importReviewPath(batchId));

/** The name of an entity, for decisions the server reports by entity_id only; null while unknown. */
export function useEntityName(id: string | null | undefined): string | null {
  const q = useApiQuery<{ entity: Entity }>(id ? `/api/entities/${encodeURIComponent(id)}` : null, {
    staleTime: 60_000,
  });
  return q.data && q.data.entity.id === id ? q.data.entity.name : null;
}
