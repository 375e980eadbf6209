import { z } from 'zod';
import { AppError } from '@/lib/errors';

/** Paging arguments shared by the list tools: an opaque cursor from next_cursor, and a page size. */
export const pageArgs = {
  cursor: z.string().max(2000).optional().describe('Opaque cursor: the next_cursor of the previous page.'),
  limit: z.number().int().min(1).max(100).default(25).describe('Page size, 1 to 100 (default 25).'),
};

export const pageOf = <T extends z.ZodType>(item: T) =>
  z.object({
    items: z.array(item),
    has_more: z.boolean(),
    next_cursor: z.string().nullable().describe('Pass as cursor to get the next page; null on the last page.'),
  });

const badCursor = () =>
  new AppError('VALIDATION_FAILED', 'The cursor is not valid (it must come from next_cursor).', {
    details: { fields: [{ path: 'cursor', message: 'invalid cursor' }] },
  });

/**
 * A page of a bounded list a domain function returned in full (entities, import batches, dossier
 * fields): the cursor is the offset, opaque to the client.
 */
export function slicePage<T>(all: readonly T[], cursor: string | undefined, limit: number) {
  let offset = 0;
  if (cursor !== undefined) {
    const m = /^o(\d{1,6})$/.exec(Buffer.from(cursor, 'base64url').toString('latin1'));
    if (!m) throw badCursor();
    offset = Number(m[1]);
  }
  const items = all.slice(offset, offset + limit);
  const has_more = offset + limit < all.length;
  return { items, has_more, next_cursor: has_more ? Buffer.from(`o${offset + limit}`).toString('base64url') : null };
}
