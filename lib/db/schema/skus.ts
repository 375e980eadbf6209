import { sql } from 'drizzle-orm';
import type { OperatorRole } from '@/lib/enums';
import { boolean, integer, jsonb, pgTable, primaryKey, real, text, timestamp, uuid } from 'drizzle-orm/pg-core';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export interface StoredBlocker {
  code: string;
  severity: 'blocker' | 'warning';
  message: string;
  required_fields?: string[];
  required_document_types?: string[];
  fix?: { kind: string; target: string };
  waived?: { by: string; at: string; reason: string } | null;
}

export interface StoredCategoryMatch {
  confidence: number;
  reason: string;
  source: string;
}

export const skus = pgTable('skus', {
  id: uuid('id')
    .primaryKey()
    .default(sql`uuid_v7()`), // time-ordered, see supabase/migrations/20261127000100_import_write_costs.sql
  workspaceId: uuid('workspace_id').notNull(),
  skuCode: text('sku_code').notNull(),
  productName: text('product_name').notNull(),
  gtin: text('gtin'),
  categoryCode: text('category_code').notNull().default('general'),
  /** The seller's role for this SKU where it differs from the workspace's; null: the workspace's. */
  operatorRole: text('operator_role').$type<OperatorRole>(),
  categoryDefaulted: boolean('category_defaulted').notNull().default(true),
  /** the category as given (a shop path), before it was matched to categoryCode */
  categoryText: text('category_text'),
  /** how categoryCode was decided (lib/model/category-match.ts) */
  categoryMatch: jsonb('category_match').$type<StoredCategoryMatch>(),
  externalSkuId: text('external_sku_id'),
  requirementProfileId: text('requirement_profile_id'),
  reviewState: text('review_state').$type<'open' | 'complete'>().notNull().default('open'),
  reviewCompletedAt: ts('review_completed_at'),
  reviewCompletedBy: text('review_completed_by'),
  approvalState: text('approval_state').$type<'pending' | 'approved'>().notNull().default('pending'),
  approvedAt: ts('approved_at'),
  approvedBy: uuid('approved_by'),
  approvedByLabel: text('approved_by_label'),
  blockers: jsonb('blockers').$type<StoredBlocker[]>().notNull().default([]),
  blockerCount: integer('blocker_count').notNull().default(0),
  /** worst legal weight of the open blockers, then their count (generated: the migration's blocker_seriousness) */
  blockerSeriousness: integer('blocker_seriousness').generatedAlwaysAs(sql`blocker_seriousness(blockers)`),
  warningCount: integer('warning_count').notNull().default(0),
  publicId: text('public_id'),
  publishedRevision: integer('published_revision'),
  publishedAt: ts('published_at'),
  createdBy: uuid('created_by'),
  createdAt: ts('created_at').notNull().defaultNow(),
  updatedAt: ts('updated_at').notNull().defaultNow(),
  /** The person who last changed confirmed data (a key's owner for an API key): four eyes excludes them. */
  dataChangedBy: uuid('data_changed_by'),
  dataChangedByLabel: text('data_changed_by_label'),
  dataChangedAt: ts('data_changed_at'),
  reviewCompletedByUser: uuid('review_completed_by_user'),
  assigneeUserId: uuid('assignee_user_id'),
});

export const entities = pgTable('entities', {
  id: uuid('id').primaryKey().defaultRandom(),
  workspaceId: uuid('workspace_id').notNull(),
  name: text('name').notNull(),
  tradeMark: text('trade_mark'),
  street: text('street'),
  postalCode: text('postal_code'),
  city: text('city'),
  region: text('region'),
  country: text('country'),
  email: text('email'),
  contactUrl: text('contact_url'),
  phone: text('phone'),
  identityKey: text('identity_key').notNull(),
  createdBy: uuid('created_by'),
  createdAt: ts('created_at').notNull().defaultNow(),
  updatedAt: ts('updated_at').notNull().defaultNow(),
});

export type EntityRole = 'manufacturer' | 'importer' | 'responsible_person' | 'authorised_representative';

export const skuEntities = pgTable(
  'sku_entities',
  {
    workspaceId: uuid('workspace_id').notNull(),
    skuId: uuid('sku_id').notNull(),
    role: text('role').$type<EntityRole>().notNull(),
    entityId: uuid('entity_id').notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.skuId, t.role] })],
);

export type DossierSource =
  'manual' | 'import' | 'document_extraction' | 'ai_suggestion' | 'entity_sync' | 'supplier_answer';
export type DossierStatus = 'suggested' | 'confirmed' | 'rejected';
export interface Provenance {
  document_id?: string;
  document_name?: string;
  page?: number;
  quote?: string;
  batch_id?: string;
  row?: number;
  column?: string;
  job_id?: string;
  entity_id?: string;
  note?: string;
}

