/**
 * Migration 20261125100100 moves the legacy documents.sku_id links into document_skus and drops the
 * column: a database migrated up to the one before, holding links of both kinds, comes out with every
 * link in document_skus exactly once and nothing lost. Runs on a fresh in-memory PGlite.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openPglite, type DbHandle } from '@/lib/db/client';
import { listMigrations, runMigrations } from '@/lib/db/migrate';

const MOVE = '20261125100100_document_links_one_table.sql';
const dirs: string[] = [];
let handle: DbHandle | undefined;

afterAll(async () => {
  await handle?.close();
  for (const d of dirs) fs.rmSync(d, { recursive: true, force: true });
});

/** A folder holding the migrations that sort before (or up to and including) the one under test. */
function migrationsDir(upToMove: boolean): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'links-migration-'));
  dirs.push(dir);
  for (const m of listMigrations()) {
    if (m.name > MOVE || (!upToMove && m.name === MOVE)) continue;
    fs.writeFileSync(path.join(dir, m.name), m.sql);
  }
  return dir;
}

describe('documents.sku_id moves into document_skus', () => {
  it('every link survives once; the column is gone', async () => {
    const { PGlite } = await import('@electric-sql/pglite');
    handle = await openPglite(await PGlite.create());
    await runMigrations(handle, migrationsDir(false));
    const pg = handle.pglite!;
    const one = async (q: string, params: unknown[] = []) => (await pg.query<Record<string, string>>(q, params)).rows;
    const [ws] = await one(`INSERT INTO workspaces (name) VALUES ('W') RETURNING id`);
    const [a] = await one(
      `INSERT INTO skus (workspace_id, sku_code, product_name) VALUES ($1, 'A', 'A') RETURNING id`,
      [ws.id],
    );
    const [b] = await one(
      `INSERT INTO skus (workspace_id, sku_code, product_name) VALUES ($1, 'B', 'B') RETURNING id`,
      [ws.id],
    );
    const doc = async (name: string, skuId: string | null) =>
      (
        await one(
          `INSERT INTO documents (workspace_id, sha256, filename, mime_type, size_bytes, storage_key, sku_id)
           VALUES ($1, $2, $2, 'application/pdf', 1, $2, $3) RETURNING id`,
          [ws.id, name, skuId],
        )
      )[0].id;
    const legacyOnly = await doc('legacy-only', a.id);
    const both = await doc('both', a.id);
    const legacyPlusOther = await doc('legacy-plus-other', a.id);
    const joinOnly = await doc('join-only', null);
    const link = (d: string, s: string, source = 'manual') =>
      one(`INSERT INTO document_skus (workspace_id, document_id, sku_id, link_source) VALUES ($1, $2, $3, $4)`, [
        ws.id,
        d,
        s,
        source,
      ]);
    await link(both, a.id, 'auto');
    await link(legacyPlusOther, b.id);
    await link(joinOnly, b.id);

    expect(await runMigrations(handle, migrationsDir(true))).toEqual([MOVE]);

    const links = await one(`SELECT document_id, sku_id, link_source FROM document_skus ORDER BY document_id, sku_id`);
    const key = (d: string, s: string) => `${d}:${s}`;
    expect(links.map((l) => key(l.document_id, l.sku_id)).sort()).toEqual(
      [
        key(legacyOnly, a.id),
        key(both, a.id),
        key(legacyPlusOther, a.id),
        key(legacyPlusOther, b.id),
        key(joinOnly, b.id),
      ].sort(),
    );
    // A link that was already in the join table keeps how it was made.
    expect(links.find((l) => l.document_id === both)?.link_source).toBe('auto');
    const cols = await one(
      `SELECT column_name FROM information_schema.columns WHERE table_name = 'documents' AND column_name = 'sku_id'`,
    );
    expect(cols).toEqual([]);
  });
});
