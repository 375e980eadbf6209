import { ContainerClassificationSchema } from '@/lib/containers';
import { classifyContainerUpload } from '@/lib/documents/classify';
import { readSingleFileForm } from '@/lib/documents/forms';
import { ContainerFieldsSchema } from '@/lib/documents/schemas';
import { defineRoute, json, routeMethods } from '@/lib/http';

// POST /api/classify/containers – every part of a .zip / .eml / RFC 2822 .msg classified; the rest skipped with a reason.
const post = defineRoute({
  method: 'POST',
  path: '/api/classify/containers',
  operationId: 'classifyContainer',
  summary: 'Classify the files in a container',
  description:
    'multipart/form-data: file (.zip, .eml or RFC 2822 .msg; max 20 MB, 413 FILE_TOO_LARGE above), locale (en, de, fr, es, it; language of the reasoning text). Nested .zip and .eml recurse up to recursion_limit (3). Encrypted archives, opaque .p7m envelopes, Outlook compound .msg files, corrupt and empty containers are reported in skipped with a reason and a diagnostic. Hostile archives are bounded (entries, total and per-entry bytes, compression ratio, overlapping entries, time); names with "..", absolute paths or backslashes are reported safely and never used as paths.',
  tags: ['Classification'],
  stability: 'preview',
  auth: 'session',
  bodyKind: 'multipart',
  maxBodyBytes: 1024 * 1024 * 1024,
  rateLimit: 'parse',
  errors: [413, 415],
  requestBodyDoc: {
    required: true,
    content: {
      'multipart/form-data': {
        schema: {
          type: 'object',
          required: ['file'],
          properties: { file: { type: 'string', format: 'binary', description: 'max 20 MB' }, locale: { type: 'string', enum: ['en', 'de', 'fr', 'es', 'it'] } },
          additionalProperties: false,
        },
      },
    },
  },
  responses: { 200: { description: 'Parts and skipped items.', schema: ContainerClassificationSchema } },
  handler: async ({ req }) => {
    const { file, bytes, fields } = await readSingleFileForm(req, ContainerFieldsSchema);
    return json(await classifyContainerUpload({ bytes, filename: file.filename, locale: fields.locale }));
  },
});

export const { GET, POST, PUT, PATCH, DELETE } = routeMethods(post);
