import { boolean, integer, jsonb, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/** Readings of files by content: text (OCR included) and classification per (workspace, SHA-256, classifier version). */
export const documentReadings = pgTable(
  'document_readings',
  {
    workspaceId: uuid('workspace_id').notNull(),
    sha256: text('sha256').notNull(),
    classifierVersion: text('classifier_version').notNull(),
    mimeType: text('mime_type').notNull(),
    snippetSource: text('snippet_source').notNull(),
    text: text('text').notNull(),
    pageCount: integer('page_count'),
    ocr: boolean('ocr').notNull().default(false),
    classification: jsonb('classification').$type<Record<string, unknown>>().notNull(),
    readMs: integer('read_ms').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.workspaceId, t.sha256, t.classifierVersion] })],
);
