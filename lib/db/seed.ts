import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { UnpackSync } from 'tar';
import type { PGlite } from '@electric-sql/pglite';
import { getEnv } from '@/lib/config/env';

/**
 * A migrated embedded database as a data-dir dump. PGlite's initdb takes 5–8 s on this machine, loading
 * a dump under 1 s, so `next build` writes one (scripts/build-pglite-seed.ts) and a first start on an
 * empty DATA_DIR loads it instead of running initdb; the test suite makes the same dump once per run.
 * Migrations newer than the dump are applied on open as always, so an old dump is only slower, never wrong.
 */
export async function migratedPgliteDump(): Promise<Blob> {
  const { PGlite } = await import('@electric-sql/pglite');
  const { openPglite } = await import('./handle');
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
export async function createPglite(
  dir: string,
  seed = seedFile(),
  sharedBuffers = getEnv().PGLITE_SHARED_BUFFERS,
): Promise<PGlite> {
  const pglite = await openDataDir(dir, seed, sharedBuffers);
  // New WAL segments are not zero-filled first: the zeros only reserve disk space ahead (PGlite runs
  // with fsync off, so they make nothing durable), and writing 16 MB of them for every segment was
  // about a tenth of a 100k-row import (66.3 -> 57.0 s, bench/import-e2e.ts). full_page_writes stays
  // on: a killed process can leave a half-written page, and the WAL's page images repair it. PGlite has
  // one session, so SET is enough.
  await pglite.exec('SET wal_init_zero = off');
  return pglite;
}

async function openDataDir(dir: string, seed: string | null, sharedBuffers: string): Promise<PGlite> {
  const { PGlite } = await import('@electric-sql/pglite');
  // shared_buffers lives in WASM memory that PGlite touches whole at start: Postgres's 128 MB default
  // was 120 MB of the server's resident size before the first request. Pages beyond it are read from
  // the OS page cache, so a 100k-row import took as long with 16 MB (bench/import-e2e.ts); random
  // reads over a 100 MB table were ~15% slower. Server settings only take effect at start, hence here.
  const startParams = [...PGlite.defaultStartParams, '-c', `shared_buffers=${sharedBuffers}`];
  fs.mkdirSync(path.dirname(dir), { recursive: true });
  const fresh = !fs.existsSync(path.join(dir, 'PG_VERSION'));
  if (fresh && seed && fs.existsSync(seed)) {
    try {
      if (isEmptyOrAbsent(dir)) {
        unpackDump(seed, dir);
        return await PGlite.create(dir, { startParams });
      }
      return await PGlite.create(dir, { startParams, loadDataDir: new Blob([fs.readFileSync(seed)]) });
    } catch (e) {
      // A damaged dump must not stop a first start: fall back to initdb in an emptied directory.
      console.warn(`[db] could not load ${seed} (${(e as Error).message}); initialising the database instead`);
      fs.rmSync(dir, { recursive: true, force: true });
    }
  }
  return PGlite.create(dir, { startParams });
}

const isEmptyOrAbsent = (dir: string) => !fs.existsSync(dir) || fs.readdirSync(dir).length === 0;

/**
 * Writes the dump's files into dir (absent or empty), as PGlite's loadDataDir would but with Node's own
 * gunzip and file writes: 0.6 s for the 43 MB of a migrated database against 1.3 s through PGlite's
 * file system, most of a cold start's database time. The files go into a directory of their own, renamed
 * into place when complete, so a start killed halfway leaves no half-written database behind. A damaged
 * dump throws (gunzip checks its length and checksum; a database needs PG_VERSION).
 */
function unpackDump(seed: string, dir: string) {
  const staging = `${dir}.unpacking-${process.pid}`;
  fs.rmSync(staging, { recursive: true, force: true });
  fs.mkdirSync(staging, { recursive: true, mode: 0o700 });
  try {
    const tar = zlib.gunzipSync(fs.readFileSync(seed));
    // tar reports a file it could not write as a warning, and the "/" it strips from the dump's paths
    // (relative to the data directory) as information: the first is a failure here.
    let failed: string | null = null;
    new UnpackSync({
      cwd: staging,
      onwarn: (code, message) => {
        if (code !== 'TAR_ENTRY_INFO') failed ??= `${code}: ${String(message)}`;
      },
    }).end(tar);
    if (failed) throw new Error(failed);
    if (!fs.existsSync(path.join(staging, 'PG_VERSION'))) throw new Error('the dump holds no database');
    if (fs.existsSync(dir)) fs.rmdirSync(dir);
    fs.renameSync(staging, dir);
  } catch (e) {
    fs.rmSync(staging, { recursive: true, force: true });
    throw e;
  }
}
