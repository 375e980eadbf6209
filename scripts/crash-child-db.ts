/**
 * How a crash test's child process opens the database: as the app opens it (DATABASE_URL, or the embedded
 * PGlite in $DATA_DIR/pglite through createPglite with the app's settings, seeded from
 * CRASH_PGLITE_SNAPSHOT when new), taking over the directory lock a killed process left behind.
 * One place, so every crash test kills and restarts the same thing the app runs.
 */
import path from 'node:path';

export async function openCrashChildDatabase() {
  const { openPglite, openPostgres, setDbHandle } = await import('@/lib/db/client');
  const { runMigrations } = await import('@/lib/db/migrate');
  const url = process.env.DATABASE_URL;
  if (url) {
    const handle = await openPostgres(url, 4);
    setDbHandle(handle);
    return handle;
  }
  const dataDir = path.resolve(process.env.DATA_DIR!);
  const { acquireDirLock } = await import('@/lib/db/lock');
  const release = acquireDirLock(dataDir); // a lock left by the killed process is taken over
  const { createPglite } = await import('@/lib/db/seed');
  const pglite = await createPglite(path.join(dataDir, 'pglite'), process.env.CRASH_PGLITE_SNAPSHOT ?? null);
  const handle = await openPglite(pglite, release);
  await runMigrations(handle);
  setDbHandle(handle);
  return handle;
}
