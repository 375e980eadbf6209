import { boolean, date, integer, jsonb, pgTable, primaryKey, real, text, timestamp, uuid } from 'drizzle-orm/pg-core';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export const RECALL_FEEDS = ['safety_gate', 'rappelconso'] as const;
export type RecallFeed = (typeof RECALL_FEEDS)[number];

/** A feed URL a workspace reads on the schedule (supabase/migrations/20261130500100_recalls.sql). */
export const recallFeedSources = pgTable('recall_feed_sources', {
  id: uuid('id').primaryKey().defaultRandom(),
  workspaceId: uuid('workspace_id').notNull(),
  feed: text('feed').$type<RecallFeed>().notNull(),
  url: text('url').notNull(),
  enabled: boolean('enabled').notNull().default(true),
  lastFetchedAt: ts('last_fetched_at'),
  lastStatus: text('last_status'),
  lastError: text('last_error'),
  createdByLabel: text('created_by_label'),
  createdAt: ts('created_at').notNull().defaultNow(),
});

/** One reading of a feed (an upload or a fetch): what it held and what it changed. */
export const recallFeedImports = pgTable('recall_feed_imports', {
  id: uuid('id').primaryKey().defaultRandom(),
  workspaceId: uuid('workspace_id').notNull(),
  feed: text('feed').$type<RecallFeed>().notNull(),
  source: text('source').$type<'upload' | 'url'>().notNull(),
  sourceRef: text('source_ref').notNull(),
  sha256: text('sha256').notNull(),
  periods: text('periods').array().notNull().default([]),
  alertCount: integer('alert_count').notNull().default(0),
  createdCount: integer('created_count').notNull().default(0),
  updatedCount: integer('updated_count').notNull().default(0),
  unchangedCount: integer('unchanged_count').notNull().default(0),
  matchCount: integer('match_count').notNull().default(0),
  createdByLabel: text('created_by_label'),
  createdAt: ts('created_at').notNull().defaultNow(),
});

/** An alert of a feed, once per workspace, feed and reference; `period` is its ISO week (2026-W47). */
export const recallAlerts = pgTable('recall_alerts', {
  id: uuid('id').primaryKey().defaultRandom(),
  workspaceId: uuid('workspace_id').notNull(),
  feed: text('feed').$type<RecallFeed>().notNull(),
  reference: text('reference').notNull(),
  period: text('period').notNull(),
  publishedOn: date('published_on', { mode: 'string' }),
  caseNumber: text('case_number'),
  category: text('category'),
  product: text('product'),
  brand: text('brand'),
  name: text('name'),
  model: text('model'),
  batch: text('batch'),
  barcode: text('barcode'),
  /** The GTIN-14 forms of the valid GTINs in `barcode`. */
  gtins: text('gtins').array().notNull().default([]),
  riskType: text('risk_type'),
  danger: text('danger'),
  measures: text('measures'),
  description: text('description'),
  notifyingCountry: text('notifying_country'),
  countryOfOrigin: text('country_of_origin'),
  riskLevel: text('risk_level'),
  alertType: text('alert_type'),
  pictures: text('pictures').array().notNull().default([]),
  url: text('url'),
  companyRecallCode: text('company_recall_code'),
  productionDates: text('production_dates'),
  contentHash: text('content_hash').notNull(),
  importId: uuid('import_id'),
  createdAt: ts('created_at').notNull().defaultNow(),
  updatedAt: ts('updated_at').notNull().defaultNow(),
});

export type RecallCaseAction = 'withdrawal' | 'recall';

/** The recall notice per language: editable until published. */
export interface StoredRecallNotice {
  languages: Record<
    string,
    { title: string; body: string; edited: boolean; generated_from: string | null; missing_template: boolean }
  >;
}

export const recallCases = pgTable('recall_cases', {
  id: uuid('id').primaryKey().defaultRandom(),
  workspaceId: uuid('workspace_id').notNull(),
  action: text('action').$type<RecallCaseAction>().notNull(),
  status: text('status').$type<'open' | 'closed'>().notNull().default('open'),
  origin: text('origin').$type<'match' | 'manager'>().notNull(),
  alertId: uuid('alert_id'),
  reason: text('reason').notNull(),
  hazard: text('hazard').notNull().default(''),
  notice: jsonb('notice').$type<StoredRecallNotice>().notNull().default({ languages: {} }),
  noticePublishedAt: ts('notice_published_at'),
  supplierRequestId: uuid('supplier_request_id'),
  outcome: text('outcome'),
  closedAt: ts('closed_at'),
  closedByLabel: text('closed_by_label'),
  openedByLabel: text('opened_by_label'),
  createdAt: ts('created_at').notNull().defaultNow(),
  updatedAt: ts('updated_at').notNull().defaultNow(),
});

export const recallCaseSkus = pgTable(
  'recall_case_skus',
  {
    caseId: uuid('case_id').notNull(),
    workspaceId: uuid('workspace_id').notNull(),
    skuId: uuid('sku_id').notNull(),
    batches: text('batches').array().notNull().default([]),
  },
  (t) => [primaryKey({ columns: [t.caseId, t.skuId] })],
);

/** One reason of a match: the alert's field beside the SKU's, and what it counted. */
export interface StoredMatchReason {
  signal: 'gtin' | 'brand_model' | 'model' | 'brand' | 'batch' | 'name' | 'category';
  alert_field: string;
  alert_value: string;
  sku_field: string;
  sku_value: string;
  weight: number;
  note?: string;
}

export const recallMatches = pgTable('recall_matches', {
  id: uuid('id').primaryKey().defaultRandom(),
  workspaceId: uuid('workspace_id').notNull(),
  alertId: uuid('alert_id').notNull(),
  skuId: uuid('sku_id').notNull(),
  score: real('score').notNull(),
  strength: text('strength').$type<'strong' | 'weak'>().notNull(),
  reasons: jsonb('reasons').$type<StoredMatchReason[]>().notNull(),
  status: text('status').$type<'open' | 'confirmed' | 'dismissed'>().notNull().default('open'),
  decisionReason: text('decision_reason'),
  decidedBy: uuid('decided_by'),
  decidedByLabel: text('decided_by_label'),
  decidedAt: ts('decided_at'),
  caseId: uuid('case_id'),
  createdAt: ts('created_at').notNull().defaultNow(),
  updatedAt: ts('updated_at').notNull().defaultNow(),
});

export type SkuMarketStatus = 'on_market' | 'withdrawn' | 'recalled';

/** A SKU's place on the market (no row: on the market), apart from its compliance status. */
export const skuMarketStates = pgTable('sku_market_states', {
  skuId: uuid('sku_id').primaryKey(),
  workspaceId: uuid('workspace_id').notNull(),
  status: text('status').$type<SkuMarketStatus>().notNull(),
  caseId: uuid('case_id'),
  changedAt: ts('changed_at').notNull().defaultNow(),
  changedByLabel: text('changed_by_label'),
});
