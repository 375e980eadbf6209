'use client';

/**
 * A hook per resource the workspace UI reads. Each is the path of its GET and nothing else: caching,
 * refetching and invalidation come from useApiQuery and the keys in keys.ts.
 */
import type { Catalogue, DashboardData, DossierField, SkuDetail } from '@/components/skus/types';
import type { ImportBatch } from '@/lib/imports/service-schemas';
import type { WorkspaceInfo } from '@/components/api/types';
import { useApiQuery } from './use-api-query';

export type Member = { user_id: string; email: string };

export const useSku = (id: string | null) => useApiQuery<SkuDetail>(id ? `/api/skus/${encodeURIComponent(id)}` : null);
export const useDossier = (skuId: string) => useApiQuery<{ fields: DossierField[] }>(`/api/skus/${skuId}/dossier`);
// The field catalogue changes only with a deployment: read once per page load.
export const useCatalogue = () => useApiQuery<Catalogue>('/api/dossier/catalogue', { staleTime: Infinity });
export const useDashboard = () => useApiQuery<DashboardData>('/api/dashboard');
export const useWorkspace = () => useApiQuery<WorkspaceInfo>('/api/workspace');
export const useMembers = <T = { data: Member[] }>() => useApiQuery<T>('/api/members');
export const useImportBatch = (id: string | null, refetchInterval: number | false = false) =>
  useApiQuery<{ batch: ImportBatch }>(id ? `/api/imports/${id}` : null, { refetchInterval });
