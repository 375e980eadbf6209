import { sql } from 'drizzle-orm';
import type { Db } from '@/lib/db/client';
import { serviceInfo } from './info';

/** GET /api/health: the service answers and so does its database (one round trip; throws when it does not). */
export async function checkHealth(db: Db) {
  await db.execute(sql`select 1`);
  return { status: 'ok' as const, ...serviceInfo() };
}
