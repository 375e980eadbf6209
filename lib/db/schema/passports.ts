import { integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export type PassportTier = 'public' | 'legitimate_interest' | 'authority';
export type PassportFormat = 'untp_dpp' | 'battery_pass';

/** A mandatory field of a passport format that the approved dossier lacks (the passport's, not the SKU's). */
export interface PassportBlocker {
  format: PassportFormat;
  code: string;
  field: string;
  annex_xiii: string | null;
  dossier_field: string | null;
  message: string;
}

/** Written once by the compiler (supabase/migrations/20261130300100_passports.sql); never updated. */
export const passports = pgTable('passports', {
  id: uuid('id').primaryKey().defaultRandom(),
  workspaceId: uuid('workspace_id').notNull(),
  skuId: uuid('sku_id').notNull(),
  version: integer('version').notNull(),
  revision: integer('revision').notNull(),
  publicId: text('public_id').notNull(),
  formats: text('formats').array().$type<PassportFormat[]>().notNull(),
  /** format → tier → document */
  documents: jsonb('documents').$type<Record<string, Record<string, unknown>>>().notNull(),
  /** format → tier → sha256 of the document's canonical JSON */
  documentHashes: jsonb('document_hashes').$type<Record<string, Record<string, string>>>().notNull(),
  contentSha256: text('content_sha256').notNull(),
  blockers: jsonb('blockers').$type<PassportBlocker[]>().notNull().default([]),
  compiledByLabel: text('compiled_by_label'),
  compiledAt: ts('compiled_at').notNull().defaultNow(),
});

export const passportAccessGrants = pgTable('passport_access_grants', {
  id: uuid('id').primaryKey().defaultRandom(),
  workspaceId: uuid('workspace_id').notNull(),
  skuId: uuid('sku_id').notNull(),
  tier: text('tier').$type<Exclude<PassportTier, 'public'>>().notNull(),
  recipient: text('recipient').notNull(),
  tokenHash: text('token_hash').notNull(),
  tokenPrefix: text('token_prefix').notNull(),
  expiresAt: ts('expires_at').notNull(),
  createdBy: uuid('created_by'),
  createdByLabel: text('created_by_label'),
  createdAt: ts('created_at').notNull().defaultNow(),
  revokedAt: ts('revoked_at'),
  revokedByLabel: text('revoked_by_label'),
  lastUsedAt: ts('last_used_at'),
});
