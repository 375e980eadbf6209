import fs from 'node:fs';
import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';

/**
 * A migrated embedded database as a data-dir dump. PGlite's initdb takes 5–8 s on this machine, loading
 * a dump under 1 s, so `next build` writes one (scripts/build-pglite-seed.ts) and a first start on an
 * empty DATA_DIR loads it instead of running initdb; the test suite makes the same dump once per run.
 * Migrations newer than the dump are applied on open as always, so an old dump is only slower, never wrong.
 */
export async function migratedPgliteDump(): Promise<Blob> {
  const { PGlite } = await import('@electric-sql/pglite');
  const { openPglite } = await import('./client');
  const { runMigrations } = await import('./migrate');
  const { PgBoss, fromPglite } = await import('pg-boss');
  const pglite = await PGlite.create();
  try {
    await runMigrations(await openPglite(pglite));
    const boss = new PgBoss({
      db: fromPglite(pglite as any),
      backend: 'pglite',
      schema: 'pgboss',
      supervise: false,
      schedule: false,
    } as any);
    await boss.start();
    await boss.stop({ graceful: false, close: false } as any).catch(() => {});
    return await pglite.dumpDataDir('gzip');
  } finally {
    await pglite.close();
  }
}

/** Where the build keeps the dump; its name carries the PGlite version, since a dump only loads in its own. */
export function seedFile(cwd = process.cwd()): string | null {
  try {
    const pkg = JSON.parse(fs.readFileSync(path.join(cwd, 'node_modules/@electric-sql/pglite/package.json'), 'utf8'));
    return path.join(cwd, '.next', `pglite-seed-${pkg.version}.tar.gz`);
  } catch {
    return null;
  }
}

/** Opens the embedded database in dir, from the build's dump when dir holds no database yet. */
export async function createPglite(dir: string, seed = seedFile()): Promise<PGlite> {
  const pglite = await openDataDir(dir, seed);
  // New WAL segments are not zero-filled first: the zeros only reserve disk space ahead (PGlite runs
  // with fsync off, so they make nothing durable), and writing 16 MB of them for every segment was
  // about a tenth of a 100k-row import (66.3 -> 57.0 s, bench/import-e2e.ts). full_page_writes stays
  // on: a killed process can leave a half-written page, and the WAL's page images repair it. PGlite has
  // one session, so SET is enough.
  await pglite.exec('SET wal_init_zero = off');
  return pglite;
}

async function openDataDir(dir: string, seed: string | null): Promise<PGlite> {
  const { PGlite } = await import('@electric-sql/pglite');
  fs.mkdirSync(path.dirname(dir), { recursive: true });
  const fresh = !fs.existsSync(path.join(dir, 'PG_VERSION'));
  if (fresh && seed && fs.existsSync(seed)) {
    try {
      return await PGlite.create(dir, { loadDataDir: new Blob([fs.readFileSync(seed)]) });
    } catch (e) {
      // A damaged dump must not stop a first start: fall back to initdb in an emptied directory.
      console.warn(`[db] could not load ${seed} (${(e as Error).message}); initialising the database instead`);
      fs.rmSync(dir, { recursive: true, force: true });
    }
  }
  return PGlite.create(dir);
}
