import { LOCALES } from '@/lib/classify/schemas';
import { assertBatchFitsStorage, bulkUpload } from '@/lib/documents/service';
import { declaredLength, parseFormFields } from '@/lib/documents/forms';
import { MAX_BULK_BODY_BYTES, MAX_BULK_FILES, MAX_FILE_BYTES, MULTIPART_OVERHEAD_BYTES } from '@/lib/documents/limits';
import { BulkUploadFieldsSchema, BulkUploadResponseSchema } from '@/lib/documents/schemas';
import { defineRoute, json, routeMethods } from '@/lib/http';
import { parseMultipart } from '@/lib/http/multipart';
import { pickLocale } from '@/lib/i18n/pick-locale';

// POST /api/documents/bulk – 1 to 20 files (ZIP/e-mail containers unpacked), per-file results.
const post = defineRoute({
  method: 'POST',
  path: '/api/documents/bulk',
  operationId: 'bulkUploadDocuments',
  summary: 'Upload documents (batch)',
  description:
    'multipart/form-data: files (repeated, 1 to 20, each at most 20 MB), sku_id, document_type, classification_confidence, classification_source (rule, llm, manual; default rule), artifact_kind (product_data). Without document_type each file is classified by the rules. Identical bytes already in the workspace answer duplicate with the existing document_id. A .zip, .eml or .msg is unpacked: one result per part, named "bundle.zip › path/in/zip.pdf"; parts that cannot be opened are error results with the container skip reason as error_code. Per-file error codes: EMPTY_FILE, FILE_TOO_LARGE, UNSUPPORTED_FILE_TYPE, STORAGE_FAILED. 413 STORAGE_LIMIT_EXCEEDED before any file is processed when the declared size would exceed the plan storage; a file that would cross it mid-batch is skipped_quota.',
  tags: ['Documents'],
  stability: 'preview',
  auth: 'session',
  bodyKind: 'multipart',
  maxBodyBytes: MAX_BULK_BODY_BYTES,
  idempotent: true,
  rateLimit: 'parse',
  errors: [409, 413],
  requestBodyDoc: {
    required: true,
    content: {
      'multipart/form-data': {
        schema: {
          type: 'object',
          required: ['files'],
          properties: {
            files: { type: 'array', minItems: 1, maxItems: MAX_BULK_FILES, items: { type: 'string', format: 'binary' } },
            sku_id: { type: 'string', format: 'uuid' },
            document_type: { type: 'string', enum: ['declaration_of_conformity', 'risk_assessment', 'cpsr', 'test_report', 'safety_data_sheet', 'certificate', 'manual', 'other'] },
            classification_confidence: { type: 'number', minimum: 0, maximum: 1 },
            classification_source: { type: 'string', enum: ['rule', 'llm', 'manual'], default: 'rule' },
            artifact_kind: { type: 'string', enum: ['product_data'] },
          },
          additionalProperties: false,
        },
      },
    },
  },
  responses: { 200: { description: 'One result per file (or container part) and a summary.', schema: BulkUploadResponseSchema } },
  handler: async ({ req, db, auth, actor }) => {
    await assertBatchFitsStorage(db, auth.workspace, declaredLength(req));
    const form = await parseMultipart(req, {
      maxFiles: MAX_BULK_FILES,
      maxFileBytes: MAX_FILE_BYTES,
      maxTotalBytes: MAX_BULK_BODY_BYTES,
      fileFields: ['files'],
      maxFields: 10,
      maxFieldBytes: MULTIPART_OVERHEAD_BYTES,
    });
    try {
      const fields = parseFormFields(BulkUploadFieldsSchema, form.fields);
      const locale = pickLocale(req.headers.get('accept-language'), LOCALES, 'en');
      return json(await bulkUpload(db, { workspace: auth.workspace, actor, files: form.files, fields, locale }));
    } finally {
      await form.cleanup();
    }
  },
});

export const { GET, POST, PUT, PATCH, DELETE } = routeMethods(post);
