import fs from 'node:fs';
import type { z } from 'zod';
import { AppError } from '@/lib/http/errors';
import { parseMultipart, type MultipartResult, type UploadedFile } from '@/lib/http/multipart';
import { validationError } from '@/lib/http/validation';
import { MAX_FILE_BYTES, MULTIPART_OVERHEAD_BYTES } from './limits';

/** Multipart forms of the document operations: text fields validated strictly, one file read safely. */

const MB = 1024 * 1024;

export const fileTooLarge = () =>
  new AppError('FILE_TOO_LARGE', `The file is larger than ${MAX_FILE_BYTES / MB} MB.`, { details: { max_bytes: MAX_FILE_BYTES } });

export function declaredLength(req: Request): number | null {
  const raw = req.headers.get('content-length');
  if (raw === null || !/^\d+$/.test(raw.trim())) return null;
  return Number(raw);
}

/** Text fields as an object: each at most once, then the schema (strict: unknown fields are 400). */
export function parseFormFields<T extends z.ZodType>(schema: T, fields: Record<string, string[]>): z.output<T> {
  const single: Record<string, string> = {};
  for (const [name, values] of Object.entries(fields)) {
    if (values.length > 1) {
      throw new AppError('VALIDATION_FAILED', `Invalid form: ${name} was sent ${values.length} times.`, { details: { location: 'form', fields: [{ path: name, message: 'send this field once' }] } });
    }
    single[name] = values[0];
  }
  const r = schema.safeParse(single);
  if (!r.success) throw validationError(r.error, 'form');
  return r.data;
}

/**
 * A form with exactly one file in the field `file` (max 20 MB): 413 FILE_TOO_LARGE as soon as the
 * declared or streamed size says it is over, 400 when the file is missing. The caller gets the bytes;
 * the temp file is already removed.
 */
export async function readSingleFileForm<T extends z.ZodType>(req: Request, fieldsSchema: T): Promise<{ file: UploadedFile; bytes: Uint8Array; fields: z.output<T> }> {
  const declared = declaredLength(req);
  if (declared !== null && declared > MAX_FILE_BYTES + MULTIPART_OVERHEAD_BYTES) throw fileTooLarge();
  let form: MultipartResult;
  try {
    form = await parseMultipart(req, { maxFiles: 1, maxFileBytes: MAX_FILE_BYTES, maxTotalBytes: MAX_FILE_BYTES + MULTIPART_OVERHEAD_BYTES, fileFields: ['file'], maxFields: 10 });
  } catch (e) {
    if (e instanceof AppError && e.code === 'PAYLOAD_TOO_LARGE') throw fileTooLarge();
    throw e;
  }
  try {
    const fields = parseFormFields(fieldsSchema, form.fields);
    const file = form.files[0];
    if (!file) throw new AppError('VALIDATION_FAILED', 'Invalid form: the field "file" with the file is required.', { details: { location: 'form', fields: [{ path: 'file', message: 'required' }] } });
    if (file.tooLarge) throw fileTooLarge();
    const bytes = file.path ? new Uint8Array(await fs.promises.readFile(file.path)) : new Uint8Array(0);
    return { file, bytes, fields };
  } finally {
    await form.cleanup();
  }
}
