import { boolean, integer, jsonb, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export type AiFillStatus = 'pending' | 'processing' | 'completed' | 'completed_degraded' | 'failed' | 'cancelled';

/** One suggestion as the job reports it, with the citation it was checked against. */
export interface AiFillStoredSuggestion {
  field_key: string;
  value: string;
  confidence: number;
  reasoning: string;
  /** where the value is quoted from; null for a value from a linked entity or the product page */
  document_id: string | null;
  document_name: string | null;
  page: number | null;
  quote: string;
  source_url: string | null;
  /** the dossier suggestion row it became (null when the same value was already there) */
  value_id: string | null;
  method: 'llm' | 'rules';
}

export interface AiFillDropped {
  field_key: string;
  value: string;
  reason: string;
}

export const aiFillJobs = pgTable('ai_fill_jobs', {
  id: uuid('id').primaryKey().defaultRandom(),
  workspaceId: uuid('workspace_id').notNull(),
  skuId: uuid('sku_id').notNull(),
  jobRunId: uuid('job_run_id'),
  status: text('status').$type<AiFillStatus>().notNull().default('pending'),
  fieldsRequested: jsonb('fields_requested').$type<string[]>().notNull().default([]),
  fieldsExplicit: boolean('fields_explicit').notNull().default(false),
  progress: jsonb('progress').$type<Record<string, unknown> | null>(),
  suggestions: jsonb('suggestions').$type<AiFillStoredSuggestion[]>().notNull().default([]),
  dropped: jsonb('dropped').$type<AiFillDropped[]>().notNull().default([]),
  error: text('error'),
  degradedReason: text('degraded_reason'),
  provider: text('provider'),
  model: text('model'),
  inputTokens: integer('input_tokens').notNull().default(0),
  outputTokens: integer('output_tokens').notNull().default(0),
  createdBy: uuid('created_by'),
  createdByLabel: text('created_by_label'),
  createdAt: ts('created_at').notNull().defaultNow(),
  startedAt: ts('started_at'),
  completedAt: ts('completed_at'),
  cancelledAt: ts('cancelled_at'),
});

export const aiUsage = pgTable('ai_usage', {
  id: uuid('id').primaryKey().defaultRandom(),
  workspaceId: uuid('workspace_id').notNull(),
  operation: text('operation').notNull(),
  subjectId: uuid('subject_id'),
  provider: text('provider'),
  model: text('model'),
  inputTokens: integer('input_tokens').notNull().default(0),
  outputTokens: integer('output_tokens').notNull().default(0),
  createdAt: ts('created_at').notNull().defaultNow(),
});

export const productResearchCache = pgTable(
  'product_research_cache',
  {
    workspaceId: uuid('workspace_id').notNull(),
    skuId: uuid('sku_id').notNull(),
    requestKey: text('request_key').notNull(),
    response: jsonb('response').$type<Record<string, unknown>>().notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.skuId, t.requestKey] })],
);
