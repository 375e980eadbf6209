import { z } from 'zod';
import { AppError } from '@/lib/errors';
import { formatBytes } from './body';
import { parseMultipart, type MultipartResult, type UploadedFile } from './multipart';
import { validationError } from './validation';

/**
 * Multipart forms declared on a route: text fields are zod schemas, files are zFile / zFiles. The route
 * kit parses every form the same way (busboy, streamed to temp files), refuses a text field or a single
 * file sent twice, validates the rest with the declaration, and builds the OpenAPI requestBody from it.
 */

export interface FileOptions {
  /** Per-file limit. */
  maxBytes: number;
  /** 'reject' (default): a file over maxBytes fails the request; 'report': it arrives with tooLarge set. */
  oversize?: 'reject' | 'report';
  description?: string;
}

interface FileField extends FileOptions {
  many: boolean;
  maxFiles: number;
}

const fileFields = new WeakMap<z.ZodType, FileField>();

const isUploadedFile = (v: unknown): v is UploadedFile =>
  typeof v === 'object' && v !== null && 'sha256' in v && 'tooLarge' in v && 'field' in v;

/** One file in this form field. */
export function zFile(opts: FileOptions) {
  const schema = z.custom<UploadedFile>(isUploadedFile, { message: 'a file is required' });
  fileFields.set(schema, { ...opts, many: false, maxFiles: 1 });
  return schema;
}

/** The field repeated, one file each: 1 to maxFiles files. */
export function zFiles(opts: FileOptions & { maxFiles: number }) {
  const schema = z
    .array(z.custom<UploadedFile>(isUploadedFile))
    .min(1, { message: 'at least one file is required' })
    .max(opts.maxFiles);
  fileFields.set(schema, { ...opts, many: true });
  return schema;
}

export type FormSchema = z.ZodObject;

function unwrap(s: z.ZodType): z.ZodType {
  let cur = s;
  while (cur instanceof z.ZodOptional || cur instanceof z.ZodDefault) cur = cur.unwrap() as z.ZodType;
  return cur;
}

function describeForm(form: FormSchema) {
  const files = new Map<string, FileField>();
  const texts: string[] = [];
  for (const [name, s] of Object.entries(form.shape)) {
    const f = fileFields.get(unwrap(s as z.ZodType));
    if (f) files.set(name, f);
    else texts.push(name);
  }
  return { files, texts };
}

/** The per-file limit of a form with one file field (the declared-length check of the route kit). */
export function singleFileLimit(form: FormSchema): number {
  return Math.max(0, ...[...describeForm(form).files.values()].map((f) => f.maxBytes));
}

export interface FormLimits {
  /** The whole body, files and fields. */
  maxBodyBytes: number;
  /** Largest text field (default 64 KB). */
  maxFieldBytes?: number;
  /** The error for a file over its limit (default 413 PAYLOAD_TOO_LARGE naming the limit). */
  fileTooLarge?: (maxBytes: number) => AppError;
}

export const defaultFileTooLarge = (maxBytes: number) =>
  new AppError('PAYLOAD_TOO_LARGE', `The file is larger than ${formatBytes(maxBytes)}.`, {
    details: { max_bytes: maxBytes },
  });

/** The form parsed and validated, and the temp files' cleanup (the route kit calls it after the handler). */
export async function parseForm<F extends FormSchema>(
  req: Request,
  form: F,
  limits: FormLimits,
): Promise<{ value: z.output<F>; cleanup: () => Promise<void> }> {
  const { files, texts } = describeForm(form);
  const tooLarge = limits.fileTooLarge ?? defaultFileTooLarge;
  let parsed: MultipartResult;
  try {
    parsed = await parseMultipart(req, {
      maxFiles: [...files.values()].reduce((n, f) => n + f.maxFiles, 0),
      maxFileBytes: Math.max(0, ...[...files.values()].map((f) => f.maxBytes)),
      maxTotalBytes: limits.maxBodyBytes,
      fileFields: [...files.keys()],
      // Unknown text fields are counted and refused by the schema, so allow a few beyond the declared ones.
      maxFields: texts.length + 8,
      maxFieldBytes: limits.maxFieldBytes ?? 64 * 1024,
    });
  } catch (e) {
    // A body over its limit is a file over its limit when the route names that error (one file forms).
    if (e instanceof AppError && e.code === 'PAYLOAD_TOO_LARGE' && limits.fileTooLarge && files.size === 1) {
      throw tooLarge([...files.values()][0].maxBytes);
    }
    throw e;
  }
  try {
    const raw: Record<string, unknown> = {};
    for (const [name, values] of Object.entries(parsed.fields)) {
      if (values.length > 1) throw repeated(name, values.length);
      raw[name] = values[0];
    }
    for (const [name, spec] of files) {
      const got = parsed.files.filter((f) => f.field === name);
      if (!spec.many && got.length > 1) throw repeated(name, got.length);
      if (spec.many && got.length > spec.maxFiles)
        throw new AppError('VALIDATION_FAILED', `At most ${spec.maxFiles} files per request.`, {
          details: { location: 'form', fields: [{ path: name, message: `at most ${spec.maxFiles} files` }] },
        });
      if ((spec.oversize ?? 'reject') === 'reject' && got.some((f) => f.tooLarge)) throw tooLarge(spec.maxBytes);
      if (got.length) raw[name] = spec.many ? got : got[0];
    }
    const missing = [...files.keys()].find(
      (name) => raw[name] === undefined && !form.shape[name].safeParse(undefined).success,
    );
    if (missing)
      throw new AppError('VALIDATION_FAILED', `Invalid form: the field "${missing}" with the file is required.`, {
        details: { location: 'form', fields: [{ path: missing, message: 'required' }] },
      });
    const r = form.safeParse(raw);
    if (!r.success) throw validationError(r.error, 'form');
    return { value: r.data, cleanup: parsed.cleanup };
  } catch (e) {
    await parsed.cleanup();
    throw e;
  }
}

/** A single-value field sent more than once: refused, never silently resolved to one of the values. */
function repeated(name: string, times: number) {
  return new AppError('VALIDATION_FAILED', `Invalid form: ${name} was sent ${times} times; send it once.`, {
    details: { location: 'form', fields: [{ path: name, message: 'send this field once', code: 'repeated_field' }] },
  });
}

/** The multipart/form-data schema of the OpenAPI requestBody, from the declaration. */
export function formJsonSchema(form: FormSchema, toSchema: (s: z.ZodType) => Record<string, unknown>) {
  const { files } = describeForm(form);
  const properties: Record<string, unknown> = {};
  const required: string[] = [];
  for (const [name, s] of Object.entries(form.shape)) {
    const schema = s as z.ZodType;
    if (!schema.safeParse(undefined).success) required.push(name);
    const f = files.get(name);
    const limit = f ? `at most ${formatBytes(f.maxBytes)}${f.many ? ' each' : ''}` : '';
    const description = f ? [f.description, limit].filter(Boolean).join('; ') : undefined;
    properties[name] = !f
      ? toSchema(schema)
      : f.many
        ? { type: 'array', minItems: 1, maxItems: f.maxFiles, items: { type: 'string', format: 'binary' }, description }
        : { type: 'string', format: 'binary', description };
  }
  const strict = form._zod.def.catchall?._zod.def.type === 'never';
  return {
    type: 'object',
    ...(required.length ? { required } : {}),
    properties,
    ...(strict ? { additionalProperties: false } : {}),
  };
}
