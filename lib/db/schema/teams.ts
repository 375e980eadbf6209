import { boolean, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import type { Role } from '@/lib/enums';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export const workspaceInvitations = pgTable('workspace_invitations', {
  id: uuid('id').primaryKey().defaultRandom(),
  workspaceId: uuid('workspace_id').notNull(),
  email: text('email').notNull(),
  role: text('role').$type<Exclude<Role, 'owner'>>().notNull(),
  /** SHA-256 of the link's token; the token itself is only in the mail. */
  tokenHash: text('token_hash').notNull(),
  invitedBy: uuid('invited_by'),
  invitedByLabel: text('invited_by_label'),
  createdAt: ts('created_at').notNull().defaultNow(),
  expiresAt: ts('expires_at').notNull(),
  acceptedAt: ts('accepted_at'),
  acceptedBy: uuid('accepted_by'),
  revokedAt: ts('revoked_at'),
});

export interface ApprovalWaiver {
  code: string;
  reason: string;
  by: string;
  at: string;
}

export const skuApprovals = pgTable('sku_approvals', {
  id: uuid('id').primaryKey().defaultRandom(),
  workspaceId: uuid('workspace_id').notNull(),
  skuId: uuid('sku_id').notNull(),
  approvedBy: uuid('approved_by'),
  approvedByLabel: text('approved_by_label').notNull(),
  approvedAt: ts('approved_at').notNull().defaultNow(),
  dossierHash: text('dossier_hash').notNull(),
  waivers: jsonb('waivers').$type<ApprovalWaiver[]>().notNull().default([]),
  reviewCompletedBy: text('review_completed_by'),
  fourEyes: boolean('four_eyes').notNull().default(false),
});

export const skuComments = pgTable('sku_comments', {
  id: uuid('id').primaryKey().defaultRandom(),
  workspaceId: uuid('workspace_id').notNull(),
  skuId: uuid('sku_id').notNull(),
  authorUserId: uuid('author_user_id'),
  authorLabel: text('author_label').notNull(),
  body: text('body').notNull(),
  mentions: uuid('mentions').array().notNull().default([]),
  createdAt: ts('created_at').notNull().defaultNow(),
});
