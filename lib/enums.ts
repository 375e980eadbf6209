/**
 * Closed value lists that the database schema and the slices share. The schema (lib/db/schema) types
 * its columns with them and the slices validate and display them, so they sit below both and import
 * nothing; client code reads them too.
 */

/** Workspace roles, least to most rights; what each may do is lib/auth/roles.ts. */
export const ROLES = ['viewer', 'editor', 'reviewer', 'admin', 'owner'] as const;
export type Role = (typeof ROLES)[number];

/** A supplier request's statuses (lib/outreach). */
export const SUPPLIER_REQUEST_STATUSES = [
  'sending',
  'sent',
  'in_progress',
  'to_review',
  'done',
  'no_progress',
  'cancelled',
  'failed',
] as const;
export type SupplierRequestStatus = (typeof SUPPLIER_REQUEST_STATUSES)[number];
