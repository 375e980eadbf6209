/**
 * Every query key of the client, in one place. A GET's key is its path split into segments (plus its
 * query string as an object), so a key prefix names a resource and all beneath it: invalidating
 * `queryKeys.sku(id)` refreshes the SKU, its dossier, documents, activity and the rest of its tabs.
 */
export type QueryKey = readonly unknown[];

/** The key of a GET `path` (same-origin, e.g. `/api/skus/1/dossier?x=1`). */
export function keyOfPath(path: string): QueryKey {
  const [pathname = '', search = ''] = path.split('?', 2);
  const segments = pathname.split('/').filter(Boolean);
  if (!search) return segments;
  const params: Record<string, string | string[]> = {};
  for (const [k, v] of new URLSearchParams(search)) {
    const had = params[k];
    params[k] = had === undefined ? v : Array.isArray(had) ? [...had, v] : [had, v];
  }
  return [...segments, params];
}

export const queryKeys = {
  all: ['api'] as const,
  skus: ['api', 'skus'] as const,
  sku: (id: string) => ['api', 'skus', id] as const,
  dossier: (id: string) => ['api', 'skus', id, 'dossier'] as const,
  catalogue: ['api', 'dossier', 'catalogue'] as const,
  dashboard: ['api', 'dashboard'] as const,
  documents: ['api', 'documents'] as const,
  document: (id: string) => ['api', 'documents', id] as const,
  imports: ['api', 'imports'] as const,
  importBatch: (id: string) => ['api', 'imports', id] as const,
  audit: ['api', 'audit-events'] as const,
  members: ['api', 'members'] as const,
  workspace: ['api', 'workspace'] as const,
  entities: ['api', 'entities'] as const,
  exports: ['api', 'exports'] as const,
  supplierRequests: ['api', 'supplier-email'] as const,
};
