import { defineRoute, json, routeMethods } from '@/lib/http';
import { AppError } from '@/lib/http/errors';
import { parseMultipart } from '@/lib/http/multipart';
import { validationError } from '@/lib/http/validation';
import { commitImport, dryRunImport, IMPORT_MAX_FILE_BYTES } from '@/lib/imports/service';
import { ImportCommitResponse, ImportDryRunResponse, ImportFormFields } from '@/lib/imports/service-schemas';

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
  bodyKind: 'multipart',
  requestBodyDoc: {
    required: true,
    content: {
      'multipart/form-data': {
        schema: {
          type: 'object',
          required: ['file'],
          properties: {
            file: { type: 'string', format: 'binary', description: 'CSV, TSV, TXT, XLSX, XLS or ODS; at most 50 MB' },
            sheet: { type: 'string', description: 'sheet name (workbooks); default: the first visible sheet with data' },
            header_row: { type: 'integer', minimum: 1, description: '1-based row of the header; default: detected' },
            mapping: { type: 'string', description: 'JSON object { "<header or column index>": "<field key>" | null }' },
          },
        },
      },
    },
  },
  maxBodyBytes: IMPORT_MAX_FILE_BYTES + FORM_OVERHEAD,
  dryRun: true,
  idempotent: true,
  rateLimit: 'parse',
  errors: [409, 413, 415, 422],
  responses: {
    200: { description: 'dry_run=true: what the import would do.', schema: ImportDryRunResponse },
    202: { description: 'The batch is queued; its job imports the file.', schema: ImportCommitResponse },
  },
  handler: async ({ req, db, auth, actor, dryRun }) => {
    const form = await parseMultipart(req, { maxFiles: 1, maxFileBytes: IMPORT_MAX_FILE_BYTES, maxTotalBytes: IMPORT_MAX_FILE_BYTES + FORM_OVERHEAD, fileFields: ['file'], maxFields: 10, maxFieldBytes: 256 * 1024 });
    try {
      const file = form.files[0];
      if (!file) throw new AppError('VALIDATION_FAILED', 'Send the catalogue in the form field "file".', { details: { location: 'form', fields: [{ path: 'file', message: 'required' }] } });
      if (file.tooLarge || !file.path) throw new AppError('PAYLOAD_TOO_LARGE', 'The file is larger than 50 MB.', { details: { max_bytes: IMPORT_MAX_FILE_BYTES } });
      if (file.size === 0) throw new AppError('UNREADABLE_FILE', 'The file is empty.', { details: { reason: 'empty_file' } });
      const parsed = ImportFormFields.safeParse(Object.fromEntries(Object.entries(form.fields).map(([k, v]) => [k, v[0]])));
      if (!parsed.success) throw validationError(parsed.error, 'form');
      const input = { path: file.path, filename: file.filename, size: file.size, sha256: file.sha256 };
      if (dryRun) return json(await dryRunImport(db, { workspace: auth.workspace, file: input, options: parsed.data }));
      return json(await commitImport(db, { workspace: auth.workspace, actor, file: input, options: parsed.data }), 202);
    } finally {
      await form.cleanup();
    }
  },
});

export const { GET, POST, PUT, PATCH, DELETE } = routeMethods(importFile);
