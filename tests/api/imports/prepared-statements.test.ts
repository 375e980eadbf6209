/**
 * The import's chunk statements run as named prepared statements on a Postgres server
 * (lib/db/prepared.ts): described once per connection, then sent without waiting for their parameter
 * types. These check that they return what db.execute returns on both drivers, that a statement run
 * again is prepared once and not again, and that a refused statement still says why (the import tells
 * a row's data error from a system failure by its SQLSTATE).
 */
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { resetEnvCache } from '@/lib/config/env';
import { getDb, getDbHandle, openPostgres, preparedStatementsAllowed, type Db } from '@/lib/db/client';
import { executePrepared } from '@/lib/db/prepared';
import { queryRows } from '@/lib/db/rows';
import { databaseErrorOf } from '@/lib/db/errors';
import { makeUser } from '../../helpers/http';
import { useTestDatabase } from '../../helpers/db';

useTestDatabase();

describe('prepared statements', () => {
  it('return the rows db.execute returns, arrays and RETURNING included', async () => {
    const u = await makeUser();
    const db = await getDb();
    const query = (ids: string[]) =>
      sql`INSERT INTO public_pages (public_id, workspace_id)
          SELECT p, ${u.workspaceId}::uuid FROM unnest(${sql.param(ids)}::text[]) AS a(p)
          RETURNING public_id, workspace_id`;
    const viaPrepared = await queryRows<{ public_id: string; workspace_id: string }>(db, query(['pp-1', 'pp-2']), {
      prepared: true,
    });
    const viaExecute = await queryRows<{ public_id: string; workspace_id: string }>(db, query(['pp-3', 'pp-4']));
    expect(viaPrepared.map((r) => [r.public_id, r.workspace_id])).toEqual([
      ['pp-1', u.workspaceId],
      ['pp-2', u.workspaceId],
    ]);
    expect(viaExecute.map((r) => [r.public_id, r.workspace_id])).toEqual([
      ['pp-3', u.workspaceId],
      ['pp-4', u.workspaceId],
    ]);
  });

  it('prepares a statement once per connection, however often it runs', async () => {
    const handle = await getDbHandle();
    const db = await getDb();
    const marker = `prepared_probe_${Date.now()}`;
    const listed = await db.transaction(async (tx) => {
      const t = tx as unknown as Db;
      for (let i = 0; i < 6; i++)
        await executePrepared(t, sql`SELECT ${i}::int AS n, ${sql.raw(`'${marker}'`)} AS marker`);
      return queryRows<{ n: number }>(
        t,
        sql`SELECT count(*)::int AS n FROM pg_prepared_statements WHERE statement LIKE ${`%${marker}%`} AND statement NOT LIKE '%pg_prepared_statements%'`,
      );
    });
    // PGlite has no round trip to save: the statement runs unprepared there.
    expect(Number(listed[0].n)).toBe(handle.kind === 'postgres' ? 1 : 0);
  });

  it('a refused statement fails with the database SQLSTATE and message, and the transaction keeps nothing', async () => {
    const u = await makeUser();
    const db = await getDb();
    const page = (id: string) =>
      sql`INSERT INTO public_pages (public_id, workspace_id) VALUES (${id}, ${u.workspaceId}::uuid)`;
    let caught: unknown = null;
    try {
      await db.transaction(async (tx) => {
        const t = tx as unknown as Db;
        await executePrepared(t, page('pp-dup'));
        await executePrepared(t, page('pp-dup'));
      });
    } catch (e) {
      caught = e;
    }
    expect(databaseErrorOf(caught)?.code).toBe('23505');
    expect(databaseErrorOf(caught)?.message).toMatch(/duplicate key/);
    const left = await queryRows<{ n: number }>(
      db,
      sql`SELECT count(*)::int AS n FROM public_pages WHERE workspace_id = ${u.workspaceId}::uuid`,
    );
    expect(Number(left[0].n)).toBe(0);
  });

  it('are off on a transaction-mode pooler (port 6543 by default) or when the setting says so', async () => {
    const before = process.env.DATABASE_PREPARED_STATEMENTS;
    try {
      delete process.env.DATABASE_PREPARED_STATEMENTS;
      resetEnvCache();
      expect(preparedStatementsAllowed('postgres://u:p@pooler.example:6543/postgres')).toBe(false);
      expect(preparedStatementsAllowed('postgres://u:p@db.example:5432/postgres')).toBe(true);
      process.env.DATABASE_PREPARED_STATEMENTS = 'on';
      resetEnvCache();
      expect(preparedStatementsAllowed('postgres://u:p@pooler.example:6543/postgres')).toBe(true);
      process.env.DATABASE_PREPARED_STATEMENTS = 'off';
      resetEnvCache();
      expect(preparedStatementsAllowed('postgres://u:p@db.example:5432/postgres')).toBe(false);

      const handle = await getDbHandle();
      if (handle.kind !== 'postgres') return; // PGlite never prepares
      const off = await openPostgres(handle.connectionString!, 1);
      try {
        const marker = `unprepared_probe_${Date.now()}`;
        const listed = await off.db.transaction(async (tx) => {
          const t = tx as unknown as Db;
          for (let i = 0; i < 3; i++)
            expect(
              await queryRows<{ n: number }>(t, sql`SELECT ${i}::int AS n, ${sql.raw(`'${marker}'`)} AS m`, {
                prepared: true,
              }),
            ).toEqual([{ n: i, m: marker }]);
          return queryRows<{ n: number }>(
            t,
            sql`SELECT count(*)::int AS n FROM pg_prepared_statements WHERE statement LIKE ${`%${marker}%`} AND statement NOT LIKE '%pg_prepared_statements%'`,
          );
        });
        expect(Number(listed[0].n)).toBe(0);
      } finally {
        await off.close();
      }
    } finally {
      if (before === undefined) delete process.env.DATABASE_PREPARED_STATEMENTS;
      else process.env.DATABASE_PREPARED_STATEMENTS = before;
      resetEnvCache();
    }
  });
});
