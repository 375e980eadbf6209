/**
 * A statement whose text is the same every time it runs (its values travel as parameters, arrays
 * included), run as a named prepared statement on a Postgres server.
 *
 * Drizzle asks postgres-js for unnamed statements, and postgres-js sends a statement with parameters
 * it has not prepared in two steps: it first asks the server for the parameter types and waits for the
 * answer, then sends the values. That is a second round trip per statement. It also stops the
 * connection's pipeline: nothing after the statement goes out until the types come back. A prepared
 * statement is described once per connection. After that its values go out at once, behind whatever
 * was sent before, and the server skips parsing it.
 *
 * Only for statements of fixed text: postgres-js keeps every prepared statement of a connection, so a
 * text that varies (an IN list of as many parameters as values) would pile up. PGlite has no round trip
 * to save: there the statement runs as Drizzle runs it.
 */
import type { SQL } from 'drizzle-orm';
import type { Db } from './client';

interface DrizzleInternals {
  dialect: { sqlToQuery(query: SQL): { sql: string; params: unknown[] } };
  session: { client: unknown };
}

interface PostgresJsClient {
  unsafe(query: string, params: unknown[], options: { prepare: boolean }): PromiseLike<unknown>;
}

/** Runs the statement prepared (Postgres server) and returns what db.execute would have returned. */
export function executePrepared(db: Db, query: SQL): PromiseLike<unknown> {
  const { dialect, session } = db as unknown as DrizzleInternals;
  // postgres-js's client (and a transaction's) is a tagged-template function; PGlite's is an object.
  if (typeof session?.client !== 'function') return db.execute(query);
  const { sql, params } = dialect.sqlToQuery(query);
  return (session.client as unknown as PostgresJsClient).unsafe(sql, params, { prepare: true });
}

/**
 * Runs a statement built to text (a Drizzle query's toSQL(), placeholders filled) and returns its rows
 * as arrays, in the order of the select list. `prepare`: a statement of fixed text run for every request
 * (above); a text that varies runs unnamed. Arrays because a page of objects keyed by column name cost
 * the driver more than reading it (bench/skus-list.ts); rowDecoder (rows.ts) reads them by position.
 * On PGlite a timestamp comes as a Date, on a server as text: a Drizzle column's decoder reads either.
 */
export async function executeArrays(
  db: Db,
  query: { sql: string; params: unknown[] },
  opts: { prepare: boolean },
): Promise<unknown[][]> {
  const { session } = db as unknown as DrizzleInternals;
  if (typeof session?.client === 'function') {
    const pending = (session.client as unknown as PostgresJsClient).unsafe(query.sql, query.params, {
      prepare: opts.prepare,
    }) as PromiseLike<unknown> & { values(): PromiseLike<unknown[][]> };
    return await pending.values();
  }
  const pglite = session.client as {
    query(sql: string, params: unknown[], options: { rowMode: 'array' }): Promise<{ rows: unknown[][] }>;
  };
  return (await pglite.query(query.sql, query.params, { rowMode: 'array' })).rows;
}
