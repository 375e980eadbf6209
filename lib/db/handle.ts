import type { PGlite } from '@electric-sql/pglite';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import type { Sql } from 'postgres';
import { getEnv } from '@/lib/config/env';
import * as schema from './schema';

/**
 * Opening a database: the handle over an embedded PGlite or a Postgres server. No state: the process's
 * own database (from the environment) is lib/db/client.ts, which re-exports these; lib/db/seed.ts and
 * lib/db/migrate.ts build on this file, so the three stack without a loop.
 */

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

/** One open database: the Drizzle handle plus the raw client for scripts and pg-boss. */
export interface DbHandle {
  db: Db;
  kind: 'pglite' | 'postgres';
  pglite?: PGlite;
  sql?: Sql;
  connectionString?: string;
  /** Runs a multi-statement SQL script (migrations). */
  execScript(text: string): Promise<void>;
  close(): Promise<void>;
}

export async function openPglite(pglite: PGlite, release?: () => void): Promise<DbHandle> {
  const { drizzle } = await import('drizzle-orm/pglite');
  const db = drizzle(pglite, { schema }) as unknown as Db;
  return {
    db,
    kind: 'pglite',
    pglite,
    async execScript(text) {
      await pglite.exec(text);
    },
    async close() {
      await pglite.close();
      release?.();
    },
  };
}

/** Whether statements may be prepared on the server (a transaction-mode pooler cannot keep them). */
export function preparedStatementsAllowed(connectionString: string): boolean {
  const setting = getEnv().DATABASE_PREPARED_STATEMENTS;
  if (setting !== 'auto') return setting === 'on';
  try {
    return new URL(connectionString).port !== '6543';
  } catch {
    return true;
  }
}

export async function openPostgres(connectionString: string, max = 10): Promise<DbHandle> {
  const { default: postgres } = await import('postgres');
  const { drizzle } = await import('drizzle-orm/postgres-js');
  // prepare: false also turns executePrepared (lib/db/prepared.ts) into a plain statement.
  const sql = postgres(connectionString, {
    max,
    onnotice: () => {},
    prepare: preparedStatementsAllowed(connectionString),
  });
  const db = drizzle(sql, { schema }) as unknown as Db;
  return {
    db,
    kind: 'postgres',
    sql,
    connectionString,
    async execScript(text) {
      await sql.unsafe(text);
    },
    async close() {
      await sql.end({ timeout: 5 });
    },
  };
}
