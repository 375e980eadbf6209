import { AppError } from '@/lib/http/errors';

/** Opaque keyset cursor: the sort key and id of the last row, base64url JSON. */
export function encodeCursor(sort: string, key: string | number, id: string) {
  return Buffer.from(JSON.stringify({ s: sort, k: key, i: id })).toString('base64url');
}

export function decodeCursor(cursor: string, sort: string): { key: string | number; id: string } {
  try {
    const v = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
    if (v && v.s === sort && (typeof v.k === 'string' || typeof v.k === 'number') && typeof v.i === 'string' && /^[0-9a-f-]{36}$/i.test(v.i)) {
      return { key: v.k, id: v.i };
    }
  } catch {
    /* fall through */
  }
  throw new AppError('VALIDATION_FAILED', 'The cursor is not valid for this listing (it must come from next_cursor with the same sort).', {
    details: { fields: [{ path: 'cursor', message: 'invalid cursor' }] },
  });
}
