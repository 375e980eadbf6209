import { getEnv } from '@/lib/config/env';
import { publicAppUrl } from '@/lib/config/public-url';
import { ERROR_CODES, errorDocPath } from '@/lib/errors';
import { AppError } from '@/lib/errors';

/** The contract's error envelope, with every mirror field it names. */
export function errorBody(err: AppError, requestId: string, req?: Request) {
  const lower = err.code.toLowerCase();
  const body: Record<string, unknown> = {
    error: {
      code: err.code,
      message: err.message,
      ...(err.details ? { details: err.details } : {}),
      doc_url: `${publicAppUrl(req)}${errorDocPath(err.code)}`,
      retryable: ERROR_CODES[err.code].retryable,
      support_reference: requestId,
    },
    error_code: lower,
    code: lower,
    correlation_id: requestId,
  };
  if (err.status >= 500) body.support_email = getEnv().SUPPORT_EMAIL;
  return body;
}

export function errorResponse(err: AppError, requestId: string, req?: Request, extraHeaders?: HeadersInit): Response {
  const headers = new Headers(extraHeaders);
  headers.set('content-type', 'application/json; charset=utf-8');
  headers.set('x-request-id', requestId);
  headers.set('cache-control', 'no-store');
  for (const [k, v] of Object.entries(err.headers ?? {})) headers.set(k, v);
  return new Response(JSON.stringify(errorBody(err, requestId, req)), { status: err.status, headers });
}

export function toAppError(e: unknown): AppError {
  if (e instanceof AppError) return e;
  return new AppError(
    'INTERNAL_ERROR',
    'An unexpected error occurred. Quote the support reference when contacting support.',
    { cause: e },
  );
}
