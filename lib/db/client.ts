import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import type { Sql } from 'postgres';
import { getEnv } from '@/lib/config/env';
import * as schema from './schema';
import { acquireDirLock } from './lock';
import { runMigrations } from './migrate';

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

async function openFromEnv(): Promise<DbHandle> {
  const env = getEnv();
  let handle: DbHandle;
  if (env.DATABASE_URL) {
    handle = await openPostgres(env.DATABASE_URL);
  } else {
    const dir = path.resolve(env.DATA_DIR, 'pglite');
    const release = acquireDirLock(path.resolve(env.DATA_DIR));
    try {
      const { createPglite } = await import('./seed');
      const pglite = await createPglite(dir);
      handle = await openPglite(pglite, release);
    } catch (e) {
      release();
      throw e;
    }
  }
  await runMigrations(handle);
  return handle;
}

// Held on globalThis so Next's dev reloads and route bundles share one database per process.
const holder = globalThis as unknown as { __cwDb?: Promise<DbHandle> };

export function getDbHandle(): Promise<DbHandle> {
  if (!holder.__cwDb) {
    holder.__cwDb = openFromEnv().catch((e) => {
      holder.__cwDb = undefined;
      throw e;
    });
  }
  return holder.__cwDb;
}

export async function getDb(): Promise<Db> {
  return (await getDbHandle()).db;
}

/** Tests and scripts install their own database (a PGlite snapshot, a test database on a server). */
export function setDbHandle(handle: DbHandle) {
  holder.__cwDb = Promise.resolve(handle);
}

export async function closeDb() {
  const current = holder.__cwDb;
  holder.__cwDb = undefined;
  if (current) await (await current).close();
}

export { schema };
