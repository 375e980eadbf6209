// Moved to lib/errors.ts (AppError) and lib/db/errors.ts (database error helpers); this re-export keeps
// imports written before the move working until they are rewritten.
export { AppError, notFound } from '@/lib/errors';
export { databaseErrorOf, isUniqueViolation } from '@/lib/db/errors';
