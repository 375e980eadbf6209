import { z } from 'zod';
import { ClassificationResultSchema, ClassifyJsonRequestSchema, LOCALES } from '@/lib/classify/schemas';
import { classifyDescription, classifyUpload } from '@/lib/documents/classify';
import { readSingleFileForm } from '@/lib/documents/forms';
import { ClassifyFileFieldsSchema } from '@/lib/documents/schemas';
import { defineRoute, json, routeMethods } from '@/lib/http';
import { parseJsonBody, readBodyLimited } from '@/lib/http/body';
import { AppError } from '@/lib/http/errors';
import { validationError } from '@/lib/http/validation';
import { pickLocale } from '@/lib/i18n/pick-locale';

const JSON_LIMIT = 64 * 1024;

function jsonRequestSchema() {
  const { $schema, ...schema } = z.toJSONSchema(ClassifyJsonRequestSchema) as Record<string, unknown>;
  void $schema;
  return schema;
}

// POST /api/classify – JSON {filename, mime_type, content_snippet, snippet_source} or a multipart file.
const post = defineRoute({
  method: 'POST',
  path: '/api/classify',
  operationId: 'classifyFile',
  summary: 'Classify a file',
  description:
    'Body is either application/json {filename (required), mime_type, content_snippet (max 1500), snippet_source} with no other keys, or multipart/form-data with file (binary, required, max 20 MB; 413 FILE_TOO_LARGE above). Rules, refined by the AI provider when one is configured. The reasoning follows Accept-Language (en, de, fr, es, it).',
  tags: ['Classification'],
  stability: 'preview',
  auth: 'session',
  bodyKind: 'raw',
  // The route decides what is too large (FILE_TOO_LARGE); this only stops absurd bodies.
  maxBodyBytes: 1024 * 1024 * 1024,
  rateLimit: 'parse',
  errors: [413, 415],
  requestBodyDoc: {
    required: true,
    content: {
      'application/json': { schema: jsonRequestSchema() },
      'multipart/form-data': { schema: { type: 'object', required: ['file'], properties: { file: { type: 'string', format: 'binary', description: 'max 20 MB' } }, additionalProperties: false } },
    },
  },
  responses: { 200: { description: 'ClassificationResult (best effort), no other keys.', schema: ClassificationResultSchema } },
  handler: async ({ req, db, auth }) => {
    const ct = req.headers.get('content-type') ?? '';
    const locale = pickLocale(req.headers.get('accept-language'), LOCALES, 'en');
    if (/application\/(.+\+)?json/i.test(ct)) {
      const parsed = ClassifyJsonRequestSchema.safeParse(parseJsonBody(await readBodyLimited(req, JSON_LIMIT)));
      if (!parsed.success) throw validationError(parsed.error, 'body');
      return json(await classifyDescription(parsed.data, locale));
    }
    if (/^multipart\/form-data/i.test(ct)) {
      const { file, bytes } = await readSingleFileForm(req, ClassifyFileFieldsSchema);
      return json(await classifyUpload(db, { workspaceId: auth.workspace.id, bytes, filename: file.filename, mimeType: file.mimeType, locale }));
    }
    throw new AppError('UNSUPPORTED_MEDIA_TYPE', 'Send application/json or multipart/form-data.');
  },
});

export const { GET, POST, PUT, PATCH, DELETE } = routeMethods(post);
