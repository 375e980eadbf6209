import type { Db } from '@/lib/db/client';
import { rowErrorsCsv } from './errors-csv';
import { getBatchRow, pageImportRows, type StoredIssue } from './repo';

/** The row errors of the batch as CSV (formula-injection safe); a failed batch's reason comes first. */
export async function importErrorsCsv(
  db: Db,
  { workspaceId, batchId }: { workspaceId: string; batchId: string },
): Promise<{ filename: string; csv: string }> {
  const batch = await getBatchRow(db, { workspaceId, batchId });
  const issues: { row: number; column: string | null; code: string; message: string }[] = [];
  if (batch.status === 'failed' && batch.errorMessage)
    issues.push({ row: 0, column: null, code: 'batch_failed', message: batch.errorMessage });
  for (let after: number | undefined = undefined; ;) {
    const rows = await pageImportRows(db, { batchId, opts: { after, limit: 5000, withErrorsOnly: true } });
    for (const r of rows) {
      for (const e of r.errors as unknown as StoredIssue[])
        if (e.severity === 'error')
          issues.push({ row: r.rowNumber, column: e.column, code: e.code, message: e.message });
    }
    if (rows.length < 5000) break;
    after = rows[rows.length - 1].rowNumber;
  }
  const base =
    batch.filename
      .replace(/\.[^.]*$/, '')
      .replace(/[^A-Za-z0-9._-]+/g, '_')
      .slice(0, 80) || 'import';
  return { filename: `${base}-errors.csv`, csv: rowErrorsCsv(issues.map((i) => ({ ...i, row: i.row }))) };
}
