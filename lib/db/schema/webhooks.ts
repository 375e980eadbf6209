import { boolean, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/** A receiver a workspace registered: where to POST, which events, and the signing secret. */
export const webhookEndpoints = pgTable('webhook_endpoints', {
  id: uuid('id').primaryKey().defaultRandom(),
  workspaceId: uuid('workspace_id').notNull(),
  url: text('url').notNull(),
  description: text('description'),
  events: text('events').array().notNull(),
  secret: text('secret').notNull(),
  secretPrefix: text('secret_prefix').notNull(),
  enabled: boolean('enabled').notNull().default(true),
  disabledAt: ts('disabled_at'),
  disabledReason: text('disabled_reason'),
  consecutiveFailures: integer('consecutive_failures').notNull().default(0),
  createdBy: uuid('created_by'),
  createdAt: ts('created_at').notNull().defaultNow(),
  updatedAt: ts('updated_at').notNull().defaultNow(),
});

/** The outbox: one row per event, written in the transaction of the change it reports. */
export const webhookEvents = pgTable('webhook_events', {
  id: uuid('id').primaryKey().defaultRandom(),
  workspaceId: uuid('workspace_id').notNull(),
  type: text('type').notNull(),
  data: jsonb('data').$type<Record<string, unknown>>().notNull(),
  createdAt: ts('created_at').notNull().defaultNow(),
});

export type WebhookDeliveryStatus = 'pending' | 'succeeded' | 'failed';

/** One event to one endpoint: attempts, the last answer, and when to try next. */
export const webhookDeliveries = pgTable('webhook_deliveries', {
  id: uuid('id').primaryKey().defaultRandom(),
  workspaceId: uuid('workspace_id').notNull(),
  endpointId: uuid('endpoint_id').notNull(),
  eventId: uuid('event_id').notNull(),
  status: text('status').$type<WebhookDeliveryStatus>().notNull().default('pending'),
  attempts: integer('attempts').notNull().default(0),
  nextAttemptAt: ts('next_attempt_at'),
  lastAttemptAt: ts('last_attempt_at'),
  responseStatus: integer('response_status'),
  responseBody: text('response_body'),
  error: text('error'),
  deliveredAt: ts('delivered_at'),
  createdAt: ts('created_at').notNull().defaultNow(),
});
