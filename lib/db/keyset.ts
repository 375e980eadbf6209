/**
 * Keyset paging done the same way in every list: ORDER BY (key, id) with the row's unique id as the
 * tie-breaker, and "after the cursor" as one row comparison over the same pair, so rows that share a
 * key are neither skipped nor repeated.
 *
 * Timestamps travel in cursors as text at the database's own precision (microseconds). A JavaScript
 * Date keeps only milliseconds: a cursor built from one falls between rows written within the same
 * millisecond, and the next page skips (newest first) or repeats (oldest first) them.
 */
import { sql, type AnyColumn, type SQL } from 'drizzle-orm';
import { AppError } from '@/lib/errors';

/** A timestamptz column as UTC ISO-8601 text with all six fractional digits. */
export function timestampText(col: AnyColumn): SQL<string> {
  return sql<string>`to_char(${col} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;
}

const CURSOR_TIMESTAMP = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2}):(\d{2})(\.\d{1,6})?Z$/;

/**
 * Whether a cursor's timestamp is ISO-8601 UTC (up to six fractional digits) naming a real instant:
 * Postgres refuses 30 February or hour 24, and a refused cast would be a 500 instead of a 400.
 */
export function isCursorTimestamp(v: unknown): v is string {
  const m = typeof v === 'string' ? CURSOR_TIMESTAMP.exec(v) : null;
  if (!m) return false;
  const [y, mo, d, h, mi, s] = m.slice(1, 7).map(Number);
  const t = new Date(Date.UTC(y, mo - 1, d, h, mi, s));
  return (
    y >= 1 &&
    t.getUTCFullYear() === y &&
    t.getUTCMonth() === mo - 1 &&
    t.getUTCDate() === d &&
    t.getUTCHours() === h &&
    t.getUTCMinutes() === mi &&
    t.getUTCSeconds() === s
  );
}

/** What a cursor may carry as a row id. */
export const CURSOR_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A cursor value with the SQL type it is compared as (checked by the cursor's decoder first). */
export type KeysetValue = { timestamp: string } | { text: string } | { int: number };

const CAST = { timestamp: sql.raw('timestamptz'), text: sql.raw('text'), int: sql.raw('int') } as const;

/** The cursor value as the statement's parameter (compared under its kind's cast). */
export function keysetParam(v: KeysetValue): string | number {
  return 'timestamp' in v ? v.timestamp : 'text' in v ? v.text : v.int;
}

const kindOf = (v: KeysetValue): keyof typeof CAST => ('timestamp' in v ? 'timestamp' : 'text' in v ? 'text' : 'int');

function keysetCondition(dir: 'asc' | 'desc', key: AnyColumn, id: AnyColumn, value: SQL, idValue: SQL): SQL {
  const op = dir === 'desc' ? sql.raw('<') : sql.raw('>');
  return sql`(${key}, ${id}) ${op} (${value}, ${idValue})`;
}

/** Rows strictly after (value, id) in the order `key dir, id dir`. */
export function afterKeyset(
  dir: 'asc' | 'desc',
  key: AnyColumn,
  value: KeysetValue,
  id: AnyColumn,
  idValue: string,
): SQL {
  return keysetCondition(dir, key, id, sql`${keysetParam(value)}::${CAST[kindOf(value)]}`, sql`${idValue}::uuid`);
}

/**
 * afterKeyset for a statement built once and run for every page: the cursor's value and id are the
 * placeholders `cursor_value` (keysetParam of the value) and `cursor_id`.
 */
export function afterKeysetPlaceholders(
  dir: 'asc' | 'desc',
  key: AnyColumn,
  kind: 'timestamp' | 'text' | 'int',
  id: AnyColumn,
): SQL {
  return keysetCondition(
    dir,
    key,
    id,
    sql`${sql.placeholder('cursor_value')}::${CAST[kind]}`,
    sql`${sql.placeholder('cursor_id')}::uuid`,
  );
}

/**
 * The opaque cursor of a (key, id) keyset list: base64url JSON naming the list it came from, the last
 * row's key (timestamps as the database's microsecond text) and its id. Lists paged by one fixed order
 * share this codec; a cursor from another list, or not ours at all, is a 400 and never reaches SQL.
 */
export function encodeKeysetCursor(list: string, key: string | number, id: string): string {
  return Buffer.from(JSON.stringify({ l: list, k: key, i: id })).toString('base64url');
}

function keysetValueOf(k: unknown, kind: 'timestamp' | 'text' | 'int'): KeysetValue | null {
  if (kind === 'timestamp') return isCursorTimestamp(k) ? { timestamp: k } : null;
  // Postgres refuses NUL in text: such a cursor was not ours.
  if (kind === 'text') return typeof k === 'string' && k.length <= 1000 && !k.includes('\u0000') ? { text: k } : null;
  return typeof k === 'number' && Number.isSafeInteger(k) && Math.abs(k) < 2 ** 31 ? { int: k } : null;
}

export function decodeKeysetCursor(
  cursor: string,
  list: string,
  kind: 'timestamp' | 'text' | 'int',
): { value: KeysetValue; id: string } {
  try {
    const v = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
    // `s`: the SKU list's cursors before this codec was the only one; they still read.
    const value = v && (v.l ?? v.s) === list ? keysetValueOf(v.k, kind) : null;
    if (value && typeof v.i === 'string' && CURSOR_ID.test(v.i)) return { value, id: v.i };
  } catch {
    /* fall through */
  }
  throw new AppError(
    'VALIDATION_FAILED',
    'The cursor is not valid for this listing (it must come from its next_cursor).',
    {
      details: { fields: [{ path: 'cursor', message: 'invalid cursor' }] },
    },
  );
}

/** The page of a `limit + 1` query: the rows to return, whether more follow, and the cursor after the last. */
export function keysetPage<R>(
  rows: R[],
  limit: number,
  cursorOf: (last: R) => string,
): { page: R[]; next_cursor: string | null; has_more: boolean } {
  const has_more = rows.length > limit;
  const page = rows.slice(0, limit);
  const last = page[page.length - 1];
  return { page, next_cursor: has_more && last !== undefined ? cursorOf(last) : null, has_more };
}
