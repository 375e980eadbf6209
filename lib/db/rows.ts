import { Column, type SQL } from 'drizzle-orm';
import type { Db } from './client';
import { executePrepared } from './prepared';

/**
 * Runs raw SQL and returns its rows on either driver (postgres-js gives an array, PGlite {rows}).
 * `prepared`: a statement of fixed text that runs again and again (see executePrepared).
 */
export async function queryRows<T extends Record<string, unknown>>(
  db: Db,
  query: SQL,
  opts: { prepared?: boolean } = {},
): Promise<T[]> {
  const res = (await (opts.prepared ? executePrepared(db, query) : db.execute(query))) as unknown;
  return (Array.isArray(res) ? res : (res as { rows: T[] }).rows) as T[];
}

/**
 * Reads a row of executeArrays (values in select-list order: the keys of `columns`, then any others)
 * into the keys of `columns`, each value decoded by its column as a Drizzle select would (a timestamp's
 * text to a Date, jsonb text to a value). Drizzle's own mapping asks of every field of every row which
 * kind of selection it is, and a page of 100 SKUs spent more time there than the driver spent reading
 * it (bench/skus-list.ts). Made once per column set, used for every row.
 */
export function rowDecoder<C extends Record<string, Column>>(columns: C): (row: unknown[]) => unknown {
  const keys = Object.keys(columns);
  const decoders = keys.map((k) => (decodes(columns[k]) ? columns[k] : null));
  // One object literal of fixed keys per row: V8 gives every row the same shape at once, where adding
  // the keys one by one cost four times the reading (the keys are the schema's, never a caller's).
  const body = keys
    .map(
      (k, i) =>
        `${JSON.stringify(k)}: r[${i}] == null ? null : ${decoders[i] ? `d[${i}].mapFromDriverValue(r[${i}])` : `r[${i}]`}`,
    )
    .join(',\n');
  return new Function('d', `return (r) => ({${body}});`)(decoders) as (row: unknown[]) => unknown;
}

/** Whether the column's class changes what the driver gives (Column's own mapFromDriverValue returns it as is). */
const decodes = (column: Column) => column.mapFromDriverValue !== Column.prototype.mapFromDriverValue;
