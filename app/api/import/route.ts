import { defineRoute, json, routeMethods } from '@/lib/http';
import { AppError } from '@/lib/errors';
import { zFile } from '@/lib/http/form';
import { commitImport } from '@/lib/imports/commit';
import { dryRunImport } from '@/lib/imports/dry-run';
import { IMPORT_MAX_FILE_BYTES } from '@/lib/imports/service';
import { ImportCommitResponse, ImportDryRunResponse, ImportFormFields } from '@/lib/imports/schemas';

const FORM_OVERHEAD = 1024 * 1024; // the mapping field and multipart framing

// POST /api/import – upload a catalogue; dry_run=true describes the import, otherwise a batch job runs it.
const importFile = defineRoute({
  method: 'POST',
  path: '/api/import',
  operationId: 'importSkus',
  summary: 'Import SKUs from a CSV, TSV, XLSX, XLS or ODS file',
  description:
    'multipart/form-data: file (required, at most 50 MB), sheet (name), header_row (1-based), mapping (JSON { "<header or 0-based column index>": "<field key>" | null }). ' +
    'dry_run=true answers with the file shape, the column mapping, the first rows as they would be stored, row errors, the counts that would be created/updated/skipped/failed and the entity candidates, writing nothing. ' +
    'Otherwise the file is stored, an import batch is created and a job imports it (202); poll GET /api/imports/{batchId}.',
  tags: ['Imports'],
  stability: 'stable',
  auth: 'session',
  form: ImportFormFields.extend({
    file: zFile({ maxBytes: IMPORT_MAX_FILE_BYTES, description: 'CSV, TSV, TXT, XLSX, XLS or ODS' }),
  }),
  maxFormFieldBytes: 256 * 1024,
  maxBodyBytes: IMPORT_MAX_FILE_BYTES + FORM_OVERHEAD,
  dryRun: true,
  idempotent: true,
  rateLimit: 'parse',
  errors: [409, 413, 415, 422],
  responses: {
    200: { description: 'dry_run=true: what the import would do.', schema: ImportDryRunResponse },
    202: { description: 'The batch is queued; its job imports the file.', schema: ImportCommitResponse },
  },
  handler: async ({ db, auth, actor, dryRun, form }) => {
    const { file, ...options } = await form();
    if (file.size === 0)
      throw new AppError('UNREADABLE_FILE', 'The file is empty.', { details: { reason: 'empty_file' } });
    const input = { path: file.path!, filename: file.filename, size: file.size, sha256: file.sha256 };
    if (dryRun) return json(await dryRunImport(db, { workspace: auth.workspace, file: input, options }));
    return json(await commitImport(db, { workspace: auth.workspace, actor, file: input, options }), 202);
  },
});

export const { GET, POST, PUT, PATCH, DELETE } = routeMethods(importFile);
