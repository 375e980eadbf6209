'use client';

/**
 * A hook per resource the workspace UI reads. Each is the path of its GET and nothing else: caching,
 * refetching and invalidation come from useApiQuery and the keys in keys.ts.
 */
import type { Catalogue, DashboardData, DossierField, SkuDetail } from '@/components/skus/types';
import type { ImportBatch } from '@/lib/imports/schemas';
import type { WorkspaceInfo } from '@/components/api/types';
import type { EntityDetail, EntityMerge } from '@/lib/entities/schemas';
import type { Responsiveness } from '@/lib/outreach/schemas';
import type { MemberList } from '@/lib/team/schemas';
import type { EntityLink } from '@/components/skus/types';
import { useApiQuery } from './use-api-query';

export type { Member } from '@/lib/team/schemas';

export const useSku = (id: string | null) => useApiQuery<SkuDetail>(id ? `/api/skus/${encodeURIComponent(id)}` : null);
export const useDossier = (skuId: string) => useApiQuery<{ fields: DossierField[] }>(`/api/skus/${skuId}/dossier`);
// The field catalogue changes only with a deployment: read once per page load.
export const useCatalogue = () => useApiQuery<Catalogue>('/api/dossier/catalogue', { staleTime: Infinity });
export const useDashboard = () => useApiQuery<DashboardData>('/api/dashboard');
export const useWorkspace = () => useApiQuery<WorkspaceInfo>('/api/workspace');
export const useMembers = () => useApiQuery<MemberList>('/api/members');
export const useImportBatch = (id: string | null, refetchInterval: number | false = false) =>
  useApiQuery<{ batch: ImportBatch }>(id ? `/api/imports/${id}` : null, { refetchInterval });

// Entities and supplier outreach (type-only imports of the server's schemas).
export const useEntity = (id: string) => useApiQuery<EntityDetail>(`/api/entities/${encodeURIComponent(id)}`);
export const useEntityMerges = (id: string) =>
  useApiQuery<{ data: EntityMerge[] }>(`/api/entities/${encodeURIComponent(id)}/merges`);
export const useResponsiveness = (entityId: string) =>
  useApiQuery<{ responsiveness: Responsiveness }>(
    `/api/supplier-email/responsiveness?entity_id=${encodeURIComponent(entityId)}`,
  );
/** The entities linked to a SKU (one request however many fields ask: the cache shares it). */
export const useSkuEntityLinks = (skuId: string) => useApiQuery<{ links: EntityLink[] }>(`/api/skus/${skuId}/entities`);
