/** A supplier request's statuses. No imports: client code (forms, filters) reads these without the database layer. */
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
