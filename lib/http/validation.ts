import type { z } from 'zod';
import { AppError } from '@/lib/errors';

const WORDS: Record<string, string> = {
  sku_code: 'SKU code',
  gtin: 'GTIN',
  external_sku_id: 'external ID',
  category_code: 'category',
  email: 'email',
  contact_url: 'contact URL',
  url: 'URL',
};

/** "sku_code" → "SKU code", "manufacturer_address" → "manufacturer address", "items.3.name" → "items 3 name". */
export function fieldWords(path: string): string {
  return path
    .split('.')
    .map((seg) => WORDS[seg] ?? seg.replace(/_/g, ' '))
    .join(' ');
}

/** A zod failure as the 400 envelope: details.fields lists each problem with its path. */
export function validationError(error: z.ZodError, where: 'query' | 'body' | 'params' | 'form') {
  const fields = error.issues.map((i) => ({
    path: i.path.length ? i.path.map(String).join('.') : where,
    message: i.message,
    code: i.code,
    ...(i.code === 'unrecognized_keys' ? { keys: (i as { keys: string[] }).keys } : {}),
  }));
  const first = fields[0];
  // The sentence people read names the field in words; details.fields keeps the machine path.
  const name = fieldWords(first.path);
  const message =
    fields.length === 1
      ? `Invalid ${where}: ${name}: ${first.message}`
      : `Invalid ${where}: ${fields.length} problems, first ${name}: ${first.message}`;
  return new AppError('VALIDATION_FAILED', message, { details: { location: where, fields } });
}
