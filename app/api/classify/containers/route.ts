import { ContainerClassificationSchema } from '@/lib/containers';
import { classifyContainerUpload } from '@/lib/documents/classify';
import { fileTooLarge } from '@/lib/documents/forms';
import { MAX_FILE_BYTES, MULTIPART_OVERHEAD_BYTES } from '@/lib/documents/limits';
import { ContainerForm } from '@/lib/documents/schemas';
import { defineRoute, json, routeMethods } from '@/lib/http';
import { uploadedBytes } from '@/lib/http/multipart';

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
  form: ContainerForm,
  maxBodyBytes: MAX_FILE_BYTES + MULTIPART_OVERHEAD_BYTES,
  fileTooLarge,
  rateLimit: 'parse',
  errors: [413, 415],
  responses: { 200: { description: 'Parts and skipped items.', schema: ContainerClassificationSchema } },
  handler: async ({ form }) => {
    const { file, locale } = await form();
    return json(await classifyContainerUpload({ bytes: await uploadedBytes(file), filename: file.filename, locale }));
  },
});

export const { GET, POST, PUT, PATCH, DELETE } = routeMethods(post);
