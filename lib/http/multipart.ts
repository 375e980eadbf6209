import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import Busboy from 'busboy';
import { AppError } from '@/lib/errors';
import { formatBytes } from './body';
import { findUnstorableText } from './text-hygiene';
import { makeRunTempDir, removeRunTempDir } from '@/lib/storage/temp';

export interface UploadedFile {
  field: string;
  /** The client's name, for display only: never used as a path. */
  filename: string;
  mimeType: string;
  size: number;
  sha256: string;
  /** Temp file with the bytes (absent when the file was over the per-file limit). */
  path: string | null;
  tooLarge: boolean;
}

export interface MultipartResult {
  fields: Record<string, string[]>;
  files: UploadedFile[];
  /** Removes the temp files; call in finally. */
  cleanup(): Promise<void>;
}

export interface MultipartLimits {
  maxFiles: number;
  maxFileBytes: number;
  maxTotalBytes: number;
  maxFields?: number;
  maxFieldBytes?: number;
  /** Field names that carry files; others are ignored (drained). */
  fileFields: string[];
}

/**
 * Streams a multipart/form-data body to temp files, hashing as it goes, so memory stays small however
 * large the upload. A file over maxFileBytes is recorded as tooLarge (the batch continues); more than
 * maxFiles files, or a body over maxTotalBytes, stops the request (400 / 413).
 */
export async function parseMultipart(req: Request, limits: MultipartLimits): Promise<MultipartResult> {
  const ct = req.headers.get('content-type') ?? '';
  if (!/^multipart\/form-data/i.test(ct))
    throw new AppError('UNSUPPORTED_MEDIA_TYPE', 'Send the body as multipart/form-data.');
  if (!req.body)
    throw new AppError('VALIDATION_FAILED', 'The multipart body is empty.', {
      details: { fields: [{ path: 'body', message: 'empty' }] },
    });
  const dir = await makeRunTempDir('upload');
  const result: MultipartResult = {
    fields: {},
    files: [],
    cleanup: () => removeRunTempDir(dir),
  };
  let bb: Busboy.Busboy;
  try {
    bb = Busboy({
      headers: { 'content-type': ct },
      limits: {
        files: limits.maxFiles + 1,
        fileSize: limits.maxFileBytes,
        fields: limits.maxFields ?? 50,
        fieldSize: limits.maxFieldBytes ?? 64 * 1024,
        parts: limits.maxFiles + (limits.maxFields ?? 50) + 2,
      },
      defParamCharset: 'utf8',
    });
  } catch (e) {
    await result.cleanup();
    throw new AppError('VALIDATION_FAILED', `Malformed multipart body: ${(e as Error).message}`);
  }
  let total = 0;
  let failure: AppError | null = null;
  const writes: Promise<void>[] = [];
  const outs: fs.WriteStream[] = [];
  const input = Readable.fromWeb(req.body as import('node:stream/web').ReadableStream<Uint8Array>);

  const done = new Promise<void>((resolve, reject) => {
    const fail = (err: AppError) => {
      if (failure) return;
      failure = err;
      input.unpipe(bb);
      input.destroy();
      // Half-written parts: close their temp files so nothing waits on them.
      for (const o of outs) o.destroy();
      bb.destroy();
      resolve();
    };
    input.on('data', (chunk: Buffer) => {
      total += chunk.length;
      if (total > limits.maxTotalBytes)
        fail(
          new AppError('PAYLOAD_TOO_LARGE', `The upload exceeds ${formatBytes(limits.maxTotalBytes)}.`, {
            details: { max_bytes: limits.maxTotalBytes },
          }),
        );
    });
    input.on('error', (e) => fail(new AppError('VALIDATION_FAILED', `Upload interrupted: ${e.message}`)));
    bb.on('file', (field, stream, info) => {
      // A part cut short by a failure elsewhere reports "Unexpected end of file"; the failure is what counts.
      stream.on('error', () => {});
      if (failure || !limits.fileFields.includes(field)) {
        stream.resume();
        return;
      }
      if (result.files.length >= limits.maxFiles) {
        stream.resume();
        fail(
          new AppError('VALIDATION_FAILED', `At most ${limits.maxFiles} files per request.`, {
            details: { fields: [{ path: field, message: `at most ${limits.maxFiles} files` }] },
          }),
        );
        return;
      }
      const file: UploadedFile = {
        field,
        filename: sanitizeDisplayName(info.filename),
        mimeType: info.mimeType || 'application/octet-stream',
        size: 0,
        sha256: '',
        path: path.join(dir, `f${result.files.length}`),
        tooLarge: false,
      };
      result.files.push(file);
      const hash = crypto.createHash('sha256');
      const out = fs.createWriteStream(file.path!);
      outs.push(out);
      stream.on('data', (c: Buffer) => {
        file.size += c.length;
        hash.update(c);
      });
      stream.on('limit', () => {
        file.tooLarge = true;
      });
      writes.push(
        new Promise<void>((res) => {
          out.on('close', () => {
            file.sha256 = hash.digest('hex');
            if (file.tooLarge) {
              fs.rmSync(file.path!, { force: true });
              file.path = null;
            }
            res();
          });
          out.on('error', () => res());
          stream.pipe(out);
        }),
      );
    });
    bb.on('field', (name, value) => {
      if (failure) return;
      const bad = findUnstorableText({ [name]: value });
      if (bad) {
        fail(
          new AppError('VALIDATION_FAILED', `Invalid form: ${bad.path}: ${bad.message}.`, {
            details: {
              location: 'form',
              fields: [{ path: bad.path, message: bad.message, code: 'invalid_characters' }],
            },
          }),
        );
        return;
      }
      (result.fields[name] ??= []).push(value);
    });
    bb.on('error', (e) => fail(new AppError('VALIDATION_FAILED', `Malformed multipart body: ${(e as Error).message}`)));
    bb.on('close', () => resolve());
    input.pipe(bb);
    void reject;
  });
  await done;
  await Promise.all(writes);
  if (failure) {
    await result.cleanup();
    throw failure;
  }
  return result;
}

/** The bytes of an uploaded file, for the operations that work on a whole (small) file in memory. */
export async function uploadedBytes(file: UploadedFile): Promise<Uint8Array> {
  return file.path ? new Uint8Array(await fs.promises.readFile(file.path)) : new Uint8Array(0);
}

/** A client-supplied file name made safe for display and for a name inside a ZIP. */
export function sanitizeDisplayName(name: string | undefined): string {
  const base = (name ?? '').split(/[\\/]/).pop() ?? '';
  const cleaned = base
    .replace(/[\u0000-\u001f\u007f]/g, '')
    .replace(/^\.+/, '')
    .trim()
    .slice(0, 240);
  return cleaned || 'file';
}
