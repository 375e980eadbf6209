import { ERROR_CODES, type ErrorCode } from './error-codes';

export { ERROR_CODES, errorDocPath, type ErrorCode } from './error-codes';

/**
 * The one error class. Domain code in every layer throws it; the route kit (lib/http) turns it into the
 * contract's envelope. Foundation: this file and the code table import nothing of the project.
 */
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
