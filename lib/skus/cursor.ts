import { CURSOR_ID, isCursorTimestamp, type KeysetValue } from '@/lib/db/keyset';
import { AppError } from '@/lib/errors';

/**
 * Opaque keyset cursor: the sort key and id of the last row, base64url JSON. Timestamps are the
 * database's microsecond text (see lib/db/keyset), never a JavaScript Date.
 */
export function encodeCursor(sort: string, key: string | number, id: string) {
  return Buffer.from(JSON.stringify({ s: sort, k: key, i: id })).toString('base64url');
}

function valueOf(k: unknown, kind: 'timestamp' | 'text' | 'int'): KeysetValue | null {
  if (kind === 'timestamp') return isCursorTimestamp(k) ? { timestamp: k } : null;
  // Postgres refuses NUL in text: such a cursor was not ours.
  if (kind === 'text') return typeof k === 'string' && k.length <= 200 && !k.includes('\u0000') ? { text: k } : null;
  return typeof k === 'number' && Number.isSafeInteger(k) && Math.abs(k) < 2 ** 31 ? { int: k } : null;
}

export function decodeCursor(
  cursor: string,
  sort: string,
  kind: 'timestamp' | 'text' | 'int',
): { value: KeysetValue; id: string } {
  try {
    const v = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
    const value = v && v.s === sort ? valueOf(v.k, kind) : null;
    if (value && typeof v.i === 'string' && CURSOR_ID.test(v.i)) return { value, id: v.i };
  } catch {
    /* fall through */
  }
  throw new AppError(
    'VALIDATION_FAILED',
    'The cursor is not valid for this listing (it must come from next_cursor with the same sort).',
    {
      details: { fields: [{ path: 'cursor', message: 'invalid cursor' }] },
    },
  );
}
