import { ClassificationResultSchema, ClassifyJsonRequestSchema, LOCALES } from '@/lib/classify/schemas';
import { classifyDescription, classifyUpload } from '@/lib/documents/classify';
import { fileTooLarge } from '@/lib/documents/forms';
import { MAX_FILE_BYTES, MULTIPART_OVERHEAD_BYTES } from '@/lib/documents/limits';
import { ClassifyFileForm } from '@/lib/documents/schemas';
import { defineRoute, json, routeMethods } from '@/lib/http';
import { uploadedBytes } from '@/lib/http/multipart';
import { pickLocale } from '@/lib/i18n/pick-locale';

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
  body: ClassifyJsonRequestSchema,
  form: ClassifyFileForm,
  maxBodyBytes: MAX_FILE_BYTES + MULTIPART_OVERHEAD_BYTES,
  // A description is small: a JSON body over 64 KB is refused with 413 before it is parsed.
  maxJsonBodyBytes: 64 * 1024,
  fileTooLarge,
  rateLimit: 'parse',
  errors: [413, 415],
  responses: {
    200: { description: 'ClassificationResult (best effort), no other keys.', schema: ClassificationResultSchema },
  },
  handler: async ({ req, db, auth, body, form }) => {
    const locale = pickLocale(req.headers.get('accept-language'), LOCALES, 'en');
    if (body) return json(await classifyDescription(body, locale));
    const { file } = await form();
    const bytes = await uploadedBytes(file);
    return json(
      await classifyUpload(db, {
        workspaceId: auth.workspace.id,
        bytes,
        filename: file.filename,
        mimeType: file.mimeType,
        locale,
      }),
    );
  },
});

export const { GET, POST, PUT, PATCH, DELETE } = routeMethods(post);
