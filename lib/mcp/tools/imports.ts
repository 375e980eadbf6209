import { z } from 'zod';
import { listImportRows } from '@/lib/imports/batch-rows';
import { getImport, listImports } from '@/lib/imports/batches';
import { defineTool } from '../define-tool';
import { pageArgs, pageOf } from '../paging';
import { IdArg } from '../views';

const BatchView = z.object({
  id: z.string(),
  filename: z.string(),
  status: z.string(),
  file_format: z.string().nullable(),
  created_at: z.string(),
  completed_at: z.string().nullable(),
  total_rows: z.number().int().nullable(),
  created_rows: z.number().int().nullable(),
  updated_rows: z.number().int().nullable(),
  skipped_rows: z.number().int().nullable(),
  failed_rows: z.number().int().nullable(),
  error_rows: z.number().int().nullable(),
  error_message: z.string().nullable(),
});
type Batch = Awaited<ReturnType<typeof getImport>>['batch'];
const batchView = (b: Batch): z.infer<typeof BatchView> => ({
  id: b.id,
  filename: b.filename,
  status: b.status,
  file_format: b.file_format ?? null,
  created_at: b.created_at,
  completed_at: b.completed_at,
  total_rows: b.total_rows,
  created_rows: b.created_rows,
  updated_rows: b.updated_rows,
  skipped_rows: b.skipped_rows,
  failed_rows: b.failed_rows,
  error_rows: b.error_rows,
  error_message: b.error_message ?? null,
});
const batchLine = (b: z.infer<typeof BatchView>) =>
  `- ${b.filename}: ${b.status}, ${b.total_rows ?? 0} row(s): ${b.created_rows ?? 0} created, ${b.updated_rows ?? 0} updated, ${b.failed_rows ?? 0} failed, ${b.error_rows ?? 0} with errors [${b.id}]`;

const OUTCOMES = ['created', 'updated', 'skipped', 'failed', 'error'] as const;

export const listImportBatchesTool = defineTool({
  name: 'list_import_batches',
  title: 'List import batches',
  description:
    'Catalogue imports (CSV, spreadsheets, product pages) of the workspace, newest first, with their row counts.',
  input: z.object({ ...pageArgs }),
  output: pageOf(BatchView),
  example: {
    arguments: { limit: 10 },
    says: 'The last ten imports: products-2026-11.xlsx: completed, 240 rows, 12 with errors ...',
  },
  async run({ db, workspaceId }, a) {
    const page = await listImports(db, { workspaceId, q: { cursor: a.cursor, limit: a.limit } });
    return { items: page.batches.map(batchView), has_more: page.has_more, next_cursor: page.next_cursor };
  },
  text: (o) =>
    o.items.length
      ? `${o.items.length} import(s)${o.has_more ? ' (more: pass next_cursor)' : ''}:\n${o.items.map(batchLine).join('\n')}`
      : 'No imports yet.',
});

export const getImportBatchTool = defineTool({
  name: 'get_import_batch',
  title: 'Read an import batch',
  description:
    'One import batch with its counts, and a page of its rows: outcome, SKU, errors and the values changed (with column provenance).',
  input: z.object({
    batch_id: IdArg('import batch'),
    outcome: z.enum(OUTCOMES).optional().describe('Only rows with this outcome, e.g. error.'),
    ...pageArgs,
  }),
  output: z.object({
    batch: BatchView,
    rows: pageOf(
      z.object({
        row_number: z.number().int(),
        sku_id: z.string().nullable(),
        sku_code: z.string().nullable(),
        outcome: z.string(),
        errors: z.array(
          z.object({ severity: z.string(), column: z.string().nullable(), code: z.string(), message: z.string() }),
        ),
        changes: z.array(z.object({ field_key: z.string(), from: z.string().nullable(), to: z.string() })),
      }),
    ),
  }),
  example: {
    arguments: { batch_id: '5b1d2e3f-0000-4000-8000-000000000003', outcome: 'error' },
    says: 'Row 14 (SKU TB-9): GTIN_INVALID in column EAN: check digit wrong.',
  },
  async run({ db, workspaceId }, a) {
    const { batch } = await getImport(db, { workspaceId, batchId: a.batch_id });
    const rows = await listImportRows(db, {
      workspaceId,
      batchId: a.batch_id,
      q: {
        outcome: a.outcome,
        cursor: a.cursor,
        limit: a.limit,
      },
    });
    return {
      batch: batchView(batch),
      rows: {
        items: rows.data.map((r) => ({
          row_number: r.row_number,
          sku_id: r.sku_id,
          sku_code: r.sku_code,
          outcome: r.outcome,
          errors: r.errors.map((e) => ({
            severity: e.severity,
            column: e.column ?? null,
            code: e.code,
            message: e.message,
          })),
          changes: r.changes.map((c) => ({ field_key: c.field_key, from: c.from, to: c.to })),
        })),
        has_more: rows.has_more,
        next_cursor: rows.next_cursor,
      },
    };
  },
  text: (o) =>
    `${batchLine(o.batch).slice(2)}\n` +
    (o.rows.items.length
      ? o.rows.items
          .map(
            (r) =>
              `- row ${r.row_number} ${r.sku_code ?? ''}: ${r.outcome}${r.errors.length ? `; ${r.errors.map((e) => `${e.code}: ${e.message}`).join('; ')}` : ''}`,
          )
          .join('\n')
      : 'No rows on this page.'),
});
