import { AppError } from '@/lib/errors';
import { MAX_FILE_BYTES } from './limits';

const MB = 1024 * 1024;

/** The error of the one-file document operations (classify, classify/containers) for a file over 20 MB. */
export const fileTooLarge = () =>
  new AppError('FILE_TOO_LARGE', `The file is larger than ${MAX_FILE_BYTES / MB} MB.`, {
    details: { max_bytes: MAX_FILE_BYTES },
  });

/** The Content-Length the client declared, when it is a number (a storage-quota check before the upload). */
export function declaredLength(req: Request): number | null {
  const raw = req.headers.get('content-length');
  if (raw === null || !/^\d+$/.test(raw.trim())) return null;
  return Number(raw);
}
