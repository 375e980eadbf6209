import { date, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/** What the evidence-currency rules found about a document (lib/currency); resolved when it goes away. */
export const currencyFindings = pgTable('currency_findings', {
  id: uuid('id').primaryKey().defaultRandom(),
  workspaceId: uuid('workspace_id').notNull(),
  documentId: uuid('document_id').notNull(),
  key: text('key').notNull(),
  code: text('code').notNull(),
  severity: text('severity').$type<'blocker' | 'warning' | 'notice'>().notNull(),
  message: text('message').notNull(),
  legalBasis: text('legal_basis').notNull(),
  details: jsonb('details').$type<Record<string, unknown>>().notNull().default({}),
  dataVersion: text('data_version').notNull(),
  raisedAt: ts('raised_at').notNull().defaultNow(),
  lastSeenAt: ts('last_seen_at').notNull().defaultNow(),
  resolvedAt: ts('resolved_at'),
});

/** The latest currency evaluation of a document: the day it stops proving compliance and why. */
export const currencyDocumentStatus = pgTable('currency_document_status', {
  documentId: uuid('document_id').primaryKey(),
  workspaceId: uuid('workspace_id').notNull(),
  stopsProvingOn: date('stops_proving_on', { mode: 'string' }),
  summary: text('summary').notNull(),
  dataVersion: text('data_version').notNull(),
  evaluatedAt: ts('evaluated_at').notNull().defaultNow(),
});
