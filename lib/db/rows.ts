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
 *
 * `timestamps: 'iso'` reads a timestamp column as its ISO text (isoTimestamp) instead of a Date, for rows
 * that go straight into a JSON answer: parsing the server's text into a Date and writing it out again
 * cost ~0.9 µs a value, two-fifths of a 100-SKU page's serialising.
 */
export function rowDecoder<C extends Record<string, Column>>(
  columns: C,
  opts: { timestamps?: 'date' | 'iso' } = {},
): (row: unknown[]) => unknown {
  const keys = Object.keys(columns);
  const decoders = keys.map((k) =>
    opts.timestamps === 'iso' && isTimestamptz(columns[k])
      ? { mapFromDriverValue: isoTimestamp }
      : decodes(columns[k])
        ? columns[k]
        : null,
  );
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

/** A `timestamp with time zone` read as a Date (a zoneless one's text would need the zone Drizzle adds). */
const isTimestamptz = (column: Column) =>
  column.columnType === 'PgTimestamp' && (column as Column & { withTimezone?: boolean }).withTimezone === true;

/** Whether the column's class changes what the driver gives (Column's own mapFromDriverValue returns it as is). */
const decodes = (column: Column) => column.mapFromDriverValue !== Column.prototype.mapFromDriverValue;

/**
 * A timestamp as Date.prototype.toISOString writes it (millisecond precision, UTC), from what the driver
 * gives: a Date (PGlite), or a server's text. The text of a session in UTC ("2026-11-30 06:31:36.123456+00")
 * is rearranged without a Date; any other (another zone's offset, a year past 9999, BC, infinity) goes
 * through Date as Drizzle would read it.
 */
export function isoTimestamp(value: unknown): string {
  if (value instanceof Date) return value.toISOString();
  const s = String(value);
  const n = s.length;
  const utc = n >= 22 && s[10] === ' ' && s[13] === ':' && s[16] === ':' && s.endsWith('+00');
  if (!utc || (n > 22 && s[19] !== '.')) return new Date(s).toISOString();
  // Fractional digits beyond milliseconds are cut, as Date cuts them.
  const ms = n > 22 ? (s.slice(20, Math.min(23, n - 3)) + '00').slice(0, 3) : '000';
  return `${s.slice(0, 10)}T${s.slice(11, 19)}.${ms}Z`;
}
