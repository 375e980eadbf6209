/**
 * Multipart requests from the browser. Uploads go through XMLHttpRequest because fetch still has no
 * upload progress; failures come back as the same ApiError the JSON client throws, built from the
 * contract's error envelope, so the row can show the server's own sentence.
 */
import { ApiError } from '@/components/api/client';

export interface UploadProgress {
  loaded: number;
  total: number;
}

export interface MultipartOptions {
  headers?: Record<string, string>;
  onProgress?: (p: UploadProgress) => void;
  signal?: AbortSignal;
}

function envelopeError(status: number, text: string): ApiError {
  let body: unknown;
  try {
    body = text ? JSON.parse(text) : undefined;
  } catch {
    body = undefined;
  }
  const env = body as { error?: { code?: unknown; message?: unknown; details?: unknown; support_reference?: unknown }; correlation_id?: unknown } | undefined;
  const err = env?.error;
  if (err && typeof err.code === 'string') {
    return new ApiError({
      status,
      code: err.code,
      message: typeof err.message === 'string' && err.message ? err.message : `Request failed (${status}).`,
      details: err.details && typeof err.details === 'object' ? (err.details as Record<string, unknown>) : undefined,
      correlationId: typeof env?.correlation_id === 'string' ? env.correlation_id : typeof err.support_reference === 'string' ? err.support_reference : undefined,
    });
  }
  return new ApiError({
    status,
    code: status >= 500 ? 'INTERNAL_ERROR' : status === 413 ? 'PAYLOAD_TOO_LARGE' : 'UNEXPECTED_RESPONSE',
    message: status >= 500 ? 'The server could not complete the request. Try again in a moment.' : status === 413 ? 'The file is too large.' : `Request failed (${status}).`,
  });
}

/** POSTs `form` to `path` with the session cookie; resolves with the parsed JSON of a 2xx answer. */
export function postMultipart<T>(path: string, form: FormData, options: MultipartOptions = {}): Promise<T> {
  const { headers = {}, onProgress, signal } = options;
  return new Promise<T>((resolve, reject) => {
    if (signal?.aborted) {
      reject(new DOMException('Aborted', 'AbortError'));
      return;
    }
    const xhr = new XMLHttpRequest();
    xhr.open('POST', path);
    xhr.withCredentials = true;
    xhr.setRequestHeader('accept', 'application/json');
    for (const [k, v] of Object.entries(headers)) xhr.setRequestHeader(k, v);
    if (onProgress) {
      xhr.upload.onprogress = (e) => {
        if (e.lengthComputable) onProgress({ loaded: e.loaded, total: e.total });
      };
    }
    const onAbort = () => xhr.abort();
    signal?.addEventListener('abort', onAbort, { once: true });
    const done = () => signal?.removeEventListener('abort', onAbort);
    xhr.onload = () => {
      done();
      if (xhr.status >= 200 && xhr.status < 300) {
        try {
          resolve(JSON.parse(xhr.responseText) as T);
        } catch {
          reject(new ApiError({ status: xhr.status, code: 'UNEXPECTED_RESPONSE', message: 'The server sent a response this page cannot read.' }));
        }
        return;
      }
      reject(envelopeError(xhr.status, xhr.responseText));
    };
    xhr.onerror = () => {
      done();
      reject(new ApiError({ status: 0, code: 'NETWORK_ERROR', message: 'Could not reach the server. Check your connection and try again.' }));
    };
    xhr.onabort = () => {
      done();
      reject(new DOMException('Aborted', 'AbortError'));
    };
    xhr.send(form);
  });
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
