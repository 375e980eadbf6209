/**
 * The SKU screens' names for the contract's shapes: every type here is the server schema's z.infer
 * (lib/skus, lib/dossier, lib/entities), or a part of one. Nothing is restated by hand.
 */
import type { z } from 'zod';
import type {
  CreateSkuDryRunResponse,
  Dashboard,
  DossierField as DossierFieldType,
  ListSkusQuery,
} from '@/lib/skus/schemas';
import type { DossierCatalogue } from '@/lib/dossier/schemas';

export { SKU_STATES as SKU_STATUSES } from '@/lib/skus/states';
export type {
  BlockerWaiver as Waiver,
  DossierField,
  DossierValue,
  ReviewIssue,
  Sku,
  SkuActivityEvent as ActivityEvent,
  SkuBlocker as Blocker,
  SkuDetail,
  SkuList,
  SkuStatus,
} from '@/lib/skus/schemas';
export type { SkuRevision as Revision } from '@/lib/publish/schemas';
export type { Entity } from '@/lib/entities/schemas';
export type { DocumentJson as SkuDocument } from '@/lib/documents/schemas';
export type { Locale } from '@/lib/i18n/locales';
export { LOCALES } from '@/lib/i18n/locales';

export type SkuSort = ListSkusQuery['sort'];
export const SKU_SORTS = [
  'created_desc',
  'created_asc',
  'code_asc',
  'code_desc',
  'serious_desc',
  'blockers_desc',
] as const satisfies readonly SkuSort[];

export type CreateSkuDryRun = z.infer<typeof CreateSkuDryRunResponse>;
export type DashboardData = Dashboard;
export type Provenance = NonNullable<DossierFieldType['history'][number]['provenance']>;
export type DossierSuggestion = DossierFieldType['suggestions'][number];

export type Catalogue = DossierCatalogue;
export type CatalogueField = DossierCatalogue['fields'][number];
export type CatalogueSection = DossierCatalogue['sections'][number];

export const ENTITY_ROLES = ['manufacturer', 'importer', 'responsible_person', 'authorised_representative'] as const;
export type EntityRole = (typeof ENTITY_ROLES)[number];
/** GET /api/skus/{id}/entities answers { links: EntityLink[] }. */
export type { SkuEntityLink as EntityLink } from '@/lib/entities/schemas';
