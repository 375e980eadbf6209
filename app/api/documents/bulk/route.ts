import { LOCALES } from '@/lib/classify/schemas';
import { bulkUpload } from '@/lib/documents/bulk';
import { assertBatchFitsStorage } from '@/lib/documents/usage';
import { declaredLength } from '@/lib/documents/forms';
import { MAX_BULK_BODY_BYTES } from '@/lib/documents/limits';
import { BulkUploadForm, BulkUploadResponseSchema } from '@/lib/documents/schemas';
import { defineRoute, json, routeMethods } from '@/lib/http';
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
  maxBodyBytes: MAX_BULK_BODY_BYTES,
  idempotent: true,
  rateLimit: 'parse',
  errors: [409, 413, 415],
  form: BulkUploadForm,
  responses: {
    200: { description: 'One result per file (or container part) and a summary.', schema: BulkUploadResponseSchema },
  },
  handler: async ({ req, db, auth, actor, form }) => {
    await assertBatchFitsStorage(db, { workspace: auth.workspace, declaredBytes: declaredLength(req) });
    const { files, ...fields } = await form();
    const locale = pickLocale(req.headers.get('accept-language'), LOCALES, 'en');
    return json(await bulkUpload(db, { workspace: auth.workspace, actor, files, fields, locale }));
  },
});

export const { GET, POST, PUT, PATCH, DELETE } = routeMethods(post);
