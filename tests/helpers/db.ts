import fs from 'node:fs';
import { afterAll, beforeAll, inject } from 'vitest';
import { closeDb, openPglite, openPostgres, setDbHandle, type DbHandle } from '@/lib/db/client';
import { stopBoss } from '@/lib/jobs/boss';

/**
 * Gives this test file its own database: a PGlite loaded from the run's migrated snapshot, or the
 * run's test database on the Postgres server (shared; tests create their own workspaces).
 */
export async function openTestDatabase(): Promise<DbHandle> {
  const url = inject('testDatabaseUrl');
  if (url) return openPostgres(url, 4);
  const { PGlite } = await import('@electric-sql/pglite');
  const snapshot = fs.readFileSync(inject('pgliteSnapshot'));
  const pglite = await PGlite.create({ loadDataDir: new Blob([snapshot]) });
  return openPglite(pglite);
}

export function useTestDatabase() {
  beforeAll(async () => {
    setDbHandle(await openTestDatabase());
  });
  afterAll(async () => {
    await stopBoss();
    await closeDb();
  });
}

export const onPostgres = () => Boolean(inject('testDatabaseUrl'));
