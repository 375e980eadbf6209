'use client';

import * as React from 'react';
import { ApiError, apiFetch, type ApiRequestOptions } from '@/components/api/client';

/** A fresh Idempotency-Key. crypto.randomUUID needs a secure context; getRandomValues does not. */
export function newIdempotencyKey(): string {
  if (typeof crypto !== 'undefined' && typeof crypto.randomUUID === 'function') {
    try {
      return crypto.randomUUID();
    } catch {
      // Non-secure context: fall through.
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
export async function idempotentWrite<T>(path: string, options: Omit<ApiRequestOptions, 'headers'> & { method: 'POST' | 'PUT' | 'PATCH' | 'DELETE' }): Promise<T> {
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

/** `value`, settled: changes only after `delay` ms without a new one. */
export function useDebouncedValue<T>(value: T, delay: number): T {
  const [settled, setSettled] = React.useState(value);
  React.useEffect(() => {
    const t = setTimeout(() => setSettled(value), delay);
    return () => clearTimeout(t);
  }, [value, delay]);
  return settled;
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

/**
 * GETs a file with the session cookie and hands it to the browser as a download. Failures come back
 * as ApiError with the server's envelope, so the page can show the reason where the user clicked.
 */
export async function downloadFile(path: string, fallbackName: string): Promise<string> {
  let res: Response;
  try {
    res = await fetch(path, { credentials: 'same-origin', cache: 'no-store' });
  } catch {
    throw new ApiError({ status: 0, code: 'NETWORK_ERROR', message: 'Could not reach the server. Check your connection and try again.' });
  }
  if (!res.ok) {
    let body: { error?: { code?: string; message?: string; details?: Record<string, unknown> }; correlation_id?: string } | undefined;
    try {
      body = await res.json();
    } catch {
      body = undefined;
    }
    throw new ApiError({
      status: res.status,
      code: body?.error?.code ?? (res.status >= 500 ? 'INTERNAL_ERROR' : 'UNEXPECTED_RESPONSE'),
      message: body?.error?.message ?? `The download failed (${res.status}).`,
      details: body?.error?.details,
      correlationId: body?.correlation_id,
    });
  }
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
