import { pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export type GtinClaimKind = 'prefix' | 'gtin';
export type GtinClaimStatus = 'pending' | 'verified' | 'rejected';

/** A workspace's claim on a GS1 company prefix or one GTIN; staff verify or reject it (lib/gtin-claims). */
export const gtinClaims = pgTable('gtin_claims', {
  id: uuid('id').primaryKey().defaultRandom(),
  workspaceId: uuid('workspace_id').notNull(),
  kind: text('kind').$type<GtinClaimKind>().notNull(),
  value: text('value').notNull(),
  status: text('status').$type<GtinClaimStatus>().notNull().default('pending'),
  evidence: text('evidence'),
  decidedBy: uuid('decided_by'),
  decidedByLabel: text('decided_by_label'),
  decidedAt: ts('decided_at'),
  decisionNote: text('decision_note'),
  createdBy: uuid('created_by'),
  createdAt: ts('created_at').notNull().defaultNow(),
});
