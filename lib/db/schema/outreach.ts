import { bigint, date, integer, jsonb, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import type { SupplierRequestStatus } from '@/lib/enums';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export { SUPPLIER_REQUEST_STATUSES, type SupplierRequestStatus } from '@/lib/enums';

/** One thing asked of the supplier, fixed when the request is drafted (from an open blocker). */
export interface RequestItem {
  /** The blocker key it comes from (e.g. TOY_DOC_MISSING). */
  key: string;
  kind: 'document' | 'field';
  code: string;
  document_types?: string[];
  /** Standards or directives the document must cite. */
  references?: string[];
  fields?: string[];
  /** The item in the request's language, as written in the mail. */
  label: string;
  legal_basis?: string | null;
}

export const supplierRequests = pgTable('supplier_requests', {
  id: uuid('id').primaryKey().defaultRandom(),
  workspaceId: uuid('workspace_id').notNull(),
  skuId: uuid('sku_id').notNull(),
  entityId: uuid('entity_id'),
  recipient: text('recipient').notNull(),
  cc: text('cc').array().notNull().default([]),
  replyTo: text('reply_to'),
  /** The sender's UI language when they sent it (attention mails speak it); null: English. */
  managerLocale: text('manager_locale'),
  subject: text('subject').notNull(),
  body: text('body').notNull(),
  locale: text('locale').notNull().default('en'),
  items: jsonb('items').$type<RequestItem[]>().notNull().default([]),
  status: text('status').$type<SupplierRequestStatus>().notNull(),
  dueDate: date('due_date', { mode: 'string' }),
  messageId: text('message_id'),
  tokenNonce: text('token_nonce').notNull(),
  tokenHash: text('token_hash').notNull(),
  tokenExpiresAt: ts('token_expires_at').notNull(),
  tokenRevokedAt: ts('token_revoked_at'),
  deliveryError: text('delivery_error'),
  sentAt: ts('sent_at'),
  lastReminderAt: ts('last_reminder_at'),
  reminderCount: integer('reminder_count').notNull().default(0),
  respondedAt: ts('responded_at'),
  lastResponseAt: ts('last_response_at'),
  filesReceived: integer('files_received').notNull().default(0),
  bytesReceived: bigint('bytes_received', { mode: 'number' }).notNull().default(0),
  noProgressNotifiedAt: ts('no_progress_notified_at'),
  overdueNotifiedAt: ts('overdue_notified_at'),
  sendAttempts: integer('send_attempts').notNull().default(0),
  sendStartedAt: ts('send_started_at'),
  lastActivityAt: ts('last_activity_at').notNull().defaultNow(),
  createdBy: uuid('created_by'),
  createdByLabel: text('created_by_label'),
  createdAt: ts('created_at').notNull().defaultNow(),
  updatedAt: ts('updated_at').notNull().defaultNow(),
});

export const supplierRequestEvents = pgTable('supplier_request_events', {
  id: uuid('id').primaryKey().defaultRandom(),
  workspaceId: uuid('workspace_id').notNull(),
  requestId: uuid('request_id').notNull(),
  kind: text('kind').notNull(),
  actorLabel: text('actor_label'),
  note: text('note'),
  data: jsonb('data').$type<Record<string, unknown>>().notNull().default({}),
  createdAt: ts('created_at').notNull().defaultNow(),
});

export const supplierRequestDocuments = pgTable(
  'supplier_request_documents',
  {
    workspaceId: uuid('workspace_id').notNull(),
    requestId: uuid('request_id').notNull(),
    documentId: uuid('document_id').notNull(),
    status: text('status').$type<'pending' | 'accepted' | 'rejected'>().notNull().default('pending'),
    source: text('source').$type<'upload_link' | 'inbound_email'>().notNull(),
    decidedAt: ts('decided_at'),
    decidedByLabel: text('decided_by_label'),
    note: text('note'),
    supplierFilename: text('supplier_filename'),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.requestId, t.documentId] })],
);

export const supplierRequestReminders = pgTable(
  'supplier_request_reminders',
  {
    requestId: uuid('request_id').notNull(),
    step: integer('step').notNull(),
    workspaceId: uuid('workspace_id').notNull(),
    status: text('status').$type<'sending' | 'sent' | 'failed'>().notNull().default('sending'),
    messageId: text('message_id'),
    error: text('error'),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.requestId, t.step] })],
);

export const workspaceOutreachSettings = pgTable('workspace_outreach_settings', {
  workspaceId: uuid('workspace_id').primaryKey(),
  reminderDays: integer('reminder_days').array().notNull().default([3, 7, 14]),
  updatedAt: ts('updated_at').notNull().defaultNow(),
});

export const supplierRequestAnswers = pgTable('supplier_request_answers', {
  id: uuid('id').primaryKey().defaultRandom(),
  workspaceId: uuid('workspace_id').notNull(),
  requestId: uuid('request_id').notNull(),
  itemKey: text('item_key').notNull(),
  fieldKey: text('field_key').notNull(),
  value: text('value').notNull(),
  dossierValueId: uuid('dossier_value_id'),
  via: text('via').$type<'upload_link' | 'inbound_email'>().notNull(),
  quote: text('quote'),
  createdAt: ts('created_at').notNull().defaultNow(),
});
