'use client';

import { apiUpload } from '@/components/api/upload';

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

/** POST /api/import (dry run or commit) through the one upload-with-progress request. */
export function postImport<T>(o: ImportRequestOptions): Promise<T> {
  return apiUpload<T>(`/api/import${o.dryRun ? '?dry_run=true' : ''}`, importFormData(o), {
    headers: o.idempotencyKey ? { 'Idempotency-Key': o.idempotencyKey } : {},
    onProgress: (p) => o.onUploadProgress?.(p.loaded, p.total),
    onUploaded: o.onUploaded,
    signal: o.signal,
  });
}
