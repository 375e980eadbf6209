import fs from 'node:fs';
import path from 'node:path';
import type { DbHandle } from './handle';

const MIGRATIONS_DIR = path.join(process.cwd(), 'supabase', 'migrations');

export function listMigrations(dir = MIGRATIONS_DIR) {
  return fs
    .readdirSync(dir)
    .filter((f) => f.endsWith('.sql'))
    .sort()
    .map((name) => ({ name, sql: fs.readFileSync(path.join(dir, name), 'utf8') }));
}

/**
 * Applies the SQL files of supabase/migrations in name order, once each, recorded in app_migrations.
 * On a server an advisory lock makes concurrent starters apply each file exactly once.
 */
export async function runMigrations(handle: DbHandle, dir = MIGRATIONS_DIR): Promise<string[]> {
  const files = listMigrations(dir);
  const applied: string[] = [];
  await handle.execScript(
    `CREATE TABLE IF NOT EXISTS app_migrations (name text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now());`,
  );
  const quote = (s: string) => `'${s.replace(/'/g, "''")}'`;
  if (handle.kind === 'postgres') {
    const sql = handle.sql!;
    await sql.begin(async (tx) => {
      await tx`SELECT pg_advisory_xact_lock(7262201)`;
      const done = new Set((await tx`SELECT name FROM app_migrations`).map((r) => r.name as string));
      for (const f of files) {
        if (done.has(f.name)) continue;
        await tx.unsafe(f.sql);
        await tx.unsafe(`INSERT INTO app_migrations (name) VALUES (${quote(f.name)})`);
        applied.push(f.name);
      }
    });
  } else {
    const pg = handle.pglite!;
    const done = new Set((await pg.query<{ name: string }>('SELECT name FROM app_migrations')).rows.map((r) => r.name));
    for (const f of files) {
      if (done.has(f.name)) continue;
      await pg.transaction(async (tx) => {
        await tx.exec(f.sql);
        await tx.query('INSERT INTO app_migrations (name) VALUES ($1)', [f.name]);
      });
      applied.push(f.name);
    }
  }
  return applied;
}
