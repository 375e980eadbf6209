/**
 * How the import's typed failures become API errors: a reader failure (lib/imports/read) and a safe-fetch
 * or preview failure (lib/net/safe-fetch, lib/imports/from-url) each map to one error code with the
 * reason in details, so the wizard can say exactly what to do.
 */
import { AppError } from '@/lib/errors';
import type { UrlPreviewFailure } from './from-url';
import type { ReadError } from './read/types';

export function readErrorMessage(e: ReadError): string {
  return e.message;
}

/** A file the reader refused: encrypted workbooks have their own code, the rest is UNREADABLE_FILE. */
export function readErrorToAppError(e: ReadError): AppError {
  if (e.code === 'encrypted_workbook') {
    return new AppError('ENCRYPTED_WORKBOOK', e.message, { details: { reason: e.code } });
  }
  if (e.code === 'sheet_not_found' || e.code === 'header_row_out_of_range') {
    const path = e.code === 'sheet_not_found' ? 'sheet' : 'header_row';
    return new AppError('VALIDATION_FAILED', e.message, {
      details: { reason: e.code, fields: [{ path, message: e.message }], ...(e.details ?? {}) },
    });
  }
  return new AppError('UNREADABLE_FILE', e.message, { details: { reason: e.code, ...(e.details ?? {}) } });
}

const RANGE_REASON: Record<string, string> = {
  loopback: 'loopback',
  linkLocal: 'link_local',
  multicast: 'multicast',
};

/** Refused URLs are 400 URL_NOT_ALLOWED with details.reason; pages that could not be fetched are FETCH_FAILED. */
export function previewErrorToAppError(f: UrlPreviewFailure['error']): AppError {
  const base = { url: f.url };
  switch (f.code) {
    case 'invalid_url':
      return new AppError('URL_NOT_ALLOWED', f.message, { details: { ...base, reason: 'invalid_url' } });
    case 'unsupported_scheme':
      return new AppError('URL_NOT_ALLOWED', f.message, { details: { ...base, reason: 'scheme' } });
    case 'credentials_in_url':
      return new AppError('URL_NOT_ALLOWED', f.message, { details: { ...base, reason: 'credentials' } });
    case 'dns_failed':
      return new AppError('URL_NOT_ALLOWED', f.message, { details: { ...base, reason: 'dns_failed' } });
    case 'too_many_redirects':
      return new AppError('URL_NOT_ALLOWED', f.message, { details: { ...base, reason: 'too_many_redirects' } });
    case 'address_refused': {
      const range = String(f.details?.range ?? '');
      return new AppError('URL_NOT_ALLOWED', f.message, {
        details: {
          ...base,
          reason: RANGE_REASON[range] ?? 'private_address',
          range,
          address: f.details?.address ?? null,
          host: f.details?.host ?? null,
        },
      });
    }
    case 'too_large':
      return new AppError('FETCH_TOO_LARGE', f.message, { details: { ...base, reason: 'too_large' } });
    default:
      return new AppError('FETCH_FAILED', f.message, { details: { ...base, reason: f.code, ...(f.details ?? {}) } });
  }
}
