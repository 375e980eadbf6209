'use client';

/**
 * POST /api/import with XMLHttpRequest, because fetch cannot report upload progress. The answer is
 * read like apiFetch reads it: JSON on success, the contract's error envelope turned into ApiError.
 */
import { ApiError } from '@/components/api/client';

export interface ImportRequestOptions {
  file: File;
  dryRun: boolean;
  sheet?: string | null;
  headerRow?: number | null;
  /** { "<header or 0-based index>": field_key | null } – only the columns the user changed */
  mapping?: Record<string, string | null> | null;
  idempotencyKey?: string;
  /** bytes sent so far, of total */
  onUploadProgress?: (sent: number, total: number) => void;
  /** the request body has been sent; the server is now reading the file */
  onUploaded?: () => void;
  signal?: AbortSignal;
}

export function importFormData(o: Pick<ImportRequestOptions, 'file' | 'sheet' | 'headerRow' | 'mapping'>): FormData {
  const form = new FormData();
  form.append('file', o.file, o.file.name);
  if (o.sheet) form.append('sheet', o.sheet);
  if (o.headerRow) form.append('header_row', String(o.headerRow));
  if (o.mapping && Object.keys(o.mapping).length > 0) form.append('mapping', JSON.stringify(o.mapping));
  return form;
}

function envelopeError(status: number, text: string): ApiError {
  let body: { error?: { code?: unknown; message?: unknown; details?: unknown; support_reference?: unknown }; correlation_id?: unknown } | undefined;
  try {
    body = JSON.parse(text);
  } catch {
    body = undefined;
  }
  const err = body?.error;
  if (err && typeof err.code === 'string') {
    return new ApiError({
      status,
      code: err.code,
      message: typeof err.message === 'string' && err.message ? err.message : `Request failed (${status}).`,
      details: err.details && typeof err.details === 'object' ? (err.details as Record<string, unknown>) : undefined,
      correlationId: typeof body?.correlation_id === 'string' ? body.correlation_id : typeof err.support_reference === 'string' ? err.support_reference : undefined,
    });
  }
  if (status === 413) return new ApiError({ status, code: 'PAYLOAD_TOO_LARGE', message: 'The file is too large to import (at most 50 MB).' });
  return new ApiError({
    status,
    code: status >= 500 ? 'INTERNAL_ERROR' : 'UNEXPECTED_RESPONSE',
    message: status >= 500 ? 'The server could not read the file. Try again in a moment.' : `Request failed (${status}).`,
  });
}

export function postImport<T>(o: ImportRequestOptions): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', `/api/import${o.dryRun ? '?dry_run=true' : ''}`);
    xhr.withCredentials = true;
    xhr.responseType = 'text';
    xhr.setRequestHeader('accept', 'application/json');
    if (o.idempotencyKey) xhr.setRequestHeader('Idempotency-Key', o.idempotencyKey);
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable) o.onUploadProgress?.(e.loaded, e.total);
    };
    xhr.upload.onload = () => o.onUploaded?.();
    xhr.onload = () => {
      const text = typeof xhr.responseText === 'string' ? xhr.responseText : '';
      if (xhr.status >= 200 && xhr.status < 300) {
        try {
          resolve(JSON.parse(text) as T);
        } catch {
          reject(new ApiError({ status: xhr.status, code: 'UNEXPECTED_RESPONSE', message: 'The server sent a response this page cannot read.' }));
        }
        return;
      }
      reject(envelopeError(xhr.status, text));
    };
    xhr.onerror = () => reject(new ApiError({ status: 0, code: 'NETWORK_ERROR', message: 'Could not reach the server. Check your connection and try again.' }));
    xhr.ontimeout = xhr.onerror;
    xhr.onabort = () => reject(new DOMException('The upload was cancelled.', 'AbortError'));
    if (o.signal) {
      if (o.signal.aborted) {
        reject(new DOMException('The upload was cancelled.', 'AbortError'));
        return;
      }
      o.signal.addEventListener('abort', () => xhr.abort(), { once: true });
    }
    xhr.send(importFormData(o));
  });
}
