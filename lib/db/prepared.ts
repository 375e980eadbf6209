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
