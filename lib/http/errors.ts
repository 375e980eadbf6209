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

export function isUniqueViolation(e: unknown, constraint?: string): boolean {
  let cur: any = e;
  for (let i = 0; i < 4 && cur; i++) {
    if (cur.code === '23505')
      return constraint
        ? String(cur.constraint_name ?? cur.constraint ?? cur.message ?? '').includes(constraint)
        : true;
    cur = cur.cause;
  }
  return false;
}
