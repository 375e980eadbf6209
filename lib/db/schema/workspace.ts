import { sql } from 'drizzle-orm';
import { boolean, index, jsonb, pgTable, primaryKey, text, timestamp, uuid, integer } from 'drizzle-orm/pg-core';

import type { OperatorRole, Role } from '@/lib/enums';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export const workspaces = pgTable('workspaces', {
  id: uuid('id').primaryKey().defaultRandom(),
  name: text('name').notNull(),
  plan: text('plan').$type<'trial' | 'pro' | 'enterprise'>().notNull().default('trial'),
  fourEyesApproval: boolean('four_eyes_approval').notNull().default(false),
  /** The seller's economic-operator role (lib/requirements/types.ts OPERATOR_ROLES). */
  operatorRole: text('operator_role').$type<OperatorRole>().notNull().default('manufacturer'),
  createdAt: ts('created_at').notNull().defaultNow(),
  updatedAt: ts('updated_at').notNull().defaultNow(),
});

export const users = pgTable('users', {
  id: uuid('id').primaryKey().defaultRandom(),
  email: text('email').notNull(),
  passwordHash: text('password_hash'),
  isStaff: boolean('is_staff').notNull().default(false),
  createdAt: ts('created_at').notNull().defaultNow(),
});

export const workspaceMembers = pgTable(
  'workspace_members',
  {
    workspaceId: uuid('workspace_id').notNull(),
    userId: uuid('user_id').notNull(),
    email: text('email').notNull(),
    role: text('role').$type<Role>().notNull().default('owner'),
    notifyMentions: boolean('notify_mentions').notNull().default(true),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.workspaceId, t.userId] })],
);

export const refreshTokens = pgTable('refresh_tokens', {
  id: uuid('id').primaryKey().defaultRandom(),
  userId: uuid('user_id').notNull(),
  tokenHash: text('token_hash').notNull(),
  expiresAt: ts('expires_at').notNull(),
  revokedAt: ts('revoked_at'),
  createdAt: ts('created_at').notNull().defaultNow(),
});

export const apiKeys = pgTable('api_keys', {
  id: uuid('id').primaryKey().defaultRandom(),
  workspaceId: uuid('workspace_id').notNull(),
  name: text('name').notNull(),
  keyPrefix: text('key_prefix').notNull(),
  keyHash: text('key_hash').notNull(),
  hashAlgorithm: text('hash_algorithm').notNull().default('sha256'),
  scopes: text('scopes').array().notNull(),
  createdBy: uuid('created_by'),
  createdAt: ts('created_at').notNull().defaultNow(),
  lastUsedAt: ts('last_used_at'),
  expiresAt: ts('expires_at'),
  revokedAt: ts('revoked_at'),
  replacedBy: uuid('replaced_by'),
});

export const auditEvents = pgTable(
  'audit_events',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`uuid_v7()`), // time-ordered, see supabase/migrations/20261127000100_import_write_costs.sql
    workspaceId: uuid('workspace_id').notNull(),
    actorUserId: uuid('actor_user_id'),
    actorApiKeyId: uuid('actor_api_key_id'),
    actorLabel: text('actor_label'),
    action: text('action').notNull(),
    targetType: text('target_type'),
    targetId: text('target_id'),
    data: jsonb('data').$type<Record<string, unknown>>().notNull().default({}),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [index('audit_events_workspace_idx').on(t.workspaceId, t.createdAt)],
);

export const jobRuns = pgTable('job_runs', {
  id: uuid('id').primaryKey().defaultRandom(),
  workspaceId: uuid('workspace_id').notNull(),
  queue: text('queue').notNull(),
  status: text('status')
    .$type<'queued' | 'running' | 'completed' | 'failed' | 'cancelled'>()
    .notNull()
    .default('queued'),
  subjectType: text('subject_type'),
  subjectId: text('subject_id'),
  payload: jsonb('payload').$type<Record<string, unknown>>().notNull().default({}),
  progress: jsonb('progress').$type<Record<string, unknown> | null>(),
  result: jsonb('result').$type<Record<string, unknown> | null>(),
  error: text('error'),
  attempts: integer('attempts').notNull().default(0),
  createdBy: uuid('created_by'),
  createdAt: ts('created_at').notNull().defaultNow(),
  startedAt: ts('started_at'),
  completedAt: ts('completed_at'),
  heartbeatAt: ts('heartbeat_at'),
  /** The claim of the delivery running the run; writes of a delivery that lost it are refused. */
  leaseToken: uuid('lease_token'),
  /** The pg-boss job that carries the run now (recovery sends a new one when it is gone). */
  bossJobId: uuid('boss_job_id'),
});
