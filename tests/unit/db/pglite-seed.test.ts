/**
 * The embedded database seed loads its dump into an empty data directory, leaves an existing one alone, and falls
 * back to initdb when the dump is damaged or cut short.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createPglite, seedFile } from '@/lib/db/seed';

// A first start loads the build's dump instead of running initdb; it must never replace a database
// that exists, and a damaged dump must not stop the start.
describe('embedded database seed', () => {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'pglite-seed-'));
  const seed = path.join(root, 'seed.tar.gz');

  beforeAll(async () => {
    const pg = await PGlite.create();
    await pg.exec(`CREATE TABLE seed_marker (v text); INSERT INTO seed_marker VALUES ('from the seed');`);
    fs.writeFileSync(seed, Buffer.from(await (await pg.dumpDataDir('gzip')).arrayBuffer()));
    await pg.close();
  });
  afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

  async function marker(pg: PGlite) {
    const r = await pg.query<{ n: number }>(`SELECT count(*)::int AS n FROM pg_tables WHERE tablename = 'seed_marker'`);
    return r.rows[0].n === 1;
  }

  it('loads the dump into an empty data directory, and leaves an existing database alone', async () => {
    const dir = path.join(root, 'data', 'pglite');
    const pg = await createPglite(dir, seed);
    expect(await marker(pg)).toBe(true);
    // Its page cache is the configured one (PGLITE_SHARED_BUFFERS, 32MB by default), not Postgres's 128MB.
    expect((await pg.query(`SHOW shared_buffers`)).rows).toEqual([{ shared_buffers: '32MB' }]);
    await pg.exec(`INSERT INTO seed_marker VALUES ('written after')`);
    await pg.close();

    // A second open of the same directory: the dump (even another one) is not loaded over it.
    const other = path.join(root, 'other.tar.gz');
    fs.writeFileSync(other, 'not a dump');
    const again = await createPglite(dir, other);
    expect((await again.query(`SELECT v FROM seed_marker ORDER BY v`)).rows).toEqual([
      { v: 'from the seed' },
      { v: 'written after' },
    ]);
    // Opened for the app's writes: new WAL segments are not zero-filled, every page is still logged whole.
    const settings = await again.query<{ name: string; setting: string }>(
      `SELECT name, setting FROM pg_settings WHERE name IN ('wal_init_zero', 'full_page_writes') ORDER BY name`,
    );
    expect(settings.rows).toEqual([
      { name: 'full_page_writes', setting: 'on' },
      { name: 'wal_init_zero', setting: 'off' },
    ]);
    expect((await again.query(`SHOW shared_buffers`)).rows).toEqual([{ shared_buffers: '32MB' }]);
    await again.close();
  });

  it('falls back to initdb when the dump is damaged', async () => {
    const bad = path.join(root, 'bad.tar.gz');
    fs.writeFileSync(bad, Buffer.from('garbage, not gzip'));
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const pg = await createPglite(path.join(root, 'fallback', 'pglite'), bad, '16MB');
    expect(await marker(pg)).toBe(false);
    expect((await pg.query(`SHOW shared_buffers`)).rows).toEqual([{ shared_buffers: '16MB' }]);
    expect((await pg.query(`SELECT 1 AS one`)).rows).toEqual([{ one: 1 }]);
    expect((await pg.query(`SELECT current_setting('wal_init_zero') AS v`)).rows).toEqual([{ v: 'off' }]);
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('initialising the database instead'));
    warn.mockRestore();
    await pg.close();
  });

  it('falls back to initdb when the dump is cut short, and leaves no half-unpacked directory', async () => {
    const cut = path.join(root, 'cut.tar.gz');
    const whole = fs.readFileSync(seed);
    fs.writeFileSync(cut, whole.subarray(0, Math.floor(whole.length / 2)));
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const parent = path.join(root, 'cut');
    const pg = await createPglite(path.join(parent, 'pglite'), cut);
    expect(await marker(pg)).toBe(false);
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('initialising the database instead'));
    warn.mockRestore();
    await pg.close();
    expect(fs.readdirSync(parent)).toEqual(['pglite']);
  });

  it('loads the dump into an empty directory that exists, and into one holding stray files', async () => {
    const empty = path.join(root, 'empty', 'pglite');
    fs.mkdirSync(empty, { recursive: true });
    const a = await createPglite(empty, seed);
    expect(await marker(a)).toBe(true);
    await a.close();
    expect(fs.readdirSync(path.dirname(empty))).toEqual(['pglite']);

    const stray = path.join(root, 'stray', 'pglite');
    fs.mkdirSync(stray, { recursive: true });
    fs.writeFileSync(path.join(stray, 'notes.txt'), 'left here');
    const b = await createPglite(stray, seed);
    expect(await marker(b)).toBe(true);
    await b.close();
  });

  it('names the dump after the installed PGlite version, and has none without PGlite', () => {
    const version = JSON.parse(fs.readFileSync('node_modules/@electric-sql/pglite/package.json', 'utf8')).version;
    expect(seedFile()).toBe(path.join(process.cwd(), '.next', `pglite-seed-${version}.tar.gz`));
    expect(seedFile(root)).toBeNull();
  });
});
