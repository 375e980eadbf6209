import type { Db } from '@/lib/db/client';
import { AppError } from '@/lib/errors';
import { getBatchRow, pageImportRows, type RowOutcome, type StoredIssue } from './repo';

const changesJson = (batchId: string, rowNumber: number, changes: Record<string, unknown>) =>
  Object.entries(changes).map(([field_key, c]) => {
    const ch = c as { from: string | null; to: string; column: string | null };
    return {
      field_key,
      from: ch.from,
      to: ch.to,
      provenance: { source: 'import', batch_id: batchId, row: rowNumber, column: ch.column },
    };
  });

/** A keyset page of the batch's rows with their outcome, errors and changes. */
export async function listImportRows(
  db: Db,
  {
    workspaceId,
    batchId,
    q,
  }: { workspaceId: string; batchId: string; q: { outcome?: RowOutcome; cursor?: string; limit: number } },
) {
  await getBatchRow(db, { workspaceId, batchId });
  let after: number | undefined;
  if (q.cursor !== undefined) {
    if (!/^\d{1,9}$/.test(q.cursor))
      throw new AppError('VALIDATION_FAILED', 'The cursor is not one this listing gave.', {
        details: { fields: [{ path: 'cursor', message: 'invalid cursor' }] },
      });
    after = Number(q.cursor);
  }
  const rows = await pageImportRows(db, { batchId, opts: { outcome: q.outcome, after, limit: q.limit + 1 } });
  const page = rows.slice(0, q.limit);
  const has_more = rows.length > q.limit;
  return {
    data: page.map((r) => ({
      row_number: r.rowNumber,
      sku_id: r.skuId,
      sku_code: r.skuCode,
      outcome: r.outcome,
      errors: (r.errors as unknown as StoredIssue[]).map(({ severity, column, code, message }) => ({
        severity,
        column,
        code,
        message,
      })),
      changes: changesJson(batchId, r.rowNumber, r.changes),
    })),
    next_cursor: has_more && page.length ? String(page[page.length - 1].rowNumber) : null,
    has_more,
  };
}
