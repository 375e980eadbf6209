import { bigint, integer, json, jsonb, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export const importBatches = pgTable('import_batches', {
  id: uuid('id').primaryKey().defaultRandom(),
  workspaceId: uuid('workspace_id').notNull(),
  filename: text('filename').notNull(),
  status: text('status').notNull().default('queued'),
  fileFormat: text('file_format'),
  sha256: text('sha256'),
  storageKey: text('storage_key'),
  sizeBytes: bigint('size_bytes', { mode: 'number' }),
  options: jsonb('options').$type<Record<string, unknown>>().notNull().default({}),
  shape: jsonb('shape').$type<Record<string, unknown> | null>(),
  mapping: jsonb('mapping').$type<Record<string, unknown> | null>(),
  totalRows: integer('total_rows'),
  processedRows: integer('processed_rows').notNull().default(0),
  createdRows: integer('created_rows').notNull().default(0),
  updatedRows: integer('updated_rows').notNull().default(0),
  skippedRows: integer('skipped_rows').notNull().default(0),
  failedRows: integer('failed_rows').notNull().default(0),
  errorRows: integer('error_rows').notNull().default(0),
  errorMessage: text('error_message'),
  jobRunId: uuid('job_run_id'),
  createdBy: uuid('created_by'),
  createdAt: ts('created_at').notNull().defaultNow(),
  startedAt: ts('started_at'),
  completedAt: ts('completed_at'),
  /** when the current run began writing rows, and the rows recorded before it (for rows/s and the ETA) */
  writingStartedAt: ts('writing_started_at'),
  writingStartedRows: integer('writing_started_rows'),
});

export const importRows = pgTable(
  'import_rows',
  {
    batchId: uuid('batch_id').notNull(),
    rowNumber: integer('row_number').notNull(),
    workspaceId: uuid('workspace_id').notNull(),
    skuId: uuid('sku_id'),
    skuCode: text('sku_code'),
    outcome: text('outcome').$type<'created' | 'updated' | 'skipped' | 'failed' | 'error'>().notNull(),
    errors: jsonb('errors').$type<Record<string, unknown>[]>().notNull().default([]),
    changes: json('changes').$type<Record<string, unknown>>().notNull().default({}),
  },
  (t) => [primaryKey({ columns: [t.batchId, t.rowNumber] })],
);

export const importEntityCandidates = pgTable(
  'import_entity_candidates',
  {
    batchId: uuid('batch_id').notNull(),
    workspaceId: uuid('workspace_id').notNull(),
    role: text('role').notNull(),
    candidateKey: text('candidate_key').notNull(),
    proposedValues: jsonb('proposed_values').$type<Record<string, unknown>>().notNull().default({}),
    sourceRows: integer('source_rows').array().notNull().default([]),
    conflicts: jsonb('conflicts').$type<Record<string, unknown>[]>().notNull().default([]),
    /** country, url and other spellings of the candidate (migration 20261122000600) */
    details: jsonb('details').$type<Record<string, unknown>>().notNull().default({}),
    decision: text('decision'),
    entityId: uuid('entity_id'),
    reason: text('reason'),
    decidedAt: ts('decided_at'),
    appliedAt: ts('applied_at'),
  },
  (t) => [primaryKey({ columns: [t.batchId, t.role, t.candidateKey] })],
);
