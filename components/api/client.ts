/**
 * The browser's way to call the app's JSON API: same-origin fetch with the session cookie, JSON in and
 * out, and every failure turned into an ApiError carrying the contract's envelope (code, message,
 * per-field details, support reference) so components can show the server's own message.
 */
import { clientErrorT } from '@/components/i18n/page-locale';

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

  constructor(init: {
    status: number;
    code: string;
    message: string;
    details?: Record<string, unknown>;
    correlationId?: string;
  }) {
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

type Envelope = {
  error?: { code?: unknown; message?: unknown; details?: unknown; support_reference?: unknown };
  correlation_id?: unknown;
};

/**
 * The one reader of the contract's error envelope, for fetch and XHR answers alike. A body that is
 * not an envelope (a proxy's 413 or 502 page) still becomes an ApiError with a sentence a user can act on.
 */
export function errorFromResponse(status: number, text: string): ApiError {
  let env: Envelope | undefined;
  try {
    env = text ? (JSON.parse(text) as Envelope) : undefined;
  } catch {
    env = undefined;
  }
  const err = env?.error;
  if (err && typeof err.code === 'string') {
    return new ApiError({
      status,
      code: err.code,
      message:
        typeof err.message === 'string' && err.message
          ? err.message
          : clientErrorT()('failed', { status: String(status) }),
      details: err.details && typeof err.details === 'object' ? (err.details as Record<string, unknown>) : undefined,
      correlationId:
        typeof env?.correlation_id === 'string'
          ? env.correlation_id
          : typeof err.support_reference === 'string'
            ? err.support_reference
            : undefined,
    });
  }
  if (status === 413) return new ApiError({ status, code: 'PAYLOAD_TOO_LARGE', message: clientErrorT()('too_large') });
  return new ApiError({
    status,
    code: status >= 500 ? 'INTERNAL_ERROR' : 'UNEXPECTED_RESPONSE',
    message: status >= 500 ? clientErrorT()('server') : clientErrorT()('failed', { status: String(status) }),
  });
}

export const networkError = () =>
  new ApiError({
    status: 0,
    code: 'NETWORK_ERROR',
    message: clientErrorT()('network'),
  });

export const unreadableResponse = (status: number) =>
  new ApiError({ status, code: 'UNEXPECTED_RESPONSE', message: clientErrorT()('unreadable') });

async function send(path: string, options: ApiRequestOptions): Promise<Response> {
  const { method = 'GET', body, signal, headers } = options;
  let res: Response;
  try {
    res = await fetch(path, {
      method,
      signal,
      credentials: 'same-origin',
      cache: 'no-store',
      headers: {
        accept: 'application/json',
        ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
        ...headers,
      },
      body: body !== undefined ? JSON.stringify(body) : undefined,
    });
  } catch (e) {
    if (e instanceof DOMException && e.name === 'AbortError') throw e;
    throw networkError();
  }
  if (!res.ok) throw errorFromResponse(res.status, await res.text().catch(() => ''));
  return res;
}

export interface ApiRequestOptions {
  method?: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';
  body?: unknown;
  signal?: AbortSignal;
  headers?: Record<string, string>;
}

export async function apiFetch<T>(path: string, options: ApiRequestOptions = {}): Promise<T> {
  const res = await send(path, options);
  if (res.status === 204) return undefined as T;
  try {
    return (await res.json()) as T;
  } catch {
    throw unreadableResponse(res.status);
  }
}

/** A fresh Idempotency-Key. crypto.randomUUID needs a secure context; getRandomValues does not. */
export function newIdempotencyKey(): string {
  if (typeof crypto !== 'undefined' && typeof crypto.randomUUID === 'function') {
    try {
      return crypto.randomUUID();
    } catch {
      // Non-secure context (plain http on a LAN address): fall through.
    }
  }
  const bytes = new Uint8Array(16);
  crypto.getRandomValues(bytes);
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

/**
 * A write with an Idempotency-Key. The key is remembered per (path, body) so a retry after a lost
 * response replays the first outcome instead of doing the work twice; another body gets another key.
 */
const keys = new Map<string, string>();
export async function idempotentWrite<T>(
  path: string,
  options: Omit<ApiRequestOptions, 'headers'> & { method: 'POST' | 'PUT' | 'PATCH' | 'DELETE' },
): Promise<T> {
  const id = `${options.method} ${path} ${JSON.stringify(options.body ?? null)}`;
  let key = keys.get(id);
  if (!key) {
    key = newIdempotencyKey();
    keys.set(id, key);
  }
  try {
    const result = await apiFetch<T>(path, { ...options, headers: { 'Idempotency-Key': key } });
    // Success: the next identical request is a new intent (e.g. set a value back), so it gets a new key.
    keys.delete(id);
    return result;
  } catch (e) {
    // The server stores 4xx answers under the key; after the user fixes the cause, a retry is a new
    // attempt. Only a lost response (network error) keeps the key for a replay.
    if (!(e instanceof ApiError) || e.status !== 0) keys.delete(id);
    throw e;
  }
}

function filenameFrom(res: Response, fallback: string): string {
  const cd = res.headers.get('content-disposition') ?? '';
  const star = /filename\*\s*=\s*UTF-8''([^;]+)/i.exec(cd);
  if (star) {
    try {
      return decodeURIComponent(star[1]!.trim());
    } catch {
      // Fall through to the plain form.
    }
  }
  const plain = /filename\s*=\s*"?([^";]+)"?/i.exec(cd);
  return plain?.[1]?.trim() || fallback;
}

/** GETs a file with the session cookie and hands it to the browser as a download. */
export async function downloadFile(path: string, fallbackName: string): Promise<string> {
  const res = await send(path, { headers: { accept: '*/*' } });
  const blob = await res.blob();
  const name = filenameFrom(res, fallbackName);
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  a.rel = 'noopener';
  document.body.appendChild(a);
  a.click();
  a.remove();
  // Give the browser time to start the download before the URL goes away.
  setTimeout(() => URL.revokeObjectURL(url), 30_000);
  return name;
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
      description:
        e.status >= 500 && e.correlationId ? clientErrorT()('support_ref', { id: e.correlationId }) : undefined,
    };
  }
  return { title: clientErrorT()('unknown') };
}
