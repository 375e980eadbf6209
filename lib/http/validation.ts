import type { z } from 'zod';
import { AppError } from './errors';

/** A zod failure as the 400 envelope: details.fields lists each problem with its path. */
export function validationError(error: z.ZodError, where: 'query' | 'body' | 'params' | 'form') {
  const fields = error.issues.map((i) => ({
    path: i.path.length ? i.path.map(String).join('.') : where,
    message: i.message,
    code: i.code,
    ...(i.code === 'unrecognized_keys' ? { keys: (i as { keys: string[] }).keys } : {}),
  }));
  const first = fields[0];
  const message = fields.length === 1 ? `Invalid ${where}: ${first.path}: ${first.message}` : `Invalid ${where}: ${fields.length} problems, first ${first.path}: ${first.message}`;
  return new AppError('VALIDATION_FAILED', message, { details: { location: where, fields } });
}
