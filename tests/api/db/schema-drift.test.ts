/**
 * The Drizzle tables (lib/db/schema) and the SQL migrations (supabase/migrations) define the schema
 * twice; this test holds them to each other on the migrated test database (PGlite, or Postgres under
 * test:pg): every Drizzle table exists, and has exactly the migration's columns with the same type
 * and nullability. Tables only the migrations create must be named below, with the reason.
 */
import { getTableConfig, PgTable } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { getDb } from '@/lib/db/client';
import { queryRows } from '@/lib/db/rows';
import * as schema from '@/lib/db/schema';
import { useTestDatabase } from '../../helpers/db';

useTestDatabase();

/** Tables the migrations create that no TypeScript code reads through Drizzle. */
const SQL_ONLY_TABLES = new Set([
  'app_migrations', // the migration runner's own bookkeeping (lib/db/migrate.ts, raw SQL)
]);

/** Drizzle's type names and Postgres' format_type() differ in spelling only for these. */
const normaliseType = (t: string) =>
  t
    .replace(/^timestamp\((\d)\) with time zone$/, 'timestamp with time zone')
    .replace(/^character varying$/, 'varchar')
    .replace(/^double precision$/, 'double precision')
    .replace(/\s+/g, ' ')
    .trim();

interface DbColumn {
  table_name: string;
  column_name: string;
  type: string;
  not_null: boolean;
}

async function databaseColumns(): Promise<Map<string, Map<string, DbColumn>>> {
  const db = await getDb();
  const rows = await queryRows<DbColumn & Record<string, unknown>>(
    db,
    sql`SELECT c.relname AS table_name, a.attname AS column_name, format_type(a.atttypid, a.atttypmod) AS type,
               a.attnotnull AS not_null
        FROM pg_attribute a
        JOIN pg_class c ON c.oid = a.attrelid AND c.relkind = 'r'
        JOIN pg_namespace n ON n.oid = c.relnamespace AND n.nspname = current_schema()
        WHERE a.attnum > 0 AND NOT a.attisdropped`,
  );
  const out = new Map<string, Map<string, DbColumn>>();
  for (const r of rows) {
    if (!out.has(r.table_name)) out.set(r.table_name, new Map());
    out.get(r.table_name)!.set(r.column_name, r);
  }
  return out;
}

const drizzleTables: PgTable[] = (Object.values(schema) as unknown[]).filter((v): v is PgTable => v instanceof PgTable);

/** Every difference between the Drizzle tables given and the database's, one line each. */
function schemaDrift(tables: PgTable[], dbTables: Map<string, Map<string, DbColumn>>): string[] {
  const drift: string[] = [];
  for (const table of tables) {
    const { name, columns } = getTableConfig(table);
    const actual = dbTables.get(name);
    if (!actual) {
      drift.push(`${name}: in Drizzle, not in the migrations`);
      continue;
    }
    const declared = new Set(columns.map((c) => c.name));
    for (const c of columns) {
      const a = actual.get(c.name);
      if (!a) {
        drift.push(`${name}.${c.name}: in Drizzle, not in the migrations`);
        continue;
      }
      if (normaliseType(c.getSQLType()) !== normaliseType(a.type))
        drift.push(`${name}.${c.name}: Drizzle ${c.getSQLType()}, migrations ${a.type}`);
      // A primary-key column is NOT NULL in the database whether or not Drizzle says notNull.
      const notNull = c.notNull || c.primary;
      if (notNull !== a.not_null)
        drift.push(
          `${name}.${c.name}: Drizzle ${notNull ? 'NOT NULL' : 'nullable'}, migrations ${a.not_null ? 'NOT NULL' : 'nullable'}`,
        );
    }
    for (const col of actual.keys())
      if (!declared.has(col)) drift.push(`${name}.${col}: in the migrations, not in Drizzle`);
  }
  return drift;
}

describe('Drizzle schema and SQL migrations agree', () => {
  it('every table the migrations create is a Drizzle table (or named as SQL-only)', async () => {
    const dbTables = await databaseColumns();
    const drizzleNames = new Set(drizzleTables.map((t) => getTableConfig(t).name));
    expect(drizzleNames.size).toBeGreaterThan(30);
    expect([...dbTables.keys()].filter((n) => !drizzleNames.has(n) && !SQL_ONLY_TABLES.has(n)).sort()).toEqual([]);
  });

  it('each Drizzle table has the same columns, types and nullability as the migrated one', async () => {
    const dbTables = await databaseColumns();
    const compared = drizzleTables.reduce((n, t) => n + getTableConfig(t).columns.length, 0);
    expect(compared).toBeGreaterThan(300);
    expect(schemaDrift(drizzleTables, dbTables)).toEqual([]);
  });

  it('the check names each kind of difference', async () => {
    const { bigint, pgTable, text, uuid } = await import('drizzle-orm/pg-core');
    const fake = pgTable('documents', {
      id: uuid('id').primaryKey(),
      sha256: text('sha256'), // nullable here, NOT NULL in the migrations
      sizeBytes: text('size_bytes').notNull(), // bigint in the migrations
      notThere: bigint('not_there', { mode: 'number' }),
    });
    const drift = schemaDrift([fake], await databaseColumns());
    expect(drift).toContain('documents.sha256: Drizzle nullable, migrations NOT NULL');
    expect(drift).toContain('documents.size_bytes: Drizzle text, migrations bigint');
    expect(drift).toContain('documents.not_there: in Drizzle, not in the migrations');
    expect(drift).toContain('documents.filename: in the migrations, not in Drizzle');
  });
});
