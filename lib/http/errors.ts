import { ERROR_CODES, type ErrorCode } from './error-codes';

/** The one error class. Domain code throws it; the route kit turns it into the envelope. */
export class AppError extends Error {
  readonly code: ErrorCode;
  readonly status: number;
  readonly details?: Record<string, unknown>;
  readonly headers?: Record<string, string>;

  constructor(
    code: ErrorCode,
    message?: string,
    options: { details?: Record<string, unknown>; headers?: Record<string, string>; cause?: unknown } = {},
  ) {
    super(message ?? ERROR_CODES[code].description, { cause: options.cause });
    this.name = 'AppError';
    this.code = code;
    this.status = ERROR_CODES[code].status;
    this.details = options.details;
    this.headers = options.headers;
  }

  get retryable(): boolean {
    return ERROR_CODES[this.code].retryable;
  }
}

export const notFound = (what = 'Resource') => new AppError('NOT_FOUND', `${what} not found.`);

/**
 * The database's error inside what the drivers and the query builder wrap it in (their message is the
 * statement and its parameters): the first error in the cause chain with a SQLSTATE code.
 */
export function databaseErrorOf(e: unknown): { code: string; message: string; [k: string]: unknown } | null {
  let cur: any = e;
  for (let i = 0; i < 4 && cur; i++) {
    if (typeof cur.code === 'string' && /^[0-9A-Z]{5}$/.test(cur.code)) return cur;
    cur = cur.cause;
  }
  return null;
}

export function isUniqueViolation(e: unknown, constraint?: string): boolean {
  const db = databaseErrorOf(e);
  if (db?.code !== '23505') return false;
  return constraint ? String(db.constraint_name ?? db.constraint ?? db.message ?? '').includes(constraint) : true;
}
