import type { SQL } from 'drizzle-orm';
import type { Db } from './client';
import { executePrepared } from './prepared';

/**
 * Runs raw SQL and returns its rows on either driver (postgres-js gives an array, PGlite {rows}).
 * `prepared`: a statement of fixed text that runs again and again (see executePrepared).
 */
export async function queryRows<T extends Record<string, unknown>>(
  db: Db,
  query: SQL,
  opts: { prepared?: boolean } = {},
): Promise<T[]> {
  const res = (await (opts.prepared ? executePrepared(db, query) : db.execute(query))) as unknown;
  return (Array.isArray(res) ? res : (res as { rows: T[] }).rows) as T[];
}