export const dossierValues = pgTable('dossier_values', {
  id: uuid('id')
    .primaryKey()
    .default(sql`uuid_v7()`), // time-ordered, see supabase/migrations/20261127000100_import_write_costs.sql
  workspaceId: uuid('workspace_id').notNull(),
  skuId: uuid('sku_id').notNull(),
  fieldKey: text('field_key').notNull(),
  value: text('value').notNull(),
  status: text('status').$type<DossierStatus>().notNull(),
  source: text('source').$type<DossierSource>().notNull(),
  provenance: jsonb('provenance').$type<Provenance>().notNull().default({}),
  confidence: real('confidence'),
  createdBy: uuid('created_by'),
  createdByLabel: text('created_by_label'),
  createdAt: ts('created_at').notNull().defaultNow(),
  decidedByLabel: text('decided_by_label'),
  decidedAt: ts('decided_at'),
  supersededAt: ts('superseded_at'),
});

export const blockerWaivers = pgTable('blocker_waivers', {
  id: uuid('id').primaryKey().defaultRandom(),
  workspaceId: uuid('workspace_id').notNull(),
  skuId: uuid('sku_id').notNull(),
  blockerCode: text('blocker_code').notNull(),
  reason: text('reason').notNull(),
  waivedBy: uuid('waived_by'),
  waivedByLabel: text('waived_by_label').notNull(),
  waivedAt: ts('waived_at').notNull().defaultNow(),
  revokedAt: ts('revoked_at'),
});

/** "Held by <operator>, available on request" for a duty the seller's role does not hold (issue 35). */
export const skuHeldBy = pgTable('sku_held_by', {
  id: uuid('id').primaryKey().defaultRandom(),
  workspaceId: uuid('workspace_id').notNull(),
  skuId: uuid('sku_id').notNull(),
  ruleId: text('rule_id').notNull(),
  entityId: uuid('entity_id').notNull(),
  note: text('note'),
  confirmedBy: uuid('confirmed_by'),
  confirmedByLabel: text('confirmed_by_label').notNull(),
  confirmedAt: ts('confirmed_at').notNull().defaultNow(),
});

export const reviewIssues = pgTable('review_issues', {
  id: uuid('id').primaryKey().defaultRandom(),
  workspaceId: uuid('workspace_id').notNull(),
  skuId: uuid('sku_id').notNull(),
  kind: text('kind').notNull(),
  fieldKey: text('field_key'),
  message: text('message').notNull(),
  status: text('status').$type<'open' | 'resolved'>().notNull().default('open'),
  createdAt: ts('created_at').notNull().defaultNow(),
  resolvedAt: ts('resolved_at'),
  resolvedByLabel: text('resolved_by_label'),
});

export const skuRevisions = pgTable('sku_revisions', {
  id: uuid('id').primaryKey().defaultRandom(),
  workspaceId: uuid('workspace_id').notNull(),
  skuId: uuid('sku_id').notNull(),
  revision: integer('revision').notNull(),
  snapshot: jsonb('snapshot').$type<Record<string, unknown>>().notNull(),
  publishedBy: uuid('published_by'),
  publishedByLabel: text('published_by_label'),
  publishedAt: ts('published_at').notNull().defaultNow(),
});

export const publicPages = pgTable('public_pages', {
  publicId: text('public_id').primaryKey(),
  workspaceId: uuid('workspace_id').notNull(),
  skuId: uuid('sku_id'),
  withdrawnAt: ts('withdrawn_at'),
  createdAt: ts('created_at').notNull().defaultNow(),
});

/** What a merge moved from the duplicate to the survivor, so an undo can move exactly that back. */
export interface EntityMergeMoved {
  links: { sku_id: string; role: EntityRole }[];
  dossier_value_ids: string[];
  import_candidates: { batch_id: string; role: string; candidate_key: string }[];
  supplier_request_ids: string[];
}

export const entityMerges = pgTable('entity_merges', {
  id: uuid('id').primaryKey().defaultRandom(),
  workspaceId: uuid('workspace_id').notNull(),
  survivorId: uuid('survivor_id').notNull(),
  mergedId: uuid('merged_id').notNull(),
  /** The duplicate's row as it was (column names of the entities table, dates as ISO strings). */
  mergedSnapshot: jsonb('merged_snapshot').$type<Record<string, unknown>>().notNull(),
  moved: jsonb('moved').$type<EntityMergeMoved>().notNull(),
  actorLabel: text('actor_label'),
  createdAt: ts('created_at').notNull().defaultNow(),
  undoneAt: ts('undone_at'),
  undoneByLabel: text('undone_by_label'),
});
