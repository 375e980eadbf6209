/**
 * The one upload-with-progress request: multipart POST through XMLHttpRequest, because fetch still
 * has no upload progress. Answers are read by the same envelope reader as apiFetch.
 */
import { errorFromResponse, networkError, unreadableResponse } from './client';
import { clientErrorT } from '@/components/i18n/page-locale';

/** Where an upload stands, for its progress bar: sending the bytes, then waiting for the server's answer. */
export type UploadTransfer =
  { phase: 'idle' } | { phase: 'uploading'; sent: number; total: number } | { phase: 'reading' };

export interface UploadOptions {
  headers?: Record<string, string>;
  /** bytes sent so far, of total */
  onProgress?: (p: { loaded: number; total: number }) => void;
  /** the request body has been sent; the server is now reading the file */
  onUploaded?: () => void;
  signal?: AbortSignal;
}

export function apiUpload<T>(path: string, form: FormData, options: UploadOptions = {}): Promise<T> {
  const { headers = {}, onProgress, onUploaded, signal } = options;
  return new Promise<T>((resolve, reject) => {
    const aborted = () => reject(new DOMException(clientErrorT()('upload_cancelled'), 'AbortError'));
    if (signal?.aborted) return aborted();
    const xhr = new XMLHttpRequest();
    xhr.open('POST', path);
    xhr.withCredentials = true;
    xhr.responseType = 'text';
    xhr.setRequestHeader('accept', 'application/json');
    for (const [k, v] of Object.entries(headers)) xhr.setRequestHeader(k, v);
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable) onProgress?.({ loaded: e.loaded, total: e.total });
    };
    xhr.upload.onload = () => onUploaded?.();
    const onAbort = () => xhr.abort();
    signal?.addEventListener('abort', onAbort, { once: true });
    const done = () => signal?.removeEventListener('abort', onAbort);
    xhr.onload = () => {
      done();
      const text = typeof xhr.responseText === 'string' ? xhr.responseText : '';
      if (xhr.status < 200 || xhr.status >= 300) return reject(errorFromResponse(xhr.status, text));
      try {
        resolve(JSON.parse(text) as T);
      } catch {
        reject(unreadableResponse(xhr.status));
      }
    };
    xhr.onerror = xhr.ontimeout = () => {
      done();
      reject(networkError());
    };
    xhr.onabort = () => {
      done();
      aborted();
    };
    xhr.send(form);
  });
}
