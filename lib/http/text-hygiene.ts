import { AppError } from '@/lib/errors';

/**
 * Text Postgres refuses: NUL (U+0000) in text and in jsonb, and UTF-16 surrogates without their
 * partner (no UTF-8 form; jsonb rejects the \uD800 escape). The route kit checks every query value,
 * path parameter, JSON body and multipart field with this before anything reaches the database, so
 * such input is a 400 naming the field instead of a driver error.
 */
const UNSTORABLE = /\u0000|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

export type InputLocation = 'query' | 'params' | 'body' | 'form';

export interface UnstorableText {
  path: string;
  message: string;
}

function describe(s: string): string | null {
  const m = UNSTORABLE.exec(s);
  if (!m) return null;
  if (m[0] === '\u0000') return 'contains a NUL character (U+0000), which cannot be stored';
  const hex = m[0].charCodeAt(0).toString(16).toUpperCase();
  return `contains an unpaired UTF-16 surrogate (U+${hex}), which is not valid Unicode text`;
}

/**
 * The first string (value or object key) in `value` that cannot be stored, with its dotted path.
 * Iterative, so a deeply nested JSON body cannot overflow the stack.
 */
export function findUnstorableText(value: unknown, root = ''): UnstorableText | null {
  const stack: [unknown, string][] = [[value, root]];
  while (stack.length) {
    const [v, path] = stack.pop()!;
    if (typeof v === 'string') {
      const message = describe(v);
      if (message) return { path, message };
    } else if (Array.isArray(v)) {
      for (let i = v.length - 1; i >= 0; i--) stack.push([v[i], path ? `${path}.${i}` : String(i)]);
    } else if (v && typeof v === 'object') {
      for (const [k, child] of Object.entries(v)) {
        const keyPath = path ? `${path}.${k}` : k;
        const keyProblem = describe(k);
        if (keyProblem) return { path: keyPath, message: `the name ${keyProblem}` };
        stack.push([child, keyPath]);
      }
    }
  }
  return null;
}

/** Throws the 400 envelope naming the field when `value` holds text Postgres cannot store. */
export function rejectUnstorableText(value: unknown, where: InputLocation) {
  const found = findUnstorableText(value);
  if (!found) return;
  const path = found.path || where;
  throw new AppError('VALIDATION_FAILED', `Invalid ${where}: ${path}: ${found.message}.`, {
    details: { location: where, fields: [{ path, message: found.message, code: 'invalid_characters' }] },
  });
}
