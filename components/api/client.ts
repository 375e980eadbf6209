/**
 * The browser's way to call the app's JSON API: same-origin fetch with the session cookie, JSON in and
 * out, and every failure turned into an ApiError carrying the contract's envelope (code, message,
 * per-field details, support reference) so components can show the server's own message.
 */

export interface ApiFieldError {
  path: string;
  message: string;
}

export class ApiError extends Error {
  readonly status: number;
  readonly code: string;
  readonly fields: ApiFieldError[];
  readonly details: Record<string, unknown> | undefined;
  readonly correlationId: string | undefined;

  constructor(init: { status: number; code: string; message: string; details?: Record<string, unknown>; correlationId?: string }) {
    super(init.message);
    this.name = 'ApiError';
    this.status = init.status;
    this.code = init.code;
    this.details = init.details;
    this.correlationId = init.correlationId;
    this.fields = readFieldErrors(init.details);
  }

  /** The session is gone (expired, signed out elsewhere): the page should send the user to sign in. */
  get isAuthLoss(): boolean {
    return this.status === 401;
  }
}

function readFieldErrors(details: Record<string, unknown> | undefined): ApiFieldError[] {
  const raw = details?.fields;
  if (!Array.isArray(raw)) return [];
  const out: ApiFieldError[] = [];
  for (const item of raw) {
    if (!item || typeof item !== 'object') continue;
    const { path, message } = item as { path?: unknown; message?: unknown };
    const p = Array.isArray(path) ? path.map(String).join('.') : typeof path === 'string' ? path : '';
    if (typeof message === 'string') out.push({ path: p.replace(/^body\./, ''), message });
  }
  return out;
}

async function toApiError(res: Response): Promise<ApiError> {
  let body: unknown;
  try {
    body = await res.json();
  } catch {
    body = undefined;
  }
  const env = body as { error?: { code?: unknown; message?: unknown; details?: unknown; support_reference?: unknown }; correlation_id?: unknown } | undefined;
  const err = env?.error;
  if (err && typeof err.code === 'string') {
    return new ApiError({
      status: res.status,
      code: err.code,
      message: typeof err.message === 'string' && err.message ? err.message : `Request failed (${res.status}).`,
      details: err.details && typeof err.details === 'object' ? (err.details as Record<string, unknown>) : undefined,
      correlationId: typeof env?.correlation_id === 'string' ? env.correlation_id : typeof err.support_reference === 'string' ? err.support_reference : undefined,
    });
  }
  return new ApiError({
    status: res.status,
    code: res.status >= 500 ? 'INTERNAL_ERROR' : 'UNEXPECTED_RESPONSE',
    message: res.status >= 500 ? 'The server could not complete the request. Try again in a moment.' : `Request failed (${res.status}).`,
  });
}

export interface ApiRequestOptions {
  method?: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';
  body?: unknown;
  signal?: AbortSignal;
  headers?: Record<string, string>;
}

export async function apiFetch<T>(path: string, options: ApiRequestOptions = {}): Promise<T> {
  const { method = 'GET', body, signal, headers } = options;
  let res: Response;
  try {
    res = await fetch(path, {
      method,
      signal,
      credentials: 'same-origin',
      cache: 'no-store',
      headers: { accept: 'application/json', ...(body !== undefined ? { 'content-type': 'application/json' } : {}), ...headers },
      body: body !== undefined ? JSON.stringify(body) : undefined,
    });
  } catch (e) {
    if (e instanceof DOMException && e.name === 'AbortError') throw e;
    throw new ApiError({ status: 0, code: 'NETWORK_ERROR', message: 'Could not reach the server. Check your connection and try again.' });
  }
  if (!res.ok) throw await toApiError(res);
  if (res.status === 204) return undefined as T;
  try {
    return (await res.json()) as T;
  } catch {
    throw new ApiError({ status: res.status, code: 'UNEXPECTED_RESPONSE', message: 'The server sent a response this page cannot read.' });
  }
}

/** The sign-in page, coming back to where the user was once signed in again. */
export function signInUrl(): string {
  if (typeof window === 'undefined') return '/sign-in';
  const here = window.location.pathname + window.location.search;
  return here && here !== '/' ? `/sign-in?next=${encodeURIComponent(here)}` : '/sign-in';
}

/** A message fit for a toast: the server's sentence plus its support reference on server errors. */
export function describeError(e: unknown): { title: string; description?: string } {
  if (e instanceof ApiError) {
    return {
      title: e.message,
      description: e.status >= 500 && e.correlationId ? `Support reference: ${e.correlationId}` : undefined,
    };
  }
  return { title: 'Something went wrong. Try again.' };
}
