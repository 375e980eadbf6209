import { bigint, integer, jsonb, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export type ExportRunStatus = 'pending' | 'processing' | 'completed' | 'completed_with_warnings' | 'failed';
export type ExportScopeType = 'all' | 'view' | 'selected_skus' | 'single_sku';

export interface ExportWarning {
  sku_id: string | null;
  sku_code: string | null;
  field: string;
  code: string;
  message: string;
  fix: string;
}

export const exportRuns = pgTable('export_runs', {
  id: uuid('id').primaryKey().defaultRandom(),
  workspaceId: uuid('workspace_id').notNull(),
  templateId: text('template_id'),
  templateName: text('template_name').notNull(),
  templateVersion: text('template_version'),
  templateFormat: text('template_format').notNull(),
  scopeType: text('scope_type').$type<ExportScopeType>().notNull(),
  scopeValue: text('scope_value'),
  /** selected_skus / single_sku: the ids validated at creation (view and all resolve at run time). */
  skuIds: jsonb('sku_ids').$type<string[] | null>(),
  skuCount: integer('sku_count').notNull().default(0),
  dossierSnapshotHash: text('dossier_snapshot_hash'),
  status: text('status').$type<ExportRunStatus>().notNull().default('pending'),
  outputKey: text('output_key'),
  outputFilename: text('output_filename'),
  outputContentType: text('output_content_type'),
  outputSizeBytes: bigint('output_size_bytes', { mode: 'number' }),
  warningCount: integer('warning_count').notNull().default(0),
  warnings: jsonb('warnings').$type<ExportWarning[]>().notNull().default([]),
  progress: jsonb('progress').$type<Record<string, unknown> | null>(),
  /** Per-run choices (approved_only, ebay_marketplace; lib/exports/templates/types.ts ExportRunOptions). */
  options: jsonb('options').$type<{ approved_only?: boolean; ebay_marketplace?: string }>().notNull().default({}),
  errorMessage: text('error_message'),
  jobRunId: uuid('job_run_id'),
  createdBy: uuid('created_by'),
  createdByLabel: text('created_by_label'),
  createdAt: ts('created_at').notNull().defaultNow(),
  startedAt: ts('started_at'),
  completedAt: ts('completed_at'),
});

export interface SavedViewFilters {
  q?: string;
  status?: string[];
  has_blockers?: 'true' | 'false';
  category_code?: string;
  sort?: string;
}

export const savedViews = pgTable('saved_views', {
  id: uuid('id').primaryKey().defaultRandom(),
  workspaceId: uuid('workspace_id').notNull(),
  name: text('name').notNull(),
  filters: jsonb('filters').$type<SavedViewFilters>().notNull().default({}),
  /** filters: the filter's SKUs plus those added by hand; selection: only the SKUs added by hand. */
  kind: text('kind').$type<SavedViewKind>().notNull().default('filters'),
  createdBy: uuid('created_by'),
  createdAt: ts('created_at').notNull().defaultNow(),
});

export type SavedViewKind = 'filters' | 'selection';

/** SKUs added to a saved view by hand (the SKU list's bulk "Add to view"). */
export const savedViewSkus = pgTable(
  'saved_view_skus',
  {
    viewId: uuid('view_id').notNull(),
    workspaceId: uuid('workspace_id').notNull(),
    skuId: uuid('sku_id').notNull(),
    addedBy: uuid('added_by'),
    addedAt: ts('added_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.viewId, t.skuId] })],
);

/** dossier.pdf of a SKU's approved revision in a locale, kept (content-addressed) for reuse. */
export const dossierPdfs = pgTable(
  'dossier_pdfs',
  {
    workspaceId: uuid('workspace_id').notNull(),
    skuId: uuid('sku_id').notNull(),
    locale: text('locale').notNull(),
    /** Fingerprint of what the PDF shows (lib/exports/dossier-pdf-store.ts). */
    revisionKey: text('revision_key').notNull(),
    sha256: text('sha256').notNull(),
    storageKey: text('storage_key').notNull(),
    sizeBytes: bigint('size_bytes', { mode: 'number' }).notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.workspaceId, t.skuId, t.locale, t.revisionKey] })],
);

/** A workspace's channel mapping rows (lib/exports/channel-mappings.ts), overriding the shipped defaults. */
export const exportChannelMappings = pgTable(
  'export_channel_mappings',
  {
    workspaceId: uuid('workspace_id').notNull(),
    kind: text('kind').notNull(),
    sourceKey: text('source_key').notNull(),
    value: text('value'),
    updatedBy: uuid('updated_by'),
    updatedByLabel: text('updated_by_label'),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.workspaceId, t.kind, t.sourceKey] })],
);
