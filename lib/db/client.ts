import path from 'node:path';
import { getEnv } from '@/lib/config/env';
import * as schema from './schema';
import { openPglite, openPostgres, type Db, type DbHandle } from './handle';
import { acquireDirLock } from './lock';
import { runMigrations } from './migrate';

export { openPglite, openPostgres, preparedStatementsAllowed, type Db, type DbHandle } from './handle';

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
